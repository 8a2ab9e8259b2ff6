// The pay-in path end to end through the IPC dispatcher, as the renderer calls it: the real composition
// root, the embedded sandbox over loopback HTTP, the SQLite history file.
import assert from 'node:assert';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PayInResult } from '@shared/ipc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activateTestGateway,
  type Fixture,
  startFixture,
  submitFirstForm,
  v1Fields,
  v2Fields,
} from '../support/app/paydesk-fixture';
import { ordersByTradeNo } from '../support/sandbox/gateway-inspection';

let fx: Fixture;
beforeAll(async () => {
  fx = await startFixture({ slowFaultDelayMs: 2_500 });
});
afterAll(() => fx.close());

const submit = (fields: Record<string, string>, extra: Record<string, unknown> = {}) =>
  fx.call<PayInResult>('payin.submit', { version: 'v2', fields, ...extra });

async function sandboxOrder(merchantTradeNo: string) {
  return ordersByTradeNo(fx.paydesk.sandbox, merchantTradeNo);
}

describe('pay-in v2 through the dispatcher', () => {
  it('approves a test card and records it with the masked number only', async () => {
    const result = await fx.data('payin.submit', {
      version: 'v2',
      fields: v2Fields({ amount: '10.5' }),
    });
    expect(result).toMatchObject({ status: 'approved', amount: '10.50', maskedPan: '424242******4242' });
    expect(result.orderId).toBeTruthy();
    expect(result.merchantTradeNo).toMatch(/^PD\d{8}T\d{9}Z[0-9a-f]{8}$/);
    const detail = await fx.data('history.get', { id: result.historyId });
    assert(detail.row.kind === 'payin');
    expect(detail.row.status).toBe('approved');
    expect(detail.row.request).not.toContain('4242424242424242');
    expect(detail.timeline.map((entry) => entry.event)).toEqual(expect.arrayContaining(['payin.created']));
  });

  it('shows a decline with its remark', async () => {
    const result = await fx.data('payin.submit', {
      version: 'v2',
      fields: v2Fields({ cardNumber: '4000000000009995' }),
    });
    expect(result).toMatchObject({ status: 'declined', remark: 'Insufficient funds' });
  });

  it('refuses an amount the gateway would round ("1.250", "12.345") before anything is sent or written', async () => {
    const before = (await fx.data('history.query', { limit: 500 })).rows.length;
    for (const amount of ['1.250', '12.345', '10.005']) {
      const result = await submit(v2Fields({ amount, merchantTradeNo: `AMOUNT-${amount}` }));
      expect(result).toMatchObject({ ok: false, error: { kind: 'invalid', field: 'fields.amount' } });
      expect(await sandboxOrder(`AMOUNT-${amount}`)).toEqual([]);
    }
    const after = (await fx.data('history.query', { limit: 500 })).rows.length;
    expect(after).toBe(before);
  });

  it('refuses a mistyped card before anything is sent or written', async () => {
    const before = (await fx.data('history.query', { limit: 500 })).rows.length;
    const result = await submit(v2Fields({ cardNumber: '4242424242424241' }));
    expect(result).toMatchObject({ ok: false, error: { kind: 'invalid', field: 'cardNumber' } });
    const after = (await fx.data('history.query', { limit: 500 })).rows.length;
    expect(after).toBe(before);
  });

  it('asks before charging the same card, amount and customer twice within 10 minutes', async () => {
    const fields = v2Fields({ amount: '42.00' });
    expect((await submit(fields)).ok).toBe(true);
    const again = await submit(fields);
    expect(again).toMatchObject({ ok: false, error: { kind: 'duplicate_suspected' } });
    const confirmed = await submit(fields, { confirmDuplicate: true });
    expect(confirmed).toMatchObject({ ok: true, data: { status: 'approved' } });
  });

  it('uses the operator-typed order number and gets the original back on a repeat (A9)', async () => {
    const fields = v2Fields({ merchantTradeNo: `OP-${Date.now()}` });
    const first = await fx.data('payin.submit', { version: 'v2', fields });
    expect(first.merchantTradeNo).toBe(fields.merchantTradeNo);
    const orders = await sandboxOrder(fields.merchantTradeNo!);
    expect(orders).toHaveLength(1);
  });
});

