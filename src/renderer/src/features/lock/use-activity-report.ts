// Main times the operator's idleness; the renderer tells it the operator is there. One lock.activity
// call per REPORT_EVERY_MS at most: enough for a lock counted in minutes, and no IPC traffic per keystroke.

import { useLockStore } from '@renderer/lib/lock-store';
import { call } from '@renderer/lib/paydesk';
import { useEffect } from 'react';

const REPORT_EVERY_MS = 30_000;
const EVENTS = ['keydown', 'pointerdown', 'wheel'] as const;

/** Reports keyboard, pointer and wheel activity while a passphrase is set and Paydesk is unlocked. */
export function useActivityReport(): void {
  const watching = useLockStore((state) => state.lock?.passphraseSet === true && !state.lock.locked);

  useEffect(() => {
    if (!watching) return;
    let lastReport = Number.NEGATIVE_INFINITY;
    const report = () => {
      const now = performance.now();
      if (now - lastReport < REPORT_EVERY_MS) return;
      lastReport = now;
      call('lock.activity').then(
        (state) => useLockStore.getState().apply(state),
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
