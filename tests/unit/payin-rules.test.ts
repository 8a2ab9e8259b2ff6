// A profile's reading of the two points where Paydesk narrows the interface (A8: card details beside a
// stored card; A14: `country`), and where the browser returns (A29): the schema factory, the IPC input
// that accepts the loosest reading, and the request main builds from a profile.

import {
  DEFAULT_PAYIN_RULES,
  LOOSEST_PAYIN_RULES,
  type PayInRules,
  payInRequestSchema,
  payInV1RequestSchema,
  payInV2RequestSchema,
} from '@shared/gateway/payin';
import { canonicalAmount } from '@shared/money/amount';
import { type PayInSubmitted, payInSubmitSchema } from '@shared/payin-input';
import {
  type Profile,
  type ProfileInput,
  profileSchema,
  SANDBOX_PROFILE,
  savedProfileSchema,
} from '@shared/profile';
import { describe, expect, it } from 'vitest';
import { buildWireBody } from '../../src/main/payin/wire-body';
import type { ReturnRoute } from '../../src/main/returns/return-listener';

const CARD = { cardNumber: '4242424242424242', cvv: '123', expDate: '12/40' };
const v2 = {
  merchantId: 1001,
  merchantTradeNo: 'T-1',
  userId: 'u-1',
  firstName: 'Ann',
  lastName: 'Lee',
  mobile: '15123456789',
  addressLine: '1 Main Street',
  country: 'DE',
  city: 'Berlin',
  zip: '10115',
  ip: '203.0.113.7',
  amount: '10.00',
};
const TEXT_COUNTRY: PayInRules = { country: 'text', storedCard: 'token-alone' };
const WITH_CARD: PayInRules = { country: 'iso-alpha2', storedCard: 'token-with-card' };

function firstIssue(rules: PayInRules, body: object): string | undefined {
  const result = payInRequestSchema('v2', rules).safeParse(body);
  if (result.success) return undefined;
  const issue = result.error.issues[0]!;
  return `${issue.path.join('.')}: ${issue.message}`;
}

describe('payInRequestSchema: one definition, built per rules', () => {
  it('under the default rules is the sandbox schema itself', () => {
    expect(payInRequestSchema('v2')).toBe(payInV2RequestSchema);
    expect(payInRequestSchema('v1', DEFAULT_PAYIN_RULES)).toBe(payInV1RequestSchema);
    expect(payInRequestSchema('v2', { ...TEXT_COUNTRY })).toBe(payInRequestSchema('v2', TEXT_COUNTRY));
  });

  it('country: ISO alpha-2 by default; any text of at most 8 characters when relaxed (A14)', () => {
    for (const country of ['DEU', '276', 'US-CA', 'XX']) {
      expect(firstIssue(DEFAULT_PAYIN_RULES, { ...v2, ...CARD, country })).toMatch(/^country: /);
      expect(firstIssue(TEXT_COUNTRY, { ...v2, ...CARD, country })).toBeUndefined();
    }
    expect(firstIssue(TEXT_COUNTRY, { ...v2, ...CARD, country: '12345678' })).toBeUndefined();
    expect(firstIssue(TEXT_COUNTRY, { ...v2, ...CARD, country: '123456789' })).toBe(
      'country: At most 8 characters.',
    );
    expect(firstIssue(TEXT_COUNTRY, { ...v2, ...CARD, country: '' })).toBe('country: Required.');
  });

  it('a stored card: token alone by default; card details allowed, and still checked, when relaxed (A8)', () => {
    const token = { ...v2, ccStorageID: 'cc_abc' };
    expect(firstIssue(DEFAULT_PAYIN_RULES, { ...token, cvv: '123' })).toBe(
      'cvv: Leave out the card details when paying with ccStorageID.',
    );
    expect(firstIssue(WITH_CARD, { ...token, cvv: '123' })).toBeUndefined();
    expect(firstIssue(WITH_CARD, { ...token, ...CARD })).toBeUndefined();
    expect(firstIssue(WITH_CARD, token)).toBeUndefined();
    expect(firstIssue(WITH_CARD, { ...token, cvv: '12a' })).toBe('cvv: Digits only.');
    // Without a token the card is required whatever the rules.
    expect(firstIssue(WITH_CARD, { ...v2, cvv: '123', expDate: '12/40' })).toBe('cardNumber: Required.');
  });

  it('the IPC input takes the loosest reading; main then checks by the profile', () => {
    const fields = { ...v2, ccStorageID: 'cc_abc', cvv: '123', country: 'DEU' } as Record<string, unknown>;
    delete fields.merchantId;
    expect(payInSubmitSchema.safeParse({ version: 'v2', fields }).success).toBe(true);
    expect(
      payInRequestSchema('v2', LOOSEST_PAYIN_RULES).safeParse({ ...fields, merchantId: 1 }).success,
    ).toBe(true);
  });
});

