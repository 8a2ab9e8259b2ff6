// Country choices for a searchable select: ISO codes from the data set src/shared/countries.ts reads
// (i18n-iso-countries), names from the platform's Intl data (no country-name table shipped in the bundle).
// Read here rather than through src/shared/countries.ts, which also brings libphonenumber's calling-code
// data (lib/calling-codes.ts loads that after the pay-in page is up); a test holds the two lists equal.
import countries from 'i18n-iso-countries';

export const COUNTRY_CODES: readonly string[] = Object.freeze(Object.keys(countries.getAlpha2Codes()).sort());

interface CountryOption {
  value: string;
  label: string;
}

let cached: CountryOption[] | undefined;

export function countryOptions(): CountryOption[] {
  if (cached) return cached;
  let names: Intl.DisplayNames | undefined;
  try {
    names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
  } catch {
    names = undefined;
  }
  cached = COUNTRY_CODES.map((code) => {
    const name = names?.of(code) ?? code;
    return { value: code, label: name === code ? code : `${name} (${code})` };
  }).sort((a, b) => a.label.localeCompare(b.label, 'en'));
  return cached;
}
