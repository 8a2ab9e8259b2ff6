// A profile's wire options end to end, through the IPC channel the renderer uses, against the
// interface-only gateway double: what leaves Paydesk is what the profile allows (A8, A14), and a profile
// with its own return addresses sends no loopback address at all (A29).

import type { IpcResult, PayInResult } from '@shared/ipc';
import type { ProfileInput } from '@shared/profile';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activateTestGateway, type Fixture, startFixture, v2Fields } from '../support/app/paydesk-fixture';
import { type InterfaceGateway, startInterfaceGateway } from '../support/doubles/interface-gateway';

const MERCHANT_ID = 777001;
let gw: InterfaceGateway;
let fx: Fixture;

beforeAll(async () => {
  gw = await startInterfaceGateway({ merchantId: MERCHANT_ID, secret: 'opts-secret', basePath: '/gw/v3' });
  fx = await startFixture();
});

afterAll(async () => {
  await fx?.close();
  await gw?.close();
});

async function useProfile(overrides: Partial<ProfileInput>): Promise<void> {
  await activateTestGateway(
    fx,
    { id: 'options', name: 'Options gateway', url: gw.url, merchantId: MERCHANT_ID },
    { connectTimeoutMs: 1_000, requestTimeoutMs: 3_000, ...overrides },
  );
}

const submit = async (fields: Record<string, string>) =>
  (await fx.call('payin.submit', { version: 'v2', fields })) as IpcResult<PayInResult>;

/** The fields of the last pay-in the gateway received. */
function lastReceived(): Record<string, unknown> {
  const payIns = gw.received.filter((request) => request.route === 'payin-v2');
  return payIns.at(-1)?.fields as Record<string, unknown>;
}

describe('country (A14)', () => {
  it('by default an alpha-3 country is refused in Paydesk and nothing is sent', async () => {
    await useProfile({});
    const before = gw.received.length;
    const result = await submit(v2Fields({ country: 'DEU' }));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatchObject({ kind: 'invalid', field: 'country' });
    expect(gw.received.length).toBe(before);
  });

  it('a profile that takes any text sends it as typed', async () => {
    await useProfile({ payInRules: { country: 'text' } });
    await submit(v2Fields({ country: 'DEU', amount: '31.00' }));
    expect(lastReceived().country).toBe('DEU');
  });
});

describe('card details beside a stored card (A8)', () => {
  it('refused by default; sent when the profile allows them', async () => {
    await useProfile({});
    const userId = `stored-${Date.now()}`;
    const first = await submit(v2Fields({ userId, storeCc: '1', amount: '32.00' }));
    expect(first.ok).toBe(true);
    const cards = await fx.data('payin.storedCards', { userId });
    expect(cards).toHaveLength(1);
    const { ccStorageID } = cards[0]!;
    const {
      cardNumber: _n,
      expDate: _e,
      ...withCvvOnly
    } = v2Fields({ userId, ccStorageID, amount: '33.00' });

    const before = gw.received.length;
    const refused = await submit(withCvvOnly);
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error).toMatchObject({ kind: 'invalid', field: 'cvv' });
    expect(gw.received.length).toBe(before);

    await useProfile({ payInRules: { storedCard: 'token-with-card' } });
    const sent = await submit(withCvvOnly);
    expect(sent.ok).toBe(true);
    expect(lastReceived()).toMatchObject({ ccStorageID, cvv: '123' });
    expect(lastReceived().cardNumber).toBeUndefined();
  });
});

describe('return addresses (A29)', () => {
  it("Paydesk's (default): the loopback return route", async () => {
    await useProfile({});
    await submit(v2Fields({ amount: '34.00' }));
    expect(String(lastReceived().retURL)).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/r\//);
  });

  it("the profile's own: its https pages, and no loopback address anywhere in the request", async () => {
    await useProfile({
      returnAddresses: 'profile',
      retURL: 'https://shop.example/return',
      callBackURL: 'https://shop.example/notify',
    });
    await submit(v2Fields({ amount: '35.00' }));
    const received = gw.received.filter((request) => request.route === 'payin-v2').at(-1)!;
    expect(received.fields).toMatchObject({
      retURL: 'https://shop.example/return',
      callBackURL: 'https://shop.example/notify',
    });
    expect(received.fields).not.toHaveProperty('successURL');
    expect(received.rawBody).not.toContain('127.0.0.1');
  });
});
