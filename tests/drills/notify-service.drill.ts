// Notification service drills, with every part real: the sandbox gateway in its own process posts its signed
// notifications over https to Debian's nginx, in front of two service instances, over a private PostgreSQL
// cluster. An instance SIGKILLed while a notification waits inside it on the database: nginx sends it to
// the other instance, the gateway's first attempt gets its 2xx, and the notification is stored once.
// PostgreSQL SIGKILLed while notifications arrive: 503 until it is back, then every one is stored, once. A
// forged notification, and a genuine one replayed for another merchant: refused and never stored.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signBody } from '../../src/node/sign';
import { DEFAULT_MERCHANT } from '../../src/sandbox/merchants';
import { gatewayClient } from '../support/notify/gateway';
import type { Nginx } from '../support/notify/nginx';
import {
  type NotifyInstance,
  OTHER_MERCHANT_ID,
  OTHER_MERCHANT_SECRET,
  SANDBOX_MERCHANT,
  SANDBOX_MERCHANT_CREDENTIALS,
  startBehindNginx,
  startNotifyInstance,
  testConfig,
  testCredentials,
} from '../support/notify/notify-service';
import { type SandboxProcess, startSandboxProcess } from '../support/notify/sandbox-process';
import { eventually, inspectOrders, payV2, tradeNo } from '../support/sandbox/sandbox-helpers';
import type { DeskRoleConnection } from '../support/team/postgres-cluster';
import { type PostgresCluster, startPostgresCluster } from '../support/team/postgres-cluster';
import { createTeamDatabase, type TeamDatabase } from '../support/team/team-database';

let cluster: PostgresCluster;
let team: TeamDatabase;
let database: DeskRoleConnection;
let nginx: Nginx;
let sandbox: SandboxProcess;
let instances: NotifyInstance[] = [];
const gateway = gatewayClient();
let tls: ReturnType<typeof gatewayClient>;

const config = () => ({
  ...testConfig(database),
  merchants: [
    SANDBOX_MERCHANT,
    { merchantId: OTHER_MERCHANT_ID, signAlgorithm: 'md5-key' as const, secretCredential: 'merchant-1002' },
  ],
  // Long enough to find and kill the instance a notification waits in.
  database: { ...testConfig(database).database, timeoutMs: 10_000 },
});
const credentials = () => ({ ...testCredentials(database), ...SANDBOX_MERCHANT_CREDENTIALS });

async function withOwner<T>(work: (owner: pg.Client) => Promise<T>): Promise<T> {
  const owner = new pg.Client(team.owner);
  await owner.connect();
  try {
    return await work(owner);
  } finally {
    await owner.end();
  }
}
const storedBodies = (merchantTradeNo: string) =>
  withOwner(
    async (owner) =>
      (
        await owner.query(
          'SELECT merchant_id, raw_body FROM paydesk.gateway_notifications WHERE merchant_trade_no = $1',
          [merchantTradeNo],
        )
      ).rows as { merchant_id: string; raw_body: string }[],
  );

/** A pay-in at the sandbox whose notification goes to the service through nginx. */
const payIn = (label: string) => {
  const no = tradeNo(label);
  return payV2(sandbox.url, { merchantTradeNo: no, callBackURL: `${nginx.url}/callback` }).then(() => no);
};
const deliveries = async (no: string) => (await inspectOrders(sandbox.url, no))[0]?.callbacks ?? [];

/** The service instance whose process holds the TCP connection with this local port (from /proc). */
function instanceWithPort(port: number): NotifyInstance | undefined {
  const hex = port.toString(16).toUpperCase().padStart(4, '0');
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields[1]?.endsWith(`:${hex}`) && fields[9]) inodes.add(fields[9]);
    }
  }
  return instances.find((instance) =>
    readdirSync(`/proc/${instance.pid}/fd`).some((fd) => {
      try {
        const target = readlinkSync(`/proc/${instance.pid}/fd/${fd}`);
        return inodes.has(/^socket:\[(\d+)\]$/.exec(target)?.[1] ?? '');
      } catch {
        return false;
      }
    }),
  );
}

beforeAll(async () => {
  cluster = await startPostgresCluster();
  team = await createTeamDatabase(cluster);
  database = await team.addNotify('notify_drill');
  nginx = await startBehindNginx(instances, { config: config(), credentials: credentials() });
  tls = gatewayClient(nginx.ca.caPem);
  sandbox = await startSandboxProcess(nginx.ca.caFile);
}, 120_000);

afterAll(async () => {
  await sandbox?.stop();
  await tls?.close();
  await gateway.close();
  await nginx?.stop();
  for (const instance of instances) await instance.kill();
  await cluster?.destroy();
});

describe('the real gateway through nginx', () => {
  it('delivers a notification, stored once and answered on the first attempt', async () => {
    const no = await payIn('plain');
    const attempts = await eventually(async () =>
      (await deliveries(no)).length ? deliveries(no) : undefined,
    );
    expect(attempts.map((a) => [a.httpStatus, a.delivered])).toEqual([[200, true]]);
    expect(await storedBodies(no)).toHaveLength(1);
  });
});

