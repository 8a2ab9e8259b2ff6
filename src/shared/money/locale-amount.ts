// An amount as an agent types it in their language ("1.234,56" in de, "1,234.56" in en), read into the
// interface's canonical decimal text ("1234.56") or refused with a reason the renderer words in the agent's
// language. The locale's separators come from Intl (CLDR), not a table kept here; the currency's decimal
// places too (2 for EUR, 0 for JPY). The canonical value itself is made by normalizeOperatorAmount, the one
// reading main applies again to whatever the renderer sends, so an accepted reading is always one main takes.
import { AMOUNT_MAX_LENGTH, type CanonicalAmount, normalizeOperatorAmount } from './amount';

/** The interface carries at most 2 decimal places (section 2.1); a currency may allow fewer. */
const WIRE_DECIMALS = 2;
const CURRENCY_CODE = /^[A-Z]{3}$/;

/** Why a typed amount is not read. Each is a catalogue message (`amount.refusal.<reason>`) with these values. */
export type AmountRefusal =
  | { reason: 'empty' }
  | { reason: 'tooLong'; max: number }
  | { reason: 'negative' }
  | { reason: 'zero' }
  /** A character that is neither a digit nor one of the locale's separators (a letter, "e", a space…). */
  | { reason: 'notAnAmount'; group: string; decimal: string; example: string }
  | { reason: 'twoDecimalSeparators'; decimal: string; example: string }
  /** The thousands sign after the decimal sign ("1.234,56" in en). */
  | { reason: 'groupAfterDecimal'; group: string; decimal: string; example: string }
  /** The thousands sign not followed by exactly three digits ("12.5" in de, "1,25" in en). */
  | { reason: 'misplacedGroup'; group: string; decimal: string; example: string }
  /** Three decimals on one to three digits ("1.250" in en): another country's thousands, or cents with a 0. */
  | { reason: 'groupingOrCents'; typed: string; grouped: string; cents: string }
  | { reason: 'looksLikeGrouping'; typed: string; grouped: string; currency: string; max: number }
  | { reason: 'tooManyDecimals'; currency: string; max: number };

export type AmountRefusalReason = AmountRefusal['reason'];

export type LocaleAmountResult = { ok: true; value: CanonicalAmount } | { ok: false; refusal: AmountRefusal };

const formats = new Map<string, Intl.NumberFormat>();

/**
 * One Intl.NumberFormat per language and options, made once: making one costs tens of microseconds, and the
 * field is read on every keystroke (bench/amount-entry.ts).
 */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

interface Separators {
  group: string;
  decimal: string;
}

/** What is learnt of a language once: its separators and the currencies' signs in it. */
const learnt = new Map<string, Separators | string[]>();

function once<T extends Separators | string[]>(key: string, learn: () => T): T {
  let value = learnt.get(key) as T | undefined;
  if (!value) {
    value = learn();
    learnt.set(key, value);
  }
  return value;
}

/** The locale's thousands and decimal signs, as Intl formats a number that has both. */
export function separatorsOf(locale: string): Separators {
  return once(`separators ${locale}`, () => {
    // Seven digits: some locales (es) group only from five digits on.
    const parts = numberFormat(locale).formatToParts(1234567.5);
    return {
      group: parts.find((part) => part.type === 'group')?.value ?? ',',
      decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
    };
  });
}

/** The decimal places an amount in `currency` may have on the wire: the currency's own (CLDR), at most 2. */
export function amountDecimals(currency: string): number {
  if (!CURRENCY_CODE.test(currency)) return WIRE_DECIMALS;
  const digits = numberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits;
  return Math.min(digits ?? WIRE_DECIMALS, WIRE_DECIMALS);
}

/** The canonical amount as the agent would type it in `locale` ("1234,56" in de): for filling the field. */
export function amountAsTyped(amount: CanonicalAmount, locale: string): string {
  return plainNumber(amount, locale, WIRE_DECIMALS, false);
}

/**
 * An amount as a spreadsheet in `locale` reads a number ("1234,56" in de, "1234" for JPY): the locale's
 * decimal sign, no grouping (Excel would read "1.234,56" back as text in some locales), the currency's
 * decimal places. Text, never a float: only zeros are dropped, a digit that is not zero stays.
 */
export function amountForSpreadsheet(amount: string, currency: string, locale: string): string {
  const [whole = '', fraction = ''] = amount.split('.');
  const places = amountDecimals(currency);
  const kept = fraction.padEnd(places, '0').slice(0, places) + fraction.slice(places).replace(/0+$/, '');
  return kept === '' ? whole : `${whole}${separatorsOf(locale).decimal}${kept}`;
}

function plainNumber(value: string, locale: string, fractionDigits?: number, useGrouping = true): string {
  return numberFormat(locale, {
    useGrouping,
    ...(fractionDigits !== undefined && {
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    }),
  }).format(value as `${number}`);
}

