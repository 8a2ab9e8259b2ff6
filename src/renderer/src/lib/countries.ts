// Country choices for a searchable select, in the desk's language: ISO codes from the data set
// src/shared/countries.ts reads (i18n-iso-countries), names from the platform's CLDR data through
// Intl.DisplayNames (no country-name table per language in the bundle). An agent finds a country by its
// name in the desk's language, by its English name, and by the short forms people say: CLDR's short names
// ("UK", "USA", "EE. UU.") and the English aliases i18n-iso-countries keeps ("UAE", "Great Britain").
// Read here rather than through src/shared/countries.ts, which also brings libphonenumber's calling-code
// data (lib/calling-codes.ts loads that after the pay-in page is up); a test holds the two lists equal.
import { useLocale } from '@renderer/i18n/use-t';
import countries from 'i18n-iso-countries';
import englishNames from 'i18n-iso-countries/langs/en.json';
import { useMemo } from 'react';

export const COUNTRY_CODES: readonly string[] = Object.freeze(Object.keys(countries.getAlpha2Codes()).sort());

interface CountryOption {
  value: string;
  label: string;
  /** Other names the country is found by; not shown. */
  keywords: readonly string[];
}

const ENGLISH = 'en';
const byLocale = new Map<string, CountryOption[]>();

function displayNames(locale: string, style: 'long' | 'short'): Intl.DisplayNames | undefined {
  try {
    return new Intl.DisplayNames([locale], { type: 'region', style, fallback: 'code' });
  } catch {
    return undefined;
  }
}

const aliasesOf = (code: string): readonly string[] => {
  const entry = (englishNames.countries as Record<string, string | string[]>)[code];
  return entry === undefined ? [] : typeof entry === 'string' ? [entry] : entry;
};

/** Every country, labelled and sorted in `locale` (a BCP 47 tag: the desk's language). */
export function countryOptions(locale: string = ENGLISH): CountryOption[] {
  const known = byLocale.get(locale);
  if (known) return known;
  const names = displayNames(locale, 'long');
  const lookups = [
    displayNames(locale, 'short'),
    displayNames(ENGLISH, 'long'),
    displayNames(ENGLISH, 'short'),
  ];
  const options = COUNTRY_CODES.map((code) => {
    const name = names?.of(code) ?? code;
    const others = [...lookups.map((lookup) => lookup?.of(code)), ...aliasesOf(code)];
    const keywords = [...new Set(others)].filter(
      (other): other is string => other !== undefined && other !== name && other !== code,
    );
    return { value: code, label: name === code ? code : `${name} (${code})`, keywords };
  }).sort((a, b) => a.label.localeCompare(b.label, locale));
  byLocale.set(locale, options);
  return options;
}

/** The countries in the desk's language, again when it changes. */
export function useCountryOptions(): CountryOption[] {
  const locale = useLocale();
  return useMemo(() => countryOptions(locale), [locale]);
}
