// The pay-in form tells the store what it describes as the agent types (its customer id, whether a card is
// in it), so that the result panel can say when its pay-in is the previous one (result-relation.ts).

import { cardDigits } from '@renderer/lib/card-input';
import type { PayInSubmit } from '@shared/payin-input';
import { useEffect } from 'react';
import { type Control, useWatch } from 'react-hook-form';
import type { AmountContext } from './amount-entry';
import type { PayInFormValues } from './form';
import { usePayInStore } from './store';

export function usePublishFormDraft(control: Control<PayInFormValues, AmountContext, PayInSubmit>): void {
  const userId = useWatch({ control, name: 'userId' });
  const cardNumber = useWatch({ control, name: 'cardNumber' });
  useEffect(() => {
    usePayInStore.getState().setDraft({ userId: userId.trim(), cardTyped: cardDigits(cardNumber) !== '' });
  }, [userId, cardNumber]);
}
