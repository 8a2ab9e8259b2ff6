// The made-up pay-ins every history bench fills with (syntheticPayIn), and the million-row history that
// bench/audit.ts and bench/history-damage.ts both measure: N pay-ins, each written as insertPayIn and
// updatePayIn write them (created, then settled), with both keyed entries sealed by the store's own
// appendAudit and row digest, all in one bulk transaction (minutes at a million rows through the store's
// own calls; seconds this way).
import { DatabaseSync } from 'node:sqlite';
import { appendAudit, type ChainSeal } from '../../src/main/history/audit/audit-chain';
import { digestInputSql, rowDigest } from '../../src/main/history/audit/row-digest';
import { withWordIndexRebuilt } from '../../src/main/history/search/word-index';
import { migrate } from '../../src/main/history/store/migrations';

const DAY = 86_400_000;

/** The `i`th of `rows` made-up pay-ins, spread over 300 days from `start`: amounts, cards and customers varied. */
export function syntheticPayIn(i: number, rows: number, start: number) {
  const at = start + Math.floor((i / rows) * 300 * DAY);
  const cents = 100 + ((i * 7919) % 500_000);
  const last4 = String(1000 + (i % 9000));
  return {
    at,
    cents,
    amount: `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`,
    tradeNo: `PD${at}${String(i).padStart(8, '0')}`,
    userId: `user-${i % 50_000}`,
    last4,
    maskedPan: `424242******${last4}`,
    orderId: `ORD${String(i).padStart(10, '0')}`,
    traceid: `trace-${i.toString(36)}`,
  };
}

/** The statuses bulk rows take in turn (most approved). */
const BULK_STATUSES = [
  'approved',
  'approved',
  'approved',
  'declined',
  'refused',
  'outcome_unknown',
  'not_sent',
];

/** What a bulk row may carry beyond the made-up pay-in (by default: profile Sandbox, an empty request). */
interface BulkRowExtras {
  profile: string;
  requestJson: string;
  remark: string | null;
}

/**
 * Pay-ins `from` to `rows` - 1 inserted straight into history_rows, in the caller's transaction on a file the
 * migrations have run on: the rows bench/history.ts measures and bench/ui.ts's history file holds. They have
 * no audit entries (the app marks each as failing verification).
 */
export function insertBulkPayIns(
  db: DatabaseSync,
  bulk: { rows: number; start: number; from?: number; extras?: (i: number, status: string) => BulkRowExtras },
): void {
  const {
    rows,
    start,
    from = 0,
    extras = () => ({ profile: 'Sandbox', requestJson: '{}', remark: null }),
  } = bulk;
  const insert = db.prepare(
    `INSERT INTO history_rows (kind, status, created_at, updated_at, profile, operator, api_version, merchant_trade_no,
       user_id, masked_pan, brand, last4, amount, amount_minor, currency, order_id, traceid, request_json, remark)
     VALUES ('payin', ?, ?, ?, ?, 'bench', 'v2', ?, ?, ?, 'Visa', ?, ?, ?, 'EUR', ?, ?, ?, ?)`,
  );
  // The words of all the rows built at once, as the salvage does (word-index.ts): row by row in one
  // transaction, a million rows' words took over ten minutes.
  withWordIndexRebuilt(db, () => {
    for (let i = from; i < rows; i += 1) {
      const p = syntheticPayIn(i, rows, start);
      const status = BULK_STATUSES[i % BULK_STATUSES.length]!;
      const { profile, requestJson, remark } = extras(i, status);
      insert.run(
        status,
        p.at,
        p.at,
        profile,
        p.tradeNo,
        p.userId,
        p.maskedPan,
        p.last4,
        p.amount,
        p.cents,
        p.orderId,
        p.traceid,
        requestJson,
        remark,
      );
    }
  });
}

interface HistoryFill {
  rows: number;
  /** The first pay-in's time; the rows spread over 300 days from it. */
  start: number;
  seal: ChainSeal;
  /** The status pay-in `i` settles in (default: approved). */
  settledStatus?: (i: number) => string;
}

/** Fills `file` (a new history) and commits; returns the database still open, for the caller to finish. */
export function fillHistory(file: string, fill: HistoryFill): DatabaseSync {
  const { rows, start, seal, settledStatus = () => 'approved' } = fill;
  const db = new DatabaseSync(file);
  db.exec('PRAGMA journal_mode = WAL');
  migrate(db);
  db.exec('PRAGMA synchronous = OFF; BEGIN');
  const insert = db.prepare(
    `INSERT INTO history_rows (kind, status, created_at, updated_at, profile, operator, api_version,
       merchant_trade_no, user_id, masked_pan, brand, last4, amount, amount_minor, currency, request_json)
     VALUES ('payin', 'pending', ?, ?, 'Sandbox', 'bench', 'v2', ?, ?, '424242******4242', 'Visa', '4242', ?, ?,
       'EUR', ?)`,
  );
  const settle = db.prepare(
    'UPDATE history_rows SET status = ?, order_id = ?, traceid = ?, response_raw = ?, updated_at = ? WHERE id = ?',
  );
  const digest = db.prepare(`SELECT ${digestInputSql()} AS d FROM history_rows WHERE id = ?`);
  const rowHash = (id: number) => rowDigest(String(digest.get(id)?.d));
  withWordIndexRebuilt(db, () => {
    for (let i = 0; i < rows; i += 1) {
      const { at, cents, amount, tradeNo, userId } = syntheticPayIn(i, rows, start);
      const request = JSON.stringify({ merchantTradeNo: tradeNo, amount, cardNumber: '424242******4242' });
      const id = Number(insert.run(at, at, tradeNo, userId, amount, cents, request).lastInsertRowid);
      const base = { operator: 'bench', outcome: 'success' as const, resource: tradeNo, rowId: id };
      const created = { status: 'pending', amount, currency: 'EUR', apiVersion: 'v2', rowHash: rowHash(id) };
      appendAudit(db, seal, { ...base, event: 'payin.created', detail: created }, at);
      const status = settledStatus(i);
      settle.run(status, `ORD${i}`, `trace-${i.toString(36)}`, '{"code":0,"msg":"Approved"}', at + 1000, id);
      const detail = { from: 'pending', to: status, changed: ['status', 'orderId'], rowHash: rowHash(id) };
      appendAudit(db, seal, { ...base, event: 'payin.updated', detail }, at + 1000);
    }
  });
  db.exec('COMMIT');
  return db;
}
