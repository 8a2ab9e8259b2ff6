// Field-level schemas of the interface document, shared by every message. Each says what it expects
// in plain words, because these messages reach support staff as they are.
import { z } from 'zod';
import { COUNTRY_CODES } from '../countries';
import {
  AMOUNT_MAX_LENGTH,
  AMOUNT_PATTERN,
  type AmountResult,
  type CanonicalAmount,
  normalizeAmount,
  normalizeOperatorAmount,
} from '../money/amount';
import { emailAddressProblem } from './email-address';

/** An error message that says "Required." when the field is missing, and `invalid` otherwise. */
export const say = (invalid: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined ? 'Required.' : invalid),
});

const string = () => z.string(say('Must be text.'));

/**
 * A check that says in the JSON Schema (as `pattern`) what an earlier check of the same field already
 * decided in words: it runs only when that field has no issue yet, so a person reads one message.
 */
const stated = (message: string) => ({
  message,
  when: (payload: { issues: readonly unknown[] }) => payload.issues.length === 0,
});

/** The decimal numbers 1..max, without leading zeros, as a regular expression. */
export function positiveUpTo(max: string): RegExp {
  const alternatives: string[] = [];
  const anyDigits = (count: number) => (count === 0 ? '' : count === 1 ? '\\d' : `\\d{${count}}`);
  if (max.length > 1) alternatives.push(`[1-9]\\d{0,${max.length - 2}}`);
  for (let i = 0; i < max.length; i++) {
    const low = i === 0 ? 1 : 0;
    const digit = Number(max[i]);
    if (digit <= low) continue;
    const below = digit - 1 === low ? String(low) : `[${low}-${digit - 1}]`;
    alternatives.push(`${max.slice(0, i)}${below}${anyDigits(max.length - i - 1)}`);
  }
  alternatives.push(max);
  return new RegExp(`^(?:${alternatives.join('|')})$`);
}

export const text = (max: number) => string().min(1, 'Required.').max(max, `At most ${max} characters.`);

export const optionalText = (max: number) => string().max(max, `At most ${max} characters.`).optional();

export const digits = (max: number) => text(max).regex(/^\d+$/, 'Digits only.');

/** int64 in JSON; JavaScript holds exactly only the safe-integer range (docs/gateway-assumptions.md A3). */
export const merchantIdNumber = z.int(say('A whole number.')).positive('A positive number.');
/** In a form body every value is text: merchantId is its digits, in the same range as the number (A3). */
export const merchantIdDigits = text(16)
  .regex(/^[1-9]\d*$/, 'A positive whole number in digits.')
  .regex(positiveUpTo(String(Number.MAX_SAFE_INTEGER)), stated(`At most ${Number.MAX_SAFE_INTEGER}.`));

export const expDate = text(16).regex(/^(0[1-9]|1[0-2])\/\d{2}$/, 'Expiry as MM/YY, e.g. 09/28.');
export const ipv4 = z.ipv4(say('An IPv4 address such as 203.0.113.7.')).max(64, 'At most 64 characters.');
/** A three-letter ISO 4217 code (a profile's display currency, a pay-in limit's): schema-problem-words.ts words it. */
export const CURRENCY_CODE_PATTERN = /^[A-Z]{3}$/;
const HTTP_URL_MESSAGE = 'A web address starting with http:// or https://.';
/** The scheme rule of an http(s) URL, as its pattern states it (schema-problem-words.ts words it). */
export const HTTP_URL_PATTERN = /^\s*[Hh][Tt][Tt][Pp][Ss]?:\/\/\S/;
/**
 * An absolute http(s) URL (zod trims white space around it first). The pattern states, for the OpenAPI
 * document, the scheme rule that the URL check's `protocol` applies and `format: uri` cannot say; a
 * pattern check would hide that format in the JSON Schema, so the metadata says it again.
 */