describe('3-D Secure through the return listener', () => {
  async function challenge(code: string) {
    const started = await fx.data('payin.submit', {
      version: 'v2',
      fields: v2Fields({ cardNumber: '4000000000003220' }),
    });
    expect(started.status).toBe('action_required');
    expect(started.bankPage?.kind).toBe('3ds');
    const page = await fetch(started.bankPage!.url);
    const acsLink = await submitFirstForm(await page.text(), started.bankPage!.url);
    const acsPage = await acsLink.text();
    const answer = await submitFirstForm(acsPage, acsLink.url || fx.paydesk.sandbox.url, { code });
    expect(answer.status).toBe(303);
    const back = await fetch(answer.headers.get('location')!, { redirect: 'manual' });
    // 200, or 410 when the signed callback settled the pay-in first and its return route expired.
    expect([200, 410]).toContain(back.status);
    return started;
  }

  it('approves when the code is right, on the signed callback, and tells the renderer', async () => {
    const started = await challenge('1234');
    const row = await fx.waitForStatus(started.historyId, 'approved');
    expect(row.note).toBeNull();
    const told = fx
      .payInChanges()
      .filter((payload) => payload.historyId === started.historyId)
      .map((payload) => payload.status);
    expect(told.at(-1)).toBe('approved');
    // The browser's return alone settled nothing: only the gateway's signed word did.
    const { timeline } = await fx.data('history.get', { id: started.historyId });
    const settledBy = timeline.find((entry) => entry.detail.decided === 'approved');
    expect(settledBy?.event).toBe('payin.callback');
  });

  it('declines when the code is wrong, with the reason the gateway gives', async () => {
    const started = await challenge('0000');
    const row = await fx.waitForStatus(started.historyId, 'declined');
    expect(row.remark).toMatch(/3-D Secure/);
    // The pay-in's return-route token was in its request; the log never shows it, nor the payer's personal
    // data (v2Fields: name, address, mobile, IP), only what traces the pay-in.
    const token = /\/r\/([A-Za-z0-9_-]{32})\//.exec(row.request)?.[1];
    expect(token).toBeDefined();
    const log = readFileSync(join(fx.dataDir, 'logs', 'paydesk.log'), 'utf8');
    expect(log).not.toContain(token);
    for (const personal of ['Lovelace', 'Analytical', '5551234567', '203.0.113.7'])
      expect(log).not.toContain(personal);
    expect(log).toContain(row.merchantTradeNo);
  });
});

describe('v1 and the merchant secret', () => {
  it('signs v1 with the embedded sandbox secret out of the box', async () => {
    const result = await fx.data('payin.submit', { version: 'v1', fields: v1Fields() });
    expect(result).toMatchObject({ status: 'approved', currency: 'GBP' });
  });

  it('uses the secret saved in settings: a wrong one is refused by the gateway, the right one works', async () => {
    const view = await fx.data('secret.set', {
      profileId: 'sandbox',
      secret: 'not-the-secret',
    });
    expect(view.secretSet.sandbox).toBe(true);
    expect(JSON.stringify(view)).not.toContain('not-the-secret');
    const refused = await fx.data('payin.submit', { version: 'v1', fields: v1Fields() });
    expect(refused.status).toBe('refused');
    await fx.data('secret.set', { profileId: 'sandbox', secret: 'sandbox-secret' });
    const approved = await fx.data('payin.submit', { version: 'v1', fields: v1Fields() });
    expect(approved.status).toBe('approved');
  });
});

