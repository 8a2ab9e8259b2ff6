// The operator lock (PCI DSS 8.2.8). With a passphrase set, Paydesk starts locked, locks itself after
// idleLockMinutes without operator activity, and answers nothing but unlock while locked. Only the
// passphrase's scrypt hash is kept, in the vault (the OS keychain).
import type { LockState } from '../../shared/ipc';
import type { CredentialVault } from '../credentials/vault';
import { IpcFailure } from '../ipc/dispatch';

/** Wrong passphrases in a row before unlocking pauses (PCI DSS 8.3.4 asks for a lockout after ≤ 10). */
export const MAX_WRONG_PASSPHRASES = 5;
export const WRONG_PASSPHRASE_PAUSE_MS = 60_000;
/** How often main looks at the idle clock; the lock lands at most this late. */
export const IDLE_CHECK_INTERVAL_MS = 15_000;

type PassphraseVault = Pick<
  CredentialVault,
  'setOperatorPassphrase' | 'hasOperatorPassphrase' | 'verifyOperatorPassphrase' | 'deleteOperatorPassphrase'
>;

export type LockAuditEvent =
  | 'lock.passphrase_set'
  | 'lock.passphrase_removed'
  | 'lock.locked'
  | 'lock.unlocked'
  | 'lock.wrong_passphrase';

export interface LockServiceOptions {
  vault: PassphraseVault;
  idleLockMinutes: () => number;
  /** Tells the renderer (lock.changed) whenever the state changes. */
  emit: (state: LockState) => void;
  /** Sign-in, sign-out and failed attempts go to the audit trail (PCI DSS 10.2.1). */
  audit: (event: LockAuditEvent, outcome: 'success' | 'failure', detail?: Record<string, unknown>) => void;
  now?: () => number;
}

export type LockService = Awaited<ReturnType<typeof createLockService>>;

export async function createLockService(options: LockServiceOptions) {
  const { vault, emit, audit } = options;
  const now = options.now ?? Date.now;
  let passphraseSet = await vault.hasOperatorPassphrase();
  let locked = passphraseSet;
  let lastActivity = now();
  let wrongInARow = 0;
  let pausedUntil = 0;
  let timer: NodeJS.Timeout | undefined;

  const state = (): LockState => ({ passphraseSet, locked, idleLockMinutes: options.idleLockMinutes() });

  function lock(reason: 'idle' | 'operator'): void {
    if (locked) return;
    locked = true;
    audit('lock.locked', 'success', { reason });
    emit(state());
  }

  function checkIdle(): void {
    if (passphraseSet && !locked && now() - lastActivity >= options.idleLockMinutes() * 60_000) lock('idle');
  }

  /** Every wrong passphrase counts, whichever form it was typed into, so none is a side door for guessing. */
  async function checkPassphrase(passphrase: string, field: string): Promise<void> {
    const waitMs = pausedUntil - now();
    if (waitMs > 0) {
      throw new IpcFailure(
        'locked',
        `Too many wrong passphrases. Try again in ${Math.ceil(waitMs / 1000)} seconds.`,
        field,
      );
    }
    if (await vault.verifyOperatorPassphrase(passphrase)) {
      wrongInARow = 0;
      return;
    }
    wrongInARow += 1;
    audit('lock.wrong_passphrase', 'failure', { attempt: wrongInARow });
    if (wrongInARow >= MAX_WRONG_PASSPHRASES) {
      wrongInARow = 0;
      pausedUntil = now() + WRONG_PASSPHRASE_PAUSE_MS;
      throw new IpcFailure(
        'locked',
        `${MAX_WRONG_PASSPHRASES} wrong passphrases in a row: try again in ${WRONG_PASSPHRASE_PAUSE_MS / 1000} seconds.`,
        field,
      );
    }
    throw new IpcFailure('invalid', 'That passphrase is not right.', field);
  }

  return {
    state,
    isLocked: () => locked,

    /** The operator typed or clicked: restart the idle clock. */
    activity(): LockState {
      if (!locked) lastActivity = now();
      return state();
    },

    checkIdle,

    lockNow(): LockState {
      if (!passphraseSet) {
        throw new IpcFailure(
          'invalid',
          'Set an operator passphrase first: without one, a locked Paydesk could not be unlocked.',
        );
      }
      lock('operator');
      return state();
    },

    async unlock(passphrase: string): Promise<LockState> {
      if (!locked) return state();
      await checkPassphrase(passphrase, 'passphrase');
      locked = false;
      lastActivity = now();
      audit('lock.unlocked', 'success');
      emit(state());
      return state();
    },

    async setPassphrase(current: string | undefined, passphrase: string): Promise<LockState> {
      if (passphraseSet) {
        if (!current)
          throw new IpcFailure('invalid', 'Type the current passphrase to replace it.', 'current');
        await checkPassphrase(current, 'current');
      }
      await vault.setOperatorPassphrase(passphrase);
      const replaced = passphraseSet;
      passphraseSet = true;
      lastActivity = now();
      audit('lock.passphrase_set', 'success', { replaced });
      emit(state());
      return state();
    },

    async removePassphrase(current: string): Promise<LockState> {
      if (!passphraseSet) return state();
      await checkPassphrase(current, 'current');
      await vault.deleteOperatorPassphrase();
      passphraseSet = false;
      locked = false;
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
