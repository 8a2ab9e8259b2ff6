// The confirmation dialog's code (Mantine's Modal with it), fetched on first need; the shell preloads it.
import { lazyPart } from './lazy-code';

export const LazyConfirmDialog = lazyPart(() =>
  import('./ConfirmDialog').then((module) => module.ConfirmDialog),
);
