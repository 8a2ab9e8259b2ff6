// The operator lock in front of the dispatcher: while Paydesk is locked, a call reaches a handler only on
// a channel the contract leaves open (CHANNELS_OPEN_WHILE_LOCKED: app.info, lock.status, lock.unlock);
// every other call is answered { kind: 'locked' } and runs nothing. Whatever carries the call (Electron's
// ipcMain or the browser harness) goes through the gate, because the composition root hands out only this.
import { CHANNELS_OPEN_WHILE_LOCKED } from '@shared/ipc';
import type { IpcDispatcher } from './dispatch';

const OPEN_WHILE_LOCKED: ReadonlySet<string> = new Set(CHANNELS_OPEN_WHILE_LOCKED);

export function lockGated(dispatch: IpcDispatcher, isLocked: () => boolean): IpcDispatcher {
  return async (channel, input) => {
    if (isLocked() && !OPEN_WHILE_LOCKED.has(channel)) {
      return {
        ok: false,
        error: { kind: 'locked', message: 'Paydesk is locked: unlock it with the operator passphrase.' },
      };
    }
    return dispatch(channel, input);
  };
}
