// The sandbox keeps its HMAC key in the same SQLite file as its orders and stored cards: nothing it keeps
// beside that key may be a function of the full card number or the CVV, or a brute force gives them back.
import { randomBytes } from 'node:crypto';
import type { PayInV1Request } from '@shared/gateway/payin';
import { describe, expect, it } from 'vitest';
import { requestFingerprint, storedCardToken } from '../../src/sandbox/payin';
import { SAMPLE_CUSTOMER } from '../support/app/sample-customer';

const key = randomBytes(32);
const request = {
  merchantId: '100001',
  merchantTradeNo: 'T-1',
  userId: 'u-1',
  ...SAMPLE_CUSTOMER,
  zip: 'N1',
  amount: '10.00',
  email: 'ada@example.com',
  iddCode: '44',
  currency: 'GBP',
  sign: 'a'.repeat(64),
} as PayInV1Request;

describe('the repeated-order fingerprint (A9)', () => {
  it('does not change with the card digits behind the mask, the CVV or the sign', () => {
    const base = requestFingerprint(key, 'v1', request);
    // Same first 6 and last 4, other middle digits (both Luhn-valid): an attacker cannot tell them apart.
    expect(requestFingerprint(key, 'v1', { ...request, cardNumber: '4242420000004242' })).toBe(base);
    expect(requestFingerprint(key, 'v1', { ...request, cvv: '999' })).toBe(base);
    expect(requestFingerprint(key, 'v1', { ...request, sign: 'b'.repeat(64) })).toBe(base);
  });

  it('still tells another order apart: another amount, customer, expiry or card', () => {
    const base = requestFingerprint(key, 'v1', request);
    expect(requestFingerprint(key, 'v1', { ...request, amount: '10.01' })).not.toBe(base);
    expect(requestFingerprint(key, 'v1', { ...request, userId: 'u-2' })).not.toBe(base);
    expect(requestFingerprint(key, 'v1', { ...request, expDate: '11/34' })).not.toBe(base);
    expect(requestFingerprint(key, 'v1', { ...request, cardNumber: '5555555555554444' })).not.toBe(base);
    expect(requestFingerprint(key, 'v2', request)).not.toBe(base);
  });
});

describe('stored-card tokens (A21)', () => {
  it('are stable per user and card, and derived from the masked number and expiry only', () => {
    const card = { maskedCard: '424242******4242', expDate: '12/34' };
    const token = storedCardToken(key, 100001, 'u-1', card);
    expect(token).toMatch(/^cc_[A-Za-z0-9_-]{32}$/);
    expect(storedCardToken(key, 100001, 'u-1', card)).toBe(token);
    expect(storedCardToken(key, 100001, 'u-2', card)).not.toBe(token);
    expect(storedCardToken(key, 100001, 'u-1', { ...card, expDate: '01/35' })).not.toBe(token);
  });
});
