// The notifications' way into the team database, as the INSERT-only role (docs/team/add-notify.sql).
// Every wait on PostgreSQL is bounded by the configuration's timeoutMs — a free pooled connection, the
// connect, the statement — and so is the whole call, so a database that is down or slow costs the gateway a
// prompt 503 and a retry, never a hung request. The database is the service's only state.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import type { NotifyConfig } from './config';

export interface StoredNotification {
  merchantId: number;
  merchantTradeNo: string;
  orderId: string | null;
  orderStatus: number | null;
  contentType: string;
  rawBody: string;
}

export class DatabaseUnavailable extends Error {
  override name = 'DatabaseUnavailable';
}

// One statement, so one transaction: PostgreSQL answers it only after its COMMIT (autocommit), which is
// what the 2xx waits for. A repeat (same merchant, same body: the only unique key besides the serial id)
// conflicts and stores nothing. No conflict target and no RETURNING: both need SELECT on the table, which
// the INSERT-only role does not have, nor need.
const INSERT = `INSERT INTO paydesk.gateway_notifications
  (merchant_id, merchant_trade_no, order_id, order_status, content_type, raw_body, body_sha256)
  VALUES ($1, $2, $3, $4, $5, $6, $7)
  ON CONFLICT DO NOTHING`;

export function bodySha256(rawBody: string): string {
  return createHash('sha256').update(rawBody, 'utf8').digest('hex');
}

export interface NotificationStore {
  /** Stores the notification (once); resolves after COMMIT with whether it was new. */
  store(notification: StoredNotification): Promise<{ inserted: boolean }>;
  /** Whether a round trip to the database succeeds within the bound. */
  reachable(): Promise<boolean>;
  close(): Promise<void>;
}

export function createNotificationStore(
  config: NotifyConfig['database'],
  password: string,
): NotificationStore {
  const pool = new pg.Pool({
    host: config.host,
    port: config.port,
    database: config.database,
    user: config.user,
    password,
    max: config.poolSize,
    connectionTimeoutMillis: config.timeoutMs,
    query_timeout: config.timeoutMs,
    statement_timeout: config.timeoutMs,
    idleTimeoutMillis: 30_000,
    application_name: 'paydesk-notify',
    ...(config.ssl === 'off'
      ? {}
      : {
          ssl:
            config.ssl === 'require'
              ? { rejectUnauthorized: false }
              : { ca: readFileSync(config.caFile ?? '', 'utf8'), rejectUnauthorized: true },
        }),
  });
  // An idle connection broken under it (PostgreSQL restarted) is dropped by the pool; the next use connects
  // again. Without a listener the error would end the process.
  pool.on('error', () => undefined);

  async function bounded<T>(work: () => Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new DatabaseUnavailable(`no answer from PostgreSQL within ${config.timeoutMs} ms`)),
        config.timeoutMs,
      );
    });
    try {
      return await Promise.race([work(), deadline]);
    } catch (error) {
      if (error instanceof DatabaseUnavailable) throw error;
      throw new DatabaseUnavailable(reasonOf(error));
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    async store(n) {
      const result = await bounded(() =>
        pool.query(INSERT, [
          n.merchantId,
          n.merchantTradeNo,
          n.orderId,
          n.orderStatus,
          n.contentType,
          n.rawBody,
          bodySha256(n.rawBody),
        ]),
      );
      return { inserted: result.rowCount === 1 };
    },
    async reachable() {
      try {
        await bounded(() => pool.query('SELECT 1'));
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      await pool.end();
    },
  };
}

/** A short reason for the log: PostgreSQL's SQLSTATE and message, or the socket's error code. */
function reasonOf(error: unknown): string {
  const e = error as { code?: string; message?: string };
  return [e.code, e.message].filter(Boolean).join(' ').slice(0, 300) || 'unknown error';
}
