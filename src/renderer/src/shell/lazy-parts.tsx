// What the pay-in page shows only after an action or an event, in chunks of their own (lib/lazy-code.tsx):
// with them go Mantine's Modal (its focus trap, scroll lock and transitions), Table and ScrollArea, and
// the positioning library under them — code the form does not need to take input. preloadAfterStart fetches
// them first, in idle moments, so that they are in long before anyone asks for one.
import { lazyPart } from '@renderer/lib/lazy-code';

export const LazyDuplicateDialog = lazyPart(() =>
  import('../features/payin/DuplicateDialog').then((module) => module.DuplicateDialog),
);
export const LazyConfirmDialog = lazyPart(() =>
  import('../lib/ConfirmDialog').then((module) => module.ConfirmDialog),
);
export const LazyReceiptDialog = lazyPart(() =>
  import('../features/receipt/ReceiptDialog').then((module) => module.ReceiptDialog),
);
export const LazyTestCardsModal = lazyPart(() =>
  import('./TestCardsModal').then((module) => module.TestCardsModal),
);
export const LazyLockScreen = lazyPart(() =>
  import('../features/lock/LockScreen').then((module) => module.LockScreen),
);
export const LazyOutcomeUnknownQueue = lazyPart(() =>
  import('../features/team/OutcomeUnknownQueue').then((module) => module.OutcomeUnknownQueue),
);

/** In the order they are most likely needed. */
export const LAZY_PARTS = [
  LazyDuplicateDialog,
  LazyReceiptDialog,
  LazyLockScreen,
  LazyConfirmDialog,
  LazyTestCardsModal,
  LazyOutcomeUnknownQueue,
] as const;
