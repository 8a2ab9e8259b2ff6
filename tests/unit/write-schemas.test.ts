// What a write to the history may carry and the columns it sets (src/main/history/store/write-schemas.ts): the
// amount canonical with its exact minor units, the card masked and the CVV dropped, a change setting only
// the fields it names, and the row's operator kept as the agent who made the pay-in.
import { afterEach, describe, expect, it } from 'vitest';
import {
  kycBatchPatchColumns,
  kycBatchPatchSchema,
  type NewPayIn,
  newKycBatchColumns,
  newKycBatchSchema,
  newPayInColumns,
  payInPatchColumns,
  payInPatchSchema,
} from '../../src/main/history/store/write-schemas';
import {
  CVV,
  kycBatch,
  MASTERCARD,
  payIn,
  type TempHistory,
  tempHistory,
  VISA,
} from '../support/history/history-fixtures';

const KEY = 'ab'.repeat(32);

function columns(overrides: Parameters<typeof payIn>[0] = {}) {
  return newPayInColumns(payIn(overrides));
}

describe('newPayInColumns', () => {
  it.each([
    ['10.50', 1050],
    ['0.01', 1],
    ['0.05', 5],
    ['999999.99', 99_999_999],
    ['12.35', 1235],
  ])('the canonical amount %s is recorded as it is, %d minor units', (amount, minor) => {
    const row = columns({ request: { amount } });
    expect(row.amount).toBe(amount);
    expect(row.amount_minor).toBe(minor);
  });

  // The IPC parse made the amount canonical; the store checks it and never normalises it again (issue 34).
  it.each(['10.5', '0.005', '00.05', '12.345', '1.250'])(
    'refuses the amount %s, which is not canonical',
    (sent) => {
      expect(() => columns({ request: { amount: sent } })).toThrow();
    },
  );

  it('a new pay-in is pending, with its profile, operator, version, order number, user and currency', () => {
    const row = columns({
      apiVersion: 'v1',
      currency: 'USD',
      request: { merchantTradeNo: 'T-77', userId: 'u-9' },
    });
    expect(row).toMatchObject({
      kind: 'payin',
      status: 'pending',
      profile: 'sandbox',
      operator: 'alice',
      api_version: 'v1',
      merchant_trade_no: 'T-77',
      user_id: 'u-9',
      currency: 'USD',
      card_key: null,
    });
  });

  it('a typed card: masked, its brand and last 4 from the number, the CVV and full number never stored', () => {
    const row = columns({ request: { cardNumber: MASTERCARD } });
    expect(row.masked_pan).toBe('555555******4444');
    expect(row.last4).toBe('4444');
    expect(row.brand).toBe('Mastercard');
    const stored = JSON.parse(row.request_json) as Record<string, unknown>;
    expect(stored.cardNumber).toBe('555555******4444');
    expect(stored).not.toHaveProperty('cvv');
    expect(row.request_json).not.toContain(MASTERCARD);
    expect(row.request_json).not.toContain(`"${CVV}"`);
    expect(stored.amount).toBe('10.05');
  });

  it('a brand given wins over the one the number shows', () => {
    expect(columns({ brand: 'Cartes Bancaires', request: { cardNumber: VISA } }).brand).toBe(
      'Cartes Bancaires',
    );
  });

  it('an unknown card number has no brand', () => {
    expect(columns({ request: { cardNumber: '9999999999999995' } }).brand).toBeNull();
  });

  it('a stored-card pay-in: the masked card and brand as Paydesk showed them', () => {
    const request = { cardNumber: undefined, cvv: undefined, expDate: undefined, ccStorageID: 'tok_1' };
    const row = columns({ maskedPan: '411111******1111', brand: 'Visa', request });
    expect(row).toMatchObject({ masked_pan: '411111******1111', last4: '1111', brand: 'Visa' });
    const bare = columns({ request });
    expect(bare).toMatchObject({ masked_pan: null, last4: null, brand: null });
  });

  it("team mode: the card's key is kept; a key that is not 64 hex digits is refused", () => {
    expect(columns({ cardKey: KEY }).card_key).toBe(KEY);
    expect(() => columns({ cardKey: KEY.toUpperCase() })).toThrow();
    expect(() => columns({ cardKey: `${KEY}0` })).toThrow();
    expect(() => columns({ cardKey: KEY.slice(1) })).toThrow();
  });

  it.each([
    ['no amount', { request: { amount: '' } }],
    ['a masked card that is not one', { maskedPan: '4111', request: { cardNumber: undefined } }],
    ['no operator', { operator: '' }],
  ] as [string, Partial<NewPayIn>][])('refuses %s', (_name, overrides) => {
    expect(() => columns(overrides as Parameters<typeof payIn>[0])).toThrow();
  });

  it('refuses a request without its order number, or with a user id that is not text', () => {
    expect(() => columns({ request: { merchantTradeNo: undefined } })).toThrow();
    expect(() => columns({ request: { userId: 5 } })).toThrow();
  });

  it('refuses an amount that is not one', () => {
    expect(() => columns({ request: { amount: '0.004' } })).toThrow();
    expect(() => columns({ request: { amount: '-1.00' } })).toThrow();
  });
});

