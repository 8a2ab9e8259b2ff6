// Amounts and dates as the agent reads them (issue 33, item 5), in one place: the active language's
// separators, the currency's own decimals (CLDR, through Intl: 2 for EUR, 0 for JPY, 3 for KWD), and the
// desk's time zone. Amounts stay decimal strings to the end: Intl.NumberFormat formats the string itself
// (ECMA-402's decimal strings), never a float made of it. Display only: what goes to main and the gateway is
// the interface's decimal text (src/shared/money), whatever the language.

const currencyFormats = new Map<string, Intl.NumberFormat>();

/** One formatter per language and currency: making one costs more than formatting with it (bench:amount-entry). */
function currencyFormat(locale: string, currency: string): Intl.NumberFormat {
  const key = `${locale} ${currency}`;
  let format = currencyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    currencyFormats.set(key, format);
  }
  return format;
}

/** `1.234,56 €` in de, `€1,234.56` in en; `amount` is the interface's decimal text (e.g. "1234.56"). */
export function formatAmount(amount: string, currency: string, locale: string): string {
  try {
    // ES2023 takes a decimal string as it is; TypeScript's lib types it as a template literal.
    return currencyFormat(locale, currency).format(amount as `${number}`);
  } catch {
    // A code Intl refuses (not three letters: a gateway's own "USDT"): the amount as sent, and the code.
    return `${amount} ${currency}`;
  }
}

/** A moment in the desk's time zone (the system's unless given), in the locale's words and order. */
export function formatDateTime(epochMs: number, locale: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    ...(timeZone && { timeZone }),
  }).format(epochMs);
}
