// History's exact minor units (src/main/history/store/amount-minor.ts): the sort key and chart sums of every
// pay-in, and the team duplicate check's amount. Named boundaries: the smallest amount, the last exact
// JavaScript number, the largest SQLite integer, and text that is not canonical.
import { describe, expect, it } from 'vitest';
import { fromMinorUnits, toMinorUnits } from '../../src/main/history/store/amount-minor';

describe('toMinorUnits', () => {
  it.each([
    ['0.01', 1],
    ['0.10', 10],
    ['10.05', 1005],
    ['999999.99', 99_999_999],
    ['00.05', 5],
    ['0.00', 0],
  ])('%s → %d cents', (canonical, minor) => {
    expect(toMinorUnits(canonical)).toBe(minor);
  });

  it('is a number up to 2^53 - 1 cents, a bigint from 2^53 on', () => {
    expect(toMinorUnits('90071992547409.91')).toBe(Number.MAX_SAFE_INTEGER);
    expect(toMinorUnits('90071992547409.92')).toBe(2n ** 53n);
  });

  it('accepts the largest SQLite integer and refuses one cent more', () => {
    expect(toMinorUnits('92233720368547758.07')).toBe(2n ** 63n - 1n);
    expect(() => toMinorUnits('92233720368547758.08')).toThrow('The amount is too large to record.');
  });

  it.each(['10', '10.5', '10.055', '.05', '-1.00', ' 1.00', '1.00 ', 'x1.00', '1.00x', ''])(
    'refuses %j: not a canonical amount',
    (text) => {
      expect(() => toMinorUnits(text)).toThrow(`Not a canonical amount: ${text}`);
    },
  );
});

describe('fromMinorUnits', () => {
  it.each([
    [0, '0.00'],
    [1, '0.01'],
    [10, '0.10'],
    [100, '1.00'],
    [1005, '10.05'],
    [-1, '-0.01'],
    [-1005, '-10.05'],
    [2n ** 63n - 1n, '92233720368547758.07'],
  ])('%s cents → %s', (minor, text) => {
    expect(fromMinorUnits(minor)).toBe(text);
  });

  it('is the inverse of toMinorUnits', () => {
    for (const text of ['0.01', '0.99', '1.00', '12.50', '999999.99', '90071992547409.92']) {
      expect(fromMinorUnits(toMinorUnits(text))).toBe(text);
    }
  });
});
