// The app's side of the session in one hook: mirror main's session, report activity, and say whether the
// shell may show and whose it is.
import { selectOpen, useSessionStore, watchSession } from '@renderer/lib/session-store';
import { useEffect } from 'react';
import { useActivityReport } from './use-activity-report';

interface SessionView {
  /** Signed in and not locked. */
  open: boolean;
  /** Main has said who is at the desk (or could not say): until then nothing else should be asked. */
  known: boolean;
  /** The signed-in operator's id, also while locked: a change of hands drops what was on screen. */
  operatorId: string | undefined;
}

export function useSession(): SessionView {
  useEffect(watchSession, []);
  useActivityReport();
  const open = useSessionStore(selectOpen);
  const known = useSessionStore((state) => state.session !== undefined || state.statusError !== undefined);
  const operatorId = useSessionStore((state) =>
    state.session?.kind === 'signed-in' ? state.session.operator.id : undefined,
  );
  return { open, known, operatorId };
}
