// The patterns the OpenAPI document states must say exactly what the checks in words decide: the amount
// (normalizeAmount, A7) and a v1 merchantId in digits (A3). fast-check compares them over many texts,
// and the boundaries are named.

import { amount, httpUrl, merchantIdDigits, positiveUpTo } from '@shared/gateway/fields';
import { AMOUNT_MAX_LENGTH, AMOUNT_PATTERN, normalizeAmount } from '@shared/money/amount';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

const amountText = fc.string({
  unit: fc.constantFrom('0', '0', '0', '1', '4', '5', '9', '.', '.', '-', 'e', ' ', '\u00a0', '\n', '+', ','),
  maxLength: AMOUNT_MAX_LENGTH + 4,
});

describe('AMOUNT_PATTERN', () => {
  it.each([
    ['12.50', true],
    ['0.005', true],
    ['0.0049', false],
    ['0.00', false],
    ['0', false],
    ['007.5', true],
    ['00.05', true],
    ['000.007', true],
    ['0.0051', true],
    // A zero then a non-zero second place, then more digits: once killed only by the unseeded property below.
    ['0.015', true],
    ['0.0123', true],
    [' 1.00 ', true],
    ['1.', false],
    ['.5', false],
    ['1e3', false],
    ['-1.00', false],
    ['1,00', false],
  ])('%j → %s, as normalizeAmount', (text, accepted) => {
    expect(AMOUNT_PATTERN.test(text)).toBe(accepted);
    expect(normalizeAmount(text).ok).toBe(accepted);
  });

  it('accepts exactly what normalizeAmount accepts', () => {
    fc.assert(
      fc.property(amountText, (text) => {
        expect(AMOUNT_PATTERN.test(text)).toBe(normalizeAmount(text).ok);
      }),
      { numRuns: 5_000 },
    );
  });

  it('the amount field gives one message, the words of normalizeAmount', () => {
    const result = amount.safeParse('0.004');
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'The amount is zero once rounded to 2 decimal places.',
    ]);
  });
});

describe('positiveUpTo (merchantId in digits, A3)', () => {
  const pattern = positiveUpTo(String(Number.MAX_SAFE_INTEGER));

  it.each([
    ['1', true],
    ['9007199254740991', true],
    ['9007199254740992', false],
    ['8999999999999999', true],
    ['9007199254740990', true],
    ['9007199254740999', false],
    ['10000000000000000', false],
    ['0', false],
    ['01', false],
  ])('%s → %s', (digits, accepted) => {
    expect(pattern.test(digits)).toBe(accepted);
  });

  it('is the safe-integer range for any text of digits', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[1-9]\d{0,17}$/), (digits) => {
        expect(pattern.test(digits)).toBe(Number.isSafeInteger(Number(digits)));
      }),
      { numRuns: 5_000 },
    );
    fc.assert(
      fc.property(fc.bigInt({ min: 9_007_199_254_740_000n, max: 9_007_199_254_742_000n }), (value) => {
        expect(pattern.test(value.toString())).toBe(value <= BigInt(Number.MAX_SAFE_INTEGER));
      }),
    );
  });

  it('gives one message for a number too large, another for text that is no number', () => {
    expect(
      merchantIdDigits.safeParse('9007199254740992').error?.issues.map((issue) => issue.message),
    ).toEqual(['At most 9007199254740991.']);
    expect(merchantIdDigits.safeParse('12a').error?.issues.map((issue) => issue.message)).toEqual([
      'A positive whole number in digits.',
    ]);
  });
});

describe('httpUrl', () => {
  const url = httpUrl(256);
  const stated = new RegExp(String((z.toJSONSchema(url) as { pattern?: string }).pattern));

  it('states its scheme rule as a pattern that agrees with the URL check', () => {
    for (const text of ['https://example.com/a', 'HTTP://EXAMPLE.COM', ' https://example.com ']) {
      expect(url.safeParse(text).success).toBe(true);
      expect(stated.test(text)).toBe(true);
    }
    for (const text of [
      'ftp://example.com',
      'https:example.com',
      'mailto:a@b.c',
      'https://',
      'example.com',
    ]) {
      expect(url.safeParse(text).error?.issues.map((issue) => issue.message)).toEqual([
        'A web address starting with http:// or https://.',
      ]);
      expect(stated.test(text)).toBe(false);
    }
  });

  it('trims white space around the address', () => {
    expect(url.safeParse(' https://example.com ').data).toBe('https://example.com');
  });
});
