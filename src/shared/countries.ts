// ISO 3166-1 country codes and their calling codes, from maintained data sets rather than a list typed here.
import countries from 'i18n-iso-countries';
import { type CountryCode, getCountryCallingCode } from 'libphonenumber-js/min';

export const COUNTRY_CODES: readonly string[] = Object.freeze(Object.keys(countries.getAlpha2Codes()).sort());

/** The country's calling code as digits ("49" for DE), or undefined where none is assigned (AQ, BV, …). */
export function callingCodeOf(countryCode: string): string | undefined {
  try {
    return getCountryCallingCode(countryCode as CountryCode);
  } catch {
    return undefined;
  }
}
