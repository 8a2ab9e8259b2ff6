// The pay-in wire schemas (sections 2.1–2.3 of the interface, assumptions A3, A7, A8, A14). The tables
// below are the specification: lengths come from the interface's field tables, formats from A14.

import { payInResponseSchema, payInV1RequestSchema, payInV2RequestSchema } from '@shared/gateway';
import { describe, expect, it } from 'vitest';
import { issuesOf, messagesAt } from '../support/schema-issues';

const validV2 = {
  merchantId: 1001,
  merchantTradeNo: 'ORDER-0001',
  userId: 'user-42',
  firstName: 'Ann',
  lastName: 'Lee',
  mobile: '15123456789',
  addressLine: '1 Main Street',
  country: 'DE',
  city: 'Berlin',
  zip: '10115',
  cardNumber: '4111111111111111',
  cvv: '123',
  expDate: '09/28',
  ip: '203.0.113.7',
  amount: '10.00',
} as const;

const validV1 = {
  ...validV2,
  merchantId: '1001',
  email: 'ann@example.com',
  iddCode: '49',
  currency: 'EUR',
  sign: 'a'.repeat(64),
} as const;

const versions = [
  { name: 'v2', schema: payInV2RequestSchema, valid: validV2 as Record<string, unknown> },
  { name: 'v1', schema: payInV1RequestSchema, valid: validV1 as Record<string, unknown> },
] as const;

function without(body: Record<string, unknown>, ...names: string[]): Record<string, unknown> {
  const copy = { ...body };
  for (const name of names) delete copy[name];
  return copy;
}

const V2_REQUIRED = [
  'merchantId',
  'merchantTradeNo',
  'userId',
  'firstName',
  'lastName',
  'mobile',
  'addressLine',
  'country',
  'city',
  'zip',
  'cardNumber',
  'cvv',
  'expDate',
  'ip',
  'amount',
];
const V1_REQUIRED = [...V2_REQUIRED, 'email', 'iddCode', 'currency', 'sign'];

const text = (n: number) => 'x'.repeat(n);
const digitText = (n: number) => '7'.repeat(n);
const url = (n: number) => `https://example.com/${'p'.repeat(n - 'https://example.com/'.length)}`;
const amountText = (n: number) => `${'1'.repeat(n - 3)}.00`;
const emailText = (n: number) => `${'a'.repeat(n - '@example.com'.length)}@example.com`;
function productsText(n: number): string {
  const build = (name: string) => JSON.stringify([{ name, price: '1.00', num: '1', currency: 'EUR' }]);
  return build('p'.repeat(n - build('').length));
}

/** Maximum lengths of section 2.1 (both versions) that a value of that length can reach. */
const SHARED_MAX_LENGTHS: { field: string; max: number; make: (n: number) => string }[] = [
  { field: 'merchantTradeNo', max: 64, make: text },
  { field: 'userId', max: 64, make: text },
  { field: 'firstName', max: 20, make: text },
  { field: 'lastName', max: 30, make: text },
  { field: 'mobile', max: 64, make: digitText },
  { field: 'addressLine', max: 64, make: text },
  { field: 'city', max: 64, make: text },
  { field: 'zip', max: 16, make: text },
  { field: 'cardNumber', max: 64, make: digitText },
  { field: 'cvv', max: 8, make: digitText },
  { field: 'document', max: 64, make: text },
  { field: 'amount', max: 32, make: amountText },
  { field: 'products', max: 512, make: productsText },
  { field: 'clientHTTPAccept', max: 512, make: text },
  { field: 'clientHTTPUserAgent', max: 512, make: text },
  { field: 'callBackURL', max: 256, make: url },
  { field: 'successURL', max: 256, make: url },
  { field: 'failURL', max: 256, make: url },
  { field: 'retURL', max: 256, make: url },
  { field: 'createTime', max: 20, make: digitText },
];
/** v2 only: `eci` is two digits (A14); `cavv` and `dsTranId` at most 64 characters (A14). */
const V2_MAX_LENGTHS = [
  ...SHARED_MAX_LENGTHS,
  { field: 'cavv', max: 64, make: text },
  { field: 'dsTranId', max: 64, make: text },
];
/** v1 only (section 2.2); merchantId is the digits of a number up to 2^53−1, 16 digits (A3). */
const V1_MAX_LENGTHS = [
  ...SHARED_MAX_LENGTHS,
  { field: 'email', max: 64, make: emailText },
  { field: 'iddCode', max: 8, make: digitText },
  { field: 'payChannel', max: 16, make: text },
  { field: 'sign', max: 128, make: text },
];

