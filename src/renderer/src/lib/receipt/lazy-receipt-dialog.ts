// The receipt dialog's code, fetched on first need (lib/lazy-code.tsx); the shell preloads it in an idle moment.
import { lazyPart } from '../lazy-code';

export const LazyReceiptDialog = lazyPart(() =>
  import('./ReceiptDialog').then((module) => module.ReceiptDialog),
);