describe('profile options', () => {
  it('a profile saved before the options existed reads as today: sandbox rules, Paydesk return addresses', () => {
    const stored: ProfileInput = {
      id: 'old',
      name: 'Old',
      environment: 'test',
      baseUrl: 'https://gw.example',
      kycBaseUrl: 'https://kyc.example',
      merchantId: 1,
    };
    const profile = profileSchema.parse(stored);
    expect(profile.payInRules).toEqual(DEFAULT_PAYIN_RULES);
    expect(profile.returnAddresses).toBe('paydesk');
    expect(profile.retURL).toBeUndefined();
    expect(SANDBOX_PROFILE.payInRules).toEqual({ country: 'iso-alpha2', storedCard: 'token-alone' });
  });

  it('refuses a reading it does not know', () => {
    const result = profileSchema.safeParse({
      ...SANDBOX_PROFILE,
      payInRules: { country: 'alpha3', storedCard: 'token-alone' },
    });
    expect(result.success).toBe(false);
    expect(profileSchema.safeParse({ ...SANDBOX_PROFILE, returnAddresses: 'both' }).success).toBe(false);
  });
});

const route: ReturnRoute = {
  token: 'tok',
  retURL: 'http://127.0.0.1:5000/r/tok/ret',
  successURL: 'http://127.0.0.1:5000/r/tok/success',
  failURL: 'http://127.0.0.1:5000/r/tok/fail',
  callBackURL: 'http://127.0.0.1:5000/callback',
  pageURL: 'http://127.0.0.1:5000/r/tok/page',
};

function profile(overrides: Partial<ProfileInput> = {}): Profile {
  return profileSchema.parse({
    id: 'gw',
    name: 'Gateway',
    environment: 'production',
    baseUrl: 'https://gw.example',
    kycBaseUrl: 'https://kyc.example',
    merchantId: 1001,
    ...overrides,
  });
}

/** The form's fields as main's parse of the IPC input gives them: the amount canonical. */
const formFields = (overrides: Record<string, string> = {}) => {
  const { merchantId: _id, merchantTradeNo: _no, ...rest } = v2;
  const fields = { ...rest, ...CARD, ...overrides };
  return { ...fields, amount: canonicalAmount(fields.amount) };
};

function build(p: Profile, fields: Extract<PayInSubmitted, { version: 'v2' }>['fields'] = formFields()) {
  return buildWireBody({
    request: { version: 'v2', fields, confirmDuplicate: false },
    profile: p,
    route,
    merchantTradeNo: 'T-9',
    secret: undefined,
  }).body;
}

function refusal(run: () => unknown): { kind: string; field?: string; message: string } {
  try {
    run();
  } catch (error) {
    return error as { kind: string; field?: string; message: string };
  }
  throw new Error('expected a refusal');
}

