// Whether an id, passphrase and code prove a person (PCI DSS 8.3.4, 8.4.2): for a sign-in and for a
// supervisor's approval at the desk alike. The lockout after ten wrong attempts, the count itself and the
// code's replay guard live here once; session-service.ts decides what a proof opens.
import { ACCOUNT_LOCKOUT, type OperatorId } from '@shared/operators';
import { hashPassphrase, verifyPassphrase } from '../credentials/passphrase-hash';
import { refusal } from '../i18n/refuse';
import type { Account, AccountStore } from './account-store';
import type { TeamSignInFailures } from './session-team';
import { checkCode } from './totp';

export interface SessionClock {
  /** Never goes back, whatever the system clock does: times idleness and a lockout within one run. */
  monotonicMs(): number;
  /** The system clock: the codes' time, and a lockout carried over a restart. */
  wallMs(): number;
}

export type SessionAudit = (
  event: string,
  outcome: 'success' | 'failure',
  operator: string,
  detail?: Record<string, unknown>,
) => void;

export const LOCKOUT_MS = ACCOUNT_LOCKOUT.minutes * 60_000;

/** Every refused sign-in says the same: never which of the id, passphrase and code was wrong. */
const signInRefused = () =>
  refusal('invalid', 'refusal.session.signInRefused', {
    attempts: ACCOUNT_LOCKOUT.wrongAttempts,
    minutes: ACCOUNT_LOCKOUT.minutes,
  });

/** What a wrong sign-in costs: a hash check against a real-looking hash, so an unknown id takes as long. */
const DUMMY_HASH_PROMISE = hashPassphrase('paydesk-unknown-operator');

interface CredentialCheckDeps {
  accounts: () => Map<OperatorId, Account>;
  store: Pick<AccountStore, 'decryptSecret'>;
  audit: SessionAudit;
  clock: SessionClock;
  save: () => Promise<void>;
  refuseWhileDamaged: () => void;
  /** In team mode: takes the code's step across the team (false: another desk took it, a replay). */
  claimStep?: (id: OperatorId, step: number) => Promise<boolean>;
  /** In team mode: wrong attempts and the lockout counted across the team too. */
  teamFailures?: TeamSignInFailures;
}

