// The sandbox's state, in SQLite through node:sqlite: ':memory:' by default, a file with --data so that
// orders, stored cards and KYC records survive a restart. Full card numbers and CVVs are never written:
// an order keeps the masked number and the test-card outcome key, which is all its outcome needs.
//
// Durability with a file: WAL, synchronous = NORMAL, pay-in writes committed in groups (group-commit.ts). An
// answer leaves only once what it reports is committed, that is, handed to the operating system: a crash of the
// sandbox or of the app loses nothing that was answered. The WAL is fsynced only at checkpoints, so a power cut or
// a crash of the operating system keeps the file consistent but can lose the orders of the last moments (those the
// kernel had not yet written back, in practice seconds). For a test gateway that is the right trade: such a loss
// costs a tester one order asked again, while an fsync per commit (FULL) would stall every answer on the disk, and
// synchronous = OFF could leave a file that no longer opens.
import { createSecretKey, type KeyObject, randomBytes } from 'node:crypto';
import { DatabaseSync, type SQLOutputValue, type StatementSync } from 'node:sqlite';
import type { KycRecord } from '@shared/gateway/kyc';
import { GroupCommit } from './group-commit';
import { type CardOutcome, isCardOutcome } from './test-cards';

export type PayInVersion = 'v1' | 'v2';
export type TxMode = 'h2h' | 'redirection';

export type OrderRow = {
  orderId: string;
  merchantId: number;
  merchantTradeNo: string;
  version: PayInVersion;
  bodyHash: string;
  userId: string;
  amount: string;
  currency: string | null;
  orderStatus: number;
  remark: string;
  maskedCard: string;
  brand: string;
  cardOutcome: CardOutcome;
  txMode: TxMode;
  ccStorageID: string | null;
  browserToken: string | null;
  callBackURL: string | null;
  successURL: string | null;
  failURL: string | null;
  retURL: string | null;
  fault: string | null;
  traceid: string;
  createdAt: string;
  updatedAt: string;
};

export type StoredCardRow = {
  merchantId: number;
  token: string;
  userId: string;
  maskedCard: string;
  brand: string;
  expDate: string;
  cardOutcome: CardOutcome;
};

type CallbackAttemptRow = {
  orderId: string;
  attempt: number;
  at: string;
  traceid: string;
  httpStatus: number | null;
  error: string | null;
  delivered: boolean;
};

type KycRow = {
  merchantId: number;
  userId: string;
  record: KycRecord;
  traceid: string;
  acceptedAt: string;
};

