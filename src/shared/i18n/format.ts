// Amounts and dates as the agent reads them (issue 33, item 5), in one place: the active language's
// separators, the currency's own decimals (CLDR, through Intl: 2 for EUR, 0 for JPY, 3 for KWD), and the
// desk's time zone. Amounts stay decimal strings to the end: Intl.NumberFormat formats the string itself
// (ECMA-402's decimal strings), never a float made of it. Display only: what goes to main and the gateway is
// the interface's decimal text (src/shared/money), whatever the language.

const currencyFormats = new Map<string, Intl.NumberFormat>();

/** One formatter per language, currency and decimals: making one costs more than formatting with it (bench:amount-entry). */
function currencyFormat(locale: string, currency: string, decimals?: number): Intl.NumberFormat {
  const key = `${locale} ${currency} ${decimals ?? ''}`;
  let format = currencyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      ...(decimals !== undefined && { maximumFractionDigits: decimals }),
    });
    currencyFormats.set(key, format);
  }
  return format;
}

/** Decimal places of `amount` that are not trailing zeros ("1234.50" → 1, "1234.00" → 0). */
function usedDecimals(amount: string): number {
  const dot = amount.indexOf('.');
  if (dot < 0) return 0;
  let end = amount.length;
  while (end > dot + 1 && amount.charCodeAt(end - 1) === 48) end--;
  return end - dot - 1;
}

/**
 * `1.234,56 €` in de, `€1,234.56` in en, `¥1,234` for JPY; `amount` is the interface's decimal text (e.g.
 * "1234.56"). The currency's decimals, unless the amount holds more that are not zero (a JPY amount of
 * "1234.50"): those are shown rather than rounded away, since display never changes an amount.
 */
export function formatAmount(amount: string, currency: string, locale: string): string {
  try {
    // ES2023 takes a decimal string as it is; TypeScript's lib types it as a template literal.
    let format = currencyFormat(locale, currency);
    const decimals = usedDecimals(amount);
    if (decimals > (format.resolvedOptions().maximumFractionDigits ?? 2)) {
      format = currencyFormat(locale, currency, Math.min(decimals, 20));
    }
    return format.format(amount as `${number}`);
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
