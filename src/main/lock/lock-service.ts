// The operator lock (PCI DSS 8.2.8, 8.3.4). With a passphrase set, Paydesk starts locked, locks itself after
// idleLockMinutes without operator activity, and answers nothing but unlock while locked. Only the
// passphrase's scrypt hash is kept, in the vault (the OS keychain).
//
// It fails closed. Whether a passphrase is set is also in the lock record (lock-record.ts, the data
// folder), so a keychain that cannot be read at start is not taken for "no passphrase": Paydesk stays
// locked and says what to do. The keychain has the last word when it can be read: a record deleted or
// edited to say "no passphrase" is written back (and the audit trail says so) while the hash is there,
// and a hash deleted from the keychain — the way out of a forgotten passphrase — removes the lock.
// Wrong passphrases and the 30-minute lockout are in the record too, so a restart does not reset them.
import { type LockState, OPERATOR_LOCKOUT } from '@shared/ipc';
import type { CredentialVault } from '../credentials/vault';
import { Refusal } from '../refusal';
import type { LockRecord, LockRecordStore } from './lock-record';

/** Wrong passphrases in a row before the lockout (PCI DSS 8.3.4 asks for one after at most 10). */
export const MAX_WRONG_PASSPHRASES = OPERATOR_LOCKOUT.wrongPassphrases;
/** How long no passphrase is checked after that (PCI DSS 8.3.4: at least 30 minutes). */
export const LOCKOUT_MS = OPERATOR_LOCKOUT.minutes * 60_000;
/** How often main looks at the idle clock; the lock lands at most this late. */
export const IDLE_CHECK_INTERVAL_MS = 15_000;

export interface LockClock {
  /** Never goes back, whatever the system clock does: times idleness and a lockout within one run. */
  monotonicMs(): number;
  /** The system clock: only to carry a lockout over a restart, and to show when it ends. */
  wallMs(): number;
}

export const SYSTEM_CLOCK: LockClock = {
  monotonicMs: () => performance.now(),
  wallMs: () => Date.now(),
};

type PassphraseVault = Pick<
  CredentialVault,
  'setOperatorPassphrase' | 'hasOperatorPassphrase' | 'verifyOperatorPassphrase' | 'deleteOperatorPassphrase'
>;

export type LockAuditEvent =
  | 'lock.passphrase_set'
  | 'lock.passphrase_removed'
  | 'lock.locked'
  | 'lock.unlocked'
  | 'lock.wrong_passphrase'
  | 'lock.lockout_started'
  | 'lock.lockout_ended'
  | 'lock.keychain_unreadable'
  | 'lock.record_restored';

export interface LockServiceOptions {
  /** Where the passphrase's hash is kept. Its reads may fail (a locked or absent keychain): the lock then fails closed. */
  vault: PassphraseVault;
  record: LockRecordStore;
  idleLockMinutes: () => number;
  /** Tells the renderer (lock.changed) whenever the state changes. */
  emit: (state: LockState) => void;
  /** Sign-in, sign-out, failed attempts and lockouts go to the audit trail (PCI DSS 10.2.1). */
  audit: (event: LockAuditEvent, outcome: 'success' | 'failure', detail?: Record<string, unknown>) => void;
  clock?: LockClock;
}

const KEYCHAIN_WAY_OUT =
  'Unlock the OS keychain (log in to the desktop session again, or unlock the "login" keyring in ' +
  'Passwords and Keys, Keychain Access or Credential Manager), then press Unlock again. A forgotten ' +
  'passphrase cannot be recovered: deleting the "operator-passphrase" entry of Paydesk from the keychain ' +
  'removes the lock (the audit trail records it), and a new passphrase can then be set.';

