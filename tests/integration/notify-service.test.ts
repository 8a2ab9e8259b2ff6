// The notification service as deployed (README, "Notifications in production"): Debian's nginx ends TLS
// (a CA made for this run) in front of two service instances, each its own process with its secrets from a
// credentials folder, over a private PostgreSQL cluster set up with docs/team/*.sql. The gateway's
// notification is stored once and answered 2xx after COMMIT; refusals are counted and never stored;
// PostgreSQL stopped or slow is a prompt 503, and the gateway's retry then delivers.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Answer, gatewayClient, notificationFields, signedBody } from '../support/notify/gateway';
import type { Nginx } from '../support/notify/nginx';
import {
  MERCHANT_ID,
  MERCHANT_SECRET,
  type NotifyInstance,
  OTHER_MERCHANT_ID,
  OTHER_MERCHANT_SECRET,
  startBehindNginx,
  testConfig,
  testCredentials,
} from '../support/notify/notify-service';
import { type PostgresCluster, startPostgresCluster } from '../support/team/postgres-cluster';
import { createTeamDatabase, type TeamDatabase, teamClients } from '../support/team/team-database';

let cluster: PostgresCluster;
let team: TeamDatabase;
let nginx: Nginx;
let owner: pg.Client;
const instances: NotifyInstance[] = [];
const clients = teamClients();
let gateway: ReturnType<typeof gatewayClient>;
let secrets: string[];

const stored = async (tradeNo: string) =>
  (
    await owner.query(
      'SELECT merchant_id, order_id, order_status, content_type, raw_body FROM paydesk.gateway_notifications WHERE merchant_trade_no = $1 ORDER BY id',
      [tradeNo],
    )
  ).rows;
const callback = (body: string, contentType?: string) =>
  gateway.send(`${nginx.url}/callback`, { body, ...(contentType ? { contentType } : {}) });
const health = () => gateway.send(`${nginx.url}/health`);
/** The /health answer, saying whether the database is reachable. */
const healthSaying = (database: 'reachable' | 'unreachable') => ({
  service: 'paydesk-notify',
  database,
  version: expect.any(String),
});
const genuine = (overrides = {}) =>
  signedBody(notificationFields(MERCHANT_ID, overrides), MERCHANT_SECRET, 'hmac-sha256');

async function rejectionCounts(): Promise<Record<string, number>> {
  const sum: Record<string, number> = {};
  for (const instance of instances) {
    const answer = await gateway.send(`${instance.adminUrl}/rejections`);
    for (const [reason, n] of Object.entries(JSON.parse(answer.text).counts as Record<string, number>)) {
      sum[reason] = (sum[reason] ?? 0) + n;
    }
  }
  return sum;
}

beforeAll(async () => {
  cluster = await startPostgresCluster();
  team = await createTeamDatabase(cluster);
  const database = await team.addNotify('notify_web');
  owner = await clients.connect(team.owner);
  nginx = await startBehindNginx(instances, {
    config: testConfig(database),
    credentials: testCredentials(database),
  });
  gateway = gatewayClient(nginx.ca.caPem);
  secrets = Object.values(testCredentials(database));
}, 90_000);

afterAll(async () => {
  await gateway?.close();
  await nginx?.stop();
  for (const instance of instances) await instance.kill();
  await clients.endAll();
  await cluster?.destroy();
});

