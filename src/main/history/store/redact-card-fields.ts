// The stored form of a request or response: card number masked (first 6 + last 4), CVV gone, and no
// `sign`: a v1 sign is an HMAC over the body, card number and CVV included, and whoever holds the merchant
// secret (any process of the same user can read it from the keychain) recovers the card from it by brute
// force. Applied at any depth, because a nested copy of a card field is as sensitive as a top-level one.
import { maskCardNumber } from '@shared/cards/card';
import { scrubText } from '../../log/redaction';

const REMOVED_FIELDS = new Set(['cvv', 'cvc', 'cvv2', 'sign']);
const MASKED_FIELDS = new Set(['cardNumber', 'pan']);

export function redactCardFields(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactCardFields);
  // A card number can also hide in free text (a remark, an echoed message): masked if Luhn-valid.
  if (typeof value === 'string') return scrubText(value);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  const members: [string, unknown][] = Object.entries(value);
  for (const [key, member] of members) {
    if (REMOVED_FIELDS.has(key)) continue;
    if (MASKED_FIELDS.has(key) && (typeof member === 'string' || typeof member === 'number')) {
      out[key] = maskCardNumber(String(member));
      continue;
    }
    out[key] = redactCardFields(member);
  }
  return out;
}

/**
 * A raw gateway body as received, unless it carries card data: then its redacted JSON (or, for a body
 * that is not JSON, its text with card numbers masked). Keeping the raw text otherwise preserves exactly
 * what the gateway said (for support), key order included.
 */
export function redactRawBody(raw: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return scrubText(raw);
  }
  const redacted = JSON.stringify(redactCardFields(parsed));
  return redacted === JSON.stringify(parsed) ? raw : redacted;
}