/** A time of day as the rest of Paydesk writes it: 24-hour "18:29", the desk's own time zone. */
function timeOfDay(iso: string): string {
  const date = new Date(iso);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function lockedByKeychain(error: unknown): string {
  return (
    `Paydesk stays locked: an operator passphrase is set, but the OS keychain that holds it cannot be ` +
    `read (${errorText(error)}). ${KEYCHAIN_WAY_OUT}`
  );
}

function noPassphraseWithoutKeychain(error: unknown): string {
  return (
    `No operator passphrase can be set while the OS keychain cannot be read (${errorText(error)}): Paydesk ` +
    'keeps its hash there and nowhere else. Unlock or set up the keychain, then try again.'
  );
}

interface Lockout {
  startedAt: string;
  endsAt: string;
  endsAtMonotonic: number;
}

export type LockService = Awaited<ReturnType<typeof createLockService>>;

export async function createLockService(options: LockServiceOptions) {
  const { vault, record, emit, audit } = options;
  const clock = options.clock ?? SYSTEM_CLOCK;

  const saved = record.read();
  // An unreadable record is read the strict way: a passphrase may be set.
  const recorded: LockRecord =
    saved.kind === 'found' ? saved.record : { passphraseSet: saved.kind === 'unreadable', wrongInARow: 0 };
  let passphraseSet = recorded.passphraseSet;
  let locked = passphraseSet;
  let wrongInARow = recorded.wrongInARow;
  let lockout = recorded.lockout && resumeLockout(recorded.lockout);
  let keychainProblem: string | undefined;
  /** The file holds a record as written (not a missing or garbled one). */
  let recordSound = saved.kind === 'found';
  let lastActivity = clock.monotonicMs();
  let timer: NodeJS.Timeout | undefined;

  const state = (): LockState => ({
    passphraseSet,
    locked,
    idleLockMinutes: options.idleLockMinutes(),
    ...(passphraseSet && !lockout && { triesLeft: MAX_WRONG_PASSPHRASES - wrongInARow }),
    ...(lockout && { lockedOutUntil: lockout.endsAt }),
    ...(keychainProblem !== undefined && { keychainProblem }),
  });

  function persist(): void {
    record.write({
      passphraseSet,
      wrongInARow,
      ...(lockout && { lockout: { startedAt: lockout.startedAt, endsAt: lockout.endsAt } }),
    });
    recordSound = true;
  }

  /** A lockout from an earlier run ends as planned; a clock set back cannot stretch it past LOCKOUT_MS. */
  function resumeLockout(from: { startedAt: string; endsAt: string }): Lockout {
    const remaining = Math.min(Math.max(Date.parse(from.endsAt) - clock.wallMs(), 0), LOCKOUT_MS);
    return {
      startedAt: from.startedAt,
      endsAt: new Date(clock.wallMs() + remaining).toISOString(),
      endsAtMonotonic: clock.monotonicMs() + remaining,
    };
  }

  function startLockout(): void {
    const wall = clock.wallMs();
    lockout = {
      startedAt: new Date(wall).toISOString(),
      endsAt: new Date(wall + LOCKOUT_MS).toISOString(),
      endsAtMonotonic: clock.monotonicMs() + LOCKOUT_MS,
    };
    wrongInARow = 0;
    persist();
    audit('lock.lockout_started', 'failure', {
      wrongPassphrases: MAX_WRONG_PASSPHRASES,
      endsAt: lockout.endsAt,
    });
    emit(state());
  }

  /** Ends a lockout whose time is up, with its end in the audit trail. */
  function settleLockout(): void {
    if (!lockout || clock.monotonicMs() < lockout.endsAtMonotonic) return;
    const ended = lockout;
    lockout = undefined;
    persist();
    audit('lock.lockout_ended', 'success', {
      startedAt: ended.startedAt,
      endedAt: new Date(clock.wallMs()).toISOString(),
    });
    emit(state());
  }

  function refuseDuringLockout(field: string): void {
    settleLockout();
    if (!lockout) return;
    const minutes = Math.ceil((lockout.endsAtMonotonic - clock.monotonicMs()) / 60_000);
    const at = timeOfDay(lockout.endsAt);
    throw new Refusal(
      'locked',
      `${MAX_WRONG_PASSPHRASES} wrong passphrases in a row: no passphrase is checked for ${LOCKOUT_MS / 60_000} minutes. ` +
        `Try again at ${at} (in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}).`,
      field,
    );
  }

  /** What the vault holds, now that it can be read: it overrides the record. */
  function applyVault(hashInVault: boolean): void {
    keychainProblem = undefined;
    // A desk that never had a passphrase has no record: nothing to say.
    if (passphraseSet === hashInVault && (recordSound || saved.kind === 'missing')) return;
    if (!hashInVault && recordSound) {
      // The forgotten-passphrase way out: someone deleted the hash from the keychain.
      audit('lock.passphrase_removed', 'success', { outsidePaydesk: true });
    } else {
      audit('lock.record_restored', 'failure', {
        record: recordSound ? 'no passphrase' : saved.kind,
        passphraseSet: hashInVault,
      });
    }
    passphraseSet = hashInVault;
    locked = hashInVault;
    if (!hashInVault) {
      wrongInARow = 0;
      lockout = undefined;
    }
    persist();
  }

  /** Reads the vault; when it cannot, says why in the state and answers false. */
  async function readVault(): Promise<boolean> {
    try {
      applyVault(await vault.hasOperatorPassphrase());
      return true;
    } catch (error) {
      keychainProblem = passphraseSet ? lockedByKeychain(error) : noPassphraseWithoutKeychain(error);
      if (passphraseSet) audit('lock.keychain_unreadable', 'failure', { error: errorText(error) });
      return false;
    }
  }

  function lock(reason: 'idle' | 'operator'): void {
    if (locked) return;
    locked = true;
    audit('lock.locked', 'success', { reason });
    emit(state());
  }

  function checkIdle(): void {
    settleLockout();
    const idleMs = clock.monotonicMs() - lastActivity;
    if (passphraseSet && !locked && idleMs >= options.idleLockMinutes() * 60_000) lock('idle');
  }

  let checking: Promise<unknown> = Promise.resolve();

  /**
   * One check at a time: calls made together (a renderer can send many at once) must not all get past the
   * lockout test before the first wrong one is counted.
   */
  function checkPassphrase(passphrase: string, field: string): Promise<void> {
    const turn = checking.then(() => checkOnePassphrase(passphrase, field));
    checking = turn.catch(() => undefined);
    return turn;
  }

  /** Every wrong passphrase counts, whichever form it was typed into, so none is a side door for guessing. */
  async function checkOnePassphrase(passphrase: string, field: string): Promise<void> {
    refuseDuringLockout(field);
    let right: boolean;
    try {
      right = await vault.verifyOperatorPassphrase(passphrase);
    } catch (error) {
      audit('lock.keychain_unreadable', 'failure', { error: errorText(error) });
      if (!locked) {
        throw new Refusal(
          'keychain_unavailable',
          `The passphrase could not be checked: the OS keychain that holds it cannot be read (${errorText(error)}). Unlock the keychain and try again.`,
          field,
        );
      }
      keychainProblem = lockedByKeychain(error);
      emit(state());
      throw new Refusal('keychain_unavailable', keychainProblem, field);
    }
    if (right) {
      if (wrongInARow > 0) {
        wrongInARow = 0;
        persist();
      }
      return;
    }
    wrongInARow += 1;
    audit('lock.wrong_passphrase', 'failure', { attempt: wrongInARow });
    if (wrongInARow >= MAX_WRONG_PASSPHRASES) {
      startLockout();
      refuseDuringLockout(field);
    }
    persist();
    // The tries left go out with the state too: a lock screen shows them before the next attempt.
    emit(state());
    const left = MAX_WRONG_PASSPHRASES - wrongInARow;
    throw new Refusal(
      'invalid',
      `That passphrase is not right. ${left} ${left === 1 ? 'try' : 'tries'} left before no passphrase ` +
        `is checked for ${LOCKOUT_MS / 60_000} minutes.`,
      field,
    );
  }

  function keychainFailure(action: string, error: unknown, field: string): Refusal {
    return new Refusal(
      'keychain_unavailable',
      `The passphrase could not be ${action} in the OS keychain (${errorText(error)}). Paydesk keeps it ` +
        'there and nowhere else: unlock or set up the keychain and try again.',
      field,
    );
  }

  // Start: the record says what to expect, the vault (when it can be read) what is true.
  await readVault();
  settleLockout();

  return {
    state,
    isLocked: () => locked,

    /** lock.status: also ends a lockout whose time is up. */
    status(): LockState {
      settleLockout();
      return state();
    },

    /** The operator typed or clicked: restart the idle clock. */
    activity(): LockState {
      if (!locked) lastActivity = clock.monotonicMs();
      return state();
    },

    checkIdle,

    lockNow(): LockState {
      if (!passphraseSet) {
        throw new Refusal(
          'invalid',
          'Set an operator passphrase first: without one, a locked Paydesk could not be unlocked.',
        );
      }
      lock('operator');
      return state();
    },

    async unlock(passphrase: string): Promise<LockState> {
      if (!locked) return state();
      refuseDuringLockout('passphrase');
      if (keychainProblem !== undefined) {
        // The operator may have unlocked the keychain since: look again before refusing.
        if (!(await readVault())) {
          emit(state());
          throw new Refusal('keychain_unavailable', keychainProblem, 'passphrase');
        }
        if (!locked) {
          emit(state());
          return state();
        }
      }
      await checkPassphrase(passphrase, 'passphrase');
      locked = false;
      lastActivity = clock.monotonicMs();
      audit('lock.unlocked', 'success');
      emit(state());
      return state();
    },

    async setPassphrase(current: string | undefined, passphrase: string): Promise<LockState> {
      if (passphraseSet) {
        if (!current) throw new Refusal('invalid', 'Type the current passphrase to replace it.', 'current');
        await checkPassphrase(current, 'current');
      }
      try {
        await vault.setOperatorPassphrase(passphrase);
      } catch (error) {
        throw keychainFailure('stored', error, 'passphrase');
      }
      const replaced = passphraseSet;
      passphraseSet = true;
      keychainProblem = undefined;
      persist();
      lastActivity = clock.monotonicMs();
      audit('lock.passphrase_set', 'success', { replaced });
      emit(state());
      return state();
    },

    async removePassphrase(current: string): Promise<LockState> {
      if (!passphraseSet) return state();
      await checkPassphrase(current, 'current');
      try {
        await vault.deleteOperatorPassphrase();
      } catch (error) {
        throw keychainFailure('deleted', error, 'current');
      }
      passphraseSet = false;
      locked = false;
      persist();
      audit('lock.passphrase_removed', 'success');
      emit(state());
      return state();
    },

    startIdleClock(): void {
      timer ??= setInterval(checkIdle, IDLE_CHECK_INTERVAL_MS);
      timer.unref();
    },

    stopIdleClock(): void {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
}
