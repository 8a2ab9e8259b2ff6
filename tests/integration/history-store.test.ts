import { DatabaseSync } from 'node:sqlite';
import type { HistoryRow, PayInRow } from '@shared/history';
import { canonicalAmount } from '@shared/money/amount';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HistoryStoreError, openHistoryStore } from '../../src/main/history/store/history-store';
import { LATEST_SCHEMA_VERSION, migrate } from '../../src/main/history/store/migrations';
import {
  CVV,
  kycBatch,
  MASTERCARD,
  payIn,
  type TempHistory,
  tempHistory,
  testClock,
  VISA,
} from '../support/history/history-fixtures';

let h: TempHistory;
beforeEach(() => {
  h = tempHistory();
});
afterEach(() => h.cleanup());

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

function ids(rows: readonly HistoryRow[]): number[] {
  return rows.map((row) => row.id);
}

describe('migrations', () => {
  it('creates the schema in an empty file and records its version', () => {
    const db = new DatabaseSync(h.filePath);
    const version = db.prepare('PRAGMA user_version').get();
    const tables = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
      .all()
      .map((row) => row.name);
    const journal = db.prepare('PRAGMA journal_mode').get();
    db.close();
    expect(Number(version?.user_version)).toBe(LATEST_SCHEMA_VERSION);
    expect(tables).toEqual(expect.arrayContaining(['audit_head', 'audit_log', 'history_rows']));
    expect(journal?.journal_mode).toBe('wal');
  });

  it('reopens an existing file without re-running migrations or losing rows', () => {
    const id = h.store.insertPayIn(payIn());
    h.store.close();
    const reopened = openHistoryStore(h.filePath, { now: h.clock.now, trust: h.trust });
    expect(reopened.getById(id)?.kind).toBe('payin');
    expect(reopened.verifyHistory()).toMatchObject({ ok: true, entries: 1, problems: [] });
    reopened.close();
    const db = new DatabaseSync(h.filePath);
    expect(migrate(db)).toBe(LATEST_SCHEMA_VERSION);
    db.close();
  });

  it('applies only the migrations a file lacks', () => {
    const db = new DatabaseSync(':memory:');
    const applied: number[] = [];
    const steps = [1, 2, 3].map((version) => ({
      version,
      description: `step ${version}`,
      up: `CREATE TABLE t${version} (x INTEGER)`,
    }));
    migrate(db, steps.slice(0, 2));
    migrate(db, steps);
    for (const row of db.prepare("SELECT name FROM sqlite_master WHERE type='table' ORDER BY name").all()) {
      applied.push(Number(String(row.name).slice(1)));
    }
    expect(applied).toEqual([1, 2, 3]);
    expect(Number(db.prepare('PRAGMA user_version').get()?.user_version)).toBe(3);
    db.close();
  });

  it('rolls a failing migration back and leaves the version where it was', () => {
    const db = new DatabaseSync(':memory:');
    const steps = [
      { version: 1, description: 'ok', up: 'CREATE TABLE a (x INTEGER)' },
      { version: 2, description: 'broken', up: 'CREATE TABLE b (x INTEGER); CREATE TABLE a (y INTEGER)' },
    ];
    expect(() => migrate(db, steps)).toThrow();
    expect(Number(db.prepare('PRAGMA user_version').get()?.user_version)).toBe(1);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'b'").get()).toBeUndefined();
    db.close();
  });

  it('refuses a file written by a newer Paydesk', () => {
    h.store.close();
    const db = new DatabaseSync(h.filePath);
    db.exec(`PRAGMA user_version = ${LATEST_SCHEMA_VERSION + 1}`);
    db.close();
    expect(() => openHistoryStore(h.filePath, { trust: h.trust })).toThrow(/newer than this Paydesk knows/);
  });
});

