// The card check's refusal in the catalogue's words, when main checks the card again before a pay-in leaves
// (submit.ts). The check itself is the form's (shared/cards/card.ts): its verdict is named here from the
// field it concerns and what was typed, with the brand's name and lengths as values.

import { type CardCheck, detectBrand, digitsOnly } from '@shared/cards/card';
import type { RefusalWords } from '@shared/ipc';
import cardValidator from 'card-validator';

type CardFailure = Extract<CardCheck, { ok: false }>;
const EXPIRY_SHAPE = /^(0[1-9]|1[0-2])\/(\d{2})$/;

export function cardCheckWords(
  card: { cardNumber: string; cvv: string; expDate: string },
  failure: CardFailure,
): RefusalWords {
  const brand = detectBrand(card.cardNumber);
  if (failure.field === 'expDate') {
    return {
      key: EXPIRY_SHAPE.test(card.expDate) ? 'refusal.payin.card.expired' : 'refusal.payin.card.expiryShape',
    };
  }
  if (failure.field === 'cvv' && brand) {
    return {
      key: 'refusal.payin.card.cvv',
      values: { brand: brand.name, digits: brand.cvvLength, cvvName: brand.cvvName },
    };
  }
  const number = digitsOnly(card.cardNumber);
  if (!/^\d+$/.test(number)) return { key: 'refusal.payin.card.digitsOnly' };
  const known = cardValidator.number(number).card;
  if (!known) return { key: 'refusal.payin.card.unknownBrand' };
  if (known.lengths.includes(number.length)) return { key: 'refusal.payin.card.checkDigit' };
  return {
    key: 'refusal.payin.card.length',
    values: { brand: known.niceType, lengths: known.lengths.join('/') },
  };
}
