// The pages an agent does not open first — KYC batches (its grid), History (its charts: recharts and d3)
// and Settings — in chunks of their own, so that the pay-in page starts with its own code alone. Once the
// pay-in form is usable and the page is idle, their code is fetched in the background, one chunk at a
// time; a page opened before its chunk is in shows a quiet loading line until it is (PageLoading).
// A chunk already in renders at once (lib/lazy-code.tsx), so no loading line flashes on a first visit.
import { preloadInTurn, type Tracked, track } from '@renderer/lib/lazy-code';
import { type ComponentType, use } from 'react';
import { LAZY_PARTS } from './lazy-parts';
import type { PageId } from './pages';

export type LazyPageId = Exclude<PageId, 'payin'>;

const LOADERS: Record<LazyPageId, () => Promise<ComponentType>> = {
  kyc: () => import('../features/kyc/KycPage').then((module) => module.KycPage),
  history: () => import('../features/history/HistoryPage').then((module) => module.HistoryPage),
  settings: () => import('../features/settings/SettingsPage').then((module) => module.SettingsPage),
};

const loading = new Map<LazyPageId, Tracked<ComponentType>>();

function loadPage(id: LazyPageId): Tracked<ComponentType> {
  let promise = loading.get(id);
  if (!promise) {
    promise = track(LOADERS[id]());
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

/**
 * Fetches the code of what the pay-in page shows only after an action (lazy-parts.tsx), then the other
 * pages', each chunk in an idle moment of its own.
 */
export function preloadAfterStart(order: readonly LazyPageId[] = ['kyc', 'history', 'settings']): void {
  if (preloading) return;
  preloading = true;
  setTimeout(
    () =>
      preloadInTurn([...LAZY_PARTS.map((part) => part.preload), ...order.map((id) => () => loadPage(id))]),
    PRELOAD_AFTER_MS,
  );
}
