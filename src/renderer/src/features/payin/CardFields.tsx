// Card number, expiry and CVV: grouped as typed, brand beside the number, Luhn checked once the length is
// complete. The inputs themselves (and the number kept from copy, cut and drag) are CardInputs.tsx.
import { Group } from '@mantine/core';
import { useT } from '@renderer/i18n/use-t';
import { CardNumberInput, CvvInput, ExpiryInput } from '@renderer/lib/CardInputs';
import { brandOf, cardDigits, cvvLabelOf, cvvLengthOf, liveCardNumberError } from '@renderer/lib/card-input';
import { Controller, type ControllerRenderProps, useFormContext, useWatch } from 'react-hook-form';
import type { PayInFormValues } from './form';

/** A controlled card input's wiring to its form field. */
function bound(field: ControllerRenderProps<PayInFormValues, 'cardNumber' | 'expDate' | 'cvv'>) {
  const { ref, name, value, onBlur, onChange } = field;
  return { ref, name, value, onBlur, onChange };
}

/** `optional`: card details beside a stored card, for a gateway that takes them (A8); none is required. */
export function CardFields({ optional = false }: { optional?: boolean }) {
  const t = useT();
  const { control } = useFormContext<PayInFormValues>();
  const cardNumber = useWatch({ control, name: 'cardNumber' });
  const brand = brandOf(cardNumber);
  const live = liveCardNumberError(cardNumber);
  const cvvName = cvvLabelOf(brand);

  return (
    <Group align="flex-start" gap="sm" wrap="wrap">
      <Controller
        control={control}
        name="cardNumber"
        render={({ field, fieldState }) => (
          <CardNumberInput
            {...bound(field)}
            required={!optional}
            // Room for 19 digits in groups of four (23 characters of the monospace font): the agent reads the
            // whole number back to the customer. The brand goes below, not inside the field.
            style={{ flex: '1 1 17rem', minWidth: '16rem' }}
            error={fieldState.error?.message ?? live}
            description={
              !live && brand && !fieldState.error
                ? cardDigits(field.value).length >= 12
                  ? t('payin.card.brandCvv', {
                      brand: brand.name,
                      digits: brand.cvvLength,
                      code: brand.cvvName,
                    })
                  : brand.name
                : undefined
            }
            data-testid="card-number"
          />
        )}
      />
      <Controller
        control={control}
        name="expDate"
        render={({ field, fieldState }) => (
          // Room for the label on one line in German and Portuguese ("Ablaufdatum (MM/JJ)"), so the three
          // inputs stay in a row.
          <ExpiryInput {...bound(field)} required={!optional} w="12rem" error={fieldState.error?.message} />
        )}
      />
      <Controller
        control={control}
        name="cvv"
        render={({ field, fieldState }) => (
          <CvvInput
            {...bound(field)}
            digits={cvvLengthOf(brand)}
            label={cvvName}
            description={brand ? t('payin.card.digits', { digits: brand.cvvLength }) : undefined}
            required={!optional}
            w="7rem"
            error={fieldState.error?.message}
          />
        )}
      />
    </Group>
  );
}