describe('pay-in request: the valid bodies pass', () => {
  it.each(versions)('$name', ({ schema, valid }) => {
    expect(issuesOf(schema, valid)).toEqual([]);
  });

  it('keeps the values as sent', () => {
    expect(payInV2RequestSchema.parse(validV2)).toEqual(validV2);
  });
});

describe('pay-in request: required fields', () => {
  it.each(V2_REQUIRED)('v2 without %s says "Required." on that field', (field) => {
    expect(issuesOf(payInV2RequestSchema, without(validV2, field))).toEqual([
      { path: field, message: 'Required.' },
    ]);
  });

  it.each(V1_REQUIRED)('v1 without %s says "Required." on that field', (field) => {
    expect(issuesOf(payInV1RequestSchema, without(validV1, field))).toEqual([
      { path: field, message: 'Required.' },
    ]);
  });

  it.each(['merchantTradeNo', 'userId', 'firstName', 'lastName', 'addressLine', 'city', 'zip'])(
    'an empty %s counts as missing',
    (field) => {
      expect(messagesAt(payInV2RequestSchema, { ...validV2, [field]: '' }, field)).toContain('Required.');
    },
  );

  it('optional fields may be left out', () => {
    const optional = ['storeCc', 'document', 'products', 'callBackURL', 'txMode', 'eci', 'cavv', 'dsTranId'];
    expect(issuesOf(payInV2RequestSchema, without(validV2, ...optional))).toEqual([]);
  });
});

describe('pay-in request: maximum lengths', () => {
  for (const { name, schema, valid } of versions) {
    const table = name === 'v2' ? V2_MAX_LENGTHS : V1_MAX_LENGTHS;
    it.each(table)(`${name} $field: $max characters pass, one more fails`, ({ field, max, make }) => {
      const atMax = make(max);
      const overMax = make(max + 1);
      expect(atMax).toHaveLength(max);
      expect(overMax).toHaveLength(max + 1);
      expect(issuesOf(schema, { ...valid, [field]: atMax })).toEqual([]);
      expect(messagesAt(schema, { ...valid, [field]: overMax }, field)).toContain(
        `At most ${max} characters.`,
      );
    });
  }

  it.each(versions)('$name ccStorageID: 64 characters pass, 65 fail', ({ schema, valid }) => {
    const stored = without(valid, 'cardNumber', 'cvv', 'expDate');
    expect(issuesOf(schema, { ...stored, ccStorageID: text(64) })).toEqual([]);
    expect(messagesAt(schema, { ...stored, ccStorageID: text(65) }, 'ccStorageID')).toContain(
      'At most 64 characters.',
    );
  });
});