describe('pay-in rows', () => {
  it('stores a pending pay-in with the card masked, CVV dropped and the amount as exact text', () => {
    const id = h.store.insertPayIn(payIn({ request: { amount: '10.01', merchantTradeNo: 'ORD-1' } }));
    const row = h.store.getById(id) as PayInRow;
    expect(row).toMatchObject({
      kind: 'payin',
      status: 'pending',
      merchantTradeNo: 'ORD-1',
      maskedPan: '411111******1111',
      last4: '1111',
      brand: 'Visa',
      amount: '10.01',
      currency: 'EUR',
      apiVersion: 'v2',
      createdAt: h.clock.now(),
    });
    const request = JSON.parse(row.request) as Record<string, unknown>;
    expect(request.cardNumber).toBe('411111******1111');
    expect('cvv' in request).toBe(false);
    expect(request.firstName).toBe('Ada');
  });

  it('refuses an amount not already canonical: the IPC parse reads it once, the store never again', () => {
    for (const amount of ['10.005', '300', '12.5', ' 1.00'])
      expect(() => h.store.insertPayIn(payIn({ request: { amount } }))).toThrow();
  });

  it('computes amount_minor exactly from the decimal text, up to SQLite int64', () => {
    const amounts = ['10.05', '0.29', '1.15', '4.35', '9007199254740.99', '92233720368547758.07'];
    for (const amount of amounts) h.store.insertPayIn(payIn({ request: { amount } }));
    const db = new DatabaseSync(h.filePath, { readOnly: true });
    const statement = db.prepare(
      'SELECT amount, amount_minor, typeof(amount) AS t FROM history_rows ORDER BY id',
    );
    statement.setReadBigInts(true);
    const rows = statement.all().map((row) => [row.amount, String(row.amount_minor), row.t]);
    db.close();
    expect(rows).toEqual([
      ['10.05', '1005', 'text'],
      ['0.29', '29', 'text'],
      ['1.15', '115', 'text'],
      ['4.35', '435', 'text'],
      ['9007199254740.99', '900719925474099', 'text'],
      ['92233720368547758.07', '9223372036854775807', 'text'],
    ]);
    expect(() => h.store.insertPayIn(payIn({ request: { amount: '92233720368547758.08' } }))).toThrow(
      /too large/,
    );
  });

  it('updates a pay-in, keeps its card data masked in the stored response and records who changed it', () => {
    const id = h.store.insertPayIn(payIn());
    h.clock.advance(1500);
    const raw = JSON.stringify({
      code: 0,
      msg: 'ok',
      traceid: 'tr-1',
      data: { orderId: 'O-1', orderStatus: 2, echo: { cardNumber: VISA, cvv: CVV } },
    });
    const updated = h.store.updatePayIn(id, {
      status: 'approved',
      orderId: 'O-1',
      traceid: 'tr-1',
      rawResponse: raw,
      operator: 'gateway',
    });
    expect(updated).toMatchObject({ status: 'approved', orderId: 'O-1', traceid: 'tr-1' });
    expect(updated.updatedAt).toBe(updated.createdAt + 1500);
    expect(updated.rawResponse).not.toContain(VISA);
    expect(updated.rawResponse).not.toContain(`"cvv"`);
    const trail = h.store.auditTrail(id);
    expect(trail.map((entry) => [entry.event, entry.operator, entry.outcome])).toEqual([
      ['payin.created', 'alice', 'success'],
      ['payin.updated', 'gateway', 'success'],
    ]);
    expect(trail[1]?.detail).toMatchObject({ from: 'pending', to: 'approved' });
  });

  it('keeps a non-card raw response exactly as received', () => {
    const id = h.store.insertPayIn(payIn());
    const raw = '{"msg":"x",  "traceid":"t","code":5}';
    expect(h.store.updatePayIn(id, { status: 'refused', rawResponse: raw }).rawResponse).toBe(raw);
  });

  it('records failures as failure outcomes in the audit trail', () => {
    const id = h.store.insertPayIn(payIn());
    h.store.updatePayIn(id, {
      status: 'refused',
      note: { kind: 'refused', message: 'cardNumber: Required.', field: 'cardNumber' },
    });
    expect(h.store.auditTrail(id).at(-1)?.outcome).toBe('failure');
    expect((h.store.getById(id) as PayInRow).note).toEqual({
      kind: 'refused',
      message: 'cardNumber: Required.',
      field: 'cardNumber',
    });
  });

  it('guards every status change with the lifecycle: no way back, a settled pay-in moves only to conflict', () => {
    const id = h.store.insertPayIn(payIn());
    expect(() => h.store.updatePayIn(id, { status: 'pending' })).not.toThrow();
    h.store.updatePayIn(id, { status: 'processing' });
    expect(() => h.store.updatePayIn(id, { status: 'pending' })).toThrow(HistoryStoreError);
    expect(() => h.store.updatePayIn(id, { status: 'outcome_unknown' })).toThrow(
      /processing; it cannot become/,
    );
    h.store.updatePayIn(id, { status: 'approved' });
    expect(() => h.store.updatePayIn(id, { status: 'declined' })).toThrow(
      /approved; it cannot become declined/,
    );
    expect(h.store.getById(id)?.status).toBe('approved');
    h.store.updatePayIn(
      id,
      { status: 'conflict' },
      { event: 'payin.callback', detail: { source: 'callback' } },
    );
    expect(() => h.store.updatePayIn(id, { status: 'approved' })).toThrow(HistoryStoreError);
    const trail = h.store.auditTrail(id);
    expect(trail).toHaveLength(5);
    expect(trail.at(-1)).toMatchObject({
      event: 'payin.callback',
      detail: { from: 'approved', to: 'conflict' },
    });
  });

  it('audits what happened to a pay-in without changing it, and the chain still verifies', () => {
    const id = h.store.insertPayIn(payIn());
    h.store.updatePayIn(id, { status: 'approved' });
    h.store.recordPayInEvent(id, 'payin.callback', 'system', { source: 'callback', orderStatus: 2 });
    const trail = h.store.auditTrail(id);
    expect(trail.at(-1)).toMatchObject({
      event: 'payin.callback',
      operator: 'system',
      detail: { orderStatus: 2 },
    });
    expect(h.store.getById(id)?.status).toBe('approved');
    expect(h.store.verifyHistory()).toMatchObject({ ok: true });
  });

  it('refuses a masked PAN that is not first 6 + last 4', () => {
    const input = payIn({ maskedPan: '4111111111111111' });
    delete (input.request as Record<string, unknown>).cardNumber;
    expect(() => h.store.insertPayIn(input)).toThrow();
    const stored = payIn({ maskedPan: '555555******4444', brand: 'Mastercard' });
    delete (stored.request as Record<string, unknown>).cardNumber;
    delete (stored.request as Record<string, unknown>).cvv;
    const id = h.store.insertPayIn(stored);
    expect(h.store.getById(id)).toMatchObject({ maskedPan: '555555******4444', last4: '4444' });
  });

  it('finds a pay-in by profile and merchantTradeNo, the newest first', () => {
    h.store.insertPayIn(payIn({ request: { merchantTradeNo: 'DUP' } }));
    h.clock.advance(1000);
    const newer = h.store.insertPayIn(payIn({ request: { merchantTradeNo: 'DUP' } }));
    h.store.insertPayIn(payIn({ profile: 'live', request: { merchantTradeNo: 'OTHER' } }));
    expect(h.store.findPayInByTradeNo('sandbox', 'DUP')?.id).toBe(newer);
    expect(h.store.findPayInByTradeNo('live', 'DUP')).toBeUndefined();
    expect(h.store.findPayInByTradeNo('live', 'OTHER')?.profile).toBe('live');
  });
});

