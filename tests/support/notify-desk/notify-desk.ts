// A team desk whose profile names a notification service (issue 23), and the notification service's side
// of the team database as the tests play it: a genuine notification signed with the sandbox merchant's
// secret, stored by the notify role (INSERT only, as src/notify does), or edited afterwards by the owner
// (a tampered row). The desk's profile is the embedded sandbox with the service's addresses at a name that
// never resolves: the sandbox's own notification reaches nothing, so the only way the desk hears the
// gateway's word is through the team database.
import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PayInRow } from '@shared/history';
import pg from 'pg';
import { createMemoryVault } from '../../../src/main/credentials/memory-vault';
import type { CredentialVault } from '../../../src/main/credentials/vault';
import { signBody } from '../../../src/node/sign';
import { DEFAULT_MERCHANT } from '../../../src/sandbox/merchants';
import { type Fixture, type FixtureOptions, memoryStore, startFixture } from '../app/paydesk-fixture';
import type { DeskRoleConnection } from '../team/postgres-cluster';
import { TEAM_KEY } from '../team/team-desk';

const SERVICE_BASE = 'https://notify.invalid';
/** The sandbox's card that asks for 3-D Secure: the pay-in waits (action_required) with an orderId. */
export const THREE_DS_CARD = '4000000000003220';

/** What a desk keeps across a restart: its folder, settings and keychain. */
interface DeskHome {
  dataDir: string;
  settingsStore: ReturnType<typeof memoryStore>;
  vault: CredentialVault;
}

export async function deskHome(
  role: DeskRoleConnection,
  deskName: string,
  dataDir: string,
): Promise<DeskHome> {
  const settingsStore = memoryStore();
  settingsStore.set('settings', {
    operatorName: deskName,
    activeProfileId: 'sandbox-notify',
    profiles: [
      {
        id: 'sandbox-notify',
        name: 'Sandbox via the notification service',
        environment: 'sandbox',
        embeddedSandbox: true,
        merchantId: DEFAULT_MERCHANT.merchantId,
        motoIp: '203.0.113.7',
        notificationService: { baseUrl: SERVICE_BASE },
      },
    ],
    team: { host: role.host, port: role.port, database: role.database, user: role.user, deskName },
  });
  const vault = createMemoryVault();
  await vault.setTeamItem('password', role.password);
  await vault.setTeamItem('key', TEAM_KEY);
  return { dataDir, settingsStore, vault };
}

/** Starts (or starts again) the desk of `home`, with short retries. */
export function startNotifiedDesk(home: DeskHome, extra: FixtureOptions = {}): Promise<Fixture> {
  return startFixture({
    ...extra,
    dataDir: home.dataDir,
    settingsStore: home.settingsStore,
    vault: home.vault,
    teamTiming: {
      checkTimeoutMs: 10_000,
      notifications: { backoffMs: 50, maxBackoffMs: 500, pollMs: 2_000 },
    },
  });
}

/** The gateway's notification of a pay-in's outcome, signed as the sandbox signs it (A12). */
export function genuineNotification(row: PayInRow, outcome: 'approved' | 'declined'): string {
  const unsigned = {
    merchantId: DEFAULT_MERCHANT.merchantId,
    merchantTradeNo: row.merchantTradeNo,
    orderId: row.orderId ?? '',
    orderStatus: outcome === 'approved' ? 2 : 15,
    amount: row.amount,
    remark: outcome === 'approved' ? '' : 'Insufficient funds',
    traceid: randomUUID(),
  };
  return JSON.stringify({
    ...unsigned,
    sign: signBody(unsigned, DEFAULT_MERCHANT.secret, DEFAULT_MERCHANT.algorithm),
  });
}

/** Inserts a notification as the service's role does (its role may only INSERT); no NOTIFY. */
export async function insertNotification(notify: pg.Client, rawBody: string): Promise<void> {
  const body = JSON.parse(rawBody) as {
    merchantId: number;
    merchantTradeNo: string;
    orderId: string;
    orderStatus: number;
  };
  await notify.query(
    `INSERT INTO paydesk.gateway_notifications
       (merchant_id, merchant_trade_no, order_id, order_status, content_type, raw_body, body_sha256)
     VALUES ($1, $2, $3, $4, 'application/json', $5, $6) ON CONFLICT DO NOTHING`,
    [body.merchantId, body.merchantTradeNo, body.orderId, body.orderStatus, rawBody, sha256Of(rawBody)],
  );
}

/** A stored notification's id, read by the owner. */
export async function notificationId(owner: pg.Client, rawBody: string): Promise<number> {
  const { merchantId } = JSON.parse(rawBody) as { merchantId: number };
  const { rows } = await owner.query(
    'SELECT id FROM paydesk.gateway_notifications WHERE merchant_id = $1 AND body_sha256 = $2',
    [merchantId, sha256Of(rawBody)],
  );
  return Number(rows[0]?.id);
}

const sha256Of = (rawBody: string) => createHash('sha256').update(rawBody).digest('hex');

/**
 * Stores a notification as the notification service does (its role may only INSERT: no RETURNING); its id,
 * as the owner reads it.
 */
export async function storeNotification(
  roles: { notify: pg.Client; owner: pg.Client },
  rawBody: string,
): Promise<number> {
  await insertNotification(roles.notify, rawBody);
  return notificationId(roles.owner, rawBody);
}

/** The desk's log lines, parsed. */
export function logLines(fx: Fixture): Record<string, unknown>[] {
  return readFileSync(join(fx.dataDir, 'logs', 'paydesk.log'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

export async function connectAs(role: DeskRoleConnection): Promise<pg.Client> {
  const client = new pg.Client(role);
  await client.connect();
  return client;
}
