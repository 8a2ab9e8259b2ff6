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

// Moments (issue 33, items 5 and 6): a date, a time, or both, on the desk's clock. The day is written as the
// date field writes and reads it (day-text.ts's numeric form: 29.03.2026 in de, 03/29/2026 in en), so what
// History lists is what its filter takes; the time in the language's own clock (03:30 in de and pt-BR, 3:30 in
// es, 3:30 AM in en). The desk's time zone is the system's (Intl's default) unless one is named.

/** How a moment is shown: seconds where the second matters to a reviewer (History, audit, attempts). */
interface MomentOptions {
  seconds?: boolean;
  /** An IANA zone; the desk's (the system's) when absent. */
  timeZone?: string;
}

type MomentForm = 'dateTime' | 'time' | 'date';

const momentFormats = new Map<string, Intl.DateTimeFormat>();
const hourWidths = new Map<string, 'numeric' | '2-digit'>();

/** Whether the language's own clock writes 3 a.m. as "03" (de, pt-BR) or "3" (en, es): CLDR's, via timeStyle. */
function hourWidth(locale: string): 'numeric' | '2-digit' {
  let width = hourWidths.get(locale);
  if (!width) {
    const parts = new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone: 'UTC' }).formatToParts(
      Date.UTC(2000, 0, 1, 3),
    );
    width = parts.find((part) => part.type === 'hour')?.value.length === 2 ? '2-digit' : 'numeric';
    hourWidths.set(locale, width);
  }
  return width;
}

/** One formatter per language, form, seconds and zone: History formats every row it draws. */
function momentFormat(locale: string, form: MomentForm, options: MomentOptions): Intl.DateTimeFormat {
  const seconds = form !== 'date' && options.seconds === true;
  const key = `${locale} ${form} ${seconds ? 's' : ''} ${options.timeZone ?? ''}`;
  let format = momentFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      numberingSystem: 'latn',
      ...(form !== 'time' && { day: '2-digit', month: '2-digit', year: 'numeric' }),
      ...(form !== 'date' && { hour: hourWidth(locale), minute: '2-digit' }),
      ...(seconds && { second: '2-digit' }),
      ...(options.timeZone && { timeZone: options.timeZone }),
    });
    momentFormats.set(key, format);
  }
  return format;
}

/** "29.03.2026, 03:30" in de, "03/29/2026, 3:30 AM" in en: a moment on the desk's clock. */
export function formatDateTime(epochMs: number, locale: string, options: MomentOptions = {}): string {
  return momentFormat(locale, 'dateTime', options).format(epochMs);
}

/** "03:30" in de, "3:30 AM" in en: the time of day alone (a lockout's end later today). */
export function formatTime(epochMs: number, locale: string, options: MomentOptions = {}): string {
  return momentFormat(locale, 'time', options).format(epochMs);
}

/** "29.03.2026" in de: the day a moment falls on in the desk's zone. A calendar day ("2026-03-29") is formatDay's. */
export function formatDate(
  epochMs: number,
  locale: string,
  options: Pick<MomentOptions, 'timeZone'> = {},
): string {
  return momentFormat(locale, 'date', options).format(epochMs);
}

/** The time alone when `epochMs` falls on `now`'s day in the desk's zone, else the date and time. */
export function formatTimeOrDateTime(
  epochMs: number,
  now: number,
  locale: string,
  options: MomentOptions = {},
): string {
  const sameDay = formatDate(epochMs, locale, options) === formatDate(now, locale, options);
  return sameDay ? formatTime(epochMs, locale, options) : formatDateTime(epochMs, locale, options);
}

/** The desk's time zone: the system's, as the renderer sends it to main for a receipt or a spreadsheet. */
export function deskTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
