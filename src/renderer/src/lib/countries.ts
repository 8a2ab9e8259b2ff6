// Country choices for a searchable select: ISO codes from the shared list, names from the platform's
// Intl data (no country-name table shipped in the bundle).
import { COUNTRY_CODES } from '../../../shared/countries';

export interface CountryOption {
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
