// The operator lock as main last reported it. Main owns the lock (it refuses every call while locked);
// the renderer only mirrors it: lock.status at start, lock.changed events, and any answer saying `locked`.

import type { ChannelInput, LockState } from '@shared/ipc';
import { create } from 'zustand';
import { call, errorMessage, onLockedAnswer, subscribe } from './paydesk';

interface OperatorLockState {
  /** The lock as main last reported it; undefined until main has answered lock.status once. */
  lock: LockState | undefined;
  statusError: string | undefined;
  apply: (lock: LockState) => void;
  refresh: () => Promise<void>;
  lockNow: () => Promise<void>;
  /** Resolves with main's message when the passphrase is refused, undefined once unlocked. */
  unlock: (passphrase: string) => Promise<string | undefined>;
  setPassphrase: (input: ChannelInput<'lock.setPassphrase'>) => Promise<void>;
  removePassphrase: (current: string) => Promise<void>;
}

export const useLockStore = create<OperatorLockState>((set, get) => ({
  lock: undefined,
  statusError: undefined,
  apply(lock) {
    set({ lock, statusError: undefined });
  },
  async refresh() {
    try {
      get().apply(await call('lock.status'));
    } catch (error) {
      set({ statusError: errorMessage(error) });
    }
  },
  async lockNow() {
    get().apply(await call('lock.lockNow'));
  },
  async unlock(passphrase) {
    try {
      get().apply(await call('lock.unlock', { passphrase }));
      return undefined;
    } catch (error) {
      return errorMessage(error);
    }
  },
  async setPassphrase(input) {
    get().apply(await call('lock.setPassphrase', input));
  },
  async removePassphrase(current) {
    get().apply(await call('lock.removePassphrase', { current }));
  },
}));

export const selectLocked = (state: OperatorLockState) => state.lock?.locked ?? false;

/**
 * A `locked` answer means main locked itself and its event was missed (or is still on its way). But a
 * paused passphrase check answers `locked` too, without Paydesk being locked: main's lock.status decides,
 * so a passphrase typed wrong too often in Settings never throws away the operator's open forms.
 */
function onLocked(): void {
  void useLockStore.getState().refresh();
}

/** Once per app: mirrors main's lock. Returns the function that stops listening. */
export function watchLock(): () => void {
  const stopEvents = subscribe('lock.changed', (state) => useLockStore.getState().apply(state));
  const stopAnswers = onLockedAnswer(onLocked);
  void useLockStore.getState().refresh();
  return () => {
    stopEvents();
    stopAnswers();
  };
}