describe('duplicate guard', () => {
  it('finds the same card, amount and user within the window and not outside it', () => {
    const first = h.store.insertPayIn(payIn({ request: { amount: '25.00', userId: 'u-9' } }));
    h.clock.advance(9 * MINUTE);
    const since = h.clock.now() - 10 * MINUTE;
    expect(h.store.recentDuplicate('411111******1111', canonicalAmount('25'), 'u-9', since)?.id).toBe(first);
    expect(
      h.store.recentDuplicate('411111******1111', canonicalAmount('25.01'), 'u-9', since),
    ).toBeUndefined();
    expect(
      h.store.recentDuplicate('411111******1111', canonicalAmount('25.00'), 'u-8', since),
    ).toBeUndefined();
    expect(
      h.store.recentDuplicate('555555******4444', canonicalAmount('25.00'), 'u-9', since),
    ).toBeUndefined();
    h.clock.advance(2 * MINUTE);
    expect(
      h.store.recentDuplicate(
        '411111******1111',
        canonicalAmount('25.00'),
        'u-9',
        h.clock.now() - 10 * MINUTE,
      ),
    ).toBe(undefined);
  });

  it('ignores earlier attempts that cannot have charged money', () => {
    const refused = h.store.insertPayIn(payIn({ request: { amount: '5.00' } }));
    h.store.updatePayIn(refused, { status: 'refused' });
    const notSent = h.store.insertPayIn(payIn({ request: { amount: '5.00' } }));
    h.store.updatePayIn(notSent, { status: 'not_sent' });
    const since = h.clock.now() - 10 * MINUTE;
    expect(
      h.store.recentDuplicate('411111******1111', canonicalAmount('5.00'), 'user-1', since),
    ).toBeUndefined();
    const unknown = h.store.insertPayIn(payIn({ request: { amount: '5.00' } }));
    h.store.updatePayIn(unknown, { status: 'outcome_unknown' });
    expect(h.store.recentDuplicate('411111******1111', canonicalAmount('5.00'), 'user-1', since)?.id).toBe(
      unknown,
    );
  });
});

