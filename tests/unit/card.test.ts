// Card checks run by the form, main and the sandbox, and the one stored form of a card number (masked).

import {
  checkCard,
  checkCardNumber,
  checkCvv,
  checkExpiry,
  detectBrand,
  maskCardNumber,
} from '@shared/cards/card';
import { describe, expect, it } from 'vitest';

// Public test numbers of the card networks; each passes the Luhn check.
const VISA = '4111111111111111';
const VISA_19 = '4111111111111111110';
const MASTERCARD = '5555555555554444';
const MASTERCARD_2_SERIES = '2223003122003222';
const AMEX = '378282246310005';
const DISCOVER = '6011111111111117';
const JCB = '3530111333300000';
const DINERS = '30569309025904';
const UNIONPAY = '6200000000000005';
const MAESTRO = '6759649826438453';

describe('detectBrand', () => {
  it.each([
    [VISA, 'visa', 'Visa'],
    [VISA_19, 'visa', 'Visa'],
    [MASTERCARD, 'mastercard', 'Mastercard'],
    [MASTERCARD_2_SERIES, 'mastercard', 'Mastercard'],
    [AMEX, 'american-express', 'American Express'],
    [DISCOVER, 'discover', 'Discover'],
    [JCB, 'jcb', 'JCB'],
    [DINERS, 'diners-club', 'Diners Club'],
    [UNIONPAY, 'unionpay', 'UnionPay'],
    [MAESTRO, 'maestro', 'Maestro'],
  ])('%s is %s', (number, type, name) => {
    expect(detectBrand(number)).toMatchObject({ type, name });
  });

  it.each([
    ['41', 'visa'],
    ['55', 'mastercard'],
    ['2221', 'mastercard'],
    ['34', 'american-express'],
    ['37', 'american-express'],
    ['6011', 'discover'],
  ])('tells the brand from the typed prefix %s', (prefix, type) => {
    expect(detectBrand(prefix)?.type).toBe(type);
  });

  it('reads numbers typed with spaces or dashes', () => {
    expect(detectBrand('4111 1111 1111 1111')?.type).toBe('visa');
    expect(detectBrand('3782-822463-10005')?.type).toBe('american-express');
  });

  it('knows the CVV length and name per brand', () => {
    expect(detectBrand(AMEX)).toMatchObject({ cvvLength: 4, cvvName: 'CID' });
    expect(detectBrand(VISA)).toMatchObject({ cvvLength: 3, cvvName: 'CVV' });
    expect(detectBrand(MASTERCARD)).toMatchObject({ cvvLength: 3, cvvName: 'CVC' });
  });

  it('is undefined when nothing is typed or the prefix matches no brand', () => {
    expect(detectBrand('')).toBeUndefined();
    expect(detectBrand('1234')).toBeUndefined();
  });
});

describe('checkCardNumber', () => {
  it.each([VISA, VISA_19, MASTERCARD, MASTERCARD_2_SERIES, AMEX, DISCOVER, JCB, DINERS, UNIONPAY, MAESTRO])(
    '%s passes',
    (number) => {
      expect(checkCardNumber(number)).toMatchObject({ ok: true });
    },
  );

  it('passes a number typed in groups', () => {
    expect(checkCardNumber('4111 1111 1111 1111')).toMatchObject({ ok: true, brand: { type: 'visa' } });
    expect(checkCardNumber('3782 822463 10005')).toMatchObject({
      ok: true,
      brand: { type: 'american-express' },
    });
  });

  it.each([
    '4111111111111112',
    '4111111111111121',
    '5555555555554445',
    '378282246310006',
    '6011111111111111',
    '4012888888881882',
  ])('a wrong check digit in %s is refused as mistyped', (number) => {
    expect(checkCardNumber(number)).toEqual({
      ok: false,
      field: 'cardNumber',
      message: 'The card number is mistyped (its check digit is wrong).',
      reason: 'checkDigit',
    });
  });

  // A number of the wrong length says the lengths of its brand; letters and an unknown brand are refused.
  // Each with its reason, which the form words in the agent's language (shared/payin-problems.ts).
  it.each([
    [
      '411111111111',
      'Visa numbers have 16 or 18 or 19 digits.',
      { reason: 'length', brand: 'Visa', lengths: [16, 18, 19] },
    ],
    [
      '3782822463100',
      'American Express numbers have 15 digits.',
      { reason: 'length', brand: 'American Express', lengths: [15] },
    ],
    ['4111-1111-1111-111a', 'The card number has only digits.', { reason: 'notDigits' }],
    ['1234567812345670', 'Unknown card brand.', { reason: 'unknownBrand' }],
  ])('%s is refused: %s', (number, message, problem) => {
    expect(checkCardNumber(number)).toEqual({ ok: false, field: 'cardNumber', message, ...problem });
  });
});

