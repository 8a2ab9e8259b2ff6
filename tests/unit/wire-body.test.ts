// What goes on the wire for a pay-in (src/main/payin/wire-body.ts): a v1 form body (merchantId as digits,
// signed) against a v2 JSON body (merchantId a number, no sign), the amount exactly as parsed, empty fields
// never sent, and a request rebuilt from history after a restart field for field the one sent first (A9).
// Return addresses per profile are in payin-rules.test.ts.

import { maskCardNumber } from '@shared/cards/card';
import { canonicalAmount } from '@shared/money/amount';
import type { PayInSubmitted } from '@shared/payin-input';
import { type Profile, type ProfileInput, profileSchema } from '@shared/profile';
import { afterEach, describe, expect, it } from 'vitest';
import { buildWireBody, rebuildWireBody } from '../../src/main/payin/wire-body';
import type { ReturnRoute } from '../../src/main/returns/return-listener';
import { verifyBodySignature } from '../../src/node/sign';
import { expectWords } from '../support/app/refusal';
import { type TempHistory, tempHistory } from '../support/history/history-fixtures';

const SECRET = 'merchant-secret';
const CARD = { cardNumber: '4242424242424242', cvv: '123', expDate: '12/40' };
const route: ReturnRoute = {
  token: 'tok',
  retURL: 'http://127.0.0.1:5000/r/tok/ret',
  successURL: 'http://127.0.0.1:5000/r/tok/success',
  failURL: 'http://127.0.0.1:5000/r/tok/fail',
  callBackURL: 'http://127.0.0.1:5000/callback',
  pageURL: 'http://127.0.0.1:5000/r/tok/page',
};
const customer = {
  userId: 'u-1',
  firstName: 'Ann',
  lastName: 'Lee',
  mobile: '15123456789',
  addressLine: '1 Main Street',
  country: 'DE',
  city: 'Berlin',
  zip: '10115',
  ip: '203.0.113.7',
};

function profile(overrides: Partial<ProfileInput> = {}): Profile {
  return profileSchema.parse({
    id: 'gw',
    name: 'Gateway',
    environment: 'production',
    baseUrl: 'https://gw.example',
    merchantId: 1001,
    ...overrides,
  });
}

function v2(amount: string, extra: Record<string, string> = {}): PayInSubmitted {
  return {
    version: 'v2',
    confirmDuplicate: false,
    fields: { ...customer, ...CARD, ...extra, amount: canonicalAmount(amount) },
  } as PayInSubmitted;
}

function v1(amount: string, extra: Record<string, string> = {}): PayInSubmitted {
  return {
    version: 'v1',
    confirmDuplicate: false,
    fields: {
      ...customer,
      ...CARD,
      email: 'ann@example.com',
      iddCode: '49',
      currency: 'USD',
      ...extra,
      amount: canonicalAmount(amount),
    },
  } as PayInSubmitted;
}

function build(request: PayInSubmitted, p: Profile = profile(), secret: string | null = SECRET) {
  return buildWireBody({ request, profile: p, route, merchantTradeNo: 'T-9', secret: secret ?? undefined });
}

function refusal(run: () => unknown): { kind: string; field?: string; message: string } {
  try {
    run();
  } catch (error) {
    return error as { kind: string; field?: string; message: string };
  }
  throw new Error('expected a refusal');
}

