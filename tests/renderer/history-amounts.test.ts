// History's amounts in the desk's language (issue 33, item 5): the hook History's list, drawer and totals
// draw amounts with, rendered under the renderer's Lingui provider as the page renders it. The stored decimal
// text is formatted as it is (never through a float): the locale's separators, the currency's decimals.
import { I18nProvider } from '@lingui/react';
import { useAmountText } from '@renderer/features/history/amount-text';
import { i18n } from '@renderer/i18n/i18n';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, describe, expect, it } from 'vitest';
import { speak } from './support/desk-language';

function Amount({ amount, currency }: { amount: string; currency: string }) {
  return useAmountText()(amount, currency);
}

/** What History shows for a stored amount on a desk speaking `language` (no-break spaces as spaces). */
function shown(language: 'en' | 'de' | 'pt-BR' | 'es', amount: string, currency: string): string {
  speak(language);
  const html = renderToStaticMarkup(
    createElement(I18nProvider, { i18n }, createElement(Amount, { amount, currency })),
  );
  return html.replace(/[\u00a0\u202f]/g, ' ').replace(/&amp;/g, '&');
}

afterAll(() => speak('en'));

describe('History’s amounts', () => {
  it.each([
    ['en', '1234.56', 'EUR', '€1,234.56'],
    ['de', '1234.56', 'EUR', '1.234,56 €'],
    ['pt-BR', '1234.56', 'EUR', '€ 1.234,56'],
    ['pt-BR', '1234.56', 'BRL', 'R$ 1.234,56'],
    ['es', '1234.56', 'EUR', '1234,56 €'],
  ] as const)('%s: %s %s reads %s', (language, amount, currency, text) => {
    expect(shown(language, amount, currency)).toBe(text);
  });

  it('JPY has no decimals: the stored 1234.00 reads ¥1,234', () => {
    expect(shown('en', '1234.00', 'JPY')).toBe('¥1,234');
    expect(shown('de', '1234.00', 'JPY')).toBe('1.234 ¥');
  });

  it('a JPY amount that does hold a fraction shows it, never rounded away', () => {
    expect(shown('en', '1234.50', 'JPY')).toBe('¥1,234.5');
  });

  it('a 15-digit amount shows every digit and cent (a float would not)', () => {
    expect(shown('en', '123456789012345.67', 'EUR')).toBe('€123,456,789,012,345.67');
    expect(shown('de', '999999999999999.99', 'EUR')).toBe('999.999.999.999.999,99 €');
  });

  it('follows a change of language with no other change', () => {
    expect(shown('de', '0.05', 'EUR')).toBe('0,05 €');
    expect(shown('en', '0.05', 'EUR')).toBe('€0.05');
  });
});
