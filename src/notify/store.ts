// The notifications' way into the team database, as the INSERT-only role (docs/team/add-notify.sql).
// Every wait on PostgreSQL is bounded by the configuration's timeoutMs — a free pooled connection, the
// connect, the statement — and so is the whole call, so a database that is down or slow costs the gateway a
// prompt 503 and a retry, never a hung request. The database is the service's only state. Notifications
// that arrive together are stored together (batch-insert.ts), and the desks are woken after the COMMIT
// (desk-waker.ts), not by a trigger inside it.
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { BatchInsert } from './batch-insert';
import type { NotifyConfig } from './config';
import { DeskWaker } from './desk-waker';
import type { StoredNotification } from './notification';

export type { StoredNotification } from './notification';

export class DatabaseUnavailable extends Error {
  override name = 'DatabaseUnavailable';
}

/** What the store does, for the metrics. */
interface StoreObserver {
  batch?(size: number, seconds: number): void;
  stored?(): void;
  wakeFailed?(error: unknown): void;
}

/** How the service connects to PostgreSQL: its pool, and `--check`'s one connection. */
export function databaseConnectionConfig(config: NotifyConfig['database'], password: string): pg.PoolConfig {
  return {
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
  };
}

export interface NotificationStore {
  /** Stores the notification (once); resolves after COMMIT with whether it was new. */
  store(notification: StoredNotification): Promise<{ inserted: boolean | undefined }>;
  /** Requests waiting for a connection or for a batch to take them. */
  waiting(): number;
  /** Whether a round trip to the database succeeds within the bound. */
  reachable(): Promise<boolean>;
  close(): Promise<void>;
}

export function createNotificationStore(
  config: NotifyConfig['database'],
  password: string,
  observer: StoreObserver = {},
): NotificationStore {
  const pool = new pg.Pool(databaseConnectionConfig(config, password));
  // An idle connection broken under it (PostgreSQL restarted) is dropped by the pool; the next use connects
  // again. Without a listener the error would end the process.
  pool.on('error', () => undefined);
  const waker = new DeskWaker(pool, (error) => observer.wakeFailed?.(error));
  const batches = new BatchInsert({
    pool,
    concurrency: config.poolSize,
    maxBatch: config.maxBatch,
    // COMMIT is sent only with this much of the bound left: a flush takes milliseconds.
    commitMarginMs: Math.min(500, Math.floor(config.timeoutMs / 4)),
    afterCommit: () => {
      observer.stored?.();
      waker.wake();
    },
    onBatch: (size, seconds) => observer.batch?.(size, seconds),
  });

  async function bounded<T>(work: (deadline: number) => Promise<T>): Promise<T> {
    const deadline = Date.now() + config.timeoutMs;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new DatabaseUnavailable(`no answer from PostgreSQL within ${config.timeoutMs} ms`)),
        config.timeoutMs,
      );
    });
    try {
      return await Promise.race([work(deadline), timeout]);
    } catch (error) {
      if (error instanceof DatabaseUnavailable) throw error;
      throw new DatabaseUnavailable(reasonOf(error));
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    store(n) {
      return bounded((deadline) => batches.insert(n, deadline));
    },
    waiting() {
      return batches.waiting + pool.waitingCount;
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
      await waker.idle();
      await pool.end();
    },
  };
}

/** A short reason for the log: PostgreSQL's SQLSTATE and message, or the socket's error code. */
function reasonOf(error: unknown): string {
  const e = error as { code?: string; message?: string };
  return [e.code, e.message].filter(Boolean).join(' ').slice(0, 300) || 'unknown error';
}
