// Issue 33, item 5: the amount field reads the agent's own separators and never misreads them. Examples per
// language, then properties: any amount Intl writes in a language reads back as the same amount there, and a
// figure that a separator makes ambiguous is refused, never read as some amount.
import { type CanonicalAmount, normalizeOperatorAmount } from '@shared/money/amount';
import {
  type AmountRefusalReason,
  amountAsTyped,
  amountDecimals,
  amountForSpreadsheet,
  readLocaleAmount,
  separatorsOf,
} from '@shared/money/locale-amount';
import Big from 'big.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../src/shared/languages';

const refusal = (typed: string, locale: string, currency = 'EUR') => {
  const result = readLocaleAmount(typed, locale, currency);
  return result.ok ? `accepted as ${result.value}` : result.refusal.reason;
};

describe('the separators come from Intl, per language', () => {
  it.each([
    ['en', ',', '.'],
    ['es', '.', ','],
    ['pt-BR', '.', ','],
    ['de', '.', ','],
  ])('%s groups with "%s" and writes decimals after "%s"', (locale, group, decimal) => {
    expect(separatorsOf(locale)).toEqual({ group, decimal });
  });

  it('a currency has its own decimal places, at most the wire’s 2', () => {
    expect(amountDecimals('EUR')).toBe(2);
    expect(amountDecimals('JPY')).toBe(0);
    expect(amountDecimals('KWD')).toBe(2);
    // A currency field still being typed: the wire's places.
    expect(amountDecimals('EU')).toBe(2);
  });
});

describe("an amount as a spreadsheet in the language reads a number (the CSV export's spreadsheet form)", () => {
  it.each([
    ['1234.56', 'EUR', 'de', '1234,56'],
    ['1234.56', 'EUR', 'en', '1234.56'],
    ['1234567.50', 'EUR', 'es', '1234567,50'],
    ['1500.00', 'JPY', 'de', '1500'],
    ['92233720368547758.07', 'BRL', 'pt-BR', '92233720368547758,07'],
  ])('%s %s in %s is %s: no grouping, the currency’s places, exact', (amount, currency, locale, cell) => {
    expect(amountForSpreadsheet(amount, currency, locale)).toBe(cell);
  });

  it('drops only zeros: a yen amount with cents keeps them rather than round', () => {
    expect(amountForSpreadsheet('1500.50', 'JPY', 'de')).toBe('1500,5');
  });
});

describe('accepted, as each language writes amounts', () => {
  it.each([
    ['de', '1.234,56', '1234.56'],
    ['de', '1.234', '1234.00'],
    ['de', '1234,5', '1234.50'],
    ['de', '1.234.567,89', '1234567.89'],
    ['de', ',5', '0.50'],
    ['de', '1.234,56 €', '1234.56'],
    ['de', '12 EUR', '12.00'],
    ['en', '1,234.56', '1234.56'],
    ['en', '1,234', '1234.00'],
    ['en', '€1,234.56', '1234.56'],
    ['en', '0.01', '0.01'],
    ['en', ' 49.90 ', '49.90'],
    ['es', '1234,56', '1234.56'],
    ['es', '12.345,6', '12345.60'],
    ['es', '1.234,56 €', '1234.56'],
    ['pt-BR', '1.234,56', '1234.56'],
    ['pt-BR', '€ 1.234,56', '1234.56'],
    ['pt-BR', 'R$ 10,00', '10.00'],
  ])('%s: %j is %s', (locale, typed, canonical) => {
    const currency = typed.startsWith('R$') ? 'BRL' : 'EUR';
    expect(readLocaleAmount(typed, locale, currency)).toEqual({ ok: true, value: canonical });
  });

  it('a currency without decimals takes whole amounts, grouped as the language groups', () => {
    expect(readLocaleAmount('1.234', 'de', 'JPY')).toEqual({ ok: true, value: '1234.00' });
    expect(readLocaleAmount('1,234', 'en', 'JPY')).toEqual({ ok: true, value: '1234.00' });
  });
});