describe('pay-in request: formats', () => {
  const EXPIRY = 'Expiry as MM/YY, e.g. 09/28.';
  it.each(['01/30', '09/28', '12/99', '10/00'])('expDate %s passes', (expDate) => {
    expect(issuesOf(payInV2RequestSchema, { ...validV2, expDate })).toEqual([]);
  });
  it.each(['00/28', '13/28', '1/28', '01/2028', '0128', '01-28', 'ab/cd', '09/28 '])(
    'expDate %s is refused',
    (expDate) => {
      expect(messagesAt(payInV2RequestSchema, { ...validV2, expDate }, 'expDate')).toContain(EXPIRY);
    },
  );

  const IPV4 = 'An IPv4 address such as 203.0.113.7.';
  it.each(['203.0.113.7', '0.0.0.0', '255.255.255.255', '10.0.0.1'])('ip %s passes', (ip) => {
    expect(issuesOf(payInV2RequestSchema, { ...validV2, ip })).toEqual([]);
  });
  it.each(['256.1.1.1', '1.2.3', '1.2.3.4.5', '01.2.3.4', '::1', '2001:db8::1', 'localhost', ''])(
    'ip %j is refused',
    (ip) => {
      expect(messagesAt(payInV2RequestSchema, { ...validV2, ip }, 'ip')).toContain(IPV4);
    },
  );

  it.each([
    ['mobile', '+4915123456789'],
    ['mobile', '151 2345 6789'],
    ['cardNumber', '4111 1111 1111 1111'],
    ['cardNumber', '4111-1111-1111-1111'],
    ['cvv', '12a'],
    ['createTime', '1.7e12'],
    ['createTime', '-1700000000000'],
  ])('%s %j is refused: digits only', (field, value) => {
    expect(messagesAt(payInV2RequestSchema, { ...validV2, [field]: value }, field)).toContain('Digits only.');
  });

  it('v1 iddCode takes digits only', () => {
    expect(messagesAt(payInV1RequestSchema, { ...validV1, iddCode: '+49' }, 'iddCode')).toContain(
      'Digits only.',
    );
  });

  it.each(['DE', 'US', 'GB', 'JP'])('country %s passes', (country) => {
    expect(issuesOf(payInV2RequestSchema, { ...validV2, country })).toEqual([]);
  });
  it.each(['XX', 'de', 'UK', 'ZZ'])('two-letter %s is refused: not an ISO 3166-1 code', (country) => {
    expect(messagesAt(payInV2RequestSchema, { ...validV2, country }, 'country')).toContain(
      'Not an ISO 3166-1 country code.',
    );
  });
  it.each(['DEU', 'D', 'Germany'])('%s is refused: not two letters', (country) => {
    expect(messagesAt(payInV2RequestSchema, { ...validV2, country }, 'country')).toContain(
      'A two-letter ISO 3166-1 country code such as DE.',
    );
  });

  it.each(['name@example.com', 'first.last+tag@mail.example.org', 'zoë.rossi14@example.com'])(
    'v1 email %s passes',
    (email) => {
      expect(issuesOf(payInV1RequestSchema, { ...validV1, email })).toEqual([]);
    },
  );
  it.each([
    ['name', /has no "@"/],
    ['name@', /no domain comes after "@"/],
    ['@example.com', /nothing comes before "@"/],
    ['a b@example.com', /cannot hold a space before "@"/],
    ['name@example', /the domain after "@" has no dot/],
    ['name@@example.com', /holds one "@"; this one has 2/],
  ])('v1 email %s is refused, saying why', (email, reason) => {
    const messages = messagesAt(payInV1RequestSchema, { ...validV1, email }, 'email');
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(reason);
  });

  const URL_MESSAGE = 'A web address starting with http:// or https://.';
  it.each(['http://shop.example/cb', 'https://shop.example/cb?order=1#x', 'https://127.0.0.1:8443/return'])(
    'URL %s passes',
    (value) => {
      for (const field of ['callBackURL', 'successURL', 'failURL', 'retURL']) {
        expect(issuesOf(payInV2RequestSchema, { ...validV2, [field]: value })).toEqual([]);
      }
    },
  );
  it.each([
    'ftp://shop.example/cb',
    'javascript:alert(1)',
    'data:text/html,<b>x</b>',
    'mailto:a@example.com',
    'shop.example/cb',
    '/relative/path',
  ])('URL %s is refused', (value) => {
    for (const field of ['callBackURL', 'successURL', 'failURL', 'retURL']) {
      expect(messagesAt(payInV2RequestSchema, { ...validV2, [field]: value }, field)).toContain(URL_MESSAGE);
    }
  });

  const STORE_CC = '"0" (do not store the card) or "1" (store it).';
  it.each(['0', '1'])('storeCc %j passes', (storeCc) => {
    expect(issuesOf(payInV2RequestSchema, { ...validV2, storeCc })).toEqual([]);
  });
  it.each(['2', '', '01', 'yes', 0, 1, true])('storeCc %j is refused', (storeCc) => {
    expect(messagesAt(payInV2RequestSchema, { ...validV2, storeCc }, 'storeCc')).toEqual([STORE_CC]);
  });

  it.each(['h2h', 'redirection'])('txMode %s passes', (txMode) => {
    expect(issuesOf(payInV2RequestSchema, { ...validV2, txMode })).toEqual([]);
  });
  it.each(['H2H', 'redirect', '', 'iframe'])('txMode %j is refused', (txMode) => {
    expect(messagesAt(payInV2RequestSchema, { ...validV2, txMode }, 'txMode')).toEqual([
      '"h2h" or "redirection".',
    ]);
  });

  it.each(['05', '02', '07'])('v2 eci %s passes', (eci) => {
    expect(issuesOf(payInV2RequestSchema, { ...validV2, eci })).toEqual([]);
  });
  it.each(['5', 'ab', '5a'])('v2 eci %s is refused: two digits', (eci) => {
    expect(messagesAt(payInV2RequestSchema, { ...validV2, eci }, 'eci')).toContain(
      'A two-digit code such as 05.',
    );
  });

  it.each(['EUR', 'USD'])('v1 currency %s passes', (currency) => {
    expect(issuesOf(payInV1RequestSchema, { ...validV1, currency })).toEqual([]);
  });
  it.each(['eur', 'EU', 'EURO', '€', '978'])('v1 currency %s is refused', (currency) => {
    expect(messagesAt(payInV1RequestSchema, { ...validV1, currency }, 'currency')).toContain(
      'A three-letter ISO 4217 currency code such as EUR.',
    );
  });

  it.each(['10.005', '0.01', '12345678901234567890.125'])(
    'amount %s passes (rounded by the gateway)',
    (amount) => {
      expect(issuesOf(payInV2RequestSchema, { ...validV2, amount })).toEqual([]);
    },
  );
  it.each([
    ['0.001', 'The amount is zero once rounded to 2 decimal places.'],
    ['1e3', 'Write the amount as plain digits, not in exponent form.'],
    ['-5', 'The amount cannot be negative.'],
    ['', 'Enter an amount.'],
    ['1,50', 'The amount must be a number such as 12.50 (digits and one decimal point).'],
  ])('amount %j is refused: %s', (amount, message) => {
    expect(messagesAt(payInV2RequestSchema, { ...validV2, amount }, 'amount')).toEqual([message]);
  });
  it('amount as a JSON number is refused', () => {
    expect(messagesAt(payInV2RequestSchema, { ...validV2, amount: 10 }, 'amount')).toEqual(['Must be text.']);
  });
});

