// What the sandbox keeps from its keyed hashes must not change from one version to the next: an order's
// request fingerprint decides whether asking again after a restart is the same request (A9), and a stored-card
// token must stay the same card's (A21). The vectors were computed by the sandbox before its key became a
// KeyObject (src/sandbox/store.ts); a key given as bytes or as a KeyObject gives the same values.
import { createSecretKey } from 'node:crypto';
import type { PayInV2Request } from '@shared/gateway/payin';
import { describe, expect, it } from 'vitest';
import { requestFingerprint, storedCardToken } from '../../src/sandbox/payin';
import { SAMPLE_CUSTOMER } from '../support/app/sample-customer';

const bytes = Buffer.from('000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f', 'hex');
const request = {
  merchantId: 100001,
  merchantTradeNo: 'T-1',
  userId: 'u-1',
  ...SAMPLE_CUSTOMER,
  zip: 'N1',
  amount: '10.00',
  products: '[{"name":"Tea","price":"10.00","num":"1","currency":"GBP"}]',
} as PayInV2Request;
const { cardNumber: _n, cvv: _c, expDate: _e, ...withoutCard } = request;
const storedCardRequest = { ...withoutCard, ccStorageID: 'cc_x' } as PayInV2Request;

describe.each([
  ['bytes', bytes],
  ['a KeyObject', createSecretKey(bytes)],
])('the sandbox keyed hashes, key as %s', (_label, key) => {
  it('give the fingerprints they always gave', () => {
    expect(requestFingerprint(key, 'v2', request)).toBe('ON-FAlU2m4y8gWU9zg0pYW7EkXzyLET3_gQ65ecAFvc');
    expect(requestFingerprint(key, 'v2', storedCardRequest)).toBe(
      '_XTTi8fj-sMneBp5N3YbQQbpqw83pP55b2JiPPO9Bsw',
    );
  });

  it('give the stored-card tokens they always gave', () => {
    const card = { maskedCard: '424242******4242', expDate: '12/34' };
    expect(storedCardToken(key, 100001, 'u-1', card)).toBe('cc_MM8-R9uwHNd_48GM_i13wcPN477ipsTz');
  });
});