describe('buildWireBody: v1 against v2', () => {
  it('v2: a JSON body, merchantId a number, no sign, no currency', () => {
    const request = build(v2('12.50'));
    expect(request.version).toBe('v2');
    expect(request.body.merchantId).toBe(1001);
    expect(request.body).not.toHaveProperty('sign');
    expect(request.body).not.toHaveProperty('currency');
    expect(request.body.merchantTradeNo).toBe('T-9');
    expect(request.body.amount).toBe('12.50');
  });

  it('v1: a form body, merchantId as digits, the currency typed, signed with the profile secret', () => {
    const request = build(v1('12.50'));
    expect(request.version).toBe('v1');
    const body = request.body as Record<string, unknown>;
    expect(body.merchantId).toBe('1001');
    expect(body.currency).toBe('USD');
    expect(body.amount).toBe('12.50');
    expect(verifyBodySignature(body, SECRET, 'hmac-sha256')).toBe(true);
    expect(verifyBodySignature(body, 'another-secret', 'hmac-sha256')).toBe(false);
  });

  it('v1: signed with the profile algorithm', () => {
    const p = profile({ signAlgorithm: 'md5-key' } as Partial<ProfileInput>);
    const body = build(v1('1.00'), p).body as Record<string, unknown>;
    expect(verifyBodySignature(body, SECRET, p.signAlgorithm)).toBe(true);
  });

  it('v1 without the merchant secret is refused, naming the secret', () => {
    for (const secret of [null, '']) {
      const error = refusal(() => build(v1('1.00'), profile(), secret));
      expect(error).toMatchObject({ kind: 'invalid', field: 'secret' });
      expect(error.message).toMatch(/merchant secret/);
      expectWords(error, 'refusal.payin.secretMissing');
    }
  });

  it('v2 needs no secret', () => {
    expect(build(v2('1.00'), profile(), null).body.amount).toBe('1.00');
  });

  it.each([
    ['0.01', '0.01'],
    ['00.05', '0.05'],
    ['999999.99', '999999.99'],
    ['1000000.00', '1000000.00'],
  ])('the amount %s goes as %s in both versions', (typed, sent) => {
    expect(build(v2(typed)).body.amount).toBe(sent);
    expect(build(v1(typed)).body.amount).toBe(sent);
  });

  it('an empty optional field is not sent; a filled one is', () => {
    const empty = build(v2('1.00', { eci: '', cavv: '' })).body;
    expect(empty).not.toHaveProperty('eci');
    expect(empty).not.toHaveProperty('cavv');
    const filled = build(v2('1.00', { eci: '05' })).body;
    expect(filled).toMatchObject({ eci: '05' });
    expect(build(v1('1.00', { payChannel: '' })).body).not.toHaveProperty('payChannel');
  });

  it('the merchantTradeNo and amount given win over the form fields', () => {
    const request = buildWireBody({
      request: v2('3.00'),
      profile: profile(),
      route,
      merchantTradeNo: 'T-main',
      secret: undefined,
    });
    expect(request.body).toMatchObject({ merchantTradeNo: 'T-main', amount: '3.00', merchantId: 1001 });
  });

  it('an address the agent typed is sent instead of the fallback', () => {
    const body = build(v2('1.00', { retURL: 'https://shop.example/back' })).body;
    expect(body.retURL).toBe('https://shop.example/back');
    expect(body.successURL).toBe(route.successURL);
  });

  it('a body the profile rules refuse is refused before it leaves, naming the field', () => {
    const error = refusal(() => build(v2('1.00', { country: 'DEU' })));
    expect(error).toMatchObject({ kind: 'invalid', field: 'country' });
    const v1Error = refusal(() => build(v1('1.00', { currency: 'usd' })));
    expect(v1Error).toMatchObject({ kind: 'invalid', field: 'currency' });
  });
});