describe('pay-in request: products', () => {
  const item = { name: 'T-shirt', price: '10.00', num: '2', currency: 'EUR' };
  const check = (products: string) => messagesAt(payInV2RequestSchema, { ...validV2, products }, 'products');

  it('a JSON array of products passes, as does an empty array', () => {
    expect(check(JSON.stringify([item, { ...item, name: 'Cap' }]))).toEqual([]);
    expect(check('[]')).toEqual([]);
  });
  it('text that is not JSON is refused', () => {
    expect(check('[{name: T-shirt}]')).toEqual(['Not valid JSON: expected an array of products.']);
  });
  it('a JSON object instead of an array is refused', () => {
    const messages = check(JSON.stringify(item));
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/^Product /);
  });
  it.each([
    ['a missing currency', { name: 'T-shirt', price: '10.00', num: '2' }, /^Product 0\.currency: /],
    ['a numeric price', { ...item, price: 10 }, /^Product 0\.price: /],
    ['a quantity that is not digits', { ...item, num: '1.5' }, /^Product 0\.num: Quantity in digits\.$/],
    ['an empty name', { ...item, name: '' }, /^Product 0\.name: Product name required\.$/],
  ])('an item with %s is refused', (_what, bad, message) => {
    const messages = check(JSON.stringify([bad]));
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(message);
  });
  it('an item with an extra key is refused, naming the key', () => {
    const messages = check(JSON.stringify([item, { ...item, colour: 'red' }]));
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/^Product 1: .*colour/);
  });
  it('more than 512 characters is refused even when the JSON is good', () => {
    expect(check(productsText(513))).toContain('At most 512 characters.');
  });
});

describe('pay-in request: merchantId', () => {
  it.each([2 ** 53 - 1, 1])('v2 takes the number %d', (merchantId) => {
    expect(issuesOf(payInV2RequestSchema, { ...validV2, merchantId })).toEqual([]);
  });
  it.each([0, -1, 1.5, 2 ** 53, '1001', null])('v2 refuses %j', (merchantId) => {
    expect(messagesAt(payInV2RequestSchema, { ...validV2, merchantId }, 'merchantId')).not.toEqual([]);
  });
  it.each(['9007199254740991', '1'])('v1 takes the digits %s', (merchantId) => {
    expect(issuesOf(payInV1RequestSchema, { ...validV1, merchantId })).toEqual([]);
  });
  it.each(['0', '0042', '-1', '1.5', 'abc', '9007199254740992', '12345678901234567', 1001])(
    'v1 refuses %j (assumption A3)',
    (merchantId) => {
      expect(messagesAt(payInV1RequestSchema, { ...validV1, merchantId }, 'merchantId')).not.toEqual([]);
    },
  );
});

