// Signatures of assumption A4. The expected hex values were computed once, by hand, with the openssl
// command line over the canonical strings written out literally below, independently of the code:
//   printf '%s' "$canonical" | openssl dgst -sha256 -hmac "$secret"
//   printf '%s' "$canonical&key=$secret" | openssl dgst -md5        (then upper-cased)

import { canonicalSignString } from '@shared/gateway/sign-algorithm';
import { describe, expect, it } from 'vitest';
import { signBody, verifyBodySignature } from '../../src/node/sign';

const SECRET = 'sandbox-secret';

/** Sorting (upper case before lower case), a numeric merchantId, and the fields that are left out. */
const sortingBody = {
  merchantTradeNo: 'T-1',
  amount: '10.00',
  alpha: 'a',
  Zeta: 'z',
  merchantId: 1001,
  sign: 'whatever was there before',
  empty: '',
  nothing: null,
  absent: undefined,
};
const sortingCanonical = 'Zeta=z&alpha=a&amount=10.00&merchantId=1001&merchantTradeNo=T-1';

/** A KYC request: `data` written as its JSON text, non-ASCII names in UTF-8. */
const kycBody = {
  sign: '',
  merchantId: 1001,
  data: [
    {
      userId: 'u-1',
      firstName: 'Zo\u00eb',
      lastName: 'M\u00fcller',
      idCardUrls: ['https://img.example/1.png'],
    },
  ],
};
const kycCanonical =
  'data=[{"userId":"u-1","firstName":"Zo\u00eb","lastName":"M\u00fcller","idCardUrls":["https://img.example/1.png"]}]&merchantId=1001';

/** A v1 form body: every value is text, some of it outside ASCII. */
const formBody = {
  merchantId: '1001',
  lastName: '\u6771\u4eac',
  firstName: 'Jos\u00e9',
  city: 'Z\u00fcrich',
};
const formCanonical = 'city=Z\u00fcrich&firstName=Jos\u00e9&lastName=\u6771\u4eac&merchantId=1001';

describe('canonicalSignString', () => {
  it('sorts by UTF-16 code unit (upper case first) and leaves out sign, undefined, null and empty text', () => {
    expect(canonicalSignString(sortingBody)).toBe(sortingCanonical);
  });

  it('writes non-string values as JSON and strings as they are', () => {
    expect(canonicalSignString(kycBody)).toBe(kycCanonical);
    expect(canonicalSignString(formBody)).toBe(formCanonical);
  });

  it('keeps 0 and false, which are values, not absence', () => {
    expect(canonicalSignString({ b: false, a: 0, c: '0' })).toBe('a=0&b=false&c=0');
  });

  it('orders by code unit, not by code point or locale', () => {
    // U+1F600 is the surrogate pair D83D DE00, which sorts before U+FF01 in UTF-16.
    expect(canonicalSignString({ '\uff01': 'x', '\u{1f600}': 'y', b: '1', B: '2', _: '3' })).toBe(
      'B=2&_=3&b=1&\u{1f600}=y&\uff01=x',
    );
  });

  it('does not escape or encode values', () => {
    expect(canonicalSignString({ url: 'https://a.example/cb?x=1&y=2', note: 'a b+c' })).toBe(
      'note=a b+c&url=https://a.example/cb?x=1&y=2',
    );
  });

  it('is empty for a body with nothing to sign', () => {
    expect(canonicalSignString({ sign: 'x', a: '' })).toBe('');
  });
});

