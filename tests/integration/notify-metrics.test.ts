// What operations watch: GET /metrics on the admin listener (Prometheus' text format, prom-client) counts
// the answers by status and reason, times the store, says whether PostgreSQL is reachable and how long since
// the last notification stored; the log is one JSON line per request and holds no signature or secret.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewayClient, notificationFields, signedBody } from '../support/notify/gateway';
import {
  MERCHANT_ID,
  MERCHANT_SECRET,
  type NotifyInstance,
  startNotifyInstance,
  testConfig,
  testCredentials,
} from '../support/notify/notify-service';
import { type PostgresCluster, startPostgresCluster } from '../support/team/postgres-cluster';
import { createTeamDatabase } from '../support/team/team-database';

let cluster: PostgresCluster;
let instance: NotifyInstance;
let secrets: string[];
const http = gatewayClient();

beforeAll(async () => {
  cluster = await startPostgresCluster();
  const team = await createTeamDatabase(cluster);
  const database = await team.addNotify('notify_metrics');
  instance = await startNotifyInstance({
    config: testConfig(database),
    credentials: testCredentials(database),
  });
  secrets = Object.values(testCredentials(database));
}, 90_000);

afterAll(async () => {
  await http.close();
  await instance?.kill();
  await cluster?.destroy();
});

const metrics = async () => {
  const answer = await http.send(`${instance.adminUrl}/metrics`);
  expect(answer.status).toBe(200);
  expect(answer.headers['content-type']).toContain('text/plain; version=0.0.4');
  return answer.text;
};
/** The value of one sample line, e.g. `paydesk_notify_database_up`. */
const sample = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};
const genuine = () => signedBody(notificationFields(MERCHANT_ID), MERCHANT_SECRET, 'hmac-sha256');

describe('GET /metrics on the admin listener', () => {
  it('counts answers by status and reason, times the store, and says the database is up', async () => {
    const body = genuine();
    expect((await http.send(`${instance.url}/callback`, { body })).status).toBe(200);
    expect((await http.send(`${instance.url}/callback`, { body })).status).toBe(200);
    const forged = JSON.stringify({ ...JSON.parse(body), sign: 'f'.repeat(64) });
    expect((await http.send(`${instance.url}/callback`, { body: forged })).status).toBe(401);
    const text = await metrics();
    expect(sample(text, 'paydesk_notify_answers_total{status="200",reason="stored"}')).toBe(2);
    expect(sample(text, 'paydesk_notify_answers_total{status="401",reason="bad_signature"}')).toBe(1);
    expect(sample(text, 'paydesk_notify_store_seconds_count')).toBe(2);
    expect(sample(text, 'paydesk_notify_database_up')).toBe(1);
    expect(sample(text, 'paydesk_notify_pool_waiting')).toBe(0);
    expect(sample(text, 'paydesk_notify_seconds_since_last_stored')).toBeLessThan(60);
    expect(text).toContain('# TYPE paydesk_notify_store_seconds histogram');
    expect(text).toContain('paydesk_notify_process_cpu_seconds_total');
  });

  it('is not on the public listener', async () => {
    expect((await http.send(`${instance.url}/metrics`)).status).toBe(404);
  });

  it('counts 503s and says the database is down while PostgreSQL is stopped', async () => {
    await cluster.stop();
    try {
      expect((await http.send(`${instance.url}/callback`, { body: genuine() })).status).toBe(503);
      const text = await metrics();
      expect(sample(text, 'paydesk_notify_answers_total{status="503",reason="database_unavailable"}')).toBe(
        1,
      );
      expect(sample(text, 'paydesk_notify_database_up')).toBe(0);
    } finally {
      await cluster.start();
    }
  });
});

describe('the log', () => {
  it('is one JSON line per request, with no body, signature or secret', () => {
    const lines = instance
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{') && !line.includes('"msg":"listening"'));
    const requests = lines.map((line) => JSON.parse(line)).filter((entry) => entry.path);
    // Two stored, one refused, one 404, one 503 (the /metrics asks are on the admin listener, not logged).
    expect(requests.map((r) => [r.path, r.status, r.reason])).toEqual([
      ['/callback', 200, 'stored'],
      ['/callback', 200, 'stored'],
      ['/callback', 401, 'bad_signature'],
      ['/metrics', 404, 'not_found'],
      ['/callback', 503, 'database_unavailable'],
    ]);
    expect(requests[0]).toMatchObject({
      method: 'POST',
      merchantId: MERCHANT_ID,
      msg: 'notification stored',
    });
    const output = instance.output();
    expect(output).not.toContain('"sign"');
    expect(output).not.toContain('f'.repeat(64));
    for (const secret of secrets) expect(output).not.toContain(secret);
  });
});