describe('rebuildWireBody: the request of an earlier attempt', () => {
  let history: TempHistory | undefined;
  afterEach(() => history?.cleanup());

  /** Records the first attempt's request as submit does, and reads its row back. */
  function recorded(first: { version: 'v1' | 'v2'; body: Record<string, unknown> }, userId = 'u-1') {
    history = tempHistory();
    const id = history.store.insertPayIn({
      profile: 'Gateway',
      operator: 'alice',
      apiVersion: first.version,
      currency: 'USD',
      request: { ...first.body, userId } as never,
      ...(first.body.ccStorageID ? { maskedPan: '424242******4242' } : {}),
    });
    const row = history.store.getById(id);
    if (row?.kind !== 'payin') throw new Error('no row');
    return row;
  }

  function rebuild(row: ReturnType<typeof recorded>, typedCard = CARD, secret: string | null = SECRET) {
    return rebuildWireBody({
      row,
      typedCard,
      maskCard: maskCardNumber,
      profile: profile(),
      secret: secret ?? undefined,
    });
  }

  it('v2: the body sent first, field for field, with the card typed again', () => {
    const first = build(v2('999999.99'));
    const again = rebuild(recorded(first));
    expect(again.version).toBe('v2');
    expect(again.body).toEqual(first.body);
  });

  it('v1: the body sent first, field for field, signed again', () => {
    const first = build(v1('0.01'));
    const again = rebuild(recorded(first));
    expect(again.version).toBe('v1');
    expect(again.body).toEqual(first.body);
    expect(verifyBodySignature(again.body as Record<string, unknown>, SECRET, 'hmac-sha256')).toBe(true);
  });

  it('v1 asked again without the secret is refused', () => {
    const row = recorded(build(v1('1.00')));
    expect(refusal(() => rebuild(row, CARD, null))).toMatchObject({ kind: 'invalid', field: 'secret' });
  });

  it('another card typed is refused: it would be another pay-in', () => {
    const row = recorded(build(v2('1.00')));
    const error = refusal(() => rebuild(row, { ...CARD, cardNumber: '4000056655665556' }));
    expect(error).toMatchObject({ kind: 'invalid', field: 'cardNumber' });
    expect(error.message).toBe('That is not the card of the original attempt.');
    expectWords(error, 'refusal.payin.notTheCard');
  });

  it('no card typed is refused for a card pay-in', () => {
    const row = recorded(build(v2('1.00')));
    const error = refusal(() =>
      rebuildWireBody({
        row,
        typedCard: undefined,
        maskCard: maskCardNumber,
        profile: profile(),
        secret: SECRET,
      }),
    );
    expect(error).toMatchObject({ kind: 'invalid', field: 'cardNumber' });
    expectWords(error, 'refusal.payin.typeCardAgain');
    expect(error.message).toBe('Type the card details again to ask again: Paydesk does not keep them.');
  });

  it('a stored-card pay-in goes again as it was: no card details added', () => {
    const { cardNumber: _n, cvv: _c, expDate: _e, ...noCard } = { ...customer, ...CARD };
    const first = build({
      version: 'v2',
      confirmDuplicate: false,
      fields: { ...noCard, ccStorageID: 'tok_1', amount: canonicalAmount('5.00') },
    } as PayInSubmitted);
    const again = rebuildWireBody({
      row: recorded(first),
      typedCard: CARD,
      maskCard: () => 'never asked',
      profile: profile(),
      secret: undefined,
    });
    expect(again.body).not.toHaveProperty('cardNumber');
    expect(again.body).not.toHaveProperty('cvv');
    expect(again.body).toEqual(first.body);
  });

  it('an order number or user id that looks like a card comes from its own column, as sent', () => {
    const first = buildWireBody({
      request: v2('1.00', { userId: '4111111111111111' }),
      profile: profile(),
      route,
      merchantTradeNo: '5555555555554444',
      secret: undefined,
    });
    const again = rebuild(recorded(first, '4111111111111111'));
    expect(again.body).toMatchObject({ merchantTradeNo: '5555555555554444', userId: '4111111111111111' });
  });

  it('another field history keeps masked refuses asking again, naming the field', () => {
    const first = build(v2('1.00', { addressLine: '4111111111111111 Main Street' }));
    const error = refusal(() => rebuild(recorded(first)));
    expect(error.kind).toBe('conflict');
    expect(error.message).toContain('history keeps addressLine masked');
    expect(error.message).toContain('look order T-9 up at the gateway');
  });

  it('a masked number of any card length is found; the first field named, then the next', () => {
    // 4222222222222: a 13-digit Visa, masked with 3 stars.
    const first = build(v2('1.00', { addressLine: '4222222222222 Main Street', city: '4111111111111111' }));
    const error = refusal(() => rebuild(recorded(first)));
    expect(error.message).toContain('history keeps addressLine, city masked');
  });

  it('stars and digits that are not a mask go again as they were', () => {
    const first = build(v2('1.00', { addressLine: 'Lot 123456*7, Block 12*3456' }));
    const again = rebuild(recorded(first));
    expect(again.body.addressLine).toBe('Lot 123456*7, Block 12*3456');
  });

  it.each([
    ['an empty ccStorageID', ''],
    ['a ccStorageID that is not text', 5],
  ])('%s in the stored request is no stored card: the card must be typed again', (_name, ccStorageID) => {
    const row = recorded(build(v2('1.00')));
    const request = JSON.stringify({ ...JSON.parse(row.request), ccStorageID });
    const error = refusal(() =>
      rebuildWireBody({
        row: { ...row, request },
        typedCard: undefined,
        maskCard: maskCardNumber,
        profile: profile(),
        secret: SECRET,
      }),
    );
    expect(error).toMatchObject({
      kind: 'invalid',
      field: 'cardNumber',
      message: 'Type the card details again to ask again: Paydesk does not keep them.',
    });
  });

  it.each(['null', '"text"', '5'])('a row whose request is %s is refused', (request) => {
    const row = { ...recorded(build(v2('1.00'))), request };
    expect(refusal(() => rebuild(row))).toMatchObject({
      kind: 'conflict',
      message: 'History does not hold the request of order T-9.',
    });
  });

  it('a row whose request is not an object is refused', () => {
    const row = { ...recorded(build(v2('1.00'))), request: 'null' };
    const error = refusal(() => rebuild(row));
    expect(error.kind).toBe('conflict');
    expect(error.message).toBe('History does not hold the request of order T-9.');
  });
});