describe('pay-in request: fields of the other version', () => {
  it.each([
    ['email', 'ann@example.com'],
    ['iddCode', '49'],
    ['currency', 'EUR'],
    ['payChannel', 'CH1'],
    ['sign', 'abc'],
  ])('v2 refuses the v1-only field %s', (field, value) => {
    expect(issuesOf(payInV2RequestSchema, { ...validV2, [field]: value })).toEqual([
      { path: '', message: expect.stringContaining(field), keys: [field] },
    ]);
  });

  it.each([
    ['eci', '05'],
    ['cavv', 'AAABBBCCC'],
    ['dsTranId', 'f25084f0-5b16-4c0a-ae5d-b24808a95e4b'],
  ])('v1 refuses the v2-only field %s', (field, value) => {
    expect(issuesOf(payInV1RequestSchema, { ...validV1, [field]: value })).toEqual([
      { path: '', message: expect.stringContaining(field), keys: [field] },
    ]);
  });

  it('an unknown field is refused in both', () => {
    for (const { schema, valid } of versions) {
      expect(issuesOf(schema, { ...valid, cardHolder: 'Ann Lee' })).toEqual([
        { path: '', message: expect.stringContaining('cardHolder'), keys: ['cardHolder'] },
      ]);
    }
  });
});

describe('pay-in request: card details or ccStorageID (assumption A8)', () => {
  const LEAVE_OUT = 'Leave out the card details when paying with ccStorageID.';

  it.each(versions)('$name: ccStorageID stands in for all three card fields', ({ schema, valid }) => {
    const stored = { ...without(valid, 'cardNumber', 'cvv', 'expDate'), ccStorageID: 'tok_7f3a' };
    expect(issuesOf(schema, stored)).toEqual([]);
  });

  it.each(versions)('$name: without either, each card field is required', ({ schema, valid }) => {
    expect(issuesOf(schema, without(valid, 'cardNumber', 'cvv', 'expDate'))).toEqual([
      { path: 'cardNumber', message: 'Required.' },
      { path: 'cvv', message: 'Required.' },
      { path: 'expDate', message: 'Required.' },
    ]);
  });

  for (const field of ['cardNumber', 'cvv', 'expDate']) {
    it.each(versions)(`$name: ccStorageID with ${field} is refused on ${field}`, ({ schema, valid }) => {
      const others = ['cardNumber', 'cvv', 'expDate'].filter((name) => name !== field);
      const body = { ...without(valid, ...others), ccStorageID: 'tok_7f3a' };
      expect(issuesOf(schema, body)).toEqual([{ path: field, message: LEAVE_OUT }]);
    });
  }

  it('ccStorageID with all card fields is refused on each of them', () => {
    expect(issuesOf(payInV2RequestSchema, { ...validV2, ccStorageID: 'tok_7f3a' })).toEqual([
      { path: 'cardNumber', message: LEAVE_OUT },
      { path: 'cvv', message: LEAVE_OUT },
      { path: 'expDate', message: LEAVE_OUT },
    ]);
  });
});

describe('pay-in response: parsed leniently', () => {
  it('keeps unknown fields at the top and inside data', () => {
    const response = {
      code: 0,
      msg: 'success',
      traceid: 'trace-1',
      data: {
        orderId: 'O-1',
        orderStatus: 2,
        status: 'COMPLETED',
        acquirerRef: 'ACQ-9',
        nested: { anything: [1, 2] },
      },
      serverTime: 1_700_000_000_000,
    };
    expect(payInResponseSchema.parse(response)).toEqual(response);
  });

  it('takes a declined order with its remark, and an error with data null or absent (v2 omits code)', () => {
    const declined = {
      code: 0,
      msg: 'ok',
      traceid: 't',
      data: { orderId: 'O-2', orderStatus: 15, remark: 'Insufficient funds' },
    };
    expect(payInResponseSchema.parse(declined)).toEqual(declined);
    expect(
      payInResponseSchema.safeParse({ code: 90751001, msg: 'amount', traceid: 't', data: null }).success,
    ).toBe(true);
    expect(payInResponseSchema.safeParse({ msg: 'ok', traceid: 't' }).success).toBe(true);
  });

  it('still checks the fields Paydesk acts on', () => {
    const base = { code: 0, msg: 'ok', traceid: 't' };
    expect(issuesOf(payInResponseSchema, { code: 0, traceid: 't' }).map((i) => i.path)).toEqual(['msg']);
    expect(issuesOf(payInResponseSchema, { code: 0, msg: 'ok' }).map((i) => i.path)).toEqual(['traceid']);
    expect(issuesOf(payInResponseSchema, { ...base, code: '0' }).map((i) => i.path)).toEqual(['code']);
    expect(
      issuesOf(payInResponseSchema, { ...base, data: { orderStatus: '15' } }).map((i) => i.path),
    ).toEqual(['data.orderStatus']);
    expect(issuesOf(payInResponseSchema, { ...base, data: { redirectURL: 42 } }).map((i) => i.path)).toEqual([
      'data.redirectURL',
    ]);
  });
});
