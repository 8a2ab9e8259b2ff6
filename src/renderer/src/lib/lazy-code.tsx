// Code the pay-in form does not need before it takes input, fetched on first need or in an idle moment
// before that: the pages an agent opens later (shell/lazy-pages.tsx), and the dialogs and panels that only
// an action or an event shows — the duplicate question, a confirmation, the test cards, the receipt, the
// lock screen, the team's queue. Code already in renders at once: its promise carries its value, which
// React's `use` reads synchronously, so nothing flashes for a frame.
import { Alert } from '@mantine/core';
import { useT } from '@renderer/i18n/use-t';
import { Component, type ComponentType, type ReactNode, Suspense, use, useState } from 'react';

/** A promise as React's `use` reads it synchronously once settled. */
export type Tracked<T> = Promise<T> & {
  status?: 'pending' | 'fulfilled' | 'rejected';
  value?: T;
  reason?: unknown;
};

export function track<T>(promise: Promise<T>): Tracked<T> {
  const tracked: Tracked<T> = promise;
  tracked.status = 'pending';
  tracked.then(
    (value) => {
      tracked.status = 'fulfilled';
      tracked.value = value;
    },
    (reason: unknown) => {
      tracked.status = 'rejected';
      tracked.reason = reason;
    },
  );
  return tracked;
}

interface LazyPart<P extends object> {
  (props: P): ReactNode;
  /** Fetches the code now (once; again only after a failure). */
  preload: () => Tracked<ComponentType<P>>;
}

/**
 * A component whose code comes from `load` the first time it renders or is preloaded. It suspends until
 * then: render it under a Suspense boundary (LazyWhen gives one).
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>): LazyPart<P> {
  let code: Tracked<ComponentType<P>> | undefined;
  let rendered = false;
  const preload = () => {
    if (!code || code.status === 'rejected') code = track(load());
    return code;
  };
  // Made once per part, at module level (like React.lazy), never during a render.
  // biome-ignore lint/correctness/noComponentHookFactories: see above
  function Part(props: P) {
    // The first render fetches again what an idle preload failed to fetch; after that a failure stays, for
    // the boundary (LazyWhen) to show, instead of a new fetch at every render.
    // As a plain promise: React's own types for a settled one clash with Tracked's optional status.
    const current: Promise<ComponentType<P>> = rendered && code ? code : preload();
    rendered = true;
    const Loaded = use(current);
    return <Loaded {...props} />;
  }
  return Object.assign(Part, { preload });
}

function PartFailed({ message }: { message: string }) {
  const t = useT();
  return (
    <Alert color="red" role="alert" p="xs" title={t('common.partFailed.title')}>
      {t('common.partFailed.body', { message })}
    </Alert>
  );
}

/** A part whose code could not be fetched says so in its place; the rest of the page goes on. */
class PartBoundary extends Component<{ children: ReactNode }, { error: Error | undefined }> {
  override state: { error: Error | undefined } = { error: undefined };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return <PartFailed message={this.state.error.message} />;
  }
}

/**
 * Renders its children from the first time `when` is true and keeps them from then on, so that a dialog
 * loaded on its first opening can still play its closing transition. Until their code is in, nothing.
 */
export function LazyWhen({ when, children }: { when: boolean; children: ReactNode }) {
  const [needed, setNeeded] = useState(when);
  if (when && !needed) setNeeded(true);
  if (!needed && !when) return null;
  return (
    <PartBoundary>
      <Suspense fallback={null}>{children}</Suspense>
    </PartBoundary>
  );
}

const IDLE_TIMEOUT_MS = 5_000;

/** Runs `work` in an idle moment (or within five seconds, idle or not). */
function whenIdle(work: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(work, { timeout: IDLE_TIMEOUT_MS });
  else setTimeout(work, 200);
}

/** Fetches each part's code in an idle moment of its own, one after the other. */
export function preloadInTurn(loads: readonly (() => Promise<unknown>)[]): void {
  const next = (index: number) => {
    const load = loads[index];
    if (!load) return;
    whenIdle(() => {
      load()
        .catch(() => undefined)
        .finally(() => next(index + 1));
    });
  };
  next(0);
}