describe('statements on the pay-in path', () => {
  it('are compiled once: a second pay-in checks for duplicates, inserts and settles without preparing any', () => {
    const payInOnce = () => {
      const since = h.clock.now() - 10 * MINUTE;
      h.store.recentDuplicate('411111******1111', canonicalAmount('12.00'), 'user-1', since);
      const id = h.store.insertPayIn(payIn({ request: { amount: '12.00' } }));
      h.store.updatePayIn(id, { status: 'approved', orderId: `O-${id}`, traceid: `t-${id}` });
    };
    payInOnce();
    const prepare = vi.spyOn(DatabaseSync.prototype, 'prepare');
    try {
      payInOnce();
      expect(prepare).not.toHaveBeenCalled();
    } finally {
      prepare.mockRestore();
    }
  });
});

describe('startup recovery', () => {
  it('turns rows left pending by a crash into outcome_unknown, with an audit entry each', () => {
    const crashed = h.store.insertPayIn(payIn());
    const done = h.store.insertPayIn(payIn());
    h.store.updatePayIn(done, { status: 'approved' });
    const batch = h.store.insertKycBatch(
      kycBatch({ counts: { total: 2, valid: 2, invalid: 0, accepted: 0, rejected: 0 } }),
    );
    h.store.close();
    const reopened = openHistoryStore(h.filePath, { now: h.clock.now, trust: h.trust });
    try {
      expect(reopened.markPendingAsOutcomeUnknown()).toEqual([crashed, batch]);
      expect(reopened.getById(crashed)).toMatchObject({
        status: 'outcome_unknown',
        note: { kind: 'outcome_unknown' },
      });
      expect(reopened.getById(batch)?.status).toBe('outcome_unknown');
      expect(reopened.getById(done)?.status).toBe('approved');
      expect(reopened.auditTrail(crashed).at(-1)).toMatchObject({
        event: 'payin.recovered_outcome_unknown',
        operator: 'system',
        outcome: 'failure',
        detail: { from: 'pending', to: 'outcome_unknown' },
      });
      expect(reopened.markPendingAsOutcomeUnknown()).toEqual([]);
      expect(reopened.verifyHistory().ok).toBe(true);
    } finally {
      reopened.close();
    }
  });
});

