// One identity on every desk (issue 31 item 7). In team mode with team migration 7, turned on by the
// administrator (docs/team/team-accounts.sql; until then each desk keeps its own), the team database holds
// the operators, roles and limits, and the desk's sealed account store (account-store.ts) becomes its copy
// of them: read again before every sign-in and approval, at every change any desk makes (LISTEN, team/
// accounts-listener.ts) and every 30 s. When the database cannot be reached, sign-in is proved against the
// last copy and the session says it is offline (`offline` on the signed-in state).
//
// - A supervisor's change goes to the team first; the database decides who may write (row-level security:
//   a supervisor's login, i.e. a team lead's desk with the supervisor grant). Refused there, nothing
//   changes here either.
// - An operator's own enrolment goes to the team through the one function a desk's login may call.
// - A code is taken once across the team (`claimStep`), and wrong sign-ins and the lockout are counted
//   across the team (`signInFailures`, team migration 8) beside the desk's own count, which alone stands
//   while the database cannot be reached.
// - A team with no accounts yet is seeded by the first supervisor's desk that connects with the grant: its
//   own accounts become the team's. Until then each desk keeps its own (team mode as it was before).
// - A damaged copy (operators.json changed, unreadable, or its file or key gone) is rebuilt from the team at
//   the first read that reaches it, the damaged file set aside in damaged/ and the rebuild audited
//   (`operator.accounts_rebuilt`). Until the team is reached the desk stays shut (session-service.ts).
// Authenticator secrets travel sealed under the team key (team/account-secret.ts) and are sealed again
// under the desk's own key in its copy.
import { ACCOUNT_LOCKOUT } from '@shared/operators';
import { refusal } from '../i18n/refuse';
import { Refusal } from '../refusal';
import {
  type TeamAccounts,
  TeamAccountsRefused,
  type TeamAccountsSnapshot,
  TeamAccountsUntrusted,
  type TeamOperator,
} from '../team/team-accounts';
import type { Account, AccountStore, CustomRole } from './account-store';
import { LOCKOUT_MS, type SessionAudit } from './credential-check';
import type { SessionService } from './session-service';
import type { AccountChange, SessionTeamHooks } from './session-team';