describe('signBody: known answers', () => {
  it.each([
    [
      'sorting and exclusions',
      sortingBody,
      'a47d6d47cefc2f90c3c68121ed7d74246a00a48f120b037cd4f353347c1f13bf',
    ],
    ['KYC data as JSON', kycBody, '88d5322c47820bbfefafa506ef887854798dcb9d1a5442ec973fc67abecb5aec'],
    ['non-ASCII form values', formBody, 'ff5412aac39203e69a5625b3893a5702bb52b953545765c3afb30f5d82a965a5'],
  ])('hmac-sha256: %s', (_name, body, expected) => {
    expect(signBody(body, SECRET, 'hmac-sha256')).toBe(expected);
  });

  it.each([
    ['sorting and exclusions', sortingBody, 'F9DBE685BE324E558642411B49095269'],
    ['KYC data as JSON', kycBody, 'B5AD133AA73D85FE8807265C6184964F'],
    ['non-ASCII form values', formBody, '57215F89FF25EED108DB8668560E42E0'],
  ])('md5-key: %s', (_name, body, expected) => {
    expect(signBody(body, SECRET, 'md5-key')).toBe(expected);
  });

  it('keys with the UTF-8 bytes of a non-ASCII secret', () => {
    const secret = 'cl\u00e9-\u00df';
    expect(signBody(formBody, secret, 'hmac-sha256')).toBe(
      '947847bed47366c3d55ca60eca8dadee5017f1416bb28be119443a31eff082ad',
    );
    expect(signBody(formBody, secret, 'md5-key')).toBe('84B7803C1DFE7B515A0EE31BAAB2DB91');
  });

  it('does not depend on the order of the fields or on an existing sign', () => {
    const reordered = {
      merchantId: 1001,
      Zeta: 'z',
      sign: 'other',
      alpha: 'a',
      merchantTradeNo: 'T-1',
      amount: '10.00',
    };
    expect(signBody(reordered, SECRET, 'hmac-sha256')).toBe(signBody(sortingBody, SECRET, 'hmac-sha256'));
  });
});

describe('verifyBodySignature', () => {
  const signedHmac = {
    ...formBody,
    sign: 'ff5412aac39203e69a5625b3893a5702bb52b953545765c3afb30f5d82a965a5',
  };
  const signedMd5 = { ...formBody, sign: '57215F89FF25EED108DB8668560E42E0' };

  it('accepts the right signature for each algorithm', () => {
    expect(verifyBodySignature(signedHmac, SECRET, 'hmac-sha256')).toBe(true);
    expect(verifyBodySignature(signedMd5, SECRET, 'md5-key')).toBe(true);
  });

  it('refuses a signature with one character changed', () => {
    const sign = `${signedHmac.sign.slice(0, -1)}6`;
    expect(verifyBodySignature({ ...signedHmac, sign }, SECRET, 'hmac-sha256')).toBe(false);
  });

  it('refuses a signature of another length', () => {
    expect(
      verifyBodySignature({ ...signedHmac, sign: signedHmac.sign.slice(0, 32) }, SECRET, 'hmac-sha256'),
    ).toBe(false);
    expect(verifyBodySignature({ ...signedHmac, sign: `${signedHmac.sign}0` }, SECRET, 'hmac-sha256')).toBe(
      false,
    );
  });

  it('refuses a body changed after signing', () => {
    expect(verifyBodySignature({ ...signedHmac, city: 'Zurich' }, SECRET, 'hmac-sha256')).toBe(false);
    expect(verifyBodySignature({ ...signedHmac, extra: 'x' }, SECRET, 'hmac-sha256')).toBe(false);
  });

  it('refuses the wrong secret', () => {
    expect(verifyBodySignature(signedHmac, 'another-secret', 'hmac-sha256')).toBe(false);
  });

  it('refuses a missing, empty or non-text sign', () => {
    expect(verifyBodySignature(formBody, SECRET, 'hmac-sha256')).toBe(false);
    expect(verifyBodySignature({ ...formBody, sign: '' }, SECRET, 'hmac-sha256')).toBe(false);
    expect(verifyBodySignature({ ...formBody, sign: null }, SECRET, 'hmac-sha256')).toBe(false);
    expect(verifyBodySignature({ ...formBody, sign: 12345 }, SECRET, 'hmac-sha256')).toBe(false);
  });

  it('refuses a signature made with the other algorithm', () => {
    expect(verifyBodySignature(signedHmac, SECRET, 'md5-key')).toBe(false);
    expect(verifyBodySignature(signedMd5, SECRET, 'hmac-sha256')).toBe(false);
  });
});
