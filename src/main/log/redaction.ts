// What never reaches a log line. Two layers: pino's redact paths (fast, by name, at the depths our
// objects have: the body, the request, the response data, a KYC record) and a deep scrub of every
// logged value, which also catches a card number inside a message text or an error's message.
import { maskCardNumber } from '@shared/cards/card';

const CENSORED = '[REDACTED]';

/** Keys whose values are secrets or card data, wherever they appear. */
const SENSITIVE_KEYS = [
  'cardNumber',
  'cvv',
  'cvc',
  'secret',
  'merchantSecret',
  'sign',
  'password',
  'passphrase',
] as const;
const MASKED_KEYS: ReadonlySet<string> = new Set(['cardNumber']);
const SENSITIVE: ReadonlySet<string> = new Set(SENSITIVE_KEYS);

/** pino redact paths: the key at the top and up to four levels down, arrays included. */
export function redactPaths(keys: readonly string[] = SENSITIVE_KEYS, depth = 4): string[] {
  const paths: string[] = [];
  for (const key of keys) {
    for (let level = 0; level <= depth; level += 1)
      paths.push([...Array<string>(level).fill('*'), key].join('.'));
  }
  return paths;
}

/** The censor: a card number keeps its first 6 and last 4 (support needs them), the rest goes. */
export function censor(value: unknown, path: readonly string[]): unknown {
  const key = path[path.length - 1];
  if (key !== undefined && MASKED_KEYS.has(key) && (typeof value === 'string' || typeof value === 'number')) {
    return maskCardNumber(String(value));
  }
  return CENSORED;
}

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

// 13–19 digits, optionally split by single spaces or dashes, not part of a longer digit run.
const PAN_CANDIDATE = /(?<![\d])\d(?:[ -]?\d){12,18}(?![\d])/g;

/** Masks anything in free text that is shaped like a card number and passes the Luhn check. */
export function scrubText(text: string): string {
  return text.replace(PAN_CANDIDATE, (match) => {
    const digits = match.replace(/[ -]/g, '');
    return digits.length >= 13 && luhnValid(digits) ? maskCardNumber(digits) : match;
  });
}

// The return listener's per-pay-in path token (returns/return-listener.ts): whoever holds it can send the
// pay-in's browser return, so it never reaches a log. (History keeps the URLs as sent: asking the gateway
// again must send the very same request.)
const RETURN_ROUTE_TOKEN = /\/r\/[A-Za-z0-9_-]{32}(?=\/|$|[?#"\s])/g;

/** scrubText, and return-route tokens hidden: what every logged text goes through. */
export function scrubLogText(text: string): string {
  return scrubText(text).replace(RETURN_ROUTE_TOKEN, '/r/[token]');
}

/** A copy of `value` with sensitive keys censored and card-shaped text masked (by `text`), at any depth. */
export function scrubValue(
  value: unknown,
  seen: WeakSet<object> = new WeakSet(),
  text: (text: string) => string = scrubText,
): unknown {
  if (typeof value === 'string') return text(value);
  if (value === null || typeof value !== 'object') return value;
  if (seen.has(value)) return '[Circular]';
  seen.add(value);
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, seen, text));
  if (value instanceof Error) {
    // pino's error serializer reads these; keep the shape, scrub the text.
    const copy = new Error(text(value.message));
    copy.name = value.name;
    if (value.stack) copy.stack = text(value.stack);
    return copy;
  }
  const out: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(value)) {
    out[key] = SENSITIVE.has(key) ? censor(member, [key]) : scrubValue(member, seen, text);
  }
  return out;
}
