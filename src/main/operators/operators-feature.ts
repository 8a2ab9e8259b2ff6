// Operators as a feature of the app: the sealed accounts (account-store.ts), the session (who is signed in,
// the idle lock), the supervisor's changes, and their IPC handlers. Everything is audited under the
// operator's id. A desk upgraded from the single desk passphrase retires it when its first supervisor is
// created: its hash leaves the keychain and its lock record the data folder (it is not converted).
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { PaydeskConfig } from '../app-config';
import type { HistoryStore } from '../history/store/history-store';
import type { IpcHandlers } from '../ipc/dispatch';
import type { SettingsService } from '../settings/settings-service';
import type { TeamAccounts } from '../team/team-accounts';
import { accountStoreIn } from './account-store';
import { approvalRules, withApprovals } from './approval-rules';
import { createApprovals } from './approvals';
import type { SessionAudit } from './credential-check';
import { createOperatorAdmin } from './operator-admin';
import { operatorHandlers } from './operator-handlers';
import { createSessionService } from './session-service';
import { createTeamAccountsSync } from './team-accounts-sync';

/** The single desk passphrase's lock record, from before personal accounts. */
const LEGACY_LOCK_RECORD = 'operator-lock.json';

export async function createOperatorsFeature(
  config: PaydeskConfig,
  deps: { settings: SettingsService; history: HistoryStore },
) {
  const vault = config.keychainVault ?? config.vault;
  const audit: SessionAudit = (event, outcome, operator, detail) =>
    deps.history.recordEvent({ operator, event, outcome, resource: 'operators', ...(detail && { detail }) });
  const store = accountStoreIn(config.dataDir, vault);
  // Team mode's accounts (team-accounts-sync.ts): the running team store's, once app.ts says where it is.
  let teamAccounts: () => TeamAccounts | undefined = () => undefined;
  const sync = createTeamAccountsSync({ team: () => teamAccounts(), store, audit, log: config.log });
  const session = await createSessionService({
    store,
    team: sync.hooks,
    idleLockMinutes: () => deps.settings.read().idleLockMinutes,
    emit: (state) => config.emit('session.changed', state),
    audit,
    legacyOperatorName: () => deps.settings.read().operatorName.trim() || undefined,
    async retireLegacyPassphrase() {
      rmSync(join(config.dataDir, LEGACY_LOCK_RECORD), { force: true });
      try {
        return await vault.deleteOperatorPassphrase();
      } catch {
        // The keychain cannot be read now: the hash stays there, unused (nothing reads it any more).
        return false;
      }
    },
    ...(config.sessionClock && { clock: config.sessionClock }),
  });
  sync.attach(session);
  const admin = createOperatorAdmin(session, audit);
  const approvals = createApprovals(session, audit);
  const rules = approvalRules({
    operatorId: session.operatorId,
    roleOf: (id) => session.accounts().get(id)?.role,
    roleLabel: (id) => session.roles.labelOf(id),
    builtInRole: (id) => session.roles.isBuiltIn(id),
    displayName: (id) => session.accounts().get(id)?.displayName ?? id,
    limits: session.limits,
    profile: (id) => deps.settings.read().profiles.find((profile) => profile.id === id),
    activeProfile: () => deps.settings.activeProfile(),
  });
  session.startIdleClock();
  return {
    session,
    admin,
    handlers: () => operatorHandlers(session, admin, approvals),
    /** Every handler, those that need a supervisor's approval behind it (approval-rules.ts). */
    withApprovals: (handlers: IpcHandlers) => withApprovals(handlers, rules, approvals),
    /** Where team mode's accounts are (app.ts: the running team store's), read again now. */
    readTeamAccountsFrom(accounts: () => TeamAccounts | undefined): void {
      teamAccounts = accounts;
    },
    /** Reads the team's accounts again (a change heard on any desk, team mode started). */
    teamChanged: () => sync.refresh(),
    stop: () => session.stopIdleClock(),
  };
}
