// Who hears main's events (ipc.ts's ipcEventAccess), in front of both hosts' emit: the Electron window and
// the browser harness's event stream. A pay-in's change carries its masked card, amount and bank page: it
// reaches an operator who may read that row, and no one while the desk is locked or signed out (the
// renderer drops what it showed then, and reads again after the next sign-in). The page never filters.
import { type EventAccess, type EventPayload, type IpcEvent, ipcEventAccess } from '@shared/ipc';
import type { Permission } from '@shared/operators';

type Emit = <E extends IpcEvent>(event: E, payload: EventPayload<E>) => void;

export interface EventListenerCheck {
  hears(access: Permission | 'signed-in'): boolean;
  /** The signed-in operator's id. */
  signedInId(): string | undefined;
}

interface EventGateOptions {
  /** The session, once it exists: before, only `anyone`'s events go out. */
  session: () => EventListenerCheck | undefined;
  /** Who made a pay-in's row (its operator id), for `own-rows`. */
  ownerOf: (historyId: number) => string | undefined;
}

export function gateEvents(emit: Emit, options: EventGateOptions): Emit {
  const hears = (access: EventAccess): boolean => {
    if (access === 'anyone') return true;
    const session = options.session();
    if (!session) return false;
    if (access === 'own-rows') return session.hears('history.all') || session.hears('history.own');
    return session.hears(access);
  };
  return (event, payload) => {
    const access = ipcEventAccess[event];
    if (!hears(access)) return;
    if (access !== 'own-rows' || options.session()?.hears('history.all')) {
      emit(event, payload);
      return;
    }
    const me = options.session()?.signedInId();
    const own = (payload as EventPayload<'payin.changed'>).filter(
      (result) => me !== undefined && options.ownerOf(result.historyId) === me,
    );
    if (own.length > 0) emit(event, own as EventPayload<typeof event>);
  };
}