describe('an instance SIGKILLed in the middle of a request', () => {
  it('costs the gateway nothing: nginx passes it to the other instance, which stores it once', async () => {
    const before = instances.length;
    await withOwner(async (owner) => {
      await owner.query('BEGIN');
      await owner.query('LOCK TABLE paydesk.gateway_notifications IN ACCESS EXCLUSIVE MODE');
      const no = await payIn('killed');
      // The INSERT waits on the lock inside one instance: find its connection, then its process.
      const waiting = await eventually(async () => {
        const { rows } = await cluster.sql(
          'paydesk_team',
          "SELECT client_port FROM pg_stat_activity WHERE application_name = 'paydesk-notify' AND wait_event_type = 'Lock'",
        );
        return rows[0]?.client_port as number | undefined;
      });
      const victim = instanceWithPort(waiting);
      expect(victim).toBeDefined();
      await victim?.kill('SIGKILL');
      instances = instances.filter((instance) => instance !== victim);
      await owner.query('ROLLBACK');
      const attempts = await eventually(async () => {
        const found = await deliveries(no);
        return found.some((a) => a.delivered) ? found : undefined;
      }, 100);
      // nginx sent the POST again to the other instance (proxy_next_upstream non_idempotent: storing is
      // idempotent), so the gateway's first attempt got its 2xx.
      expect(attempts).toEqual([expect.objectContaining({ attempt: 1, delivered: true, httpStatus: 200 })]);
      // The killed instance's transaction was rolled back with its connection; the other one stored it.
      expect(await storedBodies(no)).toHaveLength(1);
    });
    expect(instances).toHaveLength(before - 1);
    instances.push(await startNotifyInstance({ config: config(), credentials: credentials() }));
    await nginx.setUpstreams(instances.map((instance) => instance.address));
  });
});

describe('PostgreSQL SIGKILLed while notifications arrive', () => {
  it('answers 503 until it is back, then stores every notification once', async () => {
    await cluster.kill();
    const orders = await Promise.all(Array.from({ length: 5 }, (_, i) => payIn(`outage-${i}`)));
    // Every first attempt has been answered, and refused, while the database is down.
    for (const no of orders) await eventually(async () => ((await deliveries(no)).length ? true : undefined));
    const health = await tls.send(`${nginx.url}/health`);
    expect(JSON.parse(health.text)).toMatchObject({ database: 'unreachable' });
    await sleep(1_500);
    await cluster.start();
    for (const no of orders) {
      const attempts = await eventually(async () => {
        const found = await deliveries(no);
        return found.some((a) => a.delivered) ? found : undefined;
      }, 100);
      const statuses = attempts.map((a) => a.httpStatus);
      expect(statuses.at(-1)).toBe(200);
      expect(statuses.slice(0, -1).length).toBeGreaterThan(0);
      expect(new Set(statuses.slice(0, -1))).toEqual(new Set([503]));
      expect(await storedBodies(no)).toHaveLength(1);
    }
  }, 120_000);
});

describe('a forged notification, and a genuine one replayed for another merchant', () => {
  it('refuses both and stores neither', async () => {
    const no = await payIn('genuine');
    await eventually(async () => ((await deliveries(no)).some((a) => a.delivered) ? true : undefined));
    const [genuine] = await storedBodies(no);
    const body = JSON.parse(genuine?.raw_body ?? '{}');
    // Replayed as the other merchant's, its signature as it was; and again re-signed with a guess.
    const replayed = { ...body, merchantId: OTHER_MERCHANT_ID };
    const { sign: _sign, ...fields } = body;
    const forged = {
      ...fields,
      orderStatus: 15,
      sign: signBody({ ...fields, orderStatus: 15 }, 'guessed', 'hmac-sha256'),
    };
    const asOther = {
      ...fields,
      merchantId: OTHER_MERCHANT_ID,
      sign: signBody({ ...fields, merchantId: OTHER_MERCHANT_ID }, DEFAULT_MERCHANT.secret, 'md5-key'),
    };
    for (const attack of [replayed, forged, asOther]) {
      const answer = await tls.send(`${nginx.url}/callback`, { body: JSON.stringify(attack) });
      expect(answer.status).toBe(401);
    }
    // The genuine one posted again is still one row.
    expect((await tls.send(`${nginx.url}/callback`, { body: genuine?.raw_body ?? '' })).status).toBe(200);
    expect(await storedBodies(no)).toEqual([genuine]);
    expect(OTHER_MERCHANT_SECRET).not.toBe(DEFAULT_MERCHANT.secret);
  });
});

describe('the log', () => {
  it('holds no secret', () => {
    const secrets = Object.values(credentials());
    for (const instance of instances)
      for (const secret of secrets) expect(instance.output()).not.toContain(secret);
  });
});
