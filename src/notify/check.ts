// `paydesk-notify --check --config FILE`: what operations run before they switch the gateway over. With the
// configuration and secrets already read (main.ts), it connects as the service's role, as the service would,
// and makes sure that the role can INSERT a notification (in a transaction rolled back: nothing is stored)
// and cannot SELECT, UPDATE or DELETE one; then it says what the service would serve. Every finding is a
// line; the first problem is the reason of exit code 2.
import { NOTIFICATION_SERVICE_PATHS } from '@shared/notification-service';
import pg from 'pg';
import type { NotifyConfig } from './config';
import { bodySha256 } from './notification';
import { databaseConnectionConfig } from './store';

interface CheckResult {
  ok: boolean;
  lines: string[];
  /** Why not ok. */
  reason?: string;
}

const PROBE_BODY = '{"paydesk":"deployment check, rolled back"}';
const PROBE = `INSERT INTO paydesk.gateway_notifications
  (merchant_id, merchant_trade_no, order_id, order_status, content_type, raw_body, body_sha256)
  VALUES (0, 'paydesk-check', NULL, NULL, 'application/json', $1, $2) ON CONFLICT DO NOTHING`;

function reasonOf(error: unknown): string {
  const e = error as { code?: string; message?: string };
  return [e.code, e.message].filter(Boolean).join(' ') || String(error);
}

export async function checkDeployment(config: NotifyConfig, password: string): Promise<CheckResult> {
  const db = config.database;
  const lines: string[] = [];
  const fail = (reason: string): CheckResult => ({ ok: false, lines, reason });
  const client = new pg.Client(databaseConnectionConfig(db, password));
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (error) {
    return fail(
      `cannot connect to PostgreSQL at ${db.host}:${db.port}/${db.database} as ${db.user}: ${reasonOf(error)}`,
    );
  }
  try {
    lines.push(`database: connected to ${db.host}:${db.port}/${db.database} as ${db.user} (ssl ${db.ssl})`);
    try {
      await client.query('BEGIN');
      await client.query(PROBE, [PROBE_BODY, bodySha256(PROBE_BODY)]);
      lines.push('database: can INSERT into paydesk.gateway_notifications (probe rolled back)');
    } catch (error) {
      return fail(`the role ${db.user} cannot INSERT into paydesk.gateway_notifications: ${reasonOf(error)}`);
    } finally {
      await client.query('ROLLBACK').catch(() => undefined);
    }
    try {
      await client.query('SELECT 1 FROM paydesk.gateway_notifications LIMIT 1');
      return fail(
        `the role ${db.user} can SELECT from paydesk.gateway_notifications: it must only insert (docs/team/add-notify.sql)`,
      );
    } catch (error) {
      if ((error as { code?: string }).code !== '42501') {
        return fail(`reading paydesk.gateway_notifications failed other than as refused: ${reasonOf(error)}`);
      }
      lines.push('database: cannot SELECT from paydesk.gateway_notifications, as it should be');
    }
    const { rows } = await client.query(
      `SELECT p FROM unnest(ARRAY['UPDATE', 'DELETE', 'TRUNCATE']) AS p
       WHERE has_table_privilege(current_user, 'paydesk.gateway_notifications', p)`,
    );
    if (rows.length > 0) {
      return fail(
        `the role ${db.user} may ${rows.map((r) => r.p).join(', ')} paydesk.gateway_notifications: it must only insert`,
      );
    }
    lines.push('database: cannot UPDATE, DELETE or TRUNCATE it either');
    const triggers = await client.query(
      `SELECT count(*)::int AS n FROM pg_trigger
       WHERE tgrelid = 'paydesk.gateway_notifications'::regclass AND NOT tgisinternal`,
    );
    if (triggers.rows[0]?.n > 0) {
      lines.push(
        'database: NOTE a trigger is still on the table (team migration 5 not applied): stores are serialised by its NOTIFY until npm run team:migrate',
      );
    }
  } finally {
    await client.end().catch(() => undefined);
  }
  const base = config.publicBaseUrl.replace(/\/$/, '');
  lines.push(`listen: http://${config.listen.host}:${config.listen.port} (behind the TLS terminator)`);
  lines.push(
    `serves: ${Object.values(NOTIFICATION_SERVICE_PATHS)
      .map((path) => `${base}${path}`)
      .join(', ')}`,
  );
  lines.push(
    `admin: ${config.admin ? `http://${config.admin.host}:${config.admin.port} (/metrics, /rejections)` : 'none'}`,
  );
  for (const merchant of config.merchants) {
    lines.push(
      `merchant: ${merchant.merchantId}, ${merchant.signAlgorithm}, secret from credential "${merchant.secretCredential}"`,
    );
  }
  lines.push(
    `store: pool ${db.poolSize}, up to ${db.maxBatch} per COMMIT, 503 after ${db.timeoutMs} ms; body limit ${config.bodyLimitBytes} bytes`,
  );
  return { ok: true, lines };
}