describe('a genuine notification through https nginx', () => {
  it('is stored with its raw body, and answered 2xx once committed', async () => {
    const body = genuine({ orderStatus: 15, remark: 'Declined' });
    const tradeNo = JSON.parse(body).merchantTradeNo;
    const answer = await callback(body);
    expect(answer.status).toBe(200);
    // Committed before the answer: another session sees it at once.
    expect(await stored(tradeNo)).toEqual([
      {
        merchant_id: String(MERCHANT_ID),
        order_id: JSON.parse(body).orderId,
        order_status: 15,
        content_type: 'application/json',
        raw_body: body,
      },
    ]);
  });

  it("is stored for the other merchant with that merchant's algorithm (md5-key)", async () => {
    const fields = notificationFields(OTHER_MERCHANT_ID);
    const answer = await callback(signedBody(fields, OTHER_MERCHANT_SECRET, 'md5-key'));
    expect(answer.status).toBe(200);
    expect(await stored(fields.merchantTradeNo)).toHaveLength(1);
  });

  it('is stored once when the gateway posts it twice', async () => {
    const body = genuine();
    expect((await callback(body)).status).toBe(200);
    expect((await callback(body)).status).toBe(200);
    expect(await stored(JSON.parse(body).merchantTradeNo)).toHaveLength(1);
  });

  it('is stored once when posted to both instances at once', async () => {
    const bodies = Array.from({ length: 20 }, () => genuine());
    const answers = await Promise.all(
      bodies.flatMap((body) =>
        instances.map((instance) => gateway.send(`${instance.url}/callback`, { body })),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    for (const body of bodies) expect(await stored(JSON.parse(body).merchantTradeNo)).toHaveLength(1);
  });

  it('is stored once per body when many arrive together (batched), each answered 2xx', async () => {
    // 150 at once to one instance: they wait for its 10 connections and go in shared INSERTs and COMMITs,
    // some bodies three times in the same moment.
    const bodies = Array.from({ length: 50 }, () => genuine());
    const sends = bodies.flatMap((body) => [body, body, body]);
    const answers = await Promise.all(
      sends.map((body) => gateway.send(`${instances[0]!.url}/callback`, { body })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    const { rows } = await owner.query(
      'SELECT merchant_trade_no, count(*)::int AS n FROM paydesk.gateway_notifications WHERE merchant_trade_no = ANY ($1) GROUP BY 1',
      [bodies.map((body) => JSON.parse(body).merchantTradeNo)],
    );
    expect(rows).toHaveLength(50);
    expect(rows.every((row) => row.n === 1)).toBe(true);
  });

  it("wakes a listening desk after the notification's COMMIT", async () => {
    const listener = await clients.connect(team.owner);
    const body = genuine();
    const tradeNo = JSON.parse(body).merchantTradeNo;
    const seenAtWakeUp: number[] = [];
    let heard!: () => void;
    const woken = new Promise<void>((resolve) => {
      heard = resolve;
    });
    listener.on('notification', () => {
      // What a desk reads when woken: the row is there.
      void stored(tradeNo).then((rows) => {
        seenAtWakeUp.push(rows.length);
        heard();
      });
    });
    await listener.query('LISTEN paydesk_notifications');
    expect((await callback(body)).status).toBe(200);
    await woken;
    expect(seenAtWakeUp[0]).toBe(1);
    await listener.end();
  });
});

describe('a notification that is not the gateway’s word', () => {
  it('is refused with 4xx, counted per reason, sampled without its sign, and never stored', async () => {
    const before = await rejectionCounts();
    const fields = notificationFields(MERCHANT_ID);
    const forged = signedBody(fields, 'not-the-secret', 'hmac-sha256');
    const tampered = JSON.stringify({
      ...JSON.parse(genuine()),
      merchantTradeNo: fields.merchantTradeNo,
      orderStatus: 15,
    });
    const unknown = signedBody(
      notificationFields(4242, { merchantTradeNo: fields.merchantTradeNo }),
      MERCHANT_SECRET,
      'hmac-sha256',
    );
    // A genuine notification of merchant 1001 replayed as merchant 1002's.
    const replayed = JSON.stringify({
      ...JSON.parse(genuine({ merchantTradeNo: fields.merchantTradeNo })),
      merchantId: OTHER_MERCHANT_ID,
    });
    const answers: [string, Answer][] = [
      ['forged', await callback(forged)],
      ['tampered', await callback(tampered)],
      ['replayed', await callback(replayed)],
      ['unknown', await callback(unknown)],
      ['not json', await callback(`{"merchantTradeNo":"${fields.merchantTradeNo}",`)],
      ['no sign', await callback(JSON.stringify({ ...fields }))],
      [
        'form',
        await callback(`merchantTradeNo=${fields.merchantTradeNo}`, 'application/x-www-form-urlencoded'),
      ],
      ['oversized', await callback(JSON.stringify({ ...JSON.parse(forged), remark: 'x'.repeat(20_000) }))],
    ];
    expect(answers.map(([name, answer]) => [name, answer.status])).toEqual([
      ['forged', 401],
      ['tampered', 401],
      ['replayed', 401],
      ['unknown', 403],
      ['not json', 400],
      ['no sign', 400],
      ['form', 415],
      ['oversized', 413],
    ]);
    expect(await stored(fields.merchantTradeNo)).toEqual([]);
    const after = await rejectionCounts();
    expect({
      bad_signature: (after.bad_signature ?? 0) - (before.bad_signature ?? 0),
      unknown_merchant: (after.unknown_merchant ?? 0) - (before.unknown_merchant ?? 0),
      malformed: (after.malformed ?? 0) - (before.malformed ?? 0),
      unsupported_media_type: (after.unsupported_media_type ?? 0) - (before.unsupported_media_type ?? 0),
      oversized: (after.oversized ?? 0) - (before.oversized ?? 0),
    }).toEqual({
      bad_signature: 3,
      unknown_merchant: 1,
      malformed: 2,
      unsupported_media_type: 1,
      oversized: 1,
    });
    const samples = await Promise.all(
      instances.map(
        async (instance) => JSON.parse((await gateway.send(`${instance.adminUrl}/rejections`)).text).sample,
      ),
    );
    const forgedSample = samples
      .flat()
      .find(
        (s: { reason: string; body: string }) =>
          s.reason === 'bad_signature' && s.body.includes(fields.orderId),
      );
    expect(forgedSample).toMatchObject({
      reason: 'bad_signature',
      merchantId: MERCHANT_ID,
      merchantTradeNo: fields.merchantTradeNo,
    });
    expect(forgedSample.body).toContain('"sign":"…"');
    expect(forgedSample.body).not.toContain(JSON.parse(forged).sign);
  });

  it('keeps the administrator’s endpoint off the public address', async () => {
    expect((await gateway.send(`${nginx.url}/rejections`)).status).toBe(404);
    expect(instances.every((instance) => new URL(instance.adminUrl ?? '').hostname === '127.0.0.1')).toBe(
      true,
    );
  });
});

describe('the pages and the health check', () => {
  it('answers the return pages with a plain page, GET and POST, echoing nothing', async () => {
    for (const path of ['/return', '/success', '/fail']) {
      for (const method of ['GET', 'POST'] as const) {
        const answer = await gateway.send(
          `${nginx.url}${path}?status=<script>alert(1)</script>`,
          method === 'POST'
            ? { body: 'orderStatus=10&x=<b>', contentType: 'application/x-www-form-urlencoded' }
            : {},
        );
        expect(answer.status).toBe(200);
        expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(answer.headers['content-security-policy']).toMatch(/^default-src 'none'; style-src 'sha256-/);
        // As every production service runs (no returnPage.frameAncestors): no page may frame it.
        expect(answer.headers['content-security-policy']).toMatch(/frame-ancestors 'none'$/);
        expect(answer.headers['x-frame-options']).toBe('DENY');
        expect(answer.text).toContain('The bank page is finished');
        expect(answer.text).not.toMatch(/<script|alert|<b>/i);
      }
    }
  });

  it("speaks the browser's language through nginx, and says so to caches", async () => {
    const answer = await gateway.send(`${nginx.url}/return`, {
      headers: { 'accept-language': 'fr-FR,de-AT;q=0.8,en;q=0.5' },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-language']).toBe('de');
    expect(answer.headers.vary).toMatch(/Accept-Language/i);
    expect(answer.text).toContain('<html lang="de">');
    expect(answer.text).toContain('Die Bankseite ist abgeschlossen');
    expect(answer.text).not.toContain('The bank page is finished');
  });

  it('says the database is reachable, and names no secret', async () => {
    const answer = await health();
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toEqual(healthSaying('reachable'));
    for (const secret of secrets) expect(answer.text).not.toContain(secret);
  });
});

describe('PostgreSQL slow or down', () => {
  it('answers 503 while a lock holds the table past the bound; the retry then stores it', async () => {
    const blocker = new pg.Client(team.owner);
    await blocker.connect();
    await blocker.query('BEGIN');
    await blocker.query('LOCK TABLE paydesk.gateway_notifications IN ACCESS EXCLUSIVE MODE');
    const body = genuine();
    const answer = await callback(body);
    await blocker.query('ROLLBACK');
    await blocker.end();
    expect(answer.status).toBe(503);
    expect(answer.headers['retry-after']).toBe('5');
    // The 503 stored nothing, not even once the lock was gone: its transaction was never committed.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await stored(JSON.parse(body).merchantTradeNo)).toEqual([]);
    expect((await callback(body)).status).toBe(200);
    expect(await stored(JSON.parse(body).merchantTradeNo)).toHaveLength(1);
  });

  it('answers 503 and health "unreachable" while it is stopped, then delivers after the restart', async () => {
    const body = genuine();
    await owner.end();
    await cluster.stop();
    try {
      const answers = [await callback(body), await callback(body)];
      expect(answers.map((answer) => answer.status)).toEqual([503, 503]);
      const answer = await health();
      expect(answer.status).toBe(503);
      expect(JSON.parse(answer.text)).toEqual(healthSaying('unreachable'));
    } finally {
      await cluster.start();
    }
    expect((await callback(body)).status).toBe(200);
    owner = await clients.connect(team.owner);
    expect(await stored(JSON.parse(body).merchantTradeNo)).toHaveLength(1);
    expect((await gateway.send(`${nginx.url}/health`)).status).toBe(200);
  });
});

describe('the log', () => {
  it('holds no secret of any instance', () => {
    for (const instance of instances) {
      const output = instance.output();
      expect(output).toContain('notification stored');
      expect(output).toContain('notification refused');
      for (const secret of secrets) expect(output).not.toContain(secret);
    }
  });
});
