// Amounts for display (src/shared/i18n/format.ts): the locale's separators, the currency's decimals, and no
// amount ever read through a float. Moments are moment-format.test.ts's.

import { formatAmount } from '@shared/i18n/format';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

/** Intl puts no-break spaces where a person sees a space. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatAmount', () => {
  it.each([
    ['de', '1234.56', 'EUR', '1.234,56 €'],
    ['en', '1234.56', 'EUR', '€1,234.56'],
    ['es', '1234567.89', 'EUR', '1.234.567,89 €'],
    ['pt-BR', '1234.56', 'BRL', 'R$ 1.234,56'],
    ['en', '1234.00', 'JPY', '¥1,234'],
    ['de', '0.05', 'EUR', '0,05 €'],
  ])('%s: %s %s → %s', (locale, amount, currency, shown) => {
    expect(plain(formatAmount(amount, currency, locale))).toBe(shown);
  });

  it('shows every cent of an amount beyond a float’s precision', () => {
    // 2^53 + 1 and its cents: as a number it would print …992.
    expect(plain(formatAmount('9007199254740993.01', 'EUR', 'en'))).toBe('€9,007,199,254,740,993.01');
  });

  it('shows the same digits in every language: only the separators and the symbol differ', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 15n }),
        fc.constantFrom('en', 'es', 'pt-BR', 'de'),
        (cents, locale) => {
          const amount = `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
          const digits = formatAmount(amount, 'EUR', locale).replace(/\D/g, '');
          expect(digits).toBe(amount.replace(/\D/g, '').replace(/^0+(?=\d{3})/, ''));
        },
      ),
    );
  });
});