/** The currency's signs that may stand before or after the figure: its symbols in the locale, and its code. */
function currencySigns(locale: string, currency: string): string[] {
  if (!CURRENCY_CODE.test(currency)) return [];
  return once(`signs ${locale} ${currency}`, () => {
    const signs = new Set([currency]);
    for (const currencyDisplay of ['symbol', 'narrowSymbol'] as const) {
      const parts = numberFormat(locale, { style: 'currency', currency, currencyDisplay }).formatToParts(1);
      for (const part of parts) if (part.type === 'currency') signs.add(part.value);
    }
    // The longest first: "US$" before "$".
    return [...signs].sort((a, b) => b.length - a.length);
  });
}

function withoutCurrency(text: string, locale: string, currency: string): string {
  for (const sign of currencySigns(locale, currency)) {
    const upper = text.toUpperCase();
    if (upper.startsWith(sign.toUpperCase())) return text.slice(sign.length).trim();
    if (upper.endsWith(sign.toUpperCase())) return text.slice(0, -sign.length).trim();
  }
  return text;
}

const SPACE_LIKE = /^[\s\u00a0\u202f]$/u;

/**
 * Reads `input` as typed in `locale` for an amount in `currency`: the canonical decimal text, or why not.
 * The locale's thousands sign is taken only where it groups three digits, and its decimal sign only once;
 * more decimal places than the currency has (at most the wire's 2) are refused, never rounded.
 */
export function readLocaleAmount(input: string, locale: string, currency: string): LocaleAmountResult {
  const refuse = (refusal: AmountRefusal): LocaleAmountResult => ({ ok: false, refusal });
  const { group, decimal } = separatorsOf(locale);
  const example = plainNumber('12345.67', locale, 2);
  const text = withoutCurrency(input.trim(), locale, currency);
  if (text === '') return refuse({ reason: 'empty' });
  if (text.length > AMOUNT_MAX_LENGTH) return refuse({ reason: 'tooLong', max: AMOUNT_MAX_LENGTH });
  if (/^[-−]/.test(text)) return refuse({ reason: 'negative' });
  // A locale that groups with a space is typed with an ordinary one.
  const groupSigns = SPACE_LIKE.test(group) ? [group, ' ', '\u00a0', '\u202f'] : [group];
  const normalized = [...text].map((char) => (groupSigns.includes(char) ? group : char)).join('');
  if ([...normalized].some((char) => !/\d/.test(char) && char !== group && char !== decimal)) {
    return refuse({ reason: 'notAnAmount', group, decimal, example });
  }
  const pieces = normalized.split(decimal);
  if (pieces.length > 2) return refuse({ reason: 'twoDecimalSeparators', decimal, example });
  const [whole = '', fraction = ''] = pieces;
  if (fraction.includes(group)) return refuse({ reason: 'groupAfterDecimal', group, decimal, example });
  const groups = whole.split(group);
  if (groups.length > 1 && !groups.every((digits, i) => (i === 0 ? /^\d{1,3}$/ : /^\d{3}$/).test(digits))) {
    return refuse({ reason: 'misplacedGroup', group, decimal, example });
  }
  const digits = groups.join('');
  if (digits === '' && fraction === '') return refuse({ reason: 'notAnAmount', group, decimal, example });

  const max = amountDecimals(currency);
  if (fraction.length > max) {
    // "1.250" in en: a European's one thousand two hundred and fifty, or 1.25 with a 0 too many.
    if (fraction.length === 3 && /^[1-9]\d{0,2}$/.test(whole)) {
      const grouped = plainNumber(`${whole}${fraction}`, locale);
      const typed = input.trim();
      if (max === WIRE_DECIMALS && fraction.endsWith('0')) {
        return refuse({
          reason: 'groupingOrCents',
          typed,
          grouped,
          cents: plainNumber(`${whole}.${fraction}`, locale, 2),
        });
      }
      return refuse({ reason: 'looksLikeGrouping', typed, grouped, currency, max });
    }
    return refuse({ reason: 'tooManyDecimals', currency, max });
  }
  const plain = `${digits === '' ? '0' : digits}${fraction ? `.${fraction}` : ''}`;
  if (!/[1-9]/.test(plain)) return refuse({ reason: 'zero' });
  if (plain.length > AMOUNT_MAX_LENGTH) return refuse({ reason: 'tooLong', max: AMOUNT_MAX_LENGTH });
  const read = normalizeOperatorAmount(plain);
  // Plain digits, at most 2 decimal places, not zero: the one reading takes every such text.
  if (!read.ok) throw new Error(`normalizeOperatorAmount refused "${plain}": ${read.message}`);
  return { ok: true, value: read.value };
}
