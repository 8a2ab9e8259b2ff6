// How the card fields behave while typed: grouping by the brand's gaps (Amex 4-6-5), the live Luhn check
// once the number is as long as the brand allows, and the auto-inserted '/' of the expiry.

import { i18n, translate } from '@renderer/i18n/i18n';
import { type CardBrand, checkCardNumber, detectBrand } from '@shared/cards/card';
import { cardProblemWords } from '@shared/payin-problems';
import cardValidator from 'card-validator';

const MAX_DIGITS = 19;

export function cardDigits(text: string): string {
  return text.replace(/\D/g, '').slice(0, MAX_DIGITS);
}

function cardShape(digits: string): { gaps: number[]; lengths: number[] } {
  const card = cardValidator.number(digits).card;
  return card ? { gaps: card.gaps, lengths: card.lengths } : { gaps: [4, 8, 12, 16], lengths: [16] };
}

/** "4242424242424242" → "4242 4242 4242 4242"; "378282246310005" → "3782 822463 10005". */
export function formatCardNumber(text: string): string {
  const digits = cardDigits(text);
  const { gaps, lengths } = cardShape(digits);
  const limit = Math.max(...lengths, 0) || MAX_DIGITS;
  const kept = digits.slice(0, Math.max(limit, 12));
  let out = '';
  for (let i = 0; i < kept.length; i++) {
    if (gaps.includes(i)) out += ' ';
    out += kept[i];
  }
  return out;
}

/**
 * The live verdict on a card number, in the active language: nothing while it is still being typed, an
 * error once its length is one the brand uses and the check digit is wrong (or the brand is unknown).
 */
export function liveCardNumberError(text: string): string | undefined {
  const digits = cardDigits(text);
  if (digits.length < 12) return undefined;
  const brand = detectBrand(digits);
  if (!brand && digits.length < 16) return undefined;
  if (brand && !cardShape(digits).lengths.includes(digits.length)) return undefined;
  const verdict = checkCardNumber(digits);
  if (verdict.ok) return undefined;
  const words = cardProblemWords(verdict, i18n.locale || 'en');
  return translate(words.key, words.values);
}

export function brandOf(text: string): CardBrand | undefined {
  const digits = cardDigits(text);
  return digits ? detectBrand(digits) : undefined;
}

/** Digits in, "MM/YY" out: a leading 2–9 becomes "0n/", the '/' appears after the month. */
export function formatExpiry(text: string, previous: string): string {
  let digits = text.replace(/\D/g, '').slice(0, 4);
  const deleting = text.length < previous.length;
  if (deleting && previous.endsWith('/') && !text.endsWith('/') && digits.length === 2) {
    return digits.slice(0, 1);
  }
  if (digits.length === 1 && Number(digits) > 1) digits = `0${digits}`;
  if (digits.length > 2) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  if (digits.length === 2 && !deleting) return `${digits}/`;
  return digits;
}

export function cvvLabelOf(brand: CardBrand | undefined): string {
  return brand?.cvvName ?? 'CVV';
}

export function cvvLengthOf(brand: CardBrand | undefined): number {
  return brand?.cvvLength ?? 4;
}
