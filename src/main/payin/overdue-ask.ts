// The desk asks the gateway again by itself about a pay-in that waits for the gateway's word past a
// deadline (assumption A38). A pay-in waiting for its bank page, processing, or awaiting confirmation is
// settled by the gateway's notification; a notification can be lost for good (the team database paused
// longer than the gateway's retries last, A34; a gateway that cannot reach the desk), and then nothing
// would ever settle it. Asking again sends the very request kept in memory (in-flight.ts), so the gateway
// answers the order's state and charges nothing again (A9); a request Paydesk would have to rebuild (the
// card typed again, after 30 minutes or a restart) is never sent by itself: that pay-in stays with the
// agent, whose screens offer asking again, the bank page, or a follow-up mark.
import type { PayInRow } from '@shared/history';
import { AWAITING_GATEWAY_STATUSES } from '@shared/payin-lifecycle';
import type { HistoryStore } from '../history/store/history-store';
import type { InFlight } from './in-flight';

/** The first ask after this long without news of the pay-in; each next one waits twice as long. */
const OVERDUE_AFTER_MS = 2 * 60 * 1000;
/** How often the desk looks for overdue pay-ins. */
const OVERDUE_CHECK_EVERY_MS = 30 * 1000;

export interface OverdueTiming {
  afterMs: number;
  everyMs: number;
}

interface OverdueAskDeps {
  history: Pick<HistoryStore, 'getById'>;
  inFlight: Pick<InFlight, 'unsettled' | 'request' | 'isSending'>;
  /** Asks the gateway again about the pay-in (ask-again.ts), in the desk's own name. */
  ask: (historyId: number) => Promise<unknown>;
  now: () => number;
  timing?: Partial<OverdueTiming>;
  log?: { info(object: object, message?: string): void; error(object: object, message?: string): void };
}

/** Per pay-in: the news it was last asked about (its row's update time), and how often since. */
interface Asked {
  since: number;
  attempts: number;
  lastAt: number;
}

export type OverdueAsk = ReturnType<typeof startOverdueAsk>;

export function startOverdueAsk(deps: OverdueAskDeps) {
  const afterMs = deps.timing?.afterMs ?? OVERDUE_AFTER_MS;
  const everyMs = deps.timing?.everyMs ?? OVERDUE_CHECK_EVERY_MS;
  const asked = new Map<number, Asked>();
  let running: Promise<number[]> | undefined;
  let stopped = false;

  function dueAt(row: PayInRow): number {
    const state = asked.get(row.id);
    if (!state || state.since !== row.updatedAt) return row.updatedAt + afterMs;
    return state.lastAt + afterMs * 2 ** state.attempts;
  }

  /** The pay-ins past their deadline: waiting for the gateway, their exact request kept, none on its way. */
  function overdue(at: number): PayInRow[] {
    const due: PayInRow[] = [];
    for (const historyId of deps.inFlight.unsettled()) {
      const row = deps.history.getById(historyId);
      if (row?.kind !== 'payin' || !AWAITING_GATEWAY_STATUSES.has(row.status)) {
        asked.delete(historyId);
        continue;
      }
      if (!deps.inFlight.request(historyId) || deps.inFlight.isSending(historyId)) continue;
      if (dueAt(row) <= at) due.push(row);
    }
    return due;
  }

  async function askOverdue(at: number): Promise<number[]> {
    const due = overdue(at);
    for (const row of due) {
      if (stopped) break;
      const before = asked.get(row.id);
      const attempts = before && before.since === row.updatedAt ? before.attempts + 1 : 1;
      asked.set(row.id, { since: row.updatedAt, attempts, lastAt: at });
      deps.log?.info(
        { opId: `payin-${row.id}`, historyId: row.id, status: row.status, attempt: attempts },
        'no word from the gateway in time: asking it again about the same order',
      );
      try {
        await deps.ask(row.id);
      } catch (error) {
        deps.log?.error(
          { opId: `payin-${row.id}`, historyId: row.id, err: String(error) },
          'asking the gateway again about an overdue pay-in failed',
        );
      }
    }
    return due.map((row) => row.id);
  }

  /** One look for overdue pay-ins (never two at once); resolves with the ids it asked about. */
  function check(at: number = deps.now()): Promise<number[]> {
    if (stopped) return Promise.resolve([]);
    running ??= askOverdue(at).finally(() => {
      running = undefined;
    });
    return running;
  }

  const timer = setInterval(() => void check(), everyMs);
  timer.unref?.();

  return {
    check,
    /** No further asks; one already on its way ends as any ask does (its late answer is recorded). */
    stop(): void {
      stopped = true;
      clearInterval(timer);
    },
  };
}
