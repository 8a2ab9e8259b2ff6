// Who is at the desk, as main last reported it. Main owns the session (its gate refuses every call of a
// signed-out, locked or unpermitted caller); the renderer only mirrors it: session.status at start,
// session.changed events, and any answer saying `locked`. What a role may do (`can`) only decides what the
// page offers: main decides what it does.
import type { ChannelInput } from '@shared/ipc';
import type { Permission, SessionState, SignedInOperator } from '@shared/operators';
import { create } from 'zustand';
import { call, errorMessage, onLockedAnswer, subscribe } from './paydesk';

interface SessionStoreState {
  /** The session as main last reported it; undefined until main has answered session.status once. */
  session: SessionState | undefined;
  statusError: string | undefined;
  apply: (session: SessionState) => void;
  refresh: () => Promise<void>;
  /** Each resolves with main's refusal, or undefined when main accepted. */
  signIn: (input: ChannelInput<'session.signIn'>) => Promise<string | undefined>;
  createFirstSupervisor: (
    input: ChannelInput<'session.createFirstSupervisor'>,
  ) => Promise<string | undefined>;
  completeEnrolment: (input: ChannelInput<'session.completeEnrolment'>) => Promise<string | undefined>;
  signOut: () => Promise<void>;
  lockNow: () => Promise<void>;
}

export const useSessionStore = create<SessionStoreState>((set, get) => {
  /** Runs a call that answers the session; its refusal comes back as the message to show. */
  async function answered(run: () => Promise<SessionState>): Promise<string | undefined> {
    try {
      get().apply(await run());
      return undefined;
    } catch (error) {
      return errorMessage(error);
    }
  }
  return {
    session: undefined,
    statusError: undefined,
    apply(session) {
      set({ session, statusError: undefined });
    },
    async refresh() {
      try {
        get().apply(await call('session.status'));
      } catch (error) {
        set({ statusError: errorMessage(error) });
      }
    },
    signIn: (input) => answered(() => call('session.signIn', input)),
    createFirstSupervisor: (input) => answered(() => call('session.createFirstSupervisor', input)),
    completeEnrolment: (input) => answered(() => call('session.completeEnrolment', input)),
    async signOut() {
      get().apply(await call('session.signOut'));
    },
    async lockNow() {
      get().apply(await call('session.lockNow'));
    },
  };
});

/** The signed-in operator (also while locked), or undefined. */
export function selectOperator(state: SessionStoreState): SignedInOperator | undefined {
  return state.session?.kind === 'signed-in' ? state.session.operator : undefined;
}

/** Signed in and not locked: the shell may show. */
export function selectOpen(state: SessionStoreState): boolean {
  return state.session?.kind === 'signed-in' && !state.session.locked;
}

/** Whether the signed-in operator's role has the permission (what the page offers; main decides). */
export function useCan(permission: Permission): boolean {
  return useSessionStore((state) => selectOperator(state)?.permissions.includes(permission) ?? false);
}

/** Once per app: mirrors main's session. Returns the function that stops listening. */
export function watchSession(): () => void {
  const stopEvents = subscribe('session.changed', (state) => useSessionStore.getState().apply(state));
  // A `locked` answer: main locked or signed out and its event was missed (or is on its way).
  const stopAnswers = onLockedAnswer(() => void useSessionStore.getState().refresh());
  void useSessionStore.getState().refresh();
  return () => {
    stopEvents();
    stopAnswers();
  };
}
