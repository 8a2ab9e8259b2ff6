// Main times the operator's idleness; the renderer tells it the operator is there. One session.activity
// call per REPORT_EVERY_MS at most: enough for a lock counted in minutes, and no IPC traffic per keystroke.

import { call } from '@renderer/lib/paydesk';
import { selectOpen, useSessionStore } from '@renderer/lib/session-store';
import { useEffect } from 'react';

const REPORT_EVERY_MS = 30_000;
const EVENTS = ['keydown', 'pointerdown', 'wheel'] as const;

/** Reports keyboard, pointer and wheel activity while someone is signed in and Paydesk is not locked. */
export function useActivityReport(): void {
  const watching = useSessionStore(selectOpen);

  useEffect(() => {
    if (!watching) return;
    let lastReport = Number.NEGATIVE_INFINITY;
    const report = () => {
      const now = performance.now();
      if (now - lastReport < REPORT_EVERY_MS) return;
      lastReport = now;
      call('session.activity').then(
        (state) => useSessionStore.getState().apply(state),
        // A failed report only means main's idle clock was not reset: the lock, if it comes, says so.
        () => undefined,
      );
    };
    for (const name of EVENTS) window.addEventListener(name, report, { capture: true, passive: true });
    return () => {
      for (const name of EVENTS) window.removeEventListener(name, report, { capture: true });
    };
  }, [watching]);
}
