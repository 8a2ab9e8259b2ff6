// The pay-in form's amount in the agent's language (issue 33, item 5): the resolver reads what was typed
// with the language's separators and hands the contract the canonical decimal text, or refuses in the
// agent's words (the catalogue's, with the reading's values in place) and hands on nothing.

import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { amountRefusalText, chargedFigure, figure } from '@renderer/features/payin/amount-entry';
import { payInResolverFor } from '@renderer/features/payin/form-resolver';
import { i18n } from '@renderer/i18n/i18n';
import { DEFAULT_PAYIN_RULES } from '@shared/gateway/payin';
import de from '@shared/i18n/catalogs/de.json';
import en from '@shared/i18n/catalogs/en.json';
import es from '@shared/i18n/catalogs/es.json';
import ptBR from '@shared/i18n/catalogs/pt-BR.json';
import type { CanonicalAmount } from '@shared/money/amount';
import { type AmountRefusalReason, readLocaleAmount, separatorsOf } from '@shared/money/locale-amount';
import { beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../src/shared/languages';
import { filledPayInForm } from './filled-payin-form';

const CATALOGS: Record<(typeof LANGUAGES)[number], Record<string, string>> = { en, es, 'pt-BR': ptBR, de };

beforeAll(() => {
  for (const language of LANGUAGES) {
    const messages = Object.fromEntries(
      Object.entries(CATALOGS[language]).map(([key, message]) => [key, compileMessageOrThrow(message)]),
    );
    i18n.load(language, messages);
  }
});

const filled = (amount: string) => filledPayInForm({ amount });

async function resolve(amount: string, locale: string, currency = 'EUR') {
  i18n.activate(locale);
  return payInResolverFor(DEFAULT_PAYIN_RULES)(
    filled(amount),
    { locale, currency },
    { fields: {}, shouldUseNativeValidation: false },
  );
}

describe('the form’s resolver reads the amount in the agent’s language', () => {
  it.each([
    ['de', '1.234,56', '1234.56'],
    ['de', '1.234', '1234.00'],
    ['es', '12.345,6', '12345.60'],
    ['pt-BR', '1.234,56', '1234.56'],
    ['en', '1,234.56', '1234.56'],
  ])('%s: %j goes to main as %s', async (locale, typed, canonical) => {
    const result = await resolve(typed, locale);
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({ version: 'v2', fields: { amount: canonical } });
  });

  it('refuses "1,250" in German in German words, naming both readings, and hands on nothing', async () => {
    const result = await resolve('1,250', 'de');
    expect(result.values).toEqual({});
    expect(result.errors.amount?.message).toBe(
      '„1,250“ kann 1.250 oder 1,25 heißen: Geben Sie 1.250 oder 1,25 ein.',
    );
  });

  it('refuses "1.250" in English, never as 1.25', async () => {
    const result = await resolve('1.250', 'en');
    expect(result.values).toEqual({});
    expect(result.errors.amount?.message).toBe('"1.250" could be 1,250 or 1.25: type 1,250 or 1.25.');
  });

  it('refuses an empty amount in the agent’s words', async () => {
    expect((await resolve('', 'pt-BR')).errors.amount?.message).toBe('Informe um valor.');
    expect((await resolve('  ', 'es')).errors.amount?.message).toBe('Introduzca un importe.');
  });

  it('words the currency’s decimals with the language’s plural', async () => {
    expect((await resolve('12,5', 'de', 'JPY')).errors.amount?.message).toBe(
      'Beträge in JPY haben keine Nachkommastellen. Es wird nichts für Sie gerundet.',
    );
    expect((await resolve('1.234,567', 'es')).errors.amount?.message).toBe(
      'Los importes en EUR tienen como máximo 2 decimales. No se redondea nada por usted.',
    );
  });
});

describe('every refusal has its words in every language, its values in place', () => {
  const samples: Record<AmountRefusalReason, [string, string]> = {
    empty: ['', 'EUR'],
    tooLong: ['1'.repeat(40), 'EUR'],
    negative: ['-5', 'EUR'],
    zero: ['0', 'EUR'],
    notAnAmount: ['12x', 'EUR'],
    twoDecimalSeparators: ['D1D2D3', 'EUR'],
    groupAfterDecimal: ['1D2G3', 'EUR'],
    misplacedGroup: ['12G5', 'EUR'],
    groupingOrCents: ['1D250', 'EUR'],
    looksLikeGrouping: ['1D234', 'EUR'],
    tooManyDecimals: ['1234D567', 'EUR'],
  };
  for (const locale of LANGUAGES) {
    it(`in ${locale}`, () => {
      i18n.activate(locale);
      const { decimal, group } = separatorsOf(locale);
      for (const [reason, [pattern, currency]] of Object.entries(samples)) {
        const typed = pattern.replaceAll('D', decimal).replaceAll('G', group);
        const result = readLocaleAmount(typed, locale, currency);
        expect(result.ok ? 'accepted' : result.refusal.reason, `${locale} ${typed}`).toBe(reason);
        if (result.ok) continue;
        const text = amountRefusalText(result.refusal);
        expect(text, reason).not.toMatch(/[{}]|amount\.refusal/);
        for (const value of Object.values(result.refusal)) {
          if (typeof value === 'string' && value !== reason) expect(text, reason).toContain(value);
        }
      }
    });
  }
});

describe('the amount shown before Send', () => {
  const amount = '1234.56' as CanonicalAmount;
  it.each([
    ['de', '1.234,56 €', '1.234,56'],
    ['en', '€1,234.56', '1,234.56'],
    ['es', '1234,56 €', '1234,56'],
    ['pt-BR', '€ 1.234,56', '1.234,56'],
  ])('%s: %s, and the figure alone %s', (locale, charged, alone) => {
    expect(chargedFigure(amount, 'EUR', locale).replace(/\s/gu, ' ')).toBe(charged);
    expect(figure(amount, 'EUR', locale)).toBe(alone);
  });

  it('with a currency code still being typed (v1), the figure and the code', () => {
    expect(chargedFigure(amount, 'EU', 'de')).toBe('1.234,56 EU');
  });
});