describe('KYC batches', () => {
  it('stores counts, chunk results and accepted userIds, and finds batches by file hash', () => {
    const sha = 'b'.repeat(64);
    const id = h.store.insertKycBatch({
      profile: 'sandbox',
      operator: 'bob',
      fileName: 'kyc.xlsx',
      sha256: sha,
      counts: { total: 3, valid: 2, invalid: 1, accepted: 0, rejected: 0 },
    });
    const updated = h.store.updateKycBatch(id, {
      status: 'completed',
      counts: { total: 3, valid: 2, invalid: 1, accepted: 2, rejected: 0 },
      chunks: [{ index: 0, traceid: 'kt-1', code: 0, msg: 'success', count: 2 }],
      acceptedUserIds: ['u-1', 'u-2'],
    });
    expect(updated).toMatchObject({
      kind: 'kyc_batch',
      status: 'completed',
      fileName: 'kyc.xlsx',
      counts: { accepted: 2 },
      chunks: [{ traceid: 'kt-1', count: 2 }],
      acceptedUserIds: ['u-1', 'u-2'],
    });
    expect(h.store.findKycBatchesBySha256(sha).map((row) => row.id)).toEqual([id]);
    expect(h.store.findKycBatchesBySha256('c'.repeat(64))).toEqual([]);
    expect(h.store.auditTrail(id).map((entry) => [entry.event, entry.resource])).toEqual([
      ['kyc_batch.created', `batch:${id}`],
      ['kyc_batch.updated', `batch:${id}`],
    ]);
  });

  it("keeps a chunk's words beside its English, and reads a chunk kept without them", () => {
    const id = h.store.insertKycBatch({
      profile: 'sandbox',
      operator: 'bob',
      fileName: 'kyc.csv',
      sha256: 'd'.repeat(64),
      counts: { total: 4, valid: 4, invalid: 0, accepted: 0, rejected: 0 },
    });
    const words = { key: 'kyc.chunk.partialCount', values: { count: 1, sent: 2 } };
    const chunks = [
      {
        index: 0,
        traceid: 'kt-1',
        code: 0,
        msg: 'The gateway counted 1 of the 2 records sent.',
        words,
        count: 1,
      },
      { index: 1, traceid: null, code: null, msg: 'The gateway did not answer.', count: 0 },
    ];
    h.store.updateKycBatch(id, { status: 'partial', chunks });
    const read = h.store.getById(id);
    expect(read?.kind === 'kyc_batch' && read.chunks).toEqual(chunks);
  });
});