export function createCredentialCheck({
  accounts: accountsNow,
  store,
  audit,
  clock,
  save,
  refuseWhileDamaged,
  claimStep,
  teamFailures,
}: CredentialCheckDeps) {
  /** Lockouts set in this run, by account: when each ends on the monotonic clock, which no one sets. */
  const lockedThisRun = new Map<string, number>();

  /**
   * A lockout from an earlier run ends as planned by the wall clock; a clock set back cannot stretch it past
   * LOCKOUT_MS. One set in this run also lasts its time on the monotonic clock: a clock set forward does not
   * end it early.
   */
  function lockoutEndMs(account: Account): number | undefined {
    if (!account.lockout) return undefined;
    const recorded = Math.min(Math.max(Date.parse(account.lockout.endsAt) - clock.wallMs(), 0), LOCKOUT_MS);
    const steadyEnd = lockedThisRun.get(account.id);
    const steady = steadyEnd === undefined ? 0 : Math.max(steadyEnd - clock.monotonicMs(), 0);
    const remaining = Math.max(recorded, steady);
    return remaining > 0 ? clock.wallMs() + remaining : undefined;
  }

  async function countWrong(
    account: Account,
    reason: string,
    purpose: 'sign-in' | 'approval',
  ): Promise<void> {
    account.wrongInARow += 1;
    audit('session.sign_in_refused', 'failure', account.id, {
      reason,
      attempt: account.wrongInARow,
      ...(purpose === 'approval' && { purpose }),
    });
    const lockedAcrossTeam = await teamFailures?.wrong(account.id);
    if (account.wrongInARow >= ACCOUNT_LOCKOUT.wrongAttempts || lockedAcrossTeam !== undefined) {
      lockHere(account, lockedAcrossTeam);
    }
    await save();
  }

  /** Locks the account at this desk: for LOCKOUT_MS, or until the end the team's count set. */
  function lockHere(account: Account, teamEndMs?: number): void {
    const wall = clock.wallMs();
    account.lockout = {
      startedAt: new Date(wall).toISOString(),
      endsAt: new Date(Math.min(teamEndMs ?? wall + LOCKOUT_MS, wall + LOCKOUT_MS)).toISOString(),
    };
    account.wrongInARow = 0;
    lockedThisRun.set(account.id, clock.monotonicMs() + (Date.parse(account.lockout.endsAt) - wall));
    audit('session.account_locked', 'failure', account.id, {
      wrongAttempts: ACCOUNT_LOCKOUT.wrongAttempts,
      endsAt: account.lockout.endsAt,
      ...(teamEndMs !== undefined && { acrossTeam: true }),
    });
  }

  type Proof = { kind: 'proved'; account: Account } | { kind: 'enrol'; account: Account };

  /**
   * Checks an id, passphrase and code (sign-in, or a supervisor's approval at the desk): the lockout, the
   * count of wrong attempts and the code's replay guard are the same for both. A new or reset account,
   * whose passphrase is a one-time one, has no code yet: `enrol`.
   */
  async function prove(
    input: { operatorId: string; passphrase: string; code?: string | undefined },
    purpose: 'sign-in' | 'approval',
  ): Promise<Proof> {
    refuseWhileDamaged();
    const account = accountsNow().get(input.operatorId);
    if (!account?.enabled) {
      await verifyPassphrase(input.passphrase, await DUMMY_HASH_PROMISE);
      audit('session.sign_in_refused', 'failure', 'desk', {
        operatorId: input.operatorId.slice(0, 40),
        reason: account ? 'disabled' : 'unknown id',
        ...(purpose === 'approval' && { purpose }),
      });
      throw signInRefused();
    }
    let lockedUntil = lockoutEndMs(account);
    const teamLockedUntil =
      lockedUntil === undefined ? await teamFailures?.lockedUntil(account.id) : undefined;
    if (teamLockedUntil !== undefined) {
      // Locked at another desk of the team: locked here too, so that it holds if the database goes away.
      lockHere(account, teamLockedUntil);
      await save();
      lockedUntil = lockoutEndMs(account);
    }
    if (lockedUntil !== undefined) {
      audit('session.sign_in_refused', 'failure', account.id, {
        reason: 'account locked',
        ...(purpose === 'approval' && { purpose }),
      });
      throw refusal('locked', 'refusal.session.accountLocked', {
        attempts: ACCOUNT_LOCKOUT.wrongAttempts,
        // A moment: the catalogue says it on the reader's clock ({until, time, short}).
        until: Math.round(lockedUntil),
      });
    }
    if (account.lockout) {
      audit('session.account_unlocked', 'success', account.id, { startedAt: account.lockout.startedAt });
      delete account.lockout;
      lockedThisRun.delete(account.id);
    }
    if (!(await verifyPassphrase(input.passphrase, account.passphraseHash))) {
      await countWrong(account, 'passphrase', purpose);
      throw signInRefused();
    }
    if (account.totp === null) {
      if (purpose === 'approval') {
        await countWrong(account, 'not enrolled', purpose);
        throw signInRefused();
      }
      account.wrongInARow = 0;
      await teamFailures?.proved(account.id);
      await save();
      return { kind: 'enrol', account };
    }
    const check =
      input.code === undefined
        ? ({ ok: false, reason: 'wrong' } as const)
        : checkCode(
            store.decryptSecret(account.totp.secret),
            account.id,
            input.code,
            account.totp.lastStep,
            clock.wallMs(),
          );
    const replayed = !check.ok
      ? check.reason === 'replayed'
      : claimStep && !(await claimStep(account.id, check.step));
    if (!check.ok || replayed) {
      await countWrong(account, replayed ? 'code used before' : 'code', purpose);
      throw signInRefused();
    }
    account.totp.lastStep = check.step;
    account.wrongInARow = 0;
    await teamFailures?.proved(account.id);
    await save();
    return { kind: 'proved', account };
  }

  return { lockoutEndMs, prove };
}
