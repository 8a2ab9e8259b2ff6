// Group commit for the notifications (issue 32): the notifications that wait while the pool's connections
// are busy go into PostgreSQL together, one INSERT and one COMMIT, and each sender is answered only after
// that COMMIT. One notification alone goes at once (a free connection, the next turn of the event loop).
// A commit waits for its WAL flush; with one commit per notification the senders queue behind one another's
// flushes, with one per batch they share them. src/sandbox/group-commit.ts does the same for SQLite, but
// synchronously on one handle: this one is asynchronous, over a pool, with a deadline per sender.
//
// The deadline: the batch's transaction is explicit (BEGIN, INSERT, COMMIT), and COMMIT is sent only while
// every sender of the batch still has `commitMarginMs` before its deadline; otherwise it is rolled back. A
// sender answered 503 at its deadline before COMMIT was sent has stored nothing: its connection is
// destroyed and PostgreSQL rolls the open transaction back when it reads the end of it, even after a
// stall. Only a COMMIT that itself takes longer than the margin can end in a 503 for a notification that is
// then committed (README says so): the gateway's retry is a repeat, stored once.
import type pg from 'pg';
import { bodySha256, type StoredNotification } from './notification';

type Waiting = {
  notification: StoredNotification;
  sha256: string;
  deadline: number;
  resolve: (result: { inserted: boolean | undefined }) => void;
  reject: (error: unknown) => void;
};

// unnest: one statement text (one plan) whatever the batch's size. No conflict target and no RETURNING:
// both need SELECT on the table, which the INSERT-only role does not have.
const INSERT = `INSERT INTO paydesk.gateway_notifications
  (merchant_id, merchant_trade_no, order_id, order_status, content_type, raw_body, body_sha256)
  SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[], $4::integer[], $5::text[], $6::text[], $7::text[])
  ON CONFLICT DO NOTHING`;

class DeadlinePassed extends Error {
  override name = 'DeadlinePassed';
}

interface BatchInsertOptions {
  pool: pg.Pool;
  /** How many batches may be under way at once (the pool's size). */
  concurrency: number;
  maxBatch?: number;
  commitMarginMs: number;
  /** Called after each COMMIT that stored something (the desks' wake-up). */
  afterCommit: () => void;
  /** A batch's size and time to commit, for the metrics. */
  onBatch?: (size: number, seconds: number) => void;
}

export class BatchInsert {
  readonly #options: BatchInsertOptions;
  readonly #maxBatch: number;
  #queue: Waiting[] = [];
  #running = 0;
  #scheduled = false;

  constructor(options: BatchInsertOptions) {
    this.#options = options;
    this.#maxBatch = options.maxBatch ?? 256;
  }

  /** Senders waiting for a batch to take them. */
  get waiting(): number {
    return this.#queue.length;
  }

  /** Resolves after the COMMIT that stored it (inserted: false for a repeat, undefined when not known). */
  insert(notification: StoredNotification, deadline: number): Promise<{ inserted: boolean | undefined }> {
    return new Promise((resolve, reject) => {
      this.#queue.push({ notification, sha256: bodySha256(notification.rawBody), deadline, resolve, reject });
      this.#schedule();
    });
  }

  #schedule(): void {
    if (this.#scheduled || this.#running >= this.#options.concurrency || this.#queue.length === 0) return;
    this.#scheduled = true;
    // The rest of this turn's requests join the batch.
    setImmediate(() => {
      this.#scheduled = false;
      this.#flush();
    });
  }

  #flush(): void {
    const now = Date.now();
    // A sender whose deadline passed while it waited has been answered 503: it goes in no batch.
    const live = this.#queue.filter((w) => w.deadline > now);
    for (const w of this.#queue) if (w.deadline <= now) w.reject(new DeadlinePassed('deadline passed'));
    const batch = live.splice(0, this.#maxBatch);
    this.#queue = live;
    if (batch.length === 0) return;
    this.#running += 1;
    void this.#run(batch).finally(() => {
      this.#running -= 1;
      this.#schedule();
    });
    this.#schedule();
  }

  async #run(batch: Waiting[]): Promise<void> {
    const started = process.hrtime.bigint();
    try {
      const inserted = await this.#commit(batch);
      this.#options.onBatch?.(batch.length, Number(process.hrtime.bigint() - started) / 1e9);
      if (inserted > 0) this.#options.afterCommit();
      // The row count is the batch's: who was a repeat is known only when all or none were.
      const each = inserted === batch.length ? true : inserted === 0 ? false : undefined;
      for (const w of batch) w.resolve({ inserted: each === undefined ? undefined : each });
    } catch (error) {
      // A value PostgreSQL refuses (a data error) would fail every batch it joins: each goes alone then.
      const code = (error as { code?: string }).code ?? '';
      if (batch.length > 1 && /^(22|23)/.test(code)) {
        for (const w of batch) void this.#run([w]);
        return;
      }
      for (const w of batch) w.reject(error);
    }
  }

  async #commit(batch: Waiting[]): Promise<number> {
    // A stable order: two instances' batches that share notifications take their keys in the same order,
    // so they wait for each other rather than deadlock.
    const rows = [...batch].sort((a, b) =>
      a.notification.merchantId !== b.notification.merchantId
        ? a.notification.merchantId - b.notification.merchantId
        : a.sha256 < b.sha256
          ? -1
          : a.sha256 > b.sha256
            ? 1
            : 0,
    );
    const deadline = Math.min(...batch.map((w) => w.deadline));
    const client = await this.#options.pool.connect();
    let broken: unknown;
    try {
      await client.query('BEGIN');
      const result = await client.query(INSERT, [
        rows.map((w) => w.notification.merchantId),
        rows.map((w) => w.notification.merchantTradeNo),
        rows.map((w) => w.notification.orderId),
        rows.map((w) => w.notification.orderStatus),
        rows.map((w) => w.notification.contentType),
        rows.map((w) => w.notification.rawBody),
        rows.map((w) => w.sha256),
      ]);
      if (Date.now() > deadline - this.#options.commitMarginMs) {
        await client.query('ROLLBACK');
        throw new DeadlinePassed('no time left to commit before the deadline');
      }
      await client.query('COMMIT');
      return result.rowCount ?? 0;
    } catch (error) {
      // A connection that failed or timed out is not given back: destroyed, its open transaction is rolled
      // back by PostgreSQL whenever it reads the end of the connection.
      if (!(error instanceof DeadlinePassed)) broken = error;
      throw error;
    } finally {
      client.release(broken instanceof Error ? broken : broken === undefined ? undefined : true);
    }
  }
}
