// Amount text to money: section 2.1 ("2 decimal places; higher precision is rounded") and assumption A7
// (ties away from zero; empty, exponent, negative, zero-after-rounding and over-32-character texts refused).

import {
  AMOUNT_MAX_LENGTH,
  amountsEqual,
  canonicalAmount,
  normalizeAmount,
  sumAmounts,
} from '@shared/money/amount';
import { describe, expect, it } from 'vitest';

const NOT_A_NUMBER = 'The amount must be a number such as 12.50 (digits and one decimal point).';

describe('normalizeAmount: accepted', () => {
  it.each([
    ['10.005', '10.01'],
    ['10.004', '10.00'],
    ['10', '10.00'],
    ['10.5', '10.50'],
    ['0.005', '0.01'],
    ['0.01', '0.01'],
    ['1.005', '1.01'],
    ['2.675', '2.68'],
    ['0.125', '0.13'],
    ['0.135', '0.14'],
    ['007.10', '7.10'],
    ['10.0049999', '10.00'],
    ['12345678901234567890.125', '12345678901234567890.13'],
    ['12345678901234567890.124', '12345678901234567890.12'],
    ['99999999999999999999.995', '100000000000000000000.00'],
    ['9007199254740993.01', '9007199254740993.01'],
    // Surrounding white space is ignored.
    [' 10.5', '10.50'],
    ['10.5 ', '10.50'],
    ['  10.005  ', '10.01'],
    ['\t10\n', '10.00'],
  ])('%j -> %s', (input, expected) => {
    expect(normalizeAmount(input)).toEqual({ ok: true, value: expected });
  });

  it(`${AMOUNT_MAX_LENGTH} characters pass`, () => {
    const input = `${'1'.repeat(29)}.00`;
    expect(input).toHaveLength(32);
    expect(normalizeAmount(input)).toEqual({ ok: true, value: input });
  });

  it('white space does not count towards the 32 characters', () => {
    const input = `${'1'.repeat(29)}.00`;
    expect(normalizeAmount(` ${input} `)).toEqual({ ok: true, value: input });
  });
});

describe('normalizeAmount: refused, each with its own reason', () => {
  it.each([
    ['', 'Enter an amount.'],
    ['   ', 'Enter an amount.'],
    ['0.001', 'The amount is zero once rounded to 2 decimal places.'],
    ['0.004', 'The amount is zero once rounded to 2 decimal places.'],
    ['0', 'The amount is zero once rounded to 2 decimal places.'],
    ['0.00', 'The amount is zero once rounded to 2 decimal places.'],
    ['1e3', 'Write the amount as plain digits, not in exponent form.'],
    ['1E3', 'Write the amount as plain digits, not in exponent form.'],
    ['1.5e-2', 'Write the amount as plain digits, not in exponent form.'],
    ['-5', 'The amount cannot be negative.'],
    ['-0.01', 'The amount cannot be negative.'],
    ['abc', NOT_A_NUMBER],
    ['1.2.3', NOT_A_NUMBER],
    ['1,50', NOT_A_NUMBER],
    ['1 000', NOT_A_NUMBER],
    ['+5', NOT_A_NUMBER],
    ['.5', NOT_A_NUMBER],
    ['5.', NOT_A_NUMBER],
    ['0x10', NOT_A_NUMBER],
    ['Infinity', NOT_A_NUMBER],
    ['NaN', NOT_A_NUMBER],
    ['€10', NOT_A_NUMBER],
    ['١٠', NOT_A_NUMBER],
  ])('%j: %s', (input, message) => {
    const result = normalizeAmount(input);
    expect(result).toMatchObject({ ok: false, message });
    expect(result).not.toHaveProperty('ambiguous');
  });

  it('33 characters are refused', () => {
    const input = `${'1'.repeat(30)}.00`;
    expect(input).toHaveLength(33);
    expect(normalizeAmount(input)).toEqual({
      ok: false,
      message: 'The amount is longer than 32 characters.',
      reason: 'tooLong',
      values: { max: 32 },
    });
  });
});

describe('canonicalAmount', () => {
  it('returns the canonical text', () => {
    expect(canonicalAmount('10.005')).toBe('10.01');
  });
  it('throws the specific reason', () => {
    expect(() => canonicalAmount('-5')).toThrow('The amount cannot be negative.');
    expect(() => canonicalAmount('1e3')).toThrow('exponent form');
  });
});

describe('amountsEqual', () => {
  it('compares values, not texts', () => {
    expect(amountsEqual('10', '10.00')).toBe(true);
    expect(amountsEqual('10.10', '10.1')).toBe(true);
    expect(amountsEqual('10.01', '10.1')).toBe(false);
    expect(amountsEqual('9007199254740993.00', '9007199254740992.00')).toBe(false);
  });
});

describe('sumAmounts', () => {
  it('adds exactly where binary floating point does not', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(sumAmounts(['0.1', '0.2'])).toBe('0.30');
    expect(sumAmounts(['0.10', '0.20'])).toBe('0.30');
  });
  it('sums many small amounts without drift', () => {
    expect(sumAmounts(Array.from({ length: 1000 }, () => '0.01'))).toBe('10.00');
  });
  it('keeps every digit of large amounts', () => {
    expect(sumAmounts(['12345678901234567890.01', '0.02'])).toBe('12345678901234567890.03');
    expect(sumAmounts(['9007199254740993.00', '1.00'])).toBe('9007199254740994.00');
  });
  it('is 0.00 for no amounts and reads any iterable', () => {
    expect(sumAmounts([])).toBe('0.00');
    expect(sumAmounts(new Set(['1.00', '2.50']))).toBe('3.50');
  });
});
