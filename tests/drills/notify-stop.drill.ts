// The graceful stop, tried as an operator would (issue 32 item 5): notifications through https nginx to
// two instances at 32 concurrent senders, and one instance sent SIGTERM partway. The gateway gets no 5xx:
// the stopping instance takes no new connection, answers what it holds with Connection: close, closes its
// idle keep-alive connections, and nginx sends what failed on one of those to the other instance (a repeat
// is stored once). The process exits within 10 s, and every 2xx is stored, once.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewayClient, notificationFields, signedBody } from '../support/notify/gateway';
import type { Nginx } from '../support/notify/nginx';
import {
  MERCHANT_ID,
  MERCHANT_SECRET,
  type NotifyInstance,
  startBehindNginx,
  testConfig,
  testCredentials,
} from '../support/notify/notify-service';
import { type PostgresCluster, startPostgresCluster } from '../support/team/postgres-cluster';
import { createTeamDatabase, type TeamDatabase } from '../support/team/team-database';

let cluster: PostgresCluster;
let team: TeamDatabase;
let nginx: Nginx;
const instances: NotifyInstance[] = [];
let gateway: ReturnType<typeof gatewayClient>;

beforeAll(async () => {
  cluster = await startPostgresCluster();
  team = await createTeamDatabase(cluster);
  const database = await team.addNotify('notify_stop');
  nginx = await startBehindNginx(instances, {
    config: testConfig(database),
    credentials: testCredentials(database),
  });
  gateway = gatewayClient(nginx.ca.caPem);
}, 120_000);

afterAll(async () => {
  await gateway?.close();
  await nginx?.stop();
  for (const instance of instances) await instance.kill();
  await cluster?.destroy();
});

describe('an instance sent SIGTERM under load', () => {
  it('costs the gateway no 5xx, exits within 10 s, and every 2xx is stored once', async () => {
    const total = 600;
    const bodies = Array.from({ length: total }, () =>
      signedBody(notificationFields(MERCHANT_ID), MERCHANT_SECRET, 'hmac-sha256'),
    );
    const statuses: number[] = [];
    let next = 0;
    let stopAt: number | undefined;
    let exitedAfterMs: number | undefined;
    const victim = instances[0]!;
    const stopped = victim.exited.then((exit) => {
      exitedAfterMs = Date.now() - (stopAt ?? Number.NaN);
      return exit;
    });
    const sender = async () => {
      while (next < total) {
        const body = bodies[next++]!;
        statuses.push((await gateway.send(`${nginx.url}/callback`, { body })).status);
        if (statuses.length === total / 4 && stopAt === undefined) {
          stopAt = Date.now();
          process.kill(victim.pid, 'SIGTERM');
        }
      }
    };
    await Promise.all(Array.from({ length: 32 }, sender));
    const exit = await stopped;

    expect(stopAt).toBeDefined();
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    expect(exit).toEqual({ code: 0, signal: null });
    expect(exitedAfterMs).toBeLessThan(10_000);
    const owner = new pg.Client(team.owner);
    await owner.connect();
    try {
      const { rows } = await owner.query(
        'SELECT count(*)::int AS n, count(DISTINCT merchant_trade_no)::int AS orders FROM paydesk.gateway_notifications WHERE merchant_trade_no = ANY ($1)',
        [bodies.map((body) => JSON.parse(body).merchantTradeNo)],
      );
      expect(rows[0]).toEqual({ n: total, orders: total });
    } finally {
      await owner.end();
    }
  }, 120_000);
});
