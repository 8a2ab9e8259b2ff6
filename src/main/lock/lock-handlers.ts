// What the lock.* channels answer: the operator lock's state and its passphrase (lock-service.ts). The
// gate that keeps every other channel shut while locked is ipc/lock-gate.ts.
import type { HandlersOf } from '../ipc/dispatch';
import type { LockService } from './lock-service';

export function lockHandlers(lock: LockService): HandlersOf<'lock'> {
  return {
    'lock.status': async () => lock.status(),
    'lock.activity': async () => lock.activity(),
    'lock.lockNow': async () => lock.lockNow(),
    'lock.unlock': ({ passphrase }) => lock.unlock(passphrase),
    'lock.setPassphrase': ({ current, passphrase }) => lock.setPassphrase(current, passphrase),
    'lock.removePassphrase': ({ current }) => lock.removePassphrase(current),
  };
}
