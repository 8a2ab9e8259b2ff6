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

/**
 * Why a card check fails, with what its words need (the renderer's catalogue words it, shared/payin-problems.ts;
 * `message` keeps the English for main and the logs).
 */
export type CardProblem =
  | { reason: 'notDigits' }
  | { reason: 'unknownBrand' }
  | { reason: 'checkDigit' }
  | { reason: 'length'; brand: string; lengths: readonly number[] }
  | { reason: 'cvvLength'; brand: string; digits: number; code: string }
  | { reason: 'expiryFormat' }
  | { reason: 'expired' };

export type CardCheck =
  | { ok: true; brand: CardBrand }
  | ({ ok: false; field: 'cardNumber' | 'cvv' | 'expDate'; message: string } & CardProblem);

export function checkCardNumber(cardNumber: string): CardCheck {
  const number = digitsOnly(cardNumber);
  if (!/^\d+$/.test(number))
    return {
      ok: false,
      field: 'cardNumber',
      message: 'The card number has only digits.',
      reason: 'notDigits',
    };
  const verdict = cardValidator.number(number);
  if (!verdict.card)
    return { ok: false, field: 'cardNumber', message: 'Unknown card brand.', reason: 'unknownBrand' };
  if (!verdict.isValid) {
    const { niceType, lengths } = verdict.card;
    if (lengths.includes(number.length)) {
      const message = 'The card number is mistyped (its check digit is wrong).';
      return { ok: false, field: 'cardNumber', message, reason: 'checkDigit' };
    }
    const message = `${niceType} numbers have ${lengths.join(' or ')} digits.`;
    return { ok: false, field: 'cardNumber', message, reason: 'length', brand: niceType, lengths };
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
      reason: 'cvvLength',
      brand: brand.name,
      digits: brand.cvvLength,
      code: brand.cvvName,
    };
  }
  return { ok: true, brand };
}

/** MM/YY, not in the past (a card is valid through the end of its expiry month). */
export function checkExpiry(
  expDate: string,
  now: Date = new Date(),
): { ok: true } | { ok: false; message: string; reason: 'expiryFormat' | 'expired' } {
  const match = /^(0[1-9]|1[0-2])\/(\d{2})$/.exec(expDate);
  if (!match) return { ok: false, message: 'Expiry as MM/YY, e.g. 09/28.', reason: 'expiryFormat' };
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  const current = now.getUTCFullYear() * 12 + now.getUTCMonth();
  if (year * 12 + (month - 1) < current)
    return { ok: false, message: 'The card has expired.', reason: 'expired' };
  return { ok: true };
}

/** All three checks, first failure first: what the form and main run before a pay-in leaves. */
export function checkCard(card: { cardNumber: string; cvv: string; expDate: string }, now?: Date): CardCheck {
  const number = checkCardNumber(card.cardNumber);
  if (!number.ok) return number;
  const expiry = checkExpiry(card.expDate, now);
  if (!expiry.ok) return { ok: false, field: 'expDate', message: expiry.message, reason: expiry.reason };
  return checkCvv(card.cvv, number.brand);
}

/** First 6 and last 4 digits, the rest as '*': the only stored or logged form of a card number. */
export function maskCardNumber(cardNumber: string): string {
  const number = digitsOnly(cardNumber);
  if (number.length < 13) return '*'.repeat(number.length);
  return `${number.slice(0, 6)}${'*'.repeat(number.length - 10)}${number.slice(-4)}`;
}