const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS orders (
  order_id TEXT PRIMARY KEY,
  merchant_id INTEGER NOT NULL,
  merchant_trade_no TEXT NOT NULL,
  version TEXT NOT NULL,
  body_hash TEXT NOT NULL,
  user_id TEXT NOT NULL,
  amount TEXT NOT NULL,
  currency TEXT,
  order_status INTEGER NOT NULL,
  remark TEXT NOT NULL,
  masked_card TEXT NOT NULL,
  brand TEXT NOT NULL,
  card_outcome TEXT NOT NULL,
  tx_mode TEXT NOT NULL,
  cc_storage_id TEXT,
  browser_token TEXT UNIQUE,
  callback_url TEXT,
  success_url TEXT,
  fail_url TEXT,
  ret_url TEXT,
  fault TEXT,
  traceid TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (merchant_id, merchant_trade_no)
);
CREATE INDEX IF NOT EXISTS orders_by_trade_no ON orders (merchant_trade_no);
CREATE TABLE IF NOT EXISTS stored_cards (
  merchant_id INTEGER NOT NULL,
  token TEXT NOT NULL,
  user_id TEXT NOT NULL,
  masked_card TEXT NOT NULL,
  brand TEXT NOT NULL,
  exp_date TEXT NOT NULL,
  card_outcome TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (merchant_id, token)
);
CREATE TABLE IF NOT EXISTS callback_attempts (
  order_id TEXT NOT NULL,
  attempt INTEGER NOT NULL,
  at TEXT NOT NULL,
  traceid TEXT NOT NULL,
  http_status INTEGER,
  error TEXT,
  delivered INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS callback_attempts_by_order ON callback_attempts (order_id);
CREATE TABLE IF NOT EXISTS kyc_records (
  merchant_id INTEGER NOT NULL,
  user_id TEXT NOT NULL,
  record TEXT NOT NULL,
  traceid TEXT NOT NULL,
  accepted_at TEXT NOT NULL,
  PRIMARY KEY (merchant_id, user_id)
);
`;

type Row = Record<string, SQLOutputValue>;

function text(row: Row, column: string): string {
  const value = row[column];
  if (typeof value !== 'string') throw new Error(`Sandbox store: ${column} is not text.`);
  return value;
}
function textOrNull(row: Row, column: string): string | null {
  const value = row[column];
  return value === null || value === undefined ? null : text(row, column);
}
function integer(row: Row, column: string): number {
  const value = row[column];
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  throw new Error(`Sandbox store: ${column} is not a number.`);
}
function integerOrNull(row: Row, column: string): number | null {
  const value = row[column];
  return value === null || value === undefined ? null : integer(row, column);
}
function outcome(row: Row): CardOutcome {
  const value = text(row, 'card_outcome');
  if (!isCardOutcome(value)) throw new Error(`Sandbox store: unknown card outcome ${value}.`);
  return value;
}

function toOrder(row: Row): OrderRow {
  const version = text(row, 'version');
  const txMode = text(row, 'tx_mode');
  return {
    orderId: text(row, 'order_id'),
    merchantId: integer(row, 'merchant_id'),
    merchantTradeNo: text(row, 'merchant_trade_no'),
    version: version === 'v1' ? 'v1' : 'v2',
    bodyHash: text(row, 'body_hash'),
    userId: text(row, 'user_id'),
    amount: text(row, 'amount'),
    currency: textOrNull(row, 'currency'),
    orderStatus: integer(row, 'order_status'),
    remark: text(row, 'remark'),
    maskedCard: text(row, 'masked_card'),
    brand: text(row, 'brand'),
    cardOutcome: outcome(row),
    txMode: txMode === 'redirection' ? 'redirection' : 'h2h',
    ccStorageID: textOrNull(row, 'cc_storage_id'),
    browserToken: textOrNull(row, 'browser_token'),
    callBackURL: textOrNull(row, 'callback_url'),
    successURL: textOrNull(row, 'success_url'),
    failURL: textOrNull(row, 'fail_url'),
    retURL: textOrNull(row, 'ret_url'),
    fault: textOrNull(row, 'fault'),
    traceid: text(row, 'traceid'),
    createdAt: text(row, 'created_at'),
    updatedAt: text(row, 'updated_at'),
  };
}

function isKycRecord(value: unknown): value is KycRecord {
  return typeof value === 'object' && value !== null && 'userId' in value;
}

export class SandboxStore {
  readonly #db: DatabaseSync;
  readonly #insertOrder: StatementSync;
  readonly #orderByTradeNo: StatementSync;
  readonly #orderById: StatementSync;
  readonly #orderByToken: StatementSync;
  readonly #settleOrder: StatementSync;
  readonly #upsertStoredCard: StatementSync;
  readonly #storedCard: StatementSync;
  readonly #insertAttempt: StatementSync;
  readonly #attemptsOf: StatementSync;
  readonly #upsertKyc: StatementSync;
  readonly #kycOf: StatementSync;
  readonly #group: GroupCommit;
  #closed = false;

  constructor(location: string) {
    this.#db = new DatabaseSync(location);
    if (location !== ':memory:') {
      // A checkpoint (two fsyncs, on this thread) every 8,000 WAL pages (32 MB) instead of SQLite's 1,000:
      // at the default, a stream of pay-ins stalled on one every few hundred orders (docs/BENCHMARKS.md).
      // After one, the WAL file is cut back to 4 MB.
      this.#db.exec(`PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;
        PRAGMA wal_autocheckpoint = 8000; PRAGMA journal_size_limit = ${4 * 1024 * 1024};`);
    }
    this.#db.exec(SCHEMA);
    this.#insertOrder =
      this.#db.prepare(`INSERT INTO orders (order_id, merchant_id, merchant_trade_no, version,
      body_hash, user_id, amount, currency, order_status, remark, masked_card, brand, card_outcome, tx_mode,
      cc_storage_id, browser_token, callback_url, success_url, fail_url, ret_url, fault, traceid, created_at,
      updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
    this.#orderByTradeNo = this.#db.prepare(
      'SELECT * FROM orders WHERE merchant_id = ? AND merchant_trade_no = ?',
    );
    this.#orderById = this.#db.prepare('SELECT * FROM orders WHERE order_id = ?');
    this.#orderByToken = this.#db.prepare('SELECT * FROM orders WHERE browser_token = ?');
    this.#settleOrder = this.#db.prepare(
      'UPDATE orders SET order_status = ?, remark = ?, updated_at = ? WHERE order_id = ? AND order_status = ?',
    );
    this.#upsertStoredCard =
      this.#db.prepare(`INSERT INTO stored_cards (merchant_id, token, user_id, masked_card,
      brand, exp_date, card_outcome, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT (merchant_id, token) DO UPDATE SET exp_date = excluded.exp_date`);
    this.#storedCard = this.#db.prepare('SELECT * FROM stored_cards WHERE merchant_id = ? AND token = ?');
    this.#insertAttempt = this.#db.prepare(`INSERT INTO callback_attempts (order_id, attempt, at, traceid,
      http_status, error, delivered) VALUES (?, ?, ?, ?, ?, ?, ?)`);
    this.#attemptsOf = this.#db.prepare(
      'SELECT * FROM callback_attempts WHERE order_id = ? ORDER BY attempt, rowid',
    );
    this.#upsertKyc = this.#db.prepare(`INSERT INTO kyc_records (merchant_id, user_id, record, traceid,
      accepted_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (merchant_id, user_id) DO UPDATE SET
      record = excluded.record, traceid = excluded.traceid, accepted_at = excluded.accepted_at`);
    this.#kycOf = this.#db.prepare('SELECT * FROM kyc_records WHERE merchant_id = ? ORDER BY user_id');
    this.#group = new GroupCommit(this.#db);
  }

  /**
   * A random key that lives as long as the state does, so stored-card tokens survive a restart. A
   * KeyObject, made once: HMACs keyed by it are much cheaper than by the same bytes in a Buffer.
   */
  secretKey(): KeyObject {
    const row = this.#db.prepare("SELECT value FROM meta WHERE key = 'secret-key'").get();
    if (row) return createSecretKey(Buffer.from(text(row, 'value'), 'base64'));
    const key = randomBytes(32);
    this.#db.prepare("INSERT INTO meta (key, value) VALUES ('secret-key', ?)").run(key.toString('base64'));
    return createSecretKey(key);
  }

  /**
   * Part of this turn's group commit (group-commit.ts): the reads of the pay-in path see it at once,
   * `committed()` tells when it is in the database.
   */
  insertOrder(order: OrderRow): void {
    this.#group.write(() =>
      this.#insertOrder.run(
        order.orderId,
        order.merchantId,
        order.merchantTradeNo,
        order.version,
        order.bodyHash,
        order.userId,
        order.amount,
        order.currency,
        order.orderStatus,
        order.remark,
        order.maskedCard,
        order.brand,
        order.cardOutcome,
        order.txMode,
        order.ccStorageID,
        order.browserToken,
        order.callBackURL,
        order.successURL,
        order.failURL,
        order.retURL,
        order.fault,
        order.traceid,
        order.createdAt,
        order.updatedAt,
      ),
    );
  }

  findOrder(merchantId: number, merchantTradeNo: string): OrderRow | undefined {
    const row = this.#orderByTradeNo.get(merchantId, merchantTradeNo);
    return row ? toOrder(row) : undefined;
  }

  orderById(orderId: string): OrderRow | undefined {
    const row = this.#orderById.get(orderId);
    return row ? toOrder(row) : undefined;
  }

  orderByBrowserToken(token: string): OrderRow | undefined {
    const row = this.#orderByToken.get(token);
    return row ? toOrder(row) : undefined;
  }

  /** Settles when the pay-in writes made so far are committed; rejects when their commit failed. */
  committed(): Promise<void> {
    return this.#group.committed();
  }

  /** Moves an order from `from` to its final status; false when another request settled it first. */
  settleOrder(orderId: string, from: number, to: number, remark: string, at: string): boolean {
    this.#group.commit();
    return Number(this.#settleOrder.run(to, remark, at, orderId, from).changes) === 1;
  }

  /** For inspection, which shows only what is committed. */
  listOrders(filter: { merchantId?: number; merchantTradeNo?: string; orderId?: string }): OrderRow[] {
    this.#group.commit();
    const where: string[] = [];
    const params: (string | number)[] = [];
    if (filter.merchantId !== undefined) {
      where.push('merchant_id = ?');
      params.push(filter.merchantId);
    }
    if (filter.merchantTradeNo !== undefined) {
      where.push('merchant_trade_no = ?');
      params.push(filter.merchantTradeNo);
    }
    if (filter.orderId !== undefined) {
      where.push('order_id = ?');
      params.push(filter.orderId);
    }
    const sql = `SELECT * FROM orders ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY created_at DESC, rowid DESC LIMIT 100`;
    return this.#db
      .prepare(sql)
      .all(...params)
      .map(toOrder);
  }

  /** Part of this turn's group commit, as insertOrder. */
  saveStoredCard(card: StoredCardRow, at: string): void {
    this.#group.write(() =>
      this.#upsertStoredCard.run(
        card.merchantId,
        card.token,
        card.userId,
        card.maskedCard,
        card.brand,
        card.expDate,
        card.cardOutcome,
        at,
      ),
    );
  }

  storedCard(merchantId: number, token: string): StoredCardRow | undefined {
    const row = this.#storedCard.get(merchantId, token);
    if (!row) return undefined;
    return {
      merchantId: integer(row, 'merchant_id'),
      token: text(row, 'token'),
      userId: text(row, 'user_id'),
      maskedCard: text(row, 'masked_card'),
      brand: text(row, 'brand'),
      expDate: text(row, 'exp_date'),
      cardOutcome: outcome(row),
    };
  }

  addCallbackAttempt(attempt: CallbackAttemptRow): void {
    if (this.#closed) return;
    this.#group.commit();
    this.#insertAttempt.run(
      attempt.orderId,
      attempt.attempt,
      attempt.at,
      attempt.traceid,
      attempt.httpStatus,
      attempt.error,
      attempt.delivered ? 1 : 0,
    );
  }

  callbackAttempts(orderId: string): CallbackAttemptRow[] {
    this.#group.commit();
    return this.#attemptsOf.all(orderId).map((row) => ({
      orderId: text(row, 'order_id'),
      attempt: integer(row, 'attempt'),
      at: text(row, 'at'),
      traceid: text(row, 'traceid'),
      httpStatus: integerOrNull(row, 'http_status'),
      error: textOrNull(row, 'error'),
      delivered: integer(row, 'delivered') === 1,
    }));
  }

  /** All records or none: one record per userId, a later one replacing the earlier (assumption A22). */
  acceptKyc(merchantId: number, records: readonly KycRecord[], traceid: string, at: string): void {
    this.#group.commit();
    this.#db.exec('BEGIN');
    try {
      for (const record of records) {
        this.#upsertKyc.run(merchantId, record.userId, JSON.stringify(record), traceid, at);
      }
      this.#db.exec('COMMIT');
    } catch (error) {
      this.#db.exec('ROLLBACK');
      throw error;
    }
  }

  kycRecords(merchantId: number): KycRow[] {
    this.#group.commit();
    return this.#kycOf.all(merchantId).map((row) => {
      const record: unknown = JSON.parse(text(row, 'record'));
      if (!isKycRecord(record)) throw new Error('Sandbox store: a KYC record is not an object.');
      return {
        merchantId: integer(row, 'merchant_id'),
        userId: text(row, 'user_id'),
        record,
        traceid: text(row, 'traceid'),
        acceptedAt: text(row, 'accepted_at'),
      };
    });
  }

  get closed(): boolean {
    return this.#closed;
  }

  close(): void {
    if (this.#closed) return;
    this.#group.commit();
    this.#closed = true;
    this.#db.close();
  }
}