describe('checkCvv', () => {
  const visa = detectBrand(VISA)!;
  const amex = detectBrand(AMEX)!;

  it('takes 3 digits for Visa and 4 for American Express', () => {
    expect(checkCvv('123', visa)).toEqual({ ok: true, brand: visa });
    expect(checkCvv('1234', amex)).toEqual({ ok: true, brand: amex });
  });

  it.each(['1234', '12', '12a', ''])('refuses %j for Visa, naming the length', (cvv) => {
    expect(checkCvv(cvv, visa)).toEqual({
      ok: false,
      field: 'cvv',
      message: 'Visa cards have a 3-digit CVV.',
      reason: 'cvvLength',
      brand: 'Visa',
      digits: 3,
      code: 'CVV',
    });
  });

  it.each(['123', '12345', 'abcd'])('refuses %j for American Express, naming the length', (cvv) => {
    expect(checkCvv(cvv, amex)).toEqual({
      ok: false,
      field: 'cvv',
      message: 'American Express cards have a 4-digit CID.',
      reason: 'cvvLength',
      brand: 'American Express',
      digits: 4,
      code: 'CID',
    });
  });
});

describe('checkExpiry', () => {
  const may2026 = new Date(Date.UTC(2026, 4, 15, 12));

  it('accepts the current month and later', () => {
    expect(checkExpiry('05/26', may2026)).toEqual({ ok: true });
    expect(checkExpiry('06/26', may2026)).toEqual({ ok: true });
    expect(checkExpiry('01/27', may2026)).toEqual({ ok: true });
    expect(checkExpiry('12/99', may2026)).toEqual({ ok: true });
  });

  it('refuses a month in the past', () => {
    for (const expDate of ['04/26', '12/25', '05/25', '01/00']) {
      expect(checkExpiry(expDate, may2026)).toEqual({
        ok: false,
        message: 'The card has expired.',
        reason: 'expired',
      });
    }
  });

  it('a card is valid through the last moment of its expiry month (UTC)', () => {
    expect(checkExpiry('05/26', new Date(Date.UTC(2026, 4, 31, 23, 59, 59)))).toEqual({ ok: true });
    expect(checkExpiry('05/26', new Date(Date.UTC(2026, 5, 1, 0, 0, 0)))).toEqual({
      ok: false,
      message: 'The card has expired.',
      reason: 'expired',
    });
  });

  it('handles the turn of the year', () => {
    const january2027 = new Date(Date.UTC(2027, 0, 1));
    expect(checkExpiry('12/26', january2027)).toEqual({
      ok: false,
      message: 'The card has expired.',
      reason: 'expired',
    });
    expect(checkExpiry('01/27', january2027)).toEqual({ ok: true });
  });

  it.each(['00/27', '13/27', '5/27', '05/2027', '0527', '05-27', ''])('refuses the form %j', (expDate) => {
    expect(checkExpiry(expDate, may2026)).toEqual({
      ok: false,
      message: 'Expiry as MM/YY, e.g. 09/28.',
      reason: 'expiryFormat',
    });
  });
});

describe('checkCard', () => {
  const may2026 = new Date(Date.UTC(2026, 4, 15));

  it('passes a good card and tells its brand', () => {
    expect(checkCard({ cardNumber: AMEX, cvv: '1234', expDate: '05/26' }, may2026)).toMatchObject({
      ok: true,
      brand: { type: 'american-express' },
    });
  });

  it('reports the first failure: number, then expiry, then CVV', () => {
    expect(checkCard({ cardNumber: '4111111111111112', cvv: '1', expDate: '01/20' }, may2026)).toMatchObject({
      ok: false,
      field: 'cardNumber',
    });
    expect(checkCard({ cardNumber: VISA, cvv: '1', expDate: '01/20' }, may2026)).toEqual({
      ok: false,
      field: 'expDate',
      message: 'The card has expired.',
      reason: 'expired',
    });
    expect(checkCard({ cardNumber: AMEX, cvv: '123', expDate: '01/30' }, may2026)).toEqual({
      ok: false,
      field: 'cvv',
      message: 'American Express cards have a 4-digit CID.',
      reason: 'cvvLength',
      brand: 'American Express',
      digits: 4,
      code: 'CID',
    });
  });
});

describe('maskCardNumber', () => {
  it.each([
    [AMEX, '378282*****0005'],
    [VISA, '411111******1111'],
    [VISA_19, '411111*********1110'],
    ['4111 1111 1111 1111', '411111******1111'],
    ['4111-1111-1111-1111', '411111******1111'],
    ['3782 822463 10005', '378282*****0005'],
  ])('%s -> %s', (number, masked) => {
    expect(maskCardNumber(number)).toBe(masked);
  });

  it('keeps only the first 6 and last 4 digits, and the length', () => {
    const masked = maskCardNumber(VISA_19);
    expect(masked).toHaveLength(19);
    expect(masked.replace(/\*/g, '')).toBe('4111111110');
  });

  it('masks a number too short to be a card entirely', () => {
    expect(maskCardNumber('123456789012')).toBe('************');
    expect(maskCardNumber('4111')).toBe('****');
  });
});