describe('query', () => {
  // Five pay-ins and a batch, one minute apart, with distinct searchable fields.
  let rows: Record<string, number>;
  beforeEach(() => {
    rows = {};
    const add = (name: string, request: Record<string, unknown>, extra: Parameters<typeof payIn>[0] = {}) => {
      rows[name] = h.store.insertPayIn(payIn({ ...extra, request }));
      h.clock.advance(MINUTE);
    };
    add('a', { merchantTradeNo: 'ORD-100', amount: '30.00', userId: 'alice-1' });
    add('b', { merchantTradeNo: 'ORD-101', amount: '5.50', cardNumber: MASTERCARD, userId: 'bob-1' });
    add('c', { merchantTradeNo: 'XYZ-9', amount: '100.00', userId: 'carol' }, { profile: 'live' });
    add('d', { merchantTradeNo: 'ORD-200', amount: '7.25', userId: 'dave' });
    rows.batch = h.store.insertKycBatch(kycBatch());
    h.clock.advance(MINUTE);
    add('e', { merchantTradeNo: 'ORD-300', amount: '12.00', userId: 'erin' });
    h.store.updatePayIn(rows.a!, { status: 'approved', orderId: 'GW-777', traceid: 'trace-abc' });
    h.store.updatePayIn(rows.b!, { status: 'declined', remark: 'Insufficient funds' });
    h.store.updatePayIn(rows.d!, { status: 'outcome_unknown' });
  });

  it('lists everything newest first by default', () => {
    const page = h.store.query();
    expect(ids(page.rows)).toEqual([rows.e, rows.batch, rows.d, rows.c, rows.b, rows.a]);
    expect(page.nextCursor).toBeNull();
  });

  it('searches by prefix of merchantTradeNo, orderId, traceid and userId, and by last 4 digits', () => {
    expect(ids(h.store.query({ text: 'ORD-1' }).rows)).toEqual([rows.b, rows.a]);
    expect(ids(h.store.query({ text: 'ORD-200' }).rows)).toEqual([rows.d]);
    expect(ids(h.store.query({ text: 'GW-7' }).rows)).toEqual([rows.a]);
    expect(ids(h.store.query({ text: 'trace-abc' }).rows)).toEqual([rows.a]);
    expect(ids(h.store.query({ text: 'carol' }).rows)).toEqual([rows.c]);
    expect(ids(h.store.query({ text: '4444' }).rows)).toEqual([rows.b]);
    expect(ids(h.store.query({ text: 'nothing-like-this' }).rows)).toEqual([]);
    // Middle digits are not stored, so they cannot be searched.
    expect(ids(h.store.query({ text: '5555' }).rows)).toEqual([]);
  });

  it('filters by kind, statuses, profile and date range', () => {
    expect(ids(h.store.query({ kind: 'kyc_batch' }).rows)).toEqual([rows.batch]);
    expect(ids(h.store.query({ status: ['approved', 'declined'] }).rows)).toEqual([rows.b, rows.a]);
    expect(ids(h.store.query({ status: ['pending'], kind: 'payin' }).rows)).toEqual([rows.e, rows.c]);
    expect(ids(h.store.query({ profile: 'live' }).rows)).toEqual([rows.c]);
    const start = h.store.getById(rows.b!)!.createdAt;
    const end = h.store.getById(rows.d!)!.createdAt;
    // `from` inclusive, `to` exclusive.
    expect(ids(h.store.query({ from: start, to: end }).rows)).toEqual([rows.c, rows.b]);
    expect(ids(h.store.query({ from: start, to: end, profile: 'sandbox' }).rows)).toEqual([rows.b]);
  });

  it('sorts by creation time ascending and by amount either way (pay-ins only)', () => {
    expect(ids(h.store.query({ sort: 'createdAt_asc' }).rows)).toEqual([
      rows.a,
      rows.b,
      rows.c,
      rows.d,
      rows.batch,
      rows.e,
    ]);
    expect(ids(h.store.query({ sort: 'amount_desc' }).rows)).toEqual([
      rows.c,
      rows.a,
      rows.e,
      rows.d,
      rows.b,
    ]);
    expect(ids(h.store.query({ sort: 'amount_asc', status: ['pending'] }).rows)).toEqual([rows.e, rows.c]);
  });

  it('pages with a keyset cursor through every sort without gaps or repeats', () => {
    for (const sort of ['createdAt_desc', 'createdAt_asc', 'amount_desc', 'amount_asc'] as const) {
      const all = ids(h.store.query({ sort, limit: 100 }).rows);
      const seen: number[] = [];
      let cursor: string | undefined;
      do {
        const page = h.store.query({ sort, limit: 2, cursor });
        expect(page.rows.length).toBeLessThanOrEqual(2);
        seen.push(...ids(page.rows));
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      expect(seen).toEqual(all);
    }
  });

  it('keeps keyset pages stable when rows arrive between pages', () => {
    const first = h.store.query({ limit: 3 });
    h.clock.advance(MINUTE);
    h.store.insertPayIn(payIn());
    const second = h.store.query({ limit: 3, cursor: first.nextCursor! });
    expect(ids(second.rows)).toEqual([rows.c, rows.b, rows.a]);
  });

  it('pages by offset and limit', () => {
    expect(ids(h.store.query({ offset: 2, limit: 2 }).rows)).toEqual([rows.d, rows.c]);
    expect(h.store.query({ offset: 4, limit: 2 }).nextCursor).toBeNull();
    expect(h.store.count({ kind: 'payin' })).toBe(5);
    expect(h.store.count({ text: 'ORD' })).toBe(4);
  });

  it('rejects a cursor from another sort, a forged cursor and a cursor together with an offset', () => {
    const cursor = h.store.query({ limit: 1 }).nextCursor!;
    expect(() => h.store.query({ sort: 'amount_asc', cursor })).toThrow(/another list or sort/);
    expect(() => h.store.query({ cursor: 'not-a-cursor' })).toThrow();
    expect(() => h.store.query({ cursor, offset: 1 })).toThrow(/either a cursor or an offset/);
  });

  it('treats search text as data, never as SQL', () => {
    const id = h.store.insertPayIn(payIn({ request: { merchantTradeNo: "x' OR 1=1 --" } }));
    expect(ids(h.store.query({ text: "x' OR 1=1 --" }).rows)).toEqual([id]);
    expect(ids(h.store.query({ text: "' OR ''='" }).rows)).toEqual([]);
  });
});

describe('daily totals', () => {
  it('sums exact amounts per day, status and currency in the caller’s time zone', () => {
    const clock = testClock(Date.UTC(2025, 2, 1, 10, 0));
    h.cleanup();
    h = tempHistory(clock);
    const add = (amount: string, currency = 'EUR') =>
      h.store.insertPayIn(payIn({ currency, request: { amount } }));
    // 0.1 + 0.2 style amounts: floats would not add these up to exactly 0.30.
    h.store.updatePayIn(add('0.10'), { status: 'approved' });
    h.store.updatePayIn(add('0.20'), { status: 'approved' });
    add('1.00', 'USD');
    clock.set(Date.UTC(2025, 2, 1, 23, 30));
    h.store.updatePayIn(add('9007199254740.99'), { status: 'approved' });
    h.store.updatePayIn(add('9007199254740.99'), { status: 'approved' });
    h.store.insertKycBatch(
      kycBatch({ counts: { total: 0, valid: 0, invalid: 0, accepted: 0, rejected: 0 } }),
    );
    expect(h.store.dailyTotals()).toEqual([
      { day: '2025-03-01', status: 'approved', currency: 'EUR', count: 4, amount: '18014398509482.28' },
      { day: '2025-03-01', status: 'pending', currency: 'USD', count: 1, amount: '1.00' },
    ]);
    // In UTC+1 the 23:30 pay-ins fall on the next day.
    expect(h.store.dailyTotals({ utcOffsetMinutes: 60 })).toEqual([
      { day: '2025-03-01', status: 'approved', currency: 'EUR', count: 2, amount: '0.30' },
      { day: '2025-03-01', status: 'pending', currency: 'USD', count: 1, amount: '1.00' },
      { day: '2025-03-02', status: 'approved', currency: 'EUR', count: 2, amount: '18014398509481.98' },
    ]);
    expect(
      h.store.dailyTotals({ filter: { from: Date.UTC(2025, 2, 1, 23), to: Date.UTC(2025, 2, 2) } }),
    ).toHaveLength(1);
    expect(h.store.dailyTotals({ filter: { from: Date.UTC(2025, 2, 1, 23) + 3 * DAY } })).toEqual([]);
  });
});

describe('CSV export', () => {
  it('neutralizes spreadsheet formulas, in the cell and in each ; or , segment, and quotes every cell', () => {
    const tradeNos = [
      '=HYPERLINK("http://evil","x")',
      '+1+2',
      '-3',
      '@SUM(A1)',
      '\tTAB',
      '\rCR',
      'plain, with "quotes"',
      "x;=cmd|' /C calc'!A0;",
      'a, -1+1',
    ];
    for (const merchantTradeNo of tradeNos) h.store.insertPayIn(payIn({ request: { merchantTradeNo } }));
    const csv = h.store.exportCsv({ sort: 'createdAt_asc' });
    const lines = csv.split('\r\n');
    expect(lines[0]).toMatch(
      /^"id","createdAt","kind","status","profile","operator","apiVersion","merchantTradeNo",/,
    );
    const tradeNoCells = lines.slice(1, -1).map((line) => {
      // merchantTradeNo is the 8th column; every cell is quoted.
      const cells = line.match(/"([^"]|"")*"(,|$)/g)!.map((cell) => cell.replace(/,$/, ''));
      return cells[7];
    });
    expect(tradeNoCells).toEqual([
      `"'=HYPERLINK(""http://evil"",""x"")"`,
      `"'+1+2"`,
      `"'-3"`,
      `"'@SUM(A1)"`,
      `"'\tTAB"`,
      `"'\rCR"`,
      `"plain, with ""quotes"""`,
      `"x;'=cmd|' /C calc'!A0;"`,
      `"a, '-1+1"`,
    ]);
    // Split the way Excel with a ';' list separator and no regard for quotes would: no bare formula.
    for (const line of lines.slice(1, -1)) {
      for (const piece of line.split(/[;,]/)) expect(piece.replace(/^[\s"]+/, '')).not.toMatch(/^[=+\-@]/);
    }
    expect(csv.endsWith('\r\n')).toBe(true);
    // The customer's name, last, read from the request (issue 35, item 15).
    expect(lines[0]).toMatch(/,"recordsRejected","customerName"$/);
  });

  it('exports every filtered row regardless of page size, masked, and audits the export', () => {
    for (let i = 0; i < 7; i += 1) h.store.insertPayIn(payIn({ request: { merchantTradeNo: `EXP-${i}` } }));
    h.store.insertPayIn(payIn({ request: { merchantTradeNo: 'OTHER' } }));
    const csv = h.store.exportCsv({ text: 'EXP-', limit: 2 }, { operator: 'alice' });
    expect(csv.trimEnd().split('\r\n')).toHaveLength(8);
    expect(csv).toContain('411111******1111');
    expect(csv).not.toContain(VISA);
    expect(h.store.verifyHistory()).toMatchObject({ ok: true, entries: 9, problemCount: 0 });
  });
});
