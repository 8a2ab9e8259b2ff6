// Reads of team mode that several pages show, each made by the component that shows it (they change no
// page's state): the replication status, asked every few seconds from main's memory (no database call),
// and the team's outcome-unknown queue, asked less often and whenever a pay-in changes. Both ask only
// while the document is visible, and never twice at once. And the desks the desk filter offers, once.
import { call, errorMessage, subscribe } from '@renderer/lib/paydesk';
import type { RefusalWords } from '@shared/ipc-error';
import type { TeamDesk, TeamQueue, TeamStatus } from '@shared/team-history';
import { useEffect, useState } from 'react';

/** How often the status is asked: main answers from memory. */
const STATUS_EVERY_MS = 3_000;
/** How often the queue is asked: one small indexed query on the team database. */
const QUEUE_EVERY_MS = 15_000;

/** Runs `ask` now, then every `everyMs` while the document is visible, and when a pay-in changes if `onPayInChange`. */
function usePolling(ask: () => Promise<void>, everyMs: number, enabled: boolean, onPayInChange: boolean) {
  useEffect(() => {
    if (!enabled) return;
    let asking = false;
    let stopped = false;
    const tick = () => {
      if (stopped || asking || document.visibilityState !== 'visible') return;
      asking = true;
      void ask().finally(() => {
        asking = false;
      });
    };
    tick();
    const timer = setInterval(tick, everyMs);
    document.addEventListener('visibilitychange', tick);
    const unsubscribe = onPayInChange ? subscribe('payin.changed', tick) : () => {};
    return () => {
      stopped = true;
      clearInterval(timer);
      document.removeEventListener('visibilitychange', tick);
      unsubscribe();
    };
  }, [ask, everyMs, enabled, onPayInChange]);
}

/** The replication status, while `enabled` (a team connection is set). */
export function useTeamStatus(enabled: boolean): TeamStatus | undefined {
  const [status, setStatus] = useState<TeamStatus | undefined>();
  const [ask] = useState(() => async () => {
    try {
      setStatus(await call('team.status'));
    } catch {
      // Locked, or main busy: the indicator keeps what it showed until the next tick.
    }
  });
  usePolling(ask, STATUS_EVERY_MS, enabled, false);
  return enabled ? status : undefined;
}

/** `problem` in English, with its catalogue words when main worded it (lib/words-text.ts). */
type QueueView = { queue: TeamQueue } | { problem: string; words?: RefusalWords } | undefined;

/** The team's outcome-unknown queue, while `enabled`. */
export function useTeamQueue(enabled: boolean): QueueView {
  const [view, setView] = useState<QueueView>();
  const [ask] = useState(() => async () => {
    try {
      const answer = await call('team.outcomeUnknown');
      setView(answer.ok ? { queue: answer.data } : { problem: answer.message, words: answer.words });
    } catch (error) {
      setView({ problem: errorMessage(error) });
    }
  });
  usePolling(ask, QUEUE_EVERY_MS, enabled, true);
  return enabled ? view : undefined;
}

/** The desks the role may see, asked when `enabled` turns on (the team view is shown); none otherwise. */
export function useTeamDesks(enabled: boolean): TeamDesk[] {
  const [desks, setDesks] = useState<TeamDesk[]>([]);
  useEffect(() => {
    if (!enabled) return;
    let current = true;
    call('team.desks').then(
      (answer) => {
        if (current && answer.ok) setDesks(answer.data);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [enabled]);
  return enabled ? desks : [];
}
