// What a page shows only after an action or an event, in chunks of their own (lib/lazy-code.tsx): with them
// go Mantine's Modal (its focus trap, scroll lock and transitions), Table and ScrollArea, and the positioning
// library under them — code the form does not need to take input. Each part is defined beside its code (a
// feature's or lib's); the shell lists them here to preload them first, in idle moments, so that they are
// in long before anyone asks for one. Features never import the shell.
import { LazyDuplicateDialog } from '@renderer/features/payin/lazy-duplicate-dialog';
import { LazyApprovalDialog } from '@renderer/lib/approval/lazy-approval-dialog';
import { lazyPart } from '@renderer/lib/lazy-code';
import { LazyConfirmDialog } from '@renderer/lib/lazy-confirm-dialog';
import { LazyReceiptDialog } from '@renderer/lib/receipt/lazy-receipt-dialog';
import { LazyOutcomeUnknownQueue } from '@renderer/lib/team/lazy-outcome-unknown-queue';

export const LazyTestCardsModal = lazyPart(() =>
  import('./TestCardsModal').then((module) => module.TestCardsModal),
);
export const LazySessionScreen = lazyPart(() =>
  import('../features/session/SessionScreen').then((module) => module.SessionScreen),
);

/** In the order they are most likely needed. */
export const LAZY_PARTS = [
  LazyDuplicateDialog,
  LazyReceiptDialog,
  LazySessionScreen,
  LazyConfirmDialog,
  LazyTestCardsModal,
  LazyOutcomeUnknownQueue,
  LazyApprovalDialog,
] as const;