interface SyncLog {
  error(detail: Record<string, unknown>, message: string): void;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function createTeamAccountsSync(deps: {
  /** The running team store's accounts, when team mode is on. */
  team: () => TeamAccounts | undefined;
  store: Pick<AccountStore, 'encryptSecret' | 'decryptSecret' | 'prepareKey'>;
  audit: SessionAudit;
  log: SyncLog;
}) {
  let session: SessionService | undefined;
  /** The desk's accounts are the team's (the team has some); `desk` before that or without team mode. */
  let source: 'team' | 'desk' = 'desk';
  let offline = false;
  /** What the last read found wrong with the team's rows, audited once. */
  let untrusted: string | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  /** The operator whose step claimStep just took, their team count of wrong attempts already cleared. */
  let provedWithStep: string | undefined;

  function openSecret(account: Account | undefined): string | null {
    if (!account?.totp) return null;
    return deps.store.decryptSecret(account.totp.secret);
  }

  function toTeam(account: Account): TeamOperator {
    return {
      id: account.id,
      displayName: account.displayName,
      role: account.role,
      enabled: account.enabled,
      passphraseHash: account.passphraseHash,
      temporaryPassphrase: account.temporaryPassphrase,
      totpSecret: openSecret(account),
      createdAt: account.createdAt,
      createdBy: account.createdBy,
    };
  }

  /** The team's operator as the desk keeps it: its own sign-in count, lockout and last step kept. */
  function fromTeam(op: TeamOperator, local: Account | undefined): Account {
    const sameSecret = op.totpSecret !== null && openSecret(local) === op.totpSecret;
    return {
      id: op.id,
      displayName: op.displayName,
      role: op.role,
      enabled: op.enabled,
      createdAt: op.createdAt,
      createdBy: op.createdBy,
      passphraseHash: op.passphraseHash,
      temporaryPassphrase: op.temporaryPassphrase,
      totp:
        op.totpSecret === null
          ? null
          : sameSecret && local?.totp
            ? local.totp
            : { secret: deps.store.encryptSecret(op.totpSecret), lastStep: 0 },
      // Reset in the team (waiting for its owner to enrol again): the desk's own count and lockout go too.
      ...(op.totpSecret === null && local?.totp
        ? { wrongInARow: 0 }
        : { wrongInARow: local?.wrongInARow ?? 0, ...(local?.lockout && { lockout: local.lockout }) }),
    };
  }

  function snapshotOfDesk(s: SessionService): TeamAccountsSnapshot {
    return {
      operators: [...s.accounts().values()].map(toTeam),
      roles: s.roles.custom(),
      limits: s.limits(),
    };
  }

  async function adopt(s: SessionService, snapshot: TeamAccountsSnapshot): Promise<void> {
    // A keychain that cannot be read keeps the desk shut: no new key is made over the one it holds.
    if (s.trouble() === 'keychain') return;
    await deps.store.prepareKey();
    const byId = (a: Account, b: Account) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
    const accounts = snapshot.operators.map((op) => fromTeam(op, s.accounts().get(op.id))).sort(byId);
    const roles: CustomRole[] = snapshot.roles;
    const same =
      JSON.stringify(accounts) === JSON.stringify([...s.accounts().values()].sort(byId)) &&
      JSON.stringify(roles) === JSON.stringify(s.roles.custom()) &&
      JSON.stringify(snapshot.limits) === JSON.stringify(s.limits());
    if (same && s.trouble() === undefined) return;
    // The desk's copy damaged: it is only a copy of what the team holds, so it is written again from it.
    const rebuilt = await s.adopt({ accounts, roles, limits: snapshot.limits });
    if (rebuilt) {
      deps.audit('operator.accounts_rebuilt', 'success', 'desk', {
        from: 'team',
        ...rebuilt,
        operators: accounts.length,
        roles: roles.length,
        limits: snapshot.limits.length,
      });
    }
  }

  async function readOnce(): Promise<void> {
    const s = session;
    const team = deps.team();
    if (!s || !team) {
      source = 'desk';
      offline = false;
      return;
    }
    try {
      let snapshot = await team.readInUse();
      if (!snapshot) {
        source = 'desk';
        offline = false;
        return;
      }
      if (snapshot.operators.length === 0 && s.accounts().size > 0 && (await team.mayWrite())) {
        if (await team.seed(snapshotOfDesk(s))) {
          deps.audit('operator.team_seeded', 'success', s.operatorId(), {
            operators: s.accounts().size,
            roles: s.roles.custom().length,
            limits: s.limits().length,
          });
        }
        snapshot = await team.read();
      }
      const wasOffline = offline;
      offline = false;
      untrusted = undefined;
      if (snapshot.operators.length === 0) {
        source = 'desk';
        return;
      }
      source = 'team';
      await adopt(s, snapshot);
      if (wasOffline) await s.reload();
    } catch (error) {
      // Audited once for each new finding, not at every read that finds it again.
      if (error instanceof TeamAccountsUntrusted && error.message !== untrusted) {
        deps.audit('operator.team_accounts_untrusted', 'failure', 'desk', { why: error.message });
      }
      untrusted = error instanceof TeamAccountsUntrusted ? error.message : untrusted;
      deps.log.error(
        { err: errorText(error) },
        "team accounts: the team's operators could not be read; the desk's copy stays",
      );
      offline = true;
    }
  }

  /** One read at a time; a call during a read makes one more after it (what it asks about may be newer). */
  function refresh(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await readOnce();
          // Down: a sign-in waiting here is answered from the copy now, not after another timeout.
        } while (again && !offline);
      } finally {
        running = undefined;
      }
    })();
    return running;
  }

  /** Read through a call, so that the compiler does not hold on to a narrowing made before an await. */
  const sourceNow = () => source;

  function teamOrNothing(): TeamAccounts | undefined {
    return source === 'team' ? deps.team() : undefined;
  }

  const hooks: SessionTeamHooks = {
    refresh,
    offline: () => offline && deps.team() !== undefined,

    async write(change: AccountChange): Promise<void> {
      const s = session;
      // With team mode on but the team not read yet, a change could be lost: read first.
      if (deps.team() && source === 'desk') {
        await refresh();
        // Just read, the team's accounts replaced what this change was made on: it is to be asked again.
        if (sourceNow() === 'team') {
          throw refusal('conflict', 'refusal.team.accountsReadAgain');
        }
      }
      if (deps.team() && offline) throw refusal('conflict', 'refusal.team.accountsUnreachable');
      const team = teamOrNothing();
      if (!s || !team) return;
      try {
        if (change.kind === 'operator') {
          const account = s.accounts().get(change.id);
          if (account && change.added && !(await team.addOperator(toTeam(account)))) {
            throw refusal('conflict', 'refusal.team.idTaken', { id: change.id }, 'id');
          }
          if (account && !change.added) await team.putOperator(toTeam(account));
        } else if (change.kind === 'role') {
          const role = s.roles.custom().find((one) => one.id === change.id);
          if (role) await team.putRole(role);
        } else {
          const same = (scope: typeof change.scope) => JSON.stringify(scope) === JSON.stringify(change.scope);
          const limit = s.limits().find((one) => one.currency === change.currency && same(one.scope));
          await team.putLimit(change.scope, change.currency, limit?.amount ?? null);
        }
      } catch (error) {
        if (error instanceof Refusal) throw error;
        if (error instanceof TeamAccountsRefused)
          throw refusal('forbidden', 'refusal.team.noSupervisorGrant');
        deps.log.error(
          { err: errorText(error) },
          "team accounts: a supervisor's change did not reach the team",
        );
        throw refusal('conflict', 'refusal.team.accountsUnreachable');
      }
    },

    async enrolled(account, secret, newPassphrase, startedFrom) {
      const team = teamOrNothing();
      if (!team) return 'enrolled';
      try {
        const passphraseHash = newPassphrase ? account.passphraseHash : null;
        return await team.enrolled(account.id, startedFrom, passphraseHash, secret);
      } catch (error) {
        deps.log.error({ err: errorText(error) }, 'team accounts: an enrolment did not reach the team');
        throw refusal('conflict', 'refusal.team.enrolUnreachable');
      }
    },

    // Offline, or the database gone mid-sign-in: the desk's own replay guard stands alone. A fresh step
    // also starts the team's count of wrong attempts again, in the same round trip: `proved`, which the
    // proof calls next, then has nothing left to ask.
    claimStep: async (id, step) => {
      provedWithStep = undefined;
      const fresh = await acrossTeam((team) => team.codeUsedAndProved(id, step));
      if (fresh) provedWithStep = id;
      return fresh ?? true;
    },

    signInFailures: {
      lockedUntil: (id) => acrossTeam((team) => team.signInLockedUntil(id)),
      wrong: (id) => acrossTeam((team) => team.signInWrong(id, ACCOUNT_LOCKOUT.wrongAttempts, LOCKOUT_MS)),
      proved: async (id) => {
        const done = provedWithStep === id;
        provedWithStep = undefined;
        if (!done) await acrossTeam((team) => team.signInProved(id));
      },
    },

    changedHere: () => void refresh(),
  };

  /** A question to the team during a proof; offline, or failing, it answers nothing and the desk is offline. */
  async function acrossTeam<T>(ask: (team: TeamAccounts) => Promise<T>): Promise<T | undefined> {
    const team = teamOrNothing();
    if (!team || offline) return undefined;
    try {
      return await ask(team);
    } catch {
      offline = true;
      return undefined;
    }
  }

  return {
    hooks,
    attach(s: SessionService): void {
      session = s;
    },
    refresh,
    source: () => source,
  };
}
