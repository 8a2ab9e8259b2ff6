// The sandbox checks a pay-in's card with the number checks of its published test cards made once
// (src/sandbox/card-checks.ts). Whatever the card, it must answer exactly as the shared checkCard does.

import { checkCard } from '@shared/cards/card';
import { describe, expect, it } from 'vitest';
import { checkCardOf } from '../../src/sandbox/card-checks';
import { TEST_CARDS } from '../../src/sandbox/test-cards';

const now = new Date(Date.UTC(2030, 5, 15));
const NUMBERS = [
  ...TEST_CARDS.map((card) => card.number),
  '4111111111111111', // Visa, not a sandbox test card
  '6011111111111117', // Discover
  '4242424242424241', // Luhn fails
  '424242424242', // too short for Visa
  '9999999999999995', // no brand
];
const EXPIRIES = ['06/30', '05/30', '12/29', '01/31', '13/30', '6/30'];
const CVVS = ['123', '1234', '12', ''];

describe('the sandbox card check', () => {
  it('answers as checkCard for test cards and other numbers, every expiry and CVV', () => {
    let cases = 0;
    for (const cardNumber of NUMBERS) {
      for (const expDate of EXPIRIES) {
        for (const cvv of CVVS) {
          const card = { cardNumber, cvv, expDate };
          expect(checkCardOf(card, now), JSON.stringify(card)).toEqual(checkCard(card, now));
          cases += 1;
        }
      }
    }
    expect(cases).toBe(NUMBERS.length * EXPIRIES.length * CVVS.length);
  });

  it('gives a test card the brand the test-card table names', () => {
    for (const card of TEST_CARDS) {
      const cvv = card.brand === 'American Express' ? '1234' : '123';
      const check = checkCardOf({ cardNumber: card.number, cvv, expDate: '12/31' }, now);
      expect(check.ok && check.brand.name, card.number).toBe(card.brand);
    }
  });

  it('refuses an expired test card on the day after its month ends, whatever it checked before', () => {
    const card = { cardNumber: '4242424242424242', cvv: '123', expDate: '06/30' };
    expect(checkCardOf(card, new Date(Date.UTC(2030, 5, 30, 23, 59))).ok).toBe(true);
    expect(checkCardOf(card, new Date(Date.UTC(2030, 6, 1)))).toEqual({
      ok: false,
      field: 'expDate',
      message: 'The card has expired.',
      reason: 'expired',
    });
  });
});