describe('stored cards', () => {
  it('keeps the returned ccStorageID per user and pays with it', async () => {
    const fields = v2Fields({ storeCc: '1', cardNumber: '5555555555554444' });
    const first = await fx.data('payin.submit', { version: 'v2', fields });
    expect(first.status).toBe('approved');
    const cards = await fx.data('payin.storedCards', {
      userId: fields.userId,
    });
    expect(cards).toEqual([expect.objectContaining({ maskedPan: '555555******4444', brand: 'Mastercard' })]);
    const { cardNumber: _n, cvv: _c, expDate: _e, storeCc: _s, ...customer } = fields;
    const paid = await fx.data('payin.submit', {
      version: 'v2',
      fields: { ...customer, amount: '7.50', ccStorageID: cards[0]!.ccStorageID },
    });
    expect(paid).toMatchObject({ status: 'approved', maskedPan: '555555******4444' });
  });
});

describe('gateway faults end in the right class', () => {
  it.each([
    ['500.01', 'outcome_unknown'],
    ['500.03', 'outcome_unknown'],
    ['500.04', 'outcome_unknown'],
  ])('amount %s → %s', async (amount, status) => {
    const result = await fx.data('payin.submit', {
      version: 'v2',
      fields: v2Fields({ amount }),
    });
    expect(result.status).toBe(status);
    expect(result.message).toMatch(/may have gone through|check/i);
  });

  it('a timeout is an unknown outcome, and asking again with the same order number settles it without a second charge', async () => {
    await fx.data('profiles.save', {
      ...(await fx.data('settings.get')).settings.profiles[0]!,
      requestTimeoutMs: 1_000,
    });
    // A callback would settle the order before the late answer; point it nowhere to see asking again do it.
    const fields = v2Fields({ amount: '500.02', callBackURL: 'http://127.0.0.1:9/nowhere' });
    const result = await fx.data('payin.submit', { version: 'v2', fields });
    expect(result.status).toBe('outcome_unknown');
    const askedAgain = await fx.data('payin.askAgain', { historyId: result.historyId });
    expect(askedAgain).toMatchObject({ status: 'approved', merchantTradeNo: result.merchantTradeNo });
    expect(await sandboxOrder(result.merchantTradeNo)).toHaveLength(1);
    await fx.data('profiles.save', {
      ...(await fx.data('settings.get')).settings.profiles[0]!,
      requestTimeoutMs: 30_000,
    });
  });

  it('a gateway that cannot be reached is "not sent"', async () => {
    await activateTestGateway(fx, {
      id: 'dead',
      name: 'Dead gateway',
      url: 'http://127.0.0.1:9',
      merchantId: 100001,
    });
    try {
      const result = await fx.data('payin.submit', { version: 'v2', fields: v2Fields() });
      expect(result.status).toBe('not_sent');
    } finally {
      await fx.data('profiles.activate', { id: 'sandbox' });
    }
  });
});

describe('card data at rest', () => {
  it('leaves no full card number and no CVV in the history files, the log or the settings', async () => {
    await fx.data('payin.submit', {
      version: 'v2',
      fields: v2Fields({ cardNumber: '378282246310005', cvv: '7391' }),
    });
    const files = [
      ...readdirSync(fx.dataDir).filter((name) => name.startsWith('history.sqlite')),
      join('logs', 'paydesk.log'),
    ];
    expect(readFileSync(join(fx.dataDir, 'logs', 'paydesk.log'), 'utf8')).toContain('"pay-in sent"');
    const pans = [
      '4242424242424242',
      '4000000000009995',
      '5555555555554444',
      '378282246310005',
      '4000000000003220',
    ];
    for (const name of files) {
      const bytes = readFileSync(join(fx.dataDir, name)).toString('latin1');
      for (const pan of pans) expect(bytes.includes(pan), `${pan} in ${name}`).toBe(false);
      // History drops the cvv field; the log never holds the request at all (only what traces it).
      expect(bytes.includes('"cvv"'), `cvv field in ${name}`).toBe(false);
      // A bare 4-digit run turns up by chance in hashes and timestamps; a CVV value would be a JSON string.
      expect(bytes.includes('"7391"'), `CVV in ${name}`).toBe(false);
    }
    const settings = fx.store.dump();
    for (const pan of pans) expect(settings.includes(pan)).toBe(false);
  });
});
