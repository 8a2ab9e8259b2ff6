// The app's side of the operator lock in one hook: mirror main's lock, report activity, say if locked.

import { selectLocked, useLockStore, watchLock } from '@renderer/lib/lock-store';
import { useEffect } from 'react';
import { useActivityReport } from './use-activity-report';

interface OperatorLock {
  locked: boolean;
  /** Main has said whether Paydesk is locked (or could not say): until then nothing else should be asked. */
  known: boolean;
}

export function useOperatorLock(): OperatorLock {
  useEffect(watchLock, []);
  useActivityReport();
  const locked = useLockStore(selectLocked);
  const known = useLockStore((state) => state.lock !== undefined || state.statusError !== undefined);
  return { locked, known };
}
