// Who is at the desk (PCI DSS 8.2.1, 8.2.8, 8.3.4, 8.4.2): one person signed in at a time, proved by their
// passphrase and their authenticator's code; the idle lock and Lock now, which the same person undoes by
// signing in again; ten wrong sign-ins lock the account (not the desk) for 30 minutes, across restarts.
// Everything is audited under the operator's id. The accounts themselves: account-store.ts; what a
// supervisor changes in them: operator-admin.ts.
import type { PayInLimit } from '@shared/approvals';
import type { RefusalWords } from '@shared/ipc';
import { type OperatorId, PERMISSION_LABELS, type Permission, type SessionState } from '@shared/operators';
import { hashPassphrase } from '../credentials/passphrase-hash';
import { gateRefusal, refusal, refusalIn, wordsOf } from '../i18n/refuse';
import type { EnrolmentAnswer } from '../team/team-accounts';
import type { Account, AccountStore, AccountsTrouble, CustomRole } from './account-store';
import { createCredentialCheck, type SessionAudit, type SessionClock } from './credential-check';
import { checkEnrolmentInput, enrolmentView } from './enrolment-check';
import { createRoleBook } from './role-book';
import type { AccountChange, SessionTeamHooks } from './session-team';
import { newTotpSecret } from './totp';

/** Why the team refused an enrolment, in the audit trail. */
const ENDED_REASON = {
  reset: 'account reset since the enrolment started',
  refused: 'account no longer waits for an enrolment',
} as const;

/** How often main looks at the idle clock; the lock lands at most this late. */
const IDLE_CHECK_INTERVAL_MS = 15_000;

const SYSTEM_CLOCK: SessionClock = {
  monotonicMs: () => performance.now(),
  wallMs: () => Date.now(),
};

interface SessionServiceOptions {
  store: AccountStore;
  idleLockMinutes: () => number;
  emit: (state: SessionState) => void;
  audit: SessionAudit;
  /** The desk's operator name from before personal accounts, offered as the first supervisor's name. */
  legacyOperatorName: () => string | undefined;
  /** Retires the single desk passphrase of an upgraded desk (its hash and its lock record). */
  retireLegacyPassphrase: () => Promise<boolean>;
  clock?: SessionClock;
  /** In team mode, the team's accounts (team-accounts-sync.ts); absent, the desk's own are the only ones. */
  team?: SessionTeamHooks;
}

type Session =
  /** `ended`: an enrolment the team refused ended here (the sign-in screen says why). */
  | { kind: 'signed-out'; ended?: 'reset' | 'refused' }
  /** `startedFrom`: the passphrase hash the sign-in proved, which the team's account must still have. */
  | { kind: 'enrolling'; id: OperatorId; secret: string; needsPassphrase: boolean; startedFrom: string }
  | { kind: 'signed-in'; id: OperatorId; locked: boolean };

export type SessionService = Awaited<ReturnType<typeof createSessionService>>;

