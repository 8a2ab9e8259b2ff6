// The payment-result notification POSTed to callBackURL. Its payload is assumption A12 of
// docs/gateway-assumptions.md: { merchantId, merchantTradeNo, orderId, orderStatus, amount, remark, traceid, sign }.

import { paymentCallbackSchema } from '@shared/gateway';
import { describe, expect, it } from 'vitest';
import { CALLBACK_FIELDS } from '../support/interface-fields';
import { issuesOf } from '../support/schema-issues';

const valid = {
  merchantId: 1001,
  merchantTradeNo: 'ORDER-0001',
  orderId: 'PD202401010001',
  orderStatus: 2,
  amount: '10.00',
  remark: '',
  traceid: 'trace-1',
  sign: 'e'.repeat(64),
};

function without(name: string): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...valid };
  delete copy[name];
  return copy;
}

describe('payment callback', () => {
  it('the valid notification passes unchanged', () => {
    expect(paymentCallbackSchema.parse(valid)).toEqual(valid);
  });

  it('a declined notification carries its reason', () => {
    const declined = { ...valid, orderStatus: 15, remark: 'Do not honour' };
    expect(paymentCallbackSchema.parse(declined)).toEqual(declined);
  });

  it.each(CALLBACK_FIELDS)('without %s says "Required." on that field', (field) => {
    expect(issuesOf(paymentCallbackSchema, without(field))).toEqual([{ path: field, message: 'Required.' }]);
  });

  it.each([
    { field: 'merchantTradeNo', max: 64 },
    { field: 'sign', max: 128 },
  ])('$field: $max characters pass, one more fails', ({ field, max }) => {
    expect(issuesOf(paymentCallbackSchema, { ...valid, [field]: 'x'.repeat(max) })).toEqual([]);
    expect(issuesOf(paymentCallbackSchema, { ...valid, [field]: 'x'.repeat(max + 1) })).toEqual([
      { path: field, message: `At most ${max} characters.` },
    ]);
  });

  it.each([
    ['merchantId', '1001'],
    ['merchantId', 0],
    ['orderStatus', '2'],
    ['orderStatus', 2.5],
    ['amount', 10],
    ['amount', '-1.00'],
    ['amount', '0.001'],
    ['remark', null],
  ])('%s %j is refused', (field, value) => {
    const issues = issuesOf(paymentCallbackSchema, { ...valid, [field]: value });
    expect(issues.length).toBeGreaterThan(0);
    expect(issues.every((issue) => issue.path === field)).toBe(true);
  });

  it('the amount message says what is wrong', () => {
    expect(issuesOf(paymentCallbackSchema, { ...valid, amount: '1e3' })).toEqual([
      { path: 'amount', message: 'Write the amount as plain digits, not in exponent form.' },
    ]);
  });
});

describe('payment callback: fields the gateway adds later', () => {
  it('keeps unknown fields so that the signature can be checked over the body as received', () => {
    const parsed = paymentCallbackSchema.parse({ ...valid, settledAt: '1700000000000' });
    expect(parsed).toMatchObject({ settledAt: '1700000000000' });
  });
});