describe('buildWireBody under a profile', () => {
  it("checks the request by the profile's rules (finish)", () => {
    expect(refusal(() => build(profile(), formFields({ country: 'DEU' })))).toMatchObject({
      kind: 'invalid',
      field: 'country',
    });
    expect(build(profile({ payInRules: { country: 'text' } }), formFields({ country: 'DEU' })).country).toBe(
      'DEU',
    );

    const stored = formFields({ ccStorageID: 'cc_abc' });
    delete (stored as Record<string, string | undefined>).cardNumber;
    delete (stored as Record<string, string | undefined>).expDate;
    expect(refusal(() => build(profile(), stored))).toMatchObject({ kind: 'invalid', field: 'cvv' });
    expect(build(profile({ payInRules: { storedCard: 'token-with-card' } }), stored)).toMatchObject({
      ccStorageID: 'cc_abc',
      cvv: '123',
    });
  });

  it("Paydesk's return addresses (default): every empty one is the loopback route, in the order sent until now", () => {
    const body = build(profile());
    expect(body).toMatchObject({
      retURL: route.retURL,
      successURL: route.successURL,
      failURL: route.failURL,
    });
    expect(body.callBackURL).toBeUndefined();
    expect(Object.keys(body).slice(-3)).toEqual(['retURL', 'successURL', 'failURL']);
    const sandbox = build({ ...SANDBOX_PROFILE });
    expect(Object.keys(sandbox).slice(-4)).toEqual(['retURL', 'successURL', 'failURL', 'callBackURL']);
    expect(sandbox.callBackURL).toBe(route.callBackURL);
  });

  it("the profile's own: no loopback address at all; what the agent typed wins; what neither has is left out", () => {
    const own = profile({
      returnAddresses: 'profile',
      retURL: 'https://shop.example/return',
      callBackURL: 'https://shop.example/notify',
    });
    const body = build(own);
    expect(body).toMatchObject({
      retURL: 'https://shop.example/return',
      callBackURL: 'https://shop.example/notify',
    });
    expect(body.successURL).toBeUndefined();
    expect(body.failURL).toBeUndefined();
    expect(JSON.stringify(body)).not.toContain('127.0.0.1');

    const typed = build(own, formFields({ successURL: 'https://shop.example/thanks' }));
    expect(typed.successURL).toBe('https://shop.example/thanks');

    const bare = build(profile({ returnAddresses: 'profile' }));
    for (const name of ['retURL', 'successURL', 'failURL', 'callBackURL'] as const)
      expect(bare[name]).toBeUndefined();
  });

  it('the embedded sandbox with profile addresses gets no loopback callback either', () => {
    const body = build({
      ...SANDBOX_PROFILE,
      returnAddresses: 'profile',
      failURL: 'https://shop.example/fail',
    });
    expect(body.callBackURL).toBeUndefined();
    expect(body.failURL).toBe('https://shop.example/fail');
    expect(JSON.stringify(body)).not.toContain('127.0.0.1');
  });
});

describe('gateway addresses a saved profile may use', () => {
  const base = { id: 'g', name: 'G', merchantId: 1 };
  it.each([
    ['production', 'https://gw.example', true],
    ['production', 'http://gw.example', false],
    ['production', 'http://127.0.0.1:8787', false],
    ['test', 'https://gw.example', true],
    ['test', 'http://127.0.0.1:8787', true],
    ['test', 'http://localhost:8787', true],
    ['test', 'http://gw.example', false],
    ['test', 'http://10.0.0.5:8787', false],
    ['sandbox', 'http://gw.example', false],
  ] as const)('%s at %s: %s', (environment, address, allowed) => {
    const parsed = savedProfileSchema.safeParse({
      ...base,
      environment,
      baseUrl: address,
      kycBaseUrl: address,
    });
    expect(parsed.success).toBe(allowed);
    if (!parsed.success) {
      expect(parsed.error.issues.map((issue) => issue.path.join('.'))).toEqual(['baseUrl', 'kycBaseUrl']);
    }
  });
});
