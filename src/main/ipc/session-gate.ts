// Who may make a call, in front of the dispatcher: every channel of the contract declares what it needs
// (`access` in ipc.ts: a permission, any signed-in operator, or anyone — the sign-in screen's own calls).
// Signed out or locked, a call is answered { kind: 'locked' }; from a role without the permission,
// { kind: 'forbidden' }, and the refusal is audited. Nothing behind the gate runs. Whatever carries the call
// (Electron's ipcMain or the browser harness's HTTP bridge) goes through here: the composition root hands
// out nothing else.
import type { IpcError, RefusalWords } from '@shared/ipc';
import type { ChannelAccess, Permission } from '@shared/operators';
import type { IpcDispatcher } from './dispatch';

interface SessionCheck {
  allows(
    permission: Permission | 'signed-in',
  ): { ok: true } | { ok: false; kind: 'locked' | 'forbidden'; message: string; words: RefusalWords };
}

export function sessionGated(
  dispatch: IpcDispatcher,
  table: Record<string, { access: ChannelAccess }>,
  session: SessionCheck,
  onForbidden: (channel: string, permission: Permission, message: string) => void,
): IpcDispatcher {
  return async (channel, input) => {
    // An unknown channel goes on to the dispatcher, which refuses it by name.
    const access = Object.hasOwn(table, channel) ? table[channel]!.access : 'anyone';
    if (access !== 'anyone') {
      const verdict = session.allows(access);
      if (!verdict.ok) {
        if (verdict.kind === 'forbidden' && access !== 'signed-in')
          onForbidden(channel, access, verdict.message);
        const error: IpcError = { kind: verdict.kind, message: verdict.message, words: verdict.words };
        return { ok: false, error };
      }
    }
    return dispatch(channel, input);
  };
}
