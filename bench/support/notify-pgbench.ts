// bench:notify's PostgreSQL peers (issue 32): pgbench inserting the service's row, one notification per
// transaction, at the service's concurrency, into two copies of paydesk.gateway_notifications — one
// without any trigger (the disk's and PostgreSQL's limit for single-row commits) and one with team
// migration 3's row trigger calling pg_notify (what the service had before migration 5), so the cost of a
// NOTIFY in the inserting transaction stays visible.
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type pg from 'pg';
import { postgresBinDir } from '../../tests/support/team/postgres-cluster';
import { percentile } from './report';

const run = promisify(execFile);

type PgbenchTable = 'plain' | 'row_trigger';

const PGBENCH_TABLES: Record<PgbenchTable, string> = {
  plain: 'bench.notifications_plain',
  row_trigger: 'bench.notifications_row_trigger',
};

/** Makes the two tables, as the owner (who runs pgbench: the service's roles may not read them). */
export async function createPgbenchTables(owner: pg.Client): Promise<void> {
  await owner.query(`
    CREATE SCHEMA IF NOT EXISTS bench;
    CREATE TABLE bench.notifications_plain (LIKE paydesk.gateway_notifications INCLUDING ALL);
    CREATE TABLE bench.notifications_row_trigger (LIKE paydesk.gateway_notifications INCLUDING ALL);
    CREATE FUNCTION bench.row_added() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      PERFORM pg_notify('paydesk_notifications', NEW.id::text);
      RETURN NULL;
    END
    $fn$;
    CREATE TRIGGER row_added AFTER INSERT ON bench.notifications_row_trigger
      FOR EACH ROW EXECUTE FUNCTION bench.row_added();
  `);
}

/** Migration 3's trigger back on the service's table: one of the ways tried (`--row-trigger`). */
export async function restoreRowTrigger(owner: pg.Client): Promise<void> {
  await owner.query(`CREATE TRIGGER row_added AFTER INSERT ON paydesk.gateway_notifications
    FOR EACH ROW EXECUTE FUNCTION bench.row_added()`);
}

export interface PgbenchResult {
  tps: number;
  p50: number;
  p99: number;
}

export async function runPgbench(options: {
  table: PgbenchTable;
  body: string;
  merchantId: number;
  port: number;
  user: string;
  password: string;
  database: string;
  clients: number;
  seconds: number;
}): Promise<PgbenchResult> {
  const scratch = mkdtempSync(join(process.env.TMPDIR ?? '/tmp', 'paydesk-pgbench-'));
  try {
    const script = join(scratch, 'insert.sql');
    const body = options.body.replace(/'/g, "''");
    writeFileSync(
      script,
      `INSERT INTO ${PGBENCH_TABLES[options.table]} (merchant_id, merchant_trade_no, order_id, order_status, content_type, raw_body, body_sha256)
  VALUES (${options.merchantId}, 'PG-' || :client_id || '-' || random(), 'O', 2, 'application/json', '${body}', encode(sha256(convert_to(:client_id || '-' || clock_timestamp() || random(), 'UTF8')), 'hex'))
  ON CONFLICT DO NOTHING;\n`,
    );
    const logs = join(scratch, 'log');
    const result = await run(
      join(postgresBinDir() ?? '/usr/bin', 'pgbench'),
      [
        ...['-h', '127.0.0.1', '-p', String(options.port), '-U', options.user, '-n', '-M', 'prepared'],
        ...['-c', String(options.clients), '-j', '2', '-T', String(options.seconds), '-f', script],
        ...['--log', `--log-prefix=${logs}`, options.database],
      ],
      {
        env: { ...process.env, PGPASSWORD: options.password },
        cwd: scratch,
        maxBuffer: 16 * 1024 * 1024,
      },
    );
    const tps = Number(/tps = ([\d.]+)/.exec(result.stdout)?.[1] ?? Number.NaN);
    const latencies = readdirSync(scratch)
      .filter((name) => name.startsWith('log'))
      .flatMap((name) =>
        readFileSync(join(scratch, name), 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((line) => Number(line.split(' ')[2]) / 1000),
      )
      .sort((a, b) => a - b);
    return { tps, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