export const httpUrl = (max: number) =>
  z
    .url({ protocol: /^https?$/, ...say(HTTP_URL_MESSAGE) })
    .max(max, `At most ${max} characters.`)
    .regex(HTTP_URL_PATTERN, stated(HTTP_URL_MESSAGE))
    .meta({ format: 'uri' });
/** One of the ISO 3166-1 alpha-2 codes (an enum, so that the OpenAPI document lists them). */
export const countryCode = z.enum(COUNTRY_CODES as [string, ...string[]], {
  error: (issue) => {
    if (issue.input === undefined) return 'Required.';
    if (typeof issue.input !== 'string') return 'Must be text.';
    return issue.input.length === 2
      ? 'Not an ISO 3166-1 country code.'
      : 'A two-letter ISO 3166-1 country code such as DE.';
  },
});
export const isoDate = z.iso.date(say('A real date written YYYY-MM-DD.'));
/**
 * An e-mail address as RFC 6531 writes it (assumption A31: international local parts and domains), at most
 * 64 characters (A10); a refusal names the character, or the part, at fault. A refinement that answers
 * true or false, so that the KYC check's compiled form (compiled-record-check.ts) can run it itself.
 */
export const email = string()
  .max(64, 'At most 64 characters.')
  .refine((value) => emailAddressProblem(value) === undefined, {
    error: (issue) =>
      emailAddressProblem(String(issue.input)) ?? 'An e-mail address such as name@example.com.',
  })
  .meta({ format: 'idn-email' });

export const storeCc = z.enum(['0', '1'], say('"0" (do not store the card) or "1" (store it).'));
export const txMode = z.enum(['h2h', 'redirection'], say('"h2h" or "redirection".'));

const amountReadBy = (read: (text: string) => AmountResult) =>
  string()
    .max(AMOUNT_MAX_LENGTH, `At most ${AMOUNT_MAX_LENGTH} characters.`)
    .superRefine((value, ctx) => {
      const result = read(value);
      if (!result.ok) ctx.addIssue({ code: 'custom', message: result.message });
    })
    .regex(AMOUNT_PATTERN, stated('An amount more than zero, such as 12.50.'));

/** The wire's amount: the gateway rounds what has more than 2 decimal places (section 2.1). */
export const amount = amountReadBy(normalizeAmount);
/**
 * The amount an operator gives the desk (the pay-in form and its IPC input): the desk sends only the figure
 * typed, so more than 2 decimal places, or a figure that reads as thousands grouping, is refused. Parsed, it
 * is the CanonicalAmount of that figure ("12.5" is "12.50"): what main sends and records, read once here
 * (one normalizeOperatorAmount both refuses and gives the value; no pattern: it is not a wire field).
 */
export const operatorAmount = string()
  .max(AMOUNT_MAX_LENGTH, `At most ${AMOUNT_MAX_LENGTH} characters.`)
  .transform((value, ctx): CanonicalAmount => {
    const result = normalizeOperatorAmount(value);
    if (result.ok) return result.value;
    // The reason and its values: main words the refusal by them (schema-problem-words.ts).
    const { message, reason, values } = result;
    ctx.addIssue({ code: 'custom', message, params: { amount: reason, values } });
    return z.NEVER;
  });

const productItem = z.strictObject({
  name: z.string().min(1, 'Product name required.'),
  price: z.string().min(1, 'Product price required.'),
  num: z.string().regex(/^\d+$/, 'Quantity in digits.'),
  currency: z.string().min(1, 'Product currency required.'),
});
export const productList = z.array(productItem);

/** `products`: a JSON-encoded string holding an array of product objects, 512 characters at most. */
export const productsJson = z
  .string()
  .max(512, 'At most 512 characters.')
  .superRefine((value, ctx) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'Not valid JSON: expected an array of products.' });
      return;
    }
    const result = productList.safeParse(parsed);
    if (!result.success) {
      const first = result.error.issues[0];
      ctx.addIssue({
        code: 'custom',
        message: `Product ${first?.path.join('.') ?? ''}: ${first?.message ?? 'invalid'}`,
      });
    }
  });
