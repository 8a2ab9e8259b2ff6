// The one place amount text becomes money. Section 2.1 of the interface: "precision is 2 decimal
// places; higher precision is rounded to 2 places (rounding to nearest)". Ties round away from zero
// (half-up on a positive amount): 10.005 -> 10.01. Decimal arithmetic only, through big.js.
import Big from 'big.js';

export const AMOUNT_MAX_LENGTH = 32;
const PLAIN_DECIMAL = /^\d+(\.\d+)?$/;

/**
 * What normalizeAmount accepts, as one regular expression (the OpenAPI document's `pattern` for amount):
 * plain decimal digits, white space around them trimmed, and at least 0.005 so that the amount is not zero
 * once rounded — a non-zero digit before the point, in the first two places after it, or 5–9 in the third.
 * tests/unit/schema-patterns.test.ts holds it to normalizeAmount.
 */
export const AMOUNT_PATTERN = /^\s*(?:\d*[1-9]\d*(?:\.\d+)?|0+\.(?:[1-9]\d*|0[1-9]\d*|00[5-9]\d*))\s*$/;

declare const canonical: unique symbol;
/**
 * An amount in its one canonical form, two decimal places ("12.50"): made only here, by normalizeAmount,
 * and so by the contract's parse of an amount (gateway/fields.ts). A function that takes one needs no
 * normalising of its own: the type is the proof it was read.
 */
export type CanonicalAmount = string & { readonly [canonical]: true };

/** Why an amount is refused (schema-problem-words.ts words each), with the values its words need. */
export type AmountRefusalReason =
  | 'empty'
  | 'tooLong'
  | 'exponent'
  | 'negative'
  | 'notNumber'
  | 'zeroRounded'
  | 'tooManyPlaces'
  | 'groupingOrCents'
  | 'grouping';

/** `ambiguous`: refused because the text holds more than the desk may send as it is (it would be rounded or re-read). */
export type AmountResult =
  | { ok: true; value: CanonicalAmount }
  | {
      ok: false;
      message: string;
      reason: AmountRefusalReason;
      values?: Record<string, string | number>;
      ambiguous?: true;
    };

/** Turns amount text into the canonical 2-place decimal string, or says why it cannot. */
export function normalizeAmount(input: string): AmountResult {
  const text = input.trim();
  if (text === '') return { ok: false, message: 'Enter an amount.', reason: 'empty' };
  if (text.length > AMOUNT_MAX_LENGTH) {
    return {
      ok: false,
      message: `The amount is longer than ${AMOUNT_MAX_LENGTH} characters.`,
      reason: 'tooLong',
      values: { max: AMOUNT_MAX_LENGTH },
    };
  }
  if (/[eE]/.test(text))
    return {
      ok: false,
      message: 'Write the amount as plain digits, not in exponent form.',
      reason: 'exponent',
    };
  if (text.startsWith('-'))
    return { ok: false, message: 'The amount cannot be negative.', reason: 'negative' };
  if (!PLAIN_DECIMAL.test(text)) {
    return {
      ok: false,
      message: 'The amount must be a number such as 12.50 (digits and one decimal point).',
      reason: 'notNumber',
    };
  }
  const rounded = new Big(text).round(2, Big.roundHalfUp);
  if (rounded.eq(0))
    return {
      ok: false,
      message: 'The amount is zero once rounded to 2 decimal places.',
      reason: 'zeroRounded',
    };
  // The one place a CanonicalAmount is made.
  return { ok: true, value: rounded.toFixed(2) as CanonicalAmount };
}

/** One to three digits (the first not 0), then groups of three after points or commas: "1.250", "12,345", "1.250.000". */
const THOUSANDS_LOOKING = /^[1-9]\d{0,2}(?:[.,]\d{3})+$/;
const DECIMAL_PLACES = /^\d+\.(\d+)$/;

/**
 * The desk's reading of an amount an operator typed: the interface's rounding is the gateway's business,
 * not a licence for the desk to send a figure the agent did not mean. So more than 2 decimal places is
 * refused, never rounded, and a figure that reads as thousands grouping in much of Europe ("1.250",
 * "12.345") is refused with both readings named. An accepted amount is always the exact value typed.
 * The agent's own separators are read before this, in their language (locale-amount.ts).
 */
export function normalizeOperatorAmount(input: string): AmountResult {
  const text = input.trim();
  if (THOUSANDS_LOOKING.test(text)) return { ok: false, ...thousandsRefusal(text), ambiguous: true };
  const places = DECIMAL_PLACES.exec(text)?.[1]?.length ?? 0;
  if (places > 2) {
    return {
      ok: false,
      message: `At most 2 decimal places (whole cents): "${text}" has ${places}. Nothing is rounded for you.`,
      reason: 'tooManyPlaces',
      values: { typed: text, places },
      ambiguous: true,
    };
  }
  return normalizeAmount(text);
}

function thousandsRefusal(text: string): {
  message: string;
  reason: AmountRefusalReason;
  values: Record<string, string>;
} {
  const grouped = text.replace(/[.,]/g, '');
  const separators = text.replace(/\d/g, '');
  const decimal = separators.length === 1 ? text.replace(',', '.') : undefined;
  const exactCents = decimal && /^\d+\.\d\d0$/.test(decimal) ? decimal.slice(0, -1) : undefined;
  return exactCents
    ? {
        message: `"${text}" could be ${grouped} or ${exactCents}: type ${grouped}, or ${exactCents}.`,
        reason: 'groupingOrCents',
        values: { typed: text, grouped, cents: exactCents },
      }
    : {
        message: `"${text}" could be ${grouped} (a separator before three digits groups thousands): type ${grouped} without separators, or an amount with at most 2 decimal places.`,
        reason: 'grouping',
        values: { typed: text, grouped },
      };
}

/** The canonical amount, or a thrown error: for callers that have already validated. */
export function canonicalAmount(input: string): CanonicalAmount {
  const result = normalizeAmount(input);
  if (!result.ok) throw new Error(result.message);
  return result.value;
}

export function amountsEqual(a: string, b: string): boolean {
  return new Big(a).eq(new Big(b));
}

/** Sums canonical amounts exactly (history totals, charts). */
export function sumAmounts(amounts: Iterable<string>): string {
  let total = new Big(0);
  for (const amount of amounts) total = total.plus(amount);
  return total.toFixed(2);
}
