// Country search in the agent's words (issue 33, item 6): by the name in the desk's language, by the English
// name, and by the short forms people say, with the CLDR data the platform ships (Intl.DisplayNames).
import { countryOptions } from '@renderer/lib/countries';
import { rankByLabel } from '@renderer/lib/search-rank';
import { describe, expect, it } from 'vitest';

const termsOf = (option: { label: string; keywords: readonly string[] }) => [
  option.label,
  ...option.keywords,
];
const first = (locale: string, typed: string) =>
  rankByLabel(countryOptions(locale), typed, termsOf)[0]?.value;

describe('countries found as agents name them', () => {
  it.each([
    ['de', 'Deutschland', 'DE'],
    ['de', 'Österreich', 'AT'],
    ['de', 'osterreich', 'AT'],
    ['de', 'Germany', 'DE'],
    ['de', 'USA', 'US'],
    ['es', 'Alemania', 'DE'],
    ['es', 'EE. UU.', 'US'],
    ['es', 'Germany', 'DE'],
    ['pt-BR', 'Alemanha', 'DE'],
    ['pt-BR', 'EUA', 'US'],
    ['en', 'USA', 'US'],
    ['en', 'UK', 'GB'],
    ['en', 'uae', 'AE'],
    ['en', 'Great Britain', 'GB'],
    ['en', 'Ivory Coast', 'CI'],
    ['es', 'UK', 'GB'],
    ['de', 'DE', 'DE'],
  ])('in %s, "%s" puts %s first', (locale, typed, code) => {
    expect(first(locale, typed)).toBe(code);
  });

  it('labels each country in the desk’s language, with its code, sorted as that language sorts', () => {
    const german = countryOptions('de');
    expect(german.find((option) => option.value === 'DE')?.label).toBe('Deutschland (DE)');
    expect(countryOptions('pt-BR').find((option) => option.value === 'AT')?.label).toBe('Áustria (AT)');
    const labels = german.map((option) => option.label);
    expect(labels.indexOf('Österreich (AT)')).toBeLessThan(labels.indexOf('Pakistan (PK)'));
    expect(labels.indexOf('Österreich (AT)')).toBeGreaterThan(labels.indexOf('Oman (OM)'));
  });

  it('"UK" offers the United Kingdom before Ukraine, and the codes are the same in every language', () => {
    const uk = rankByLabel(countryOptions('en'), 'UK', termsOf).map((option) => option.value);
    expect(uk.indexOf('GB')).toBeLessThan(uk.indexOf('UA'));
    const codes = (locale: string) =>
      countryOptions(locale)
        .map((option) => option.value)
        .sort();
    expect(codes('de')).toEqual(codes('en'));
    expect(codes('es')).toEqual(codes('en'));
  });

  it('counts another name only typed whole or from its start: "kingdom" is the United Kingdom alone', () => {
    const kingdom = rankByLabel(countryOptions('en'), 'kingdom', termsOf).map((option) => option.value);
    expect(kingdom).toEqual(['GB']);
    expect(first('en', 'Great')).toBe('GB');
  });

  it('keeps no keyword that repeats the label or the code', () => {
    for (const option of countryOptions('de')) {
      expect(option.keywords).not.toContain(option.value);
      expect(option.keywords.map((keyword) => `${keyword} (${option.value})`)).not.toContain(option.label);
    }
  });
});