export async function createSessionService(options: SessionServiceOptions) {
  const { store, emit, audit } = options;
  const clock = options.clock ?? SYSTEM_CLOCK;
  let accounts = new Map<OperatorId, Account>();
  let limits: PayInLimit[] = [];
  const roles = createRoleBook();
  let trouble: AccountsTrouble | undefined;
  let session: Session = { kind: 'signed-out' };
  let lastActivity = clock.monotonicMs();
  let timer: NodeJS.Timeout | undefined;
  /** One proof at a time (sign-in or approval). */
  let turn: Promise<unknown> = Promise.resolve();

  async function load(): Promise<void> {
    const read = await store.read();
    if (read.kind === 'damaged' || read.kind === 'keychain') {
      if (trouble?.message !== read.message)
        audit('session.accounts_unreadable', 'failure', 'desk', { read: read.kind });
      trouble = read;
      accounts = new Map();
      session = { kind: 'signed-out' };
      return;
    }
    trouble = undefined;
    accounts = new Map(read.kind === 'found' ? read.accounts.map((account) => [account.id, account]) : []);
    limits = read.kind === 'found' ? read.limits : [];
    roles.load(read.kind === 'found' ? read.roles : []);
  }

  async function save(): Promise<void> {
    await store.write([...accounts.values()], { limits, roles: roles.custom() });
  }

  function signedInAccount(): Account | undefined {
    return session.kind === 'signed-in' ? accounts.get(session.id) : undefined;
  }

  async function state(): Promise<SessionState> {
    if (trouble) return { kind: 'damaged', message: trouble.message, words: trouble.words };
    if (accounts.size === 0) {
      const name = options.legacyOperatorName();
      return { kind: 'first-start', ...(name && { suggestedDisplayName: name }) };
    }
    if (session.kind === 'enrolling') {
      return {
        kind: 'enrolling',
        enrolment: await enrolmentView(accounts.get(session.id)!, session.secret, session.needsPassphrase),
      };
    }
    const account = signedInAccount();
    if (session.kind === 'signed-in' && account) {
      return {
        kind: 'signed-in',
        operator: {
          id: account.id,
          displayName: account.displayName,
          role: account.role,
          roleLabel: roles.labelOf(account.role),
          permissions: [...roles.permissionsOf(account.role)],
        },
        locked: session.locked,
        idleLockMinutes: options.idleLockMinutes(),
        ...(options.team?.offline() && { offline: true }),
      };
    }
    return {
      kind: 'signed-out',
      ...(session.kind === 'signed-out' && session.ended && { enrolmentEnded: session.ended }),
    };
  }

  async function changed(): Promise<SessionState> {
    const now = await state();
    emit(now);
    return now;
  }

  function refuseWhileDamaged(): void {
    if (trouble) throw refusalIn('locked', trouble.words);
  }

  const credentials = createCredentialCheck({
    accounts: () => accounts,
    store,
    audit,
    clock,
    save,
    refuseWhileDamaged,
    ...(options.team && {
      claimStep: options.team.claimStep,
      teamFailures: options.team.signInFailures,
    }),
  });
  const { lockoutEndMs } = credentials;
  const proveOnce = credentials.prove;

  /** One proof at a time: calls sent together must not all pass the lockout test before one is counted. */
  function inTurn<T>(work: () => Promise<T>): Promise<T> {
    const next = turn.then(work);
    turn = next.catch(() => undefined);
    return next;
  }

  async function signInOnce(input: { operatorId: string; passphrase: string; code?: string | undefined }) {
    await options.team?.refresh();
    const proof = await proveOnce(input, 'sign-in');
    const account = proof.account;
    if (proof.kind === 'enrol') {
      // A new or reset account: its passphrase was the one-time one; it enrols next.
      session = {
        kind: 'enrolling',
        id: account.id,
        secret: newTotpSecret(),
        needsPassphrase: account.temporaryPassphrase,
        startedFrom: account.passphraseHash,
      };
      audit('session.enrolment_started', 'success', account.id);
      return changed();
    }
    const previous = session.kind === 'signed-in' ? session.id : undefined;
    session = { kind: 'signed-in', id: account.id, locked: false };
    lastActivity = clock.monotonicMs();
    audit(previous === account.id ? 'session.unlocked' : 'session.signed_in', 'success', account.id, {
      ...(previous !== undefined && previous !== account.id && { replaced: previous }),
    });
    return changed();
  }

  function lock(reason: 'idle' | 'operator'): void {
    if (session.kind !== 'signed-in' || session.locked) return;
    session.locked = true;
    audit('session.locked', 'success', session.id, { reason });
    void changed();
  }

  /** Signs out whoever is signed in (or enrolling) when their account is gone, disabled or reset. */
  async function signOutIfChanged(id: OperatorId, reason?: string): Promise<void> {
    if (session.kind !== 'enrolling' && session.kind !== 'signed-in') return;
    if (session.id !== id) return;
    const account = accounts.get(id);
    if (session.kind === 'signed-in' && account?.enabled && account.totp !== null) return;
    // The team's accounts read again: an enrolment goes on while its account still waits for it.
    if (session.kind === 'enrolling' && reason && account?.enabled && account.totp === null) return;
    if (session.kind === 'signed-in' && reason) audit('session.signed_out', 'success', id, { reason });
    session = { kind: 'signed-out' };
    await changed();
  }

  function checkIdle(): void {
    if (clock.monotonicMs() - lastActivity >= options.idleLockMinutes() * 60_000) lock('idle');
  }

  await load();

  return {
    state,
    /** Reads the accounts again (after a supervisor's change on another desk, or a keychain unlocked). */
    reload: async () => {
      await load();
      return changed();
    },
    accounts: () => accounts,
    /** The clock that never goes back (approvals time their requests by it). */
    monotonicMs: () => clock.monotonicMs(),
    /** The built-in roles and the supervisor's own (role-book.ts). */
    roles,
    /** The pay-in limits (approval-rules.ts reads them; operator-admin.ts changes them). */
    limits: () => limits,
    setLimits(next: PayInLimit[]): void {
      limits = next;
    },
    save,
    /** A supervisor's change: to the team first in team mode (refused there, undone here), then sealed here. */
    async commit(change: AccountChange): Promise<void> {
      try {
        await options.team?.write(change);
      } catch (error) {
        await load();
        throw error;
      }
      await save();
    },
    /**
     * The team's accounts, roles and limits become the desk's (its sealed copy, for when the team database
     * cannot be reached): whoever is signed in and was disabled, reset or removed there is signed out now.
     * A damaged store (not a keychain that cannot be read) is rebuilt from them, the damaged file set aside:
     * what was found, and where it went, is returned.
     */
    async adopt(next: { accounts: Account[]; limits: PayInLimit[]; roles: CustomRole[] }) {
      const damage = trouble?.kind === 'damaged' ? trouble.why : undefined;
      if (damage === undefined) refuseWhileDamaged();
      const keptAs = damage === undefined ? undefined : store.setAside(clock.wallMs());
      accounts = new Map(next.accounts.map((account) => [account.id, account]));
      limits = next.limits;
      roles.load(next.roles);
      await save();
      trouble = undefined;
      const id = session.kind === 'signed-out' ? undefined : session.id;
      if (id !== undefined) await signOutIfChanged(id, 'account changed in the team');
      await changed();
      return damage && { found: damage, ...(keptAs && { keptAs }) };
    },
    /** Why nobody can sign in: the store is damaged, or the keychain cannot be read; undefined when neither. */
    trouble: () => trouble?.kind,
    /** The sealed store (the team's sync re-seals authenticator secrets under this desk's key). */
    store,
    /** The signed-in operator's id for the audit trail and history rows; `desk` when nobody is signed in. */
    operatorId: (): string => (session.kind === 'signed-in' ? session.id : 'desk'),
    /** The signed-in operator's id, also while locked; undefined when nobody is. */
    signedInId: (): string | undefined => (session.kind === 'signed-in' ? session.id : undefined),

    /**
     * Whether the call may go ahead: signed in, not locked, the account still enabled, its role allowing
     * `permission`. A disabled account is signed out here, at its next call.
     */
    allows(
      permission: Permission | 'signed-in',
    ): { ok: true } | { ok: false; kind: 'locked' | 'forbidden'; message: string; words: RefusalWords } {
      if (session.kind !== 'signed-in') return gateRefusal('locked', wordsOf('refusal.session.signInFirst'));
      const account = accounts.get(session.id);
      if (!account?.enabled) {
        audit('session.signed_out', 'success', session.id, { reason: 'account disabled' });
        session = { kind: 'signed-out' };
        void changed();
        return gateRefusal('locked', wordsOf('refusal.session.disabled'));
      }
      if (session.locked) return gateRefusal('locked', wordsOf('refusal.session.locked'));
      if (permission === 'signed-in' || roles.permissionsOf(account.role).includes(permission))
        return { ok: true };
      // The role and the permission by their names, which the page says in the reader's language.
      return gateRefusal('forbidden', {
        key: 'refusal.session.forbidden',
        values: { role: roles.labelOf(account.role), permission: PERMISSION_LABELS[permission] },
        ...(roles.isBuiltIn(account.role) && { roles: { role: account.role } }),
        ...(!roles.exists(account.role) && { goneRoles: { role: account.role } }),
        permissions: { permission },
      });
    },

    /** Whether an event needing `access` may reach the window now: `allows` without its side effects. */
    hears(access: Permission | 'signed-in'): boolean {
      if (session.kind !== 'signed-in' || session.locked) return false;
      const account = accounts.get(session.id);
      if (!account?.enabled) return false;
      return access === 'signed-in' || roles.permissionsOf(account.role).includes(access);
    },

    /** Whether the signed-in operator's role has `permission` (false when nobody is signed in). */
    can(permission: Permission): boolean {
      const account = signedInAccount();
      return account?.enabled === true && roles.permissionsOf(account.role).includes(permission);
    },

    async status(): Promise<SessionState> {
      if (trouble) await load();
      return state();
    },

    async createFirstSupervisor(input: { id: OperatorId; displayName: string; passphrase: string }) {
      refuseWhileDamaged();
      if (accounts.size > 0) throw refusal('conflict', 'refusal.session.alreadyHasOperators');
      const account: Account = {
        id: input.id,
        displayName: input.displayName,
        role: 'supervisor',
        enabled: true,
        createdAt: new Date(clock.wallMs()).toISOString(),
        createdBy: input.id,
        passphraseHash: await hashPassphrase(input.passphrase),
        temporaryPassphrase: false,
        totp: null,
        wrongInARow: 0,
      };
      accounts.set(account.id, account);
      await save();
      audit('operator.first_supervisor_created', 'success', account.id, { displayName: account.displayName });
      if (await options.retireLegacyPassphrase()) {
        audit('session.legacy_passphrase_retired', 'success', account.id);
      }
      session = {
        kind: 'enrolling',
        id: account.id,
        secret: newTotpSecret(),
        needsPassphrase: false,
        startedFrom: account.passphraseHash,
      };
      return changed();
    },

    signIn(input: {
      operatorId: string;
      passphrase: string;
      code?: string | undefined;
    }): Promise<SessionState> {
      return inTurn(() => signInOnce(input));
    },

    /**
     * A supervisor proves themselves at the desk for an approval, without signing anybody in or out: their
     * wrong attempts count towards their own account's lockout as a sign-in's do.
     */
    async proveForApproval(input: {
      operatorId: string;
      passphrase: string;
      code: string;
    }): Promise<Account> {
      const proof = await inTurn(async () => {
        await options.team?.refresh();
        return proveOnce(input, 'approval');
      });
      return proof.account;
    },

    async completeEnrolment(input: { passphrase?: string | undefined; code: string }): Promise<SessionState> {
      refuseWhileDamaged();
      if (session.kind !== 'enrolling') throw refusal('conflict', 'refusal.session.noEnrolment');
      const account = accounts.get(session.id);
      if (!account) throw refusal('conflict', 'refusal.session.accountGone');
      const enrolling = session;
      const step = await checkEnrolmentInput(enrolling, account, input, clock.wallMs());
      if (enrolling.needsPassphrase && input.passphrase !== undefined) {
        account.passphraseHash = await hashPassphrase(input.passphrase);
        account.temporaryPassphrase = false;
      }
      account.totp = { secret: store.encryptSecret(enrolling.secret), lastStep: step };
      let answer: EnrolmentAnswer = 'enrolled';
      try {
        const { secret, needsPassphrase, startedFrom } = enrolling;
        answer = (await options.team?.enrolled(account, secret, needsPassphrase, startedFrom)) ?? answer;
      } catch (error) {
        await load();
        throw error;
      }
      if (answer !== 'enrolled') {
        // Nothing of it is kept: the account is as the team has it, and the enrolment starts again at sign-in.
        await load();
        audit('session.enrolment_refused', 'failure', account.id, { reason: ENDED_REASON[answer] });
        session = { kind: 'signed-out', ended: answer };
        await changed();
        throw refusal(
          'conflict',
          answer === 'reset' ? 'refusal.team.enrolReset' : 'refusal.team.enrolRefused',
        );
      }
      await save();
      options.team?.changedHere();
      audit('operator.enrolled', 'success', account.id, { newPassphrase: enrolling.needsPassphrase });
      session = { kind: 'signed-in', id: account.id, locked: false };
      lastActivity = clock.monotonicMs();
      audit('session.signed_in', 'success', account.id);
      return changed();
    },

    async signOut(): Promise<SessionState> {
      if (session.kind === 'signed-in')
        audit('session.signed_out', 'success', session.id, { reason: 'operator' });
      if (session.kind === 'enrolling') audit('session.enrolment_abandoned', 'failure', session.id);
      session = { kind: 'signed-out' };
      return changed();
    },

    async lockNow(): Promise<SessionState> {
      lock('operator');
      return state();
    },

    /** The operator typed or clicked: restart the idle clock. */
    async activity(): Promise<SessionState> {
      if (session.kind === 'signed-in' && !session.locked) lastActivity = clock.monotonicMs();
      return state();
    },

    /** Locks now if the operator has been idle too long (the idle clock's tick; tests call it). */
    checkIdle,

    startIdleClock(): void {
      timer ??= setInterval(checkIdle, IDLE_CHECK_INTERVAL_MS);
      timer.unref();
    },

    stopIdleClock(): void {
      if (timer) clearInterval(timer);
      timer = undefined;
    },

    /** The locked-out end of an account, for the supervisor's list. */
    lockoutEndMs,
    /** Signs out the signed-in operator if a supervisor changed their account (disabled, reset). */
    afterAdminChange: (id: OperatorId) => signOutIfChanged(id),
  };
}
