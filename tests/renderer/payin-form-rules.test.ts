// The pay-in form under a profile's rules (A8, A14) and return addresses (A29): it refuses no more than
// the profile allows, sends card details beside a stored card only where the profile takes them, and
// starts with the profile's own return URL. (tests/renderer is typechecked with the renderer's tsconfig.)

import { cardErrors, defaultValues, type PayInFormValues, toFields } from '@renderer/features/payin/form';
import { payInResolverFor } from '@renderer/features/payin/form-resolver';
import { DEFAULT_PAYIN_RULES, type PayInRules } from '@shared/gateway/payin';
import { profileSchema } from '@shared/profile';
import { beforeAll, describe, expect, it } from 'vitest';
import { filledPayInForm } from './filled-payin-form';
import { speak } from './support/desk-language';

// The form words its problems through the renderer's catalogue: an English desk's here.
beforeAll(() => speak('en'));

const TEXT_COUNTRY: PayInRules = { country: 'text', storedCard: 'token-alone' };
const WITH_CARD: PayInRules = { country: 'iso-alpha2', storedCard: 'token-with-card' };

const filled = filledPayInForm;

async function errorsOf(rules: PayInRules, values: PayInFormValues): Promise<Record<string, string>> {
  const result = await payInResolverFor(rules)(values, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });
  return Object.fromEntries(
    Object.entries(result.errors).map(([name, error]) => [
      name,
      String((error as { message?: string }).message),
    ]),
  );
}

describe('the form by the profile’s country reading (A14)', () => {
  it('refuses an alpha-3 country by default and takes it from a profile that allows any text', async () => {
    expect(Object.keys(await errorsOf(DEFAULT_PAYIN_RULES, filled({ country: 'AUT' })))).toEqual(['country']);
    expect(await errorsOf(TEXT_COUNTRY, filled({ country: 'AUT' }))).toEqual({});
    expect((await errorsOf(TEXT_COUNTRY, filled({ country: 'AUSTRIA!!' }))).country).toBe(
      'At most 8 characters.',
    );
  });
});

describe('card details beside a stored card (A8)', () => {
  const stored = filled({ ccStorageID: 'cc_abc', cardNumber: '', expDate: '', cvv: '321' });

  it('are dropped by default and sent, those typed, where the profile takes them', () => {
    expect(toFields(stored)).not.toHaveProperty('cvv');
    expect(toFields(stored, WITH_CARD)).toMatchObject({ ccStorageID: 'cc_abc', cvv: '321' });
    expect(toFields(stored, WITH_CARD)).not.toHaveProperty('cardNumber');
  });

  it('are optional, and each one typed is checked like a card detail', async () => {
    expect(await errorsOf(WITH_CARD, stored)).toEqual({});
    expect(
      await errorsOf(WITH_CARD, filled({ ccStorageID: 'cc_abc', cardNumber: '', expDate: '', cvv: '' })),
    ).toEqual({});
    expect(cardErrors(filled({ ccStorageID: 'cc_abc', cvv: '12' }), new Date(), WITH_CARD)).toMatchObject({
      cvv: expect.any(String),
    });
    expect(
      cardErrors(filled({ ccStorageID: 'cc_abc', expDate: '01/20' }), new Date(), WITH_CARD),
    ).toHaveProperty('expDate');
    expect(cardErrors(filled({ ccStorageID: 'cc_abc', cvv: '12' }), new Date(), DEFAULT_PAYIN_RULES)).toEqual(
      {},
    );
  });
});

describe('return URLs (A29)', () => {
  it("a new pay-in starts with the profile's own return URLs", () => {
    const profile = profileSchema.parse({
      id: 'p',
      name: 'P',
      environment: 'production',
      baseUrl: 'https://gw.example',
      kycBaseUrl: 'https://gw.example',
      merchantId: 1,
      returnAddresses: 'profile',
      retURL: 'https://shop.example/return',
      failURL: 'https://shop.example/fail',
    });
    expect(defaultValues(profile)).toMatchObject({
      retURL: 'https://shop.example/return',
      failURL: 'https://shop.example/fail',
      successURL: '',
    });
  });
});

describe('the phone-payment IP (MOTO)', () => {
  it("starts a pay-in with the profile's caller IP, and the profile refuses one that is not IPv4", () => {
    const profile = profileSchema.parse({
      id: 'p',
      name: 'P',
      environment: 'test',
      baseUrl: 'https://gw.example',
      kycBaseUrl: 'https://gw.example',
      merchantId: 1,
      motoIp: '198.51.100.23',
    });
    expect(defaultValues(profile).ip).toBe('198.51.100.23');
    expect(defaultValues(undefined).ip).toBe('');
    expect(profileSchema.safeParse({ ...profile, motoIp: '10.0.0' }).success).toBe(false);
  });
});

describe("the billing country a pay-in starts with is the profile's, never one built into the code", () => {
  const base = { id: 'p', name: 'P', environment: 'test', merchantId: 1, baseUrl: 'https://gw.example' };
  it('starts empty without a profile, or with a profile that names none', () => {
    expect(defaultValues(undefined).country).toBe('');
    expect(defaultValues(profileSchema.parse(base)).country).toBe('');
  });
  it("starts with the profile's default country", () => {
    expect(defaultValues(profileSchema.parse({ ...base, defaultCountry: 'FR' })).country).toBe('FR');
  });
});