describe('refused, each for its own reason', () => {
  it.each<[string, string, AmountRefusalReason]>([
    ['en', '', 'empty'],
    ['de', '   ', 'empty'],
    ['de', '€', 'empty'],
    ['en', '-5', 'negative'],
    ['de', '−5', 'negative'],
    ['en', '0', 'zero'],
    ['de', '0,00', 'zero'],
    ['en', '12a', 'notAnAmount'],
    ['en', '1e3', 'notAnAmount'],
    ['de', '1 234,56', 'notAnAmount'],
    ['de', ',', 'notAnAmount'],
    ['de', '1,2,3', 'twoDecimalSeparators'],
    ['en', '1.2.3', 'twoDecimalSeparators'],
    // The other country's way of writing: separators in each other's places.
    ['en', '1.234,56', 'groupAfterDecimal'],
    ['de', '1,234.56', 'groupAfterDecimal'],
    ['de', '12.5', 'misplacedGroup'],
    ['de', '1234.56', 'misplacedGroup'],
    ['en', '1,25', 'misplacedGroup'],
    ['en', '12,34,567', 'misplacedGroup'],
    ['de', '.123', 'misplacedGroup'],
    // One thousand two hundred and fifty, or 1.25 with a 0 too many: never silently 1.25.
    ['en', '1.250', 'groupingOrCents'],
    ['de', '1,250', 'groupingOrCents'],
    ['es', '12,340', 'groupingOrCents'],
    ['en', '12.345', 'looksLikeGrouping'],
    ['pt-BR', '123,456', 'looksLikeGrouping'],
    ['en', '1234.567', 'tooManyDecimals'],
    ['de', '0,005', 'tooManyDecimals'],
    ['en', '10.5000', 'tooManyDecimals'],
  ])('%s: %j is refused: %s', (locale, typed, reason) => {
    expect(refusal(typed, locale)).toBe(reason);
  });

  it('names the readings of an ambiguous figure in the language’s own writing', () => {
    expect(readLocaleAmount('1.250', 'en', 'EUR')).toEqual({
      ok: false,
      refusal: { reason: 'groupingOrCents', typed: '1.250', grouped: '1,250', cents: '1.25' },
    });
    expect(readLocaleAmount('1,250', 'de', 'EUR')).toEqual({
      ok: false,
      refusal: { reason: 'groupingOrCents', typed: '1,250', grouped: '1.250', cents: '1,25' },
    });
    expect(readLocaleAmount('12,5', 'en', 'EUR')).toMatchObject({
      refusal: { reason: 'misplacedGroup', group: ',', decimal: '.', example: '12,345.67' },
    });
  });

  it('a currency without decimals refuses any', () => {
    expect(readLocaleAmount('12,5', 'de', 'JPY')).toEqual({
      ok: false,
      refusal: { reason: 'tooManyDecimals', currency: 'JPY', max: 0 },
    });
    expect(refusal('1.250', 'en', 'JPY')).toBe('looksLikeGrouping');
  });

  it('refuses a figure longer than the amount may be', () => {
    expect(refusal('1'.repeat(33), 'en')).toBe('tooLong');
  });
});

const CURRENCIES = ['EUR', 'USD', 'BRL', 'JPY'] as const;

/** An amount with at most the currency's decimal places, as canonical text. */
const amountIn = (currency: string) =>
  fc
    .tuple(fc.bigInt({ min: 0n, max: 999_999_999_999n }), fc.integer({ min: 0, max: 99 }))
    .map(([whole, cents]) => {
      const decimals = amountDecimals(currency);
      const fraction = decimals === 0 ? '' : `.${String(cents).padStart(2, '0')}`;
      return new Big(`${whole}${fraction}`).toFixed(2);
    })
    .filter((amount) => new Big(amount).gt(0));

/** The ways Intl writes an amount in a language: with or without the currency, grouping and trailing zeros. */
const writing = fc.record({
  style: fc.constantFrom('decimal', 'currency'),
  currencyDisplay: fc.constantFrom('symbol', 'narrowSymbol', 'code'),
  useGrouping: fc.boolean(),
  trailingZeros: fc.boolean(),
});

