// Counts as staff read them: thousands grouped as the active language groups them (1,234 in en, 1.234 in
// de). Words with a count go through the catalogue's ICU plurals, never assembled here.
import { i18n } from '@renderer/i18n/i18n';

const formats = new Map<string, Intl.NumberFormat>();

export function count(n: number): string {
  const locale = i18n.locale || 'en';
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale);
    formats.set(locale, format);
  }
  return format.format(n);
}
