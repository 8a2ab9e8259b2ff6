// "Receipt…" beside a settled pay-in. The dialog's code (and Mantine's Modal) loads on the first click, if
// the idle preload has not brought it in already (shell/lazy-parts.tsx).
import { Button } from '@mantine/core';
import { useT } from '@renderer/i18n/use-t';
import { LazyWhen } from '@renderer/lib/lazy-code';
import { useCan } from '@renderer/lib/session-store';
import { useState } from 'react';
import { LazyReceiptDialog } from './lazy-receipt-dialog';

/** "Receipt…": opens the receipt of one settled pay-in. */
export function ReceiptButton({ historyId, size = 'xs' }: { historyId: number; size?: 'xs' | 'sm' }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  // Offered to the roles that issue receipts (main refuses the others anyway).
  if (!useCan('receipt.issue')) return null;
  return (
    <>
      <Button variant="default" size={size} onClick={() => setOpen(true)}>
        {t('receipt.button')}
      </Button>
      <LazyWhen when={open}>
        <LazyReceiptDialog historyId={open ? historyId : undefined} onClose={() => setOpen(false)} />
      </LazyWhen>
    </>
  );
}
