// What the session.*, operators.* and approvals.* channels answer (session-service.ts, operator-admin.ts,
// approvals.ts). Which caller
// may reach them is the contract's `access`, checked before this by ipc/session-gate.ts.
import type { HandlersOf } from '../ipc/dispatch';
import type { Approvals } from './approvals';
import type { OperatorAdmin } from './operator-admin';
import type { SessionService } from './session-service';

export function operatorHandlers(
  session: SessionService,
  admin: OperatorAdmin,
  approvals: Approvals,
): HandlersOf<'session'> & HandlersOf<'operators'> & HandlersOf<'approvals'> & HandlersOf<'roles'> {
  return {
    'session.status': () => session.status(),
    'session.createFirstSupervisor': (input) => session.createFirstSupervisor(input),
    'session.signIn': (input) => session.signIn(input),
    'session.completeEnrolment': (input) => session.completeEnrolment(input),
    'session.signOut': () => session.signOut(),
    'session.lockNow': () => session.lockNow(),
    'session.activity': () => session.activity(),
    'operators.list': () => admin.list(),
    'operators.add': (input) => admin.add(input),
    'operators.setEnabled': (input) => admin.setEnabled(input),
    'operators.setRole': (input) => admin.setRole(input),
    'operators.reset': (input) => admin.reset(input),
    'operators.limits': () => admin.limits(),
    'operators.setLimit': (input) => admin.setLimit(input),
    'roles.list': () => admin.roles(),
    'roles.save': (input) => admin.saveRole(input),
    'approvals.grant': (input) => approvals.grant(input),
  };
}
