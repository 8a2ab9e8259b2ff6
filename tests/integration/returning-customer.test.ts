// A returning customer through the dispatcher: their last pay-in's details offered back (never a card
// number or CVV), the card a pay-in stored said in its result, and a stored card taken off the list.
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Fixture, startFixture, v2Fields } from '../support/app/paydesk-fixture';
import { withApproval } from '../support/app/sign-in';

let fx: Fixture;
beforeAll(async () => {
  fx = await startFixture();
});
afterAll(() => fx.close());

describe('returning customers', () => {
  it('offers the details of the customer’s last pay-in with this profile, without card data', async () => {
    const userId = `returning-${process.pid}`;
    await fx.data('payin.submit', { version: 'v2', fields: v2Fields({ userId, city: 'Bristol' }) });
    const latest = await fx.data('payin.submit', {
      version: 'v2',
      fields: v2Fields({ userId, city: 'Leeds', mobile: '5559876543', amount: '3.00' }),
    });
    const found = await fx.data('payin.customer', { userId });
    expect(found.lastPayIn).toMatchObject({
      historyId: latest.historyId,
      details: {
        userId,
        firstName: 'Ada',
        lastName: 'Lovelace',
        city: 'Leeds',
        mobile: '5559876543',
        country: 'GB',
      },
    });
    expect(Object.keys(found.lastPayIn?.details ?? {})).not.toContain('cardNumber');
    expect(JSON.stringify(found)).not.toMatch(/4242|cvv/i);
  });

  it('does not take a new customer for a returning one by the pay-in still under way', async () => {
    const userId = `brand-new-${process.pid}`;
    // A 3-D Secure card: the pay-in waits for the bank page (action_required).
    const waiting = await fx.data('payin.submit', {
      version: 'v2',
      fields: v2Fields({ userId, cardNumber: '4000000000003220' }),
    });
    expect(waiting.status).toBe('action_required');
    expect(await fx.data('payin.customer', { userId })).toEqual({ lastPayIn: null });
    // Once a pay-in of theirs is past that, they are a returning customer.
    const settled = await fx.data('payin.submit', { version: 'v2', fields: v2Fields({ userId }) });
    expect(settled.status).toBe('approved');
    expect((await fx.data('payin.customer', { userId })).lastPayIn?.historyId).toBe(settled.historyId);
  });

  it('knows nobody for an id never paid for, and refuses an empty id', async () => {
    expect(await fx.data('payin.customer', { userId: 'nobody-yet' })).toEqual({
      lastPayIn: null,
    });
    expect(await fx.call('payin.customer', { userId: '  ' })).toMatchObject({
      ok: false,
      error: { kind: 'invalid', field: 'userId' },
    });
  });
});

describe('stored cards', () => {
  it('says in the result which card was stored and when, and takes it off the list on request', async () => {
    const before = Date.now();
    const fields = v2Fields({ storeCc: '1', cardNumber: '5555555555554444' });
    const paid = await fx.data('payin.submit', { version: 'v2', fields });
    expect(paid.storedCard).toMatchObject({
      userId: fields.userId,
      maskedPan: '555555******4444',
      brand: 'Mastercard',
    });
    expect(paid.storedCard?.storedAt).toBeGreaterThanOrEqual(before);

    const cards = await fx.data('payin.storedCards', { userId: fields.userId });
    expect(cards).toEqual([paid.storedCard]);
    const left = await fx.data('payin.forgetStoredCard', { ccStorageID: paid.storedCard!.ccStorageID });
    expect(left).toEqual([]);
    expect(await fx.data('payin.storedCards', { userId: fields.userId })).toEqual([]);
    expect(
      await withApproval(fx.call, 'payin.forgetStoredCard', { ccStorageID: paid.storedCard?.ccStorageID }),
    ).toMatchObject({ ok: false, error: { kind: 'not_found' } });

    const db = new DatabaseSync(join(fx.dataDir, 'history.sqlite'), { readOnly: true });
    const entries = db
      .prepare(`SELECT operator, resource, detail_json FROM audit_log WHERE event = 'stored_card.forgotten'`)
      .all() as { operator: string; resource: string; detail_json: string }[];
    db.close();
    expect(entries).toHaveLength(1);
    expect(entries[0]?.resource).toBe(fields.userId);
    expect(JSON.parse(entries[0]?.detail_json ?? '{}')).toMatchObject({ maskedPan: '555555******4444' });
  });

  it('a pay-in that did not ask to store a card says nothing of one', async () => {
    const paid = await fx.data('payin.submit', { version: 'v2', fields: v2Fields() });
    expect(paid.storedCard).toBeUndefined();
  });
});
