// The amount as the agent types it in their language, and under it, before Send, what will be charged: in
// the language's figures with the currency, and as the canonical decimal text the gateway receives. An
// amount the language's reading refuses says why while it is typed (the field's error says it after a Send).

import { Trans } from '@lingui/react';
import { Stack, Text } from '@mantine/core';
import { useLocale, useT } from '@renderer/i18n/use-t';
import type { LocaleAmountResult } from '@shared/money/locale-amount';
import { useFormState } from 'react-hook-form';
import { amountRefusalText, chargedFigure } from './amount-entry';
import type { PayInFormValues } from './form';
import { TextField } from './form-fields';

export function AmountField({
  reading,
  currency,
}: {
  reading: LocaleAmountResult | undefined;
  currency: string;
}) {
  const t = useT();
  const locale = useLocale();
  const { errors } = useFormState<PayInFormValues>({ name: 'amount' });
  return (
    <TextField
      name="amount"
      label={t('payin.field.amount')}
      required
      inputMode="decimal"
      autoComplete="off"
      w="14rem"
      description={
        reading?.ok ? (
          <Stack gap={0} component="span">
            <span data-testid="amount-charged">
              <Trans
                id="payin.amount.charged"
                values={{ amount: chargedFigure(reading.value, currency, locale) }}
                components={{ 0: <strong /> }}
              />
            </span>
            <span data-testid="amount-preview">
              <Trans
                id="payin.amountPreview"
                values={{ amount: reading.value, currency }}
                components={{ 0: <span /> }}
              />
            </span>
          </Stack>
        ) : reading && !errors.amount ? (
          <Text span size="sm" fw={600} c="red.9" data-testid="amount-ambiguous">
            {amountRefusalText(reading.refusal, t)}
          </Text>
        ) : undefined
      }
      rightSection={
        <Text size="sm" c="dimmed">
          {currency}
        </Text>
      }
      rightSectionWidth={48}
    />
  );
}
