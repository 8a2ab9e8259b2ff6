// The request / callback signature, written from row A4 of docs/gateway-assumptions.md (the interface
// itself says "Algorithm and inputs for computing `sign`: not shown"). Independent of Paydesk's code.
//
// canonical = every top-level field except `sign` whose value is not undefined, null or '', sorted by
// name in UTF-16 code-unit order, each `name=value` (a string as it is, anything else as JSON.stringify),
// joined with '&'.
//   hmac-sha256: lowercase hex HMAC-SHA256(canonical) keyed with the secret (UTF-8).
//   md5-key:     uppercase hex MD5(canonical + '&key=' + secret).
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

export type SignAlgorithm = 'hmac-sha256' | 'md5-key';

export function canonicalString(fields: Record<string, unknown>): string {
  const names = Object.keys(fields).filter((name) => {
    if (name === 'sign') return false;
    const value = fields[name];
    return value !== undefined && value !== null && value !== '';
  });
  // Array.prototype.sort without a comparator compares UTF-16 code units.
  names.sort();
  return names
    .map((name) => {
      const value = fields[name];
      return `${name}=${typeof value === 'string' ? value : JSON.stringify(value)}`;
    })
    .join('&');
}

export function computeSign(
  fields: Record<string, unknown>,
  secret: string,
  algorithm: SignAlgorithm = 'hmac-sha256',
): string {
  const canonical = canonicalString(fields);
  if (algorithm === 'hmac-sha256') {
    return createHmac('sha256', Buffer.from(secret, 'utf8')).update(canonical, 'utf8').digest('hex');
  }
  return createHash('md5').update(`${canonical}&key=${secret}`, 'utf8').digest('hex').toUpperCase();
}

/** Exact comparison (A4 fixes the hex case of each algorithm). */
export function verifySign(
  fields: Record<string, unknown>,
  secret: string,
  algorithm: SignAlgorithm = 'hmac-sha256',
): boolean {
  const given = fields.sign;
  if (typeof given !== 'string') return false;
  const expected = Buffer.from(computeSign(fields, secret, algorithm), 'utf8');
  const actual = Buffer.from(given, 'utf8');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
