// Request and callback signatures (assumption A4). Used by main and by the sandbox; never the renderer.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { canonicalSignString, type SignAlgorithm } from '@shared/gateway/sign-algorithm';

export function signBody(
  body: Readonly<Record<string, unknown>>,
  secret: string,
  algorithm: SignAlgorithm,
): string {
  const canonical = canonicalSignString(body);
  switch (algorithm) {
    case 'hmac-sha256':
      return createHmac('sha256', Buffer.from(secret, 'utf8')).update(canonical, 'utf8').digest('hex');
    case 'md5-key':
      return createHash('md5').update(`${canonical}&key=${secret}`, 'utf8').digest('hex').toUpperCase();
  }
}

/** Constant-time check of a body's `sign` field. */
export function verifyBodySignature(
  body: Readonly<Record<string, unknown>>,
  secret: string,
  algorithm: SignAlgorithm,
): boolean {
  const given = body.sign;
  if (typeof given !== 'string' || given === '') return false;
  const expected = Buffer.from(signBody(body, secret, algorithm), 'utf8');
  const actual = Buffer.from(given, 'utf8');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
