// Card number, expiry and CVV: grouped as typed, brand beside the number, Luhn checked once the length is
// complete. The number cannot be copied or cut out of the field (PCI DSS 3.4.2).
import { Group, TextInput } from '@mantine/core';
import type { ClipboardEvent, DragEvent } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { MONO_INPUT } from '../../lib/styles';
import {
  brandOf,
  cardDigits,
  cvvLabelOf,
  cvvLengthOf,
  formatCardNumber,
  formatExpiry,
  liveCardNumberError,
} from './card-input';
import type { PayInFormValues } from './form';

const block = (event: ClipboardEvent | DragEvent) => event.preventDefault();

/** `optional`: card details beside a stored card, for a gateway that takes them (A8); none is required. */
export function CardFields({ optional = false }: { optional?: boolean }) {
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
          <TextInput
            ref={field.ref}
            name={field.name}
            value={field.value}
            onBlur={field.onBlur}
            onChange={(event) => field.onChange(formatCardNumber(event.currentTarget.value))}
            onCopy={block}
            onCut={block}
            onDragStart={block}
            label="Card number"
            required={!optional}
            inputMode="numeric"
            autoComplete="off"
            spellCheck={false}
            styles={MONO_INPUT}
            // Room for 19 digits in groups of four (23 characters of the monospace font): the agent reads the
            // whole number back to the customer. The brand goes below, not inside the field.
            style={{ flex: '1 1 17rem', minWidth: '16rem' }}
            error={fieldState.error?.message ?? live}
            description={
              !live && brand && !fieldState.error
                ? cardDigits(field.value).length >= 12
                  ? `${brand.name}: ${brand.cvvLength}-digit ${brand.cvvName}`
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
          <TextInput
            ref={field.ref}
            name={field.name}
            value={field.value}
            onBlur={field.onBlur}
            onChange={(event) => field.onChange(formatExpiry(event.currentTarget.value, field.value))}
            label="Expiry (MM/YY)"
            required={!optional}
            placeholder="MM/YY"
            inputMode="numeric"
            autoComplete="off"
            maxLength={5}
            styles={MONO_INPUT}
            w="9.5rem"
            error={fieldState.error?.message}
          />
        )}
      />
      <Controller
        control={control}
        name="cvv"
        render={({ field, fieldState }) => (
          <TextInput
            ref={field.ref}
            name={field.name}
            value={field.value}
            onBlur={field.onBlur}
            onChange={(event) =>
              field.onChange(event.currentTarget.value.replace(/\D/g, '').slice(0, cvvLengthOf(brand)))
            }
            label={cvvName}
            description={brand ? `${brand.cvvLength} digits` : undefined}
            required={!optional}
            inputMode="numeric"
            autoComplete="off"
            styles={MONO_INPUT}
            w="7rem"
            error={fieldState.error?.message}
          />
        )}
      />
    </Group>
  );
}
