// The pages an agent does not open first — KYC batches (its grid), History (its charts: recharts and d3)
// and Settings — in chunks of their own, so that the pay-in page starts with its own code alone. Once the
// pay-in form is usable and the page is idle, their code is fetched in the background, one chunk at a
// time; a page opened before its chunk is in shows a quiet loading line until it is (PageLoading).
// A chunk already in renders at once: its promise carries its value (React's `use`), so no loading line
// flashes for a frame on every first visit.
import { type ComponentType, use } from 'react';
import type { PageId } from './pages';

export type LazyPageId = Exclude<PageId, 'payin'>;

const LOADERS: Record<LazyPageId, () => Promise<ComponentType>> = {
  kyc: () => import('../features/kyc/KycPage').then((module) => module.KycPage),
  history: () => import('../features/history/HistoryPage').then((module) => module.HistoryPage),
  settings: () => import('../features/settings/SettingsPage').then((module) => module.SettingsPage),
};

/** A promise as React's `use` reads it synchronously once settled. */
type Tracked<T> = Promise<T> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: T; reason?: unknown };

const loading = new Map<LazyPageId, Tracked<ComponentType>>();

export function loadPage(id: LazyPageId): Tracked<ComponentType> {
  let promise = loading.get(id);
  if (!promise) {
    const tracked: Tracked<ComponentType> = LOADERS[id]();
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
    promise = tracked;
    loading.set(id, promise);
  }
  return promise;
}

/** Forgets a chunk that failed to load, so that the next render fetches it again (the page's "Try again"). */
export function retryPage(id: LazyPageId): void {
  if (loading.get(id)?.status === 'rejected') loading.delete(id);
}

/** The page, once its code is in; until then it suspends (the shell shows PageLoading). */
export function LazyPage({ id }: { id: LazyPageId }) {
  const Page = use(loadPage(id) as Promise<ComponentType>);
  return <Page />;
}

/** The idle wait before the first chunk: the pay-in form's first moments belong to the agent. */
const PRELOAD_AFTER_MS = 1_500;

let preloading = false;

/** Fetches the other pages' code in the background, each chunk in an idle moment of its own. */
export function preloadPages(order: readonly LazyPageId[] = ['kyc', 'history', 'settings']): void {
  if (preloading) return;
  preloading = true;
  const whenIdle = (work: () => void) =>
    typeof requestIdleCallback === 'function'
      ? requestIdleCallback(work, { timeout: 5_000 })
      : setTimeout(work, 200);
  const next = (index: number) => {
    const id = order[index];
    if (!id) return;
    whenIdle(() => {
      loadPage(id)
        .catch(() => undefined)
        .finally(() => next(index + 1));
    });
  };
  setTimeout(() => next(0), PRELOAD_AFTER_MS);
}