describe('payInPatchColumns', () => {
  const patch = (input: Record<string, unknown>) => payInPatchColumns(payInPatchSchema.parse(input));

  it('sets only the fields the change names, each in its column', () => {
    expect(patch({ status: 'declined', orderId: 'O-1', traceid: 't-1' })).toEqual({
      status: 'declined',
      order_id: 'O-1',
      traceid: 't-1',
    });
    expect(patch({})).toEqual({});
    // Strict: a field left undefined must not reach SQL as a column set to nothing (a status of NULL).
    expect(patch({ status: undefined, orderId: 'O-2' })).toStrictEqual({ order_id: 'O-2' });
  });

  it("never writes who made the change over the row's operator", () => {
    expect(patch({ status: 'approved', operator: 'system' })).toEqual({ status: 'approved' });
  });

  it('scrubs card data from the remark and the raw answer; null clears them', () => {
    const written = patch({
      remark: `card ${VISA} refused`,
      rawResponse: JSON.stringify({ cardNumber: VISA, cvv: CVV, code: '0' }),
    });
    expect(written.remark).toBe('card 411111******1111 refused');
    expect(written.response_raw).toBe(JSON.stringify({ cardNumber: '411111******1111', code: '0' }));
    expect(patch({ remark: null, rawResponse: null })).toEqual({ remark: null, response_raw: null });
  });

  it('the note as JSON, null clears it', () => {
    expect(patch({ note: { kind: 'declined', message: 'No funds' } })).toEqual({
      note_json: '{"kind":"declined","message":"No funds"}',
    });
    expect(patch({ note: null })).toEqual({ note_json: null });
  });

  it('refuses a status that is not one, and an empty operator', () => {
    expect(() => patch({ status: 'paid' })).toThrow();
    expect(() => patch({ operator: '' })).toThrow();
  });
});

describe('KYC batch columns', () => {
  it('a new batch: pending, its counts as JSON, no chunks and no accepted users yet', () => {
    const batch = newKycBatchSchema.parse(kycBatch({ fileName: 'march.csv' }));
    expect(newKycBatchColumns(batch)).toEqual({
      kind: 'kyc_batch',
      status: 'pending',
      profile: 'sandbox',
      operator: 'alice',
      file_name: 'march.csv',
      sha256: batch.sha256,
      counts_json: JSON.stringify(batch.counts),
      chunks_json: '[]',
      accepted_user_ids_json: '[]',
    });
  });

  it('a change: its JSON fields as JSON, never the operator nor the edits', () => {
    const counts = { total: 2, valid: 2, invalid: 0, accepted: 1, rejected: 1 };
    const patch = kycBatchPatchSchema.parse({
      status: 'partial',
      counts,
      acceptedUserIds: ['u1'],
      operator: 'bob',
    });
    expect(kycBatchPatchColumns(patch)).toEqual({
      status: 'partial',
      counts_json: JSON.stringify(counts),
      accepted_user_ids_json: '["u1"]',
    });
  });
});

describe('through the store', () => {
  let history: TempHistory | undefined;
  afterEach(() => history?.cleanup());

  it("a change recorded by someone else keeps the row's operator (the agent who made the pay-in)", () => {
    history = tempHistory();
    const id = history.store.insertPayIn(payIn({ operator: 'alice' }));
    const row = history.store.updatePayIn(id, { status: 'approved', operator: 'system' });
    expect(row.operator).toBe('alice');
    expect(row.status).toBe('approved');
    expect(history.store.auditTrail(id).at(-1)?.operator).toBe('system');
  });

  it("a KYC batch's change is audited under who made it, the batch keeps its operator", () => {
    history = tempHistory();
    const id = history.store.insertKycBatch(kycBatch({ operator: 'alice' }));
    const row = history.store.updateKycBatch(id, { status: 'completed', operator: 'bob' });
    expect(row.operator).toBe('alice');
    expect(history.store.auditTrail(id).at(-1)?.operator).toBe('bob');
  });
});
