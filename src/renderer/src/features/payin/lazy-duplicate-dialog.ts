// The duplicate-payment question's code, fetched on first need; the shell preloads it.
import { lazyPart } from '@renderer/lib/lazy-code';

export const LazyDuplicateDialog = lazyPart(() =>
  import('./DuplicateDialog').then((module) => module.DuplicateDialog),
);