describe('property: what Intl writes in a language reads back as the same amount', () => {
  for (const locale of LANGUAGES) {
    it(`in ${locale}`, () => {
      const cases = fc
        .constantFrom(...CURRENCIES)
        .chain((currency) => fc.tuple(fc.constant(currency), amountIn(currency), writing));
      fc.assert(
        fc.property(cases, ([currency, amount, how]) => {
          const decimals = amountDecimals(currency);
          const written = new Intl.NumberFormat(locale, {
            ...(how.style === 'currency' && {
              style: 'currency',
              currency,
              currencyDisplay: how.currencyDisplay,
            }),
            useGrouping: how.useGrouping,
            minimumFractionDigits: how.trailingZeros ? decimals : 0,
            maximumFractionDigits: decimals,
          }).format(amount as `${number}`);
          expect(readLocaleAmount(written, locale, currency), written).toEqual({ ok: true, value: amount });
        }),
        { seed: 33_5, numRuns: 1_500 },
      );
    });

    it(`in ${locale}, as the form fills it in (amountAsTyped)`, () => {
      fc.assert(
        fc.property(amountIn('EUR'), (amount) => {
          const typed = amountAsTyped(amount as CanonicalAmount, locale);
          expect(readLocaleAmount(typed, locale, 'EUR')).toEqual({ ok: true, value: amount });
        }),
        { seed: 33_6, numRuns: 500 },
      );
    });
  }
});

/** One to three digits, then a separator and three digits: ambiguous between languages. */
const threeAfterOne = fc.tuple(fc.stringMatching(/^[1-9]\d{0,2}$/), fc.stringMatching(/^\d{3}$/));

describe('property: an ambiguous figure is refused, never read as some amount', () => {
  for (const locale of LANGUAGES) {
    const { decimal } = separatorsOf(locale);
    it(`in ${locale}, three digits after the decimal sign are refused`, () => {
      fc.assert(
        fc.property(threeAfterOne, ([whole, three]) => {
          const result = readLocaleAmount(`${whole}${decimal}${three}`, locale, 'EUR');
          expect(result.ok).toBe(false);
          if (!result.ok) expect(['groupingOrCents', 'looksLikeGrouping']).toContain(result.refusal.reason);
        }),
        { seed: 33_7, numRuns: 500 },
      );
    });

    it(`in ${locale}, the thousands sign before anything but three digits is refused`, () => {
      const { group } = separatorsOf(locale);
      const wrongGroup = fc.tuple(
        fc.stringMatching(/^[1-9]\d{0,2}$/),
        fc.stringMatching(/^(\d{1,2}|\d{4,6})$/),
      );
      fc.assert(
        fc.property(wrongGroup, ([lead, rest]) => {
          expect(refusal(`${lead}${group}${rest}`, locale)).toBe('misplacedGroup');
        }),
        { seed: 33_8, numRuns: 500 },
      );
    });

    it(`in ${locale}, anything accepted is accepted by main’s own reading, with the same value`, () => {
      const anyText = fc.stringMatching(/^[\d.,\s€-]{0,14}$/);
      fc.assert(
        fc.property(anyText, (typed) => {
          const result = readLocaleAmount(typed, locale, 'EUR');
          if (result.ok) expect(normalizeOperatorAmount(result.value)).toEqual(result);
        }),
        { seed: 33_9, numRuns: 3_000 },
      );
    });
  }

  it('a figure the two kinds of language read differently is never accepted as two amounts', () => {
    const typedAnyway = fc.stringMatching(/^[1-9]\d{0,2}([.,]\d{1,3}){1,3}$/);
    fc.assert(
      fc.property(typedAnyway, (typed) => {
        const en = readLocaleAmount(typed, 'en', 'EUR');
        const de = readLocaleAmount(typed, 'de', 'EUR');
        // Both may refuse, or one may read it; when both read it, they read the same amount.
        if (en.ok && de.ok) expect(en.value).toBe(de.value);
      }),
      { seed: 33_10, numRuns: 3_000 },
    );
  });
});
