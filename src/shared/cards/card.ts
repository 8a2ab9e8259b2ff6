// Card checks for the pay-in form, main and the sandbox. Brand, Luhn and CVV length come from
// card-validator; Paydesk adds only masking, the one form of a card number that may be stored or logged.
import cardValidator from 'card-validator';

export type CardBrand = { type: string; name: string; cvvLength: number; cvvName: string };

export function digitsOnly(cardNumber: string): string {
  return cardNumber.replace(/[\s-]/g, '');
}

/** The brand as soon as the typed prefix tells it, or undefined. */
type ValidatorCard = NonNullable<ReturnType<typeof cardValidator.number>['card']>;
const brandOf = (card: ValidatorCard): CardBrand => ({
  type: card.type,
  name: card.niceType,
  cvvLength: card.code.size,
  cvvName: card.code.name,
});

export function detectBrand(cardNumber: string): CardBrand | undefined {
  const card = cardValidator.number(digitsOnly(cardNumber)).card;
  return card ? brandOf(card) : undefined;
}

export type CardCheck =
  | { ok: true; brand: CardBrand }
  | { ok: false; field: 'cardNumber' | 'cvv' | 'expDate'; message: string };

export function checkCardNumber(cardNumber: string): CardCheck {
  const number = digitsOnly(cardNumber);
  if (!/^\d+$/.test(number))
    return { ok: false, field: 'cardNumber', message: 'The card number has only digits.' };
  const verdict = cardValidator.number(number);
  if (!verdict.card) return { ok: false, field: 'cardNumber', message: 'Unknown card brand.' };
  if (!verdict.isValid) {
    const lengthOk = verdict.card.lengths.includes(number.length);
    return {
      ok: false,
      field: 'cardNumber',
      message: lengthOk
        ? 'The card number is mistyped (its check digit is wrong).'
        : `${verdict.card.niceType} numbers have ${verdict.card.lengths.join(' or ')} digits.`,
    };
  }
  // The brand from the same verdict: card-validator copies its brand table on every call.
  return { ok: true, brand: brandOf(verdict.card) };
}

export function checkCvv(cvv: string, brand: CardBrand): CardCheck {
  if (!cardValidator.cvv(cvv, brand.cvvLength).isValid) {
    return {
      ok: false,
      field: 'cvv',
      message: `${brand.name} cards have a ${brand.cvvLength}-digit ${brand.cvvName}.`,
    };
  }
  return { ok: true, brand };
}

/** MM/YY, not in the past (a card is valid through the end of its expiry month). */
export function checkExpiry(
  expDate: string,
  now: Date = new Date(),
): { ok: true } | { ok: false; message: string } {
  const match = /^(0[1-9]|1[0-2])\/(\d{2})$/.exec(expDate);
  if (!match) return { ok: false, message: 'Expiry as MM/YY, e.g. 09/28.' };
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  const current = now.getUTCFullYear() * 12 + now.getUTCMonth();
  if (year * 12 + (month - 1) < current) return { ok: false, message: 'The card has expired.' };
  return { ok: true };
}

/** All three checks, first failure first: what the form and main run before a pay-in leaves. */
export function checkCard(card: { cardNumber: string; cvv: string; expDate: string }, now?: Date): CardCheck {
  const number = checkCardNumber(card.cardNumber);
  if (!number.ok) return number;
  const expiry = checkExpiry(card.expDate, now);
  if (!expiry.ok) return { ok: false, field: 'expDate', message: expiry.message };
  return checkCvv(card.cvv, number.brand);
}

/** First 6 and last 4 digits, the rest as '*': the only stored or logged form of a card number. */
export function maskCardNumber(cardNumber: string): string {
  const number = digitsOnly(cardNumber);
  if (number.length < 13) return '*'.repeat(number.length);
  return `${number.slice(0, 6)}${'*'.repeat(number.length - 10)}${number.slice(-4)}`;
}
