// Assumption A4's canonical string escapes nothing, so different bodies can share a sign. These tests pin
// that property (the assumption must change if the scheme does) and the reasons A4 gives for accepting it:
// the form encoding keeps a value's `&` and `=` inside the value, and a callback rewritten along the
// boundaries loses a required field or a number, so its schema refuses it.

import { paymentCallbackSchema } from '@shared/gateway/callback';
import { describe, expect, it } from 'vitest';
import { formEncode } from '../../src/main/gateway/client';
import { signBody, verifyBodySignature } from '../../src/node/sign';

const SECRET = 'merchant-secret';

describe('the canonical string is not one-to-one (A4)', () => {
  it.each(['hmac-sha256', 'md5-key'] as const)(
    '%s: a value holding "&name=" signs like two fields',
    (algorithm) => {
      const one = { addressLine: '1 Main St&amount=10.00' };
      const two = { addressLine: '1 Main St', amount: '10.00' };
      expect(signBody(one, SECRET, algorithm)).toBe(signBody(two, SECRET, algorithm));
    },
  );

  it('a number and its digits as text sign alike', () => {
    expect(signBody({ merchantId: 1001 }, SECRET, 'hmac-sha256')).toBe(
      signBody({ merchantId: '1001' }, SECRET, 'hmac-sha256'),
    );
  });
});

describe('why requests are safe: the form encoding keeps a value whole', () => {
  it('a value with & and = arrives at the gateway as the one field that was signed', () => {
    const body = { addressLine: 'Smith & Sons, a=b', amount: '10.00', merchantId: '1001' };
    const signed = { ...body, sign: signBody(body, SECRET, 'hmac-sha256') };
    const received = Object.fromEntries(new URLSearchParams(formEncode(signed)));
    expect(received).toEqual(signed);
    expect(verifyBodySignature(received, SECRET, 'hmac-sha256')).toBe(true);
  });
});

describe('why a rewritten callback is refused (A12)', () => {
  const unsigned = {
    amount: '25.00',
    merchantId: 1001,
    merchantTradeNo: 'PD20260101120000000abcd1234',
    orderId: 'ord-1',
    orderStatus: 15,
    remark: 'Card declined',
    traceid: 'trace-1',
  };
  const genuine = { ...unsigned, sign: signBody(unsigned, SECRET, 'hmac-sha256') };

  it('the genuine notification passes', () => {
    expect(paymentCallbackSchema.safeParse(genuine).success).toBe(true);
  });

  it.each([
    [
      'remark folded into orderStatus',
      { ...genuine, orderStatus: '15&remark=Card declined', remark: undefined },
    ],
    [
      'traceid folded into remark',
      { ...genuine, remark: 'Card declined&traceid=trace-1', traceid: undefined },
    ],
    ['orderStatus as text', { ...genuine, orderStatus: '15' }],
    ['merchantId as text', { ...genuine, merchantId: '1001' }],
  ])('%s: still verifies, but the schema refuses it', (_name, forged) => {
    const body = Object.fromEntries(Object.entries(forged).filter(([, value]) => value !== undefined));
    expect(verifyBodySignature(body, SECRET, 'hmac-sha256')).toBe(true);
    expect(paymentCallbackSchema.safeParse(body).success).toBe(false);
  });
});
