// The card's three inputs, controlled (value in, the formatted value out): the number grouped as typed and
// never copied, cut or dragged out of its field (PCI DSS 3.4.2), the expiry as MM/YY, the CVV digits only.
// The pay-in form (CardFields, through react-hook-form) and the ask-again card form (AskAgainPanel) both use them.
import { TextInput, type TextInputProps } from '@mantine/core';
import { useT } from '@renderer/i18n/use-t';
import type { ClipboardEvent, DragEvent, Ref } from 'react';
import { formatCardNumber, formatExpiry } from './card-input';
import { MONO_INPUT } from './styles';

type Controlled = Omit<TextInputProps, 'value' | 'onChange'> & {
  value: string;
  onChange: (value: string) => void;
  ref?: Ref<HTMLInputElement>;
};

const block = (event: ClipboardEvent | DragEvent) => event.preventDefault();

/** What every card input is: digits, never filled in by the browser, in the monospace font. */
const CARD_DIGITS = { inputMode: 'numeric', autoComplete: 'off', styles: MONO_INPUT } as const;

export function CardNumberInput({ value, onChange, ...rest }: Controlled) {
  const t = useT();
  return (
    <TextInput
      label={t('payin.field.cardNumber')}
      {...CARD_DIGITS}
      spellCheck={false}
      {...rest}
      value={value}
      onChange={(event) => onChange(formatCardNumber(event.currentTarget.value))}
      onCopy={block}
      onCut={block}
      onDragStart={block}
    />
  );
}

export function ExpiryInput({ value, onChange, ...rest }: Controlled) {
  const t = useT();
  return (
    <TextInput
      label={t('payin.field.expDate')}
      placeholder={t('payin.expiryPlaceholder')}
      {...CARD_DIGITS}
      maxLength={5}
      {...rest}
      value={value}
      onChange={(event) => onChange(formatExpiry(event.currentTarget.value, value))}
    />
  );
}

/** `digits`: the brand's CVV length (4 when the brand is not known yet). */
export function CvvInput({ value, onChange, digits = 4, ...rest }: Controlled & { digits?: number }) {
  const t = useT();
  return (
    <TextInput
      label={t('payin.field.cvv')}
      {...CARD_DIGITS}
      {...rest}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value.replace(/\D/g, '').slice(0, digits))}
    />
  );
}
