// The million-row history that bench/audit.ts and bench/history-damage.ts both measure: N pay-ins, each
// written as insertPayIn and updatePayIn write them (created, then settled), with both keyed entries sealed
// by the store's own appendAudit and row digest, all in one bulk transaction (minutes at a million rows
// through the store's own calls; seconds this way).
import { DatabaseSync } from 'node:sqlite';
import { appendAudit, type ChainSeal } from '../../src/main/history/audit-chain';
import { migrate } from '../../src/main/history/migrations';
import { digestInputSql, rowDigest } from '../../src/main/history/row-digest';

const DAY = 86_400_000;

export interface HistoryFill {
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
  for (let i = 0; i < rows; i += 1) {
    const at = start + Math.floor((i / rows) * 300 * DAY);
    const cents = 100 + ((i * 7919) % 500_000);
    const amount = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
    const tradeNo = `PD${at}${String(i).padStart(8, '0')}`;
    const request = JSON.stringify({ merchantTradeNo: tradeNo, amount, cardNumber: '424242******4242' });
    const id = Number(
      insert.run(at, at, tradeNo, `user-${i % 50_000}`, amount, cents, request).lastInsertRowid,
    );
    const base = { operator: 'bench', outcome: 'success' as const, resource: tradeNo, rowId: id };
    const created = { status: 'pending', amount, currency: 'EUR', apiVersion: 'v2', rowHash: rowHash(id) };
    appendAudit(db, seal, { ...base, event: 'payin.created', detail: created }, at);
    const status = settledStatus(i);
    settle.run(status, `ORD${i}`, `trace-${i.toString(36)}`, '{"code":0,"msg":"Approved"}', at + 1000, id);
    const detail = { from: 'pending', to: status, changed: ['status', 'orderId'], rowHash: rowHash(id) };
    appendAudit(db, seal, { ...base, event: 'payin.updated', detail }, at + 1000);
  }
  db.exec('COMMIT');
  return db;
}
