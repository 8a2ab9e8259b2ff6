// The pay-in page's own keys, wherever the focus is on the page (it may be on the result panel): Escape
// clears the card details, then the whole form; Alt+N starts the next payment with the cursor in its first
// field (issue 35, item 10: after a result the agent reached Customer id in 14 Tabs). Neither acts behind a
// dialog, nor on a page not shown (pages stay mounted when hidden).
import { useHotkeys, useWindowEvent } from '@mantine/hooks';
import { aModalDialogIsOpen } from '@renderer/lib/modal-dialog';

/** The key that starts the next payment, as aria-keyshortcuts and the buttons' hints write it. */
export const NEW_PAYMENT_KEY = 'Alt+N';

export function usePayInFormKeys({
  active,
  cardTyped,
  clearCard,
  clearForm,
  newPayment,
}: {
  active: boolean;
  cardTyped: () => boolean;
  clearCard: () => void;
  clearForm: () => void;
  newPayment: () => void;
}) {
  useWindowEvent('keydown', (event) => {
    if (!active || event.key !== 'Escape' || event.defaultPrevented) return;
    const target = event.target instanceof Element ? event.target : undefined;
    if (target?.getAttribute('aria-expanded') === 'true') return; // an open dropdown closes first
    if (target?.closest('[role="dialog"], [data-bank-page]')) return;
    if (document.querySelector('[role="dialog"]')) return;
    event.preventDefault();
    if (cardTyped()) clearCard();
    else clearForm();
  });

  useHotkeys(
    [
      [
        NEW_PAYMENT_KEY,
        () => {
          if (active && !aModalDialogIsOpen()) newPayment();
        },
        // Physical keys: on a Mac, Option+N types a dead key, not "n".
        { preventDefault: true, usePhysicalKeys: true },
      ],
    ],
    // In the form's fields too: that is where the agent is.
    [],
  );
}
