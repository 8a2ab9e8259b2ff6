// The customer's stored cards (payin.storedCards for the typed userId). Choosing one sends its
// ccStorageID instead of card details, which the form then hides; a card can be taken off Paydesk's list.
import { Button, Group, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type Translate, useLocale, useT } from '@renderer/i18n/use-t';
import type { Confirmation } from '@renderer/lib/ConfirmDialog';
import { LazyWhen } from '@renderer/lib/lazy-code';
import { LazyConfirmDialog } from '@renderer/lib/lazy-confirm-dialog';
import { call, errorMessage } from '@renderer/lib/paydesk';
import { SearchSelect } from '@renderer/lib/SearchSelect';
import { useCan } from '@renderer/lib/session-store';
import { formatDateTime } from '@shared/i18n/format';
import type { StoredCard } from '@shared/ipc';
import { useEffect, useRef, useState } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import type { PayInFormValues } from './form';
import { usePayInStore } from './store';

const NEW_CARD = '';

export function StoredCardPicker({
  profileId,
  onCards,
}: {
  profileId: string | undefined;
  /** How many stored cards the customer has (0 when none, or none could be looked up). */
  onCards?: (count: number) => void;
}) {
  const t = useT();
  const locale = useLocale();
  const { control, setValue, getValues } = useFormContext<PayInFormValues>();
  const userId = useWatch({ control, name: 'userId' });
  const [debounced] = useDebouncedValue(userId.trim(), 400);
  // Emptied (a new payment after an approval), the customer is gone at once, not 400 ms later: brought
  // back within that time ("Same customer again"), they are looked up as a customer new to the form.
  const noCustomer = userId.trim() === '';
  const [cards, setCards] = useState<StoredCard[]>([]);
  const [problem, setProblem] = useState<string | undefined>();
  const [confirmation, setConfirmation] = useState<Confirmation>();
  const ccStorageID = useWatch({ control, name: 'ccStorageID' });
  // Look again after every answer: the pay-in just made may have stored a new card.
  const forgetStoredCard = usePayInStore((state) => state.forgetStoredCard);
  const lastAnswer = usePayInStore((state) =>
    state.phase.kind === 'result' ? `${state.phase.result.historyId}:${state.phase.result.status}` : '',
  );

  // The customer the last look-up was for: a customer just typed or brought back ("Same customer again",
  // "Use their details") with one stored card and no card typed is offered that card chosen; a look-up
  // again after an answer for the same customer changes no choice the agent made.
  const lookedUpFor = useRef<string | undefined>(undefined);

  // biome-ignore lint/correctness/useExhaustiveDependencies: lastAnswer is only the trigger to look again.
  useEffect(() => {
    let current = true;
    setProblem(undefined);
    if (!debounced || !profileId || noCustomer) {
      lookedUpFor.current = undefined;
      setCards([]);
      setValue('ccStorageID', '');
      return;
    }
    const customer = `${profileId}\u0000${debounced}`;
    call('payin.storedCards', { userId: debounced }).then(
      (found) => {
        if (!current) return;
        const newCustomer = lookedUpFor.current !== customer;
        lookedUpFor.current = customer;
        setCards(found);
        const onlyCard = found.length === 1 && !getValues('cardNumber') ? found[0] : undefined;
        if (newCustomer) setValue('ccStorageID', onlyCard?.ccStorageID ?? NEW_CARD);
        else if (!found.some((card) => card.ccStorageID === getValues('ccStorageID'))) {
          setValue('ccStorageID', NEW_CARD);
        }
      },
      (error: unknown) => {
        if (!current) return;
        setCards([]);
        setProblem(errorMessage(error));
      },
    );
    return () => {
      current = false;
    };
  }, [debounced, profileId, noCustomer, setValue, lastAnswer]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the parent's setter is stable
  useEffect(() => onCards?.(problem ? 0 : cards.length), [cards.length, problem]);
  // A supervisor's (main refuses the others anyway).
  const canRemove = useCan('payin.removeCard');

  if (problem) {
    return (
      <Text size="sm" c="orange.8">
        {t('payin.storedCard.lookupFailed', { problem })}
      </Text>
    );
  }
  if (cards.length === 0) return null;
  const chosen = cards.find((card) => card.ccStorageID === ccStorageID);
  const askToRemove = (card: StoredCard) =>
    setConfirmation({
      title: t('payin.storedCard.removeTitle'),
      body: t('payin.storedCard.removeBody', { card: storedCardLabel(t, card), userId: card.userId }),
      confirmLabel: t('payin.storedCard.removeConfirm'),
      danger: true,
      onConfirm: async () => {
        const left = await forgetStoredCard(card.ccStorageID);
        setCards(left);
        setValue('ccStorageID', NEW_CARD);
      },
    });
  return (
    // Delete on the picker removes the chosen card: the button beside it is out of the Tab order, so that
    // "Tab, type the amount, Enter" after choosing a card never lands on it (issue 35, item 11).
    <Stack
      gap={4}
      onKeyDown={(event) => {
        if (event.key !== 'Delete' || !chosen || !canRemove) return;
        event.preventDefault();
        askToRemove(chosen);
      }}
    >
      <Controller
        control={control}
        name="ccStorageID"
        render={({ field, fieldState }) => (
          <SearchSelect
            ref={field.ref}
            label={t('payin.field.ccStorageID')}
            description={t('payin.storedCard.count', { count: cards.length })}
            data={[
              { value: NEW_CARD, label: t('payin.storedCard.newCard') },
              ...cards.map((card) => ({ value: card.ccStorageID, label: storedCardLabel(t, card) })),
            ]}
            value={field.value}
            onChange={field.onChange}
            error={fieldState.error?.message}
            data-testid="stored-card"
          />
        )}
      />
      {chosen && (chosen.storedAt !== undefined || canRemove) && (
        <Group gap="xs">
          {chosen.storedAt !== undefined && (
            <Text size="xs" c="dimmed">
              {t('payin.storedCard.storedAt', { at: formatDateTime(chosen.storedAt, locale) })}
            </Text>
          )}
          {canRemove && (
            <Button
              size="compact-xs"
              variant="subtle"
              color="red.9"
              c="red.9"
              tabIndex={-1}
              aria-keyshortcuts="Delete"
              title={t('payin.storedCard.removeHint', { field: t('payin.field.ccStorageID') })}
              onClick={() => askToRemove(chosen)}
            >
              {t('payin.storedCard.remove')}
            </Button>
          )}
        </Group>
      )}
      <LazyWhen when={confirmation !== undefined}>
        <LazyConfirmDialog confirmation={confirmation} onClose={() => setConfirmation(undefined)} />
      </LazyWhen>
    </Stack>
  );
}

function storedCardLabel(t: Translate, card: StoredCard): string {
  return t('payin.storedCard.option', {
    brand: card.brand,
    maskedPan: card.maskedPan,
    expDate: card.expDate,
  });
}
