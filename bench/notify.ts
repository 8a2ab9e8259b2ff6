// Notifications per second through the production path, and p99: autocannon's 50 senders post signed
// notifications (each its own order) over https to Debian's nginx (docs/notify/nginx.conf, 2 workers), in
// front of two notification service instances, into a private PostgreSQL cluster with fsync on — against
// two peers in the same session: bare Fastify behind the same nginx answering 200 without storing
// (bench/support/bare-notify-server.ts), and PostgreSQL's own rate for the same INSERT (pgbench, 50
// clients, a script file). Every 200 is checked against the table afterwards: answered = stored.
// Then the desk's half: the lag from the service's 2xx to a desk's History row settled, a whole team desk
// hearing the notifications of its own open pay-ins (bench/support/notify-desk-lag.ts).
// Run: npm run bench:notify [-- --duration S --warmup S --connections N --runs R
//        --lag-payins N --lag-rate R | --quick]

import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import pg from 'pg';
import { signBody } from '../src/node/sign';
import { DEFAULT_MERCHANT } from '../src/sandbox/merchants';
import { startNginx } from '../tests/support/notify/nginx';
import {
  MERCHANT_ID,
  MERCHANT_SECRET,
  startNotifyInstance,
  testConfig,
  testCredentials,
} from '../tests/support/notify/notify-service';
import { postgresBinDir, startPostgresCluster } from '../tests/support/team/postgres-cluster';
import { createTeamDatabase } from '../tests/support/team/team-database';
import { type ChildServer, startChildServer } from './support/child-server';
import { measureDeskLag } from './support/notify-desk-lag';
import { processCpuMs } from './support/process-cpu';
import {
  loadLine,
  machineLine,
  median,
  percentile,
  printBenchResult,
  printTable,
  ratioText,
} from './support/report';

type Histogram = { average: number; p50: number; p90: number; p99: number; max: number };
type AutocannonResult = {
  requests: Histogram & { total: number };
  latency: Histogram;
  errors: number;
  timeouts: number;
  non2xx: number;
};
type BenchRequest = { method: string; path: string; headers: Record<string, string>; body?: string };
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  requests: {
    method: string;
    path: string;
    headers: Record<string, string>;
    setupRequest: (request: BenchRequest) => BenchRequest;
    onResponse: (status: number) => void;
  }[];
}) => Promise<AutocannonResult>;
// autocannon ships no type definitions; the shape used here is declared above.
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;
const run = promisify(execFile);

const { values } = parseArgs({
  options: {
    duration: { type: 'string' },
    warmup: { type: 'string' },
    connections: { type: 'string', default: '50' },
    runs: { type: 'string' },
    quick: { type: 'boolean', default: false },
    // `--fsync off`: PostgreSQL without disk flushes, to tell the disk's share from the CPU's (never the figure).
    fsync: { type: 'string', default: 'on' },
    'lag-payins': { type: 'string' },
    // One desk's notifications a second: far above an agent's pace, and below what one desk settles on
    // this loaded machine (about 20/s: at 50/s the lag grows with every notification).
    'lag-rate': { type: 'string', default: '10' },
  },
});
if (values.fsync !== 'on' && values.fsync !== 'off') throw new Error('--fsync is on or off');
const quick = values.quick;
const duration = Number(values.duration ?? (quick ? 3 : 10));
const warmup = Number(values.warmup ?? (quick ? 1 : 3));
const connections = Number(values.connections);
const runs = Number(values.runs ?? (quick ? 1 : 3));
const lagPayIns = Number(values['lag-payins'] ?? (quick ? 100 : 1000));
const lagRate = Number(values['lag-rate']);
const command = `${
  quick
    ? 'npm run bench:notify -- --quick'
    : `npm run bench:notify -- --duration ${duration} --warmup ${warmup} --connections ${connections} --runs ${runs}`
} --lag-payins ${lagPayIns} --lag-rate ${lagRate}${values.fsync === 'off' ? ' --fsync off' : ''}`;
const GOAL_RATE = 2000;
const GOAL_P99_MS = 50;
const GOAL_RATIO = 0.5;
const GOAL_LAG_P95_MS = 1000;

console.log(`machine: ${machineLine()}`);
console.log(`command: ${command}`);
console.log(`load:    ${loadLine()} (1/5/15 min) before the run`);
console.log(
  `work:    ${connections} senders, ${runs} × ${duration} s per peer after ${warmup} s warm-up; https nginx (2 workers) → 2 instances → PostgreSQL (fsync ${values.fsync}); then ${lagPayIns} notifications to one desk at ${lagRate}/s`,
);

const cluster = await startPostgresCluster({
  fsync: values.fsync,
  full_page_writes: values.fsync,
  shared_buffers: '256MB',
});
const scratch = mkdtempSync(join(tmpdir(), 'paydesk-bench-notify-'));
const children: ChildServer[] = [];
const cleanups: (() => Promise<void>)[] = [];
try {
  const team = await createTeamDatabase(cluster);
  const database = await team.addNotify('notify_bench');
  const serviceConfig = testConfig(database);
  // The desk of the lag phase sends through the embedded sandbox's merchant: the service knows it too.
  const config = {
    ...serviceConfig,
    merchants: [
      ...serviceConfig.merchants,
      {
        merchantId: DEFAULT_MERCHANT.merchantId,
        signAlgorithm: DEFAULT_MERCHANT.algorithm,
        secretCredential: 'merchant-sandbox',
      },
    ],
    logLevel: 'info' as const,
    admin: undefined,
  };
  const instances: Awaited<ReturnType<typeof startNotifyInstance>>[] = [];
  for (let i = 0; i < 2; i++) {
    const instance = await startNotifyInstance({
      config,
      credentials: { ...testCredentials(database), 'merchant-sandbox': DEFAULT_MERCHANT.secret },
      discardOutput: true,
    });
    cleanups.push(() => instance.kill());
    instances.push(instance);
  }
  for (let i = 0; i < 2; i++) children.push(await startChildServer('bench/support/bare-notify-server.ts'));
  const nginx = await startNginx({ upstreams: instances.map((instance) => instance.address), workers: 2 });
  cleanups.push(() => nginx.stop());
  const owner = new pg.Client(team.owner);
  await owner.connect();
  cleanups.push(() => owner.end());

  let sequence = 0;
  const notification = () => {
    sequence += 1;
    const fields = {
      merchantId: MERCHANT_ID,
      merchantTradeNo: `B-${process.pid}-${sequence}`,
      orderId: `O-${sequence}`,
      orderStatus: 2,
      amount: '25.00',
      remark: '',
      traceid: `bench-${process.pid}-${sequence}`,
    };
    return JSON.stringify({ ...fields, sign: signBody(fields, MERCHANT_SECRET, 'hmac-sha256') });
  };
  /** CPU ms used so far by these processes together. */
  const cpuOf = (pids: readonly number[]) =>
    pids.reduce((sum, pid) => sum + (processCpuMs(pid) ?? Number.NaN), 0);
  async function load(seconds: number, pids: readonly number[]) {
    const cpuBefore = cpuOf(pids);
    let ok = 0;
    let other = 0;
    const result = await autocannon({
      url: nginx.url,
      connections,
      duration: seconds,
      requests: [
        {
          method: 'POST',
          path: '/callback',
          headers: { 'content-type': 'application/json' },
          setupRequest: (request) => ({ ...request, body: notification() }),
          onResponse: (status) => {
            if (status === 200) ok += 1;
            else other += 1;
          },
        },
      ],
    });
    const answered = result.requests.total;
    return {
      rps: result.requests.average,
      latency: result.latency,
      ok,
      problems: other + result.errors + result.timeouts,
      /** Microseconds of the servers' CPU per answered request: what the machine's load disturbs least. */
      cpuUs: answered ? ((cpuOf(pids) - cpuBefore) * 1000) / answered : Number.NaN,
    };
  }
  const toService = () => nginx.setUpstreams(instances.map((instance) => instance.address));
  const toBare = () => nginx.setUpstreams(children.map((child) => new URL(child.url).host));
  const stored = async () =>
    Number((await owner.query('SELECT count(*) AS n FROM paydesk.gateway_notifications')).rows[0].n);

  type Run = Awaited<ReturnType<typeof load>>;
  const serviceRuns: Run[] = [];
  const bareRuns: Run[] = [];
  let answered = 0;
  await toService();
  const servicePids = instances.map((instance) => instance.pid);
  const barePids = children.map((child) => child.child.pid ?? 0);
  answered += (await load(warmup, servicePids)).ok;
  await toBare();
  await load(warmup, barePids);
  for (let i = 0; i < runs; i++) {
    await toService();
    const service = await load(duration, servicePids);
    answered += service.ok;
    serviceRuns.push(service);
    await toBare();
    bareRuns.push(await load(duration, barePids));
  }
  const rows = await stored();

  // PostgreSQL alone: the same INSERT, 50 clients, each transaction logged for its p99.
  const bin = postgresBinDir();
  // A role of its own (same grants): the service's instances hold connections under theirs.
  const pgbenchRole = await team.addNotify('notify_pgbench');
  await cluster.sql('postgres', 'ALTER ROLE notify_pgbench CONNECTION LIMIT -1');
  const script = join(scratch, 'insert.sql');
  const body = notification().replace(/'/g, "''");
  writeFileSync(
    script,
    `INSERT INTO paydesk.gateway_notifications (merchant_id, merchant_trade_no, order_id, order_status, content_type, raw_body, body_sha256)
  VALUES (${MERCHANT_ID}, 'PG-' || :client_id || '-' || random(), 'O', 2, 'application/json', '${body}', encode(sha256(convert_to(:client_id || '-' || clock_timestamp() || random(), 'UTF8')), 'hex'))
  ON CONFLICT DO NOTHING;\n`,
  );
  const logs = join(scratch, 'pgbench');
  const pgbench = await run(
    join(bin ?? '/usr/bin', 'pgbench'),
    [
      '-h',
      '127.0.0.1',
      '-p',
      String(cluster.port),
      '-U',
      pgbenchRole.user,
      '-n',
      '-M',
      'prepared',
      '-c',
      String(connections),
      '-j',
      '2',
      '-T',
      String(duration),
      '-f',
      script,
      '--log',
      `--log-prefix=${logs}`,
      database.database,
    ],
    { env: { ...process.env, PGPASSWORD: pgbenchRole.password }, cwd: scratch, maxBuffer: 16 * 1024 * 1024 },
  );
  const pgRate = Number(/tps = ([\d.]+)/.exec(pgbench.stdout)?.[1] ?? Number.NaN);
  const pgLatencies = readdirSync(scratch)
    .filter((name) => name.startsWith('pgbench'))
    .flatMap((name) =>
      readFileSync(join(scratch, name), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => Number(line.split(' ')[2]) / 1000),
    )
    .sort((a, b) => a - b);

  // The desk's half: after the peers, so that the figures above are as they were without it.
  console.log(`load:    ${loadLine()} before the desk's lag phase`);
  await toService();
  const lag = await measureDeskLag({
    team,
    serviceUrl: nginx.url,
    caPem: nginx.ca.caPem,
    payIns: lagPayIns,
    rate: lagRate,
  });
  const lagP95 = percentile(lag.lagsMs, 95);

  const range = (list: readonly number[]) =>
    `${Math.min(...list).toFixed(0)}–${Math.max(...list).toFixed(0)}`;
  printTable(
    [
      'run',
      'service /s',
      'service p50 / p99 / max',
      'bare Fastify /s',
      'bare p50 / p99 / max',
      'service ÷ bare',
      'CPU µs / request: service, bare',
      'non-200',
    ],
    serviceRuns.map((service, index) => {
      const bare = bareRuns[index]!;
      return [
        String(index + 1),
        service.rps.toFixed(0),
        `${service.latency.p50} / ${service.latency.p99} / ${service.latency.max} ms`,
        bare.rps.toFixed(0),
        `${bare.latency.p50} / ${bare.latency.p99} / ${bare.latency.max} ms`,
        ratioText(service.rps / bare.rps),
        `${service.cpuUs.toFixed(0)}, ${bare.cpuUs.toFixed(0)}`,
        `${service.problems} / ${bare.problems}`,
      ];
    }),
  );
  const rate = median(serviceRuns.map((r) => r.rps));
  const p99 = median(serviceRuns.map((r) => r.latency.p99));
  const bareRate = median(bareRuns.map((r) => r.rps));
  const ratio = rate / bareRate;
  console.log('');
  console.log(
    `service (median of ${runs}): ${rate.toFixed(0)} notifications/s, p99 ${p99} ms (runs: ${range(serviceRuns.map((r) => r.rps))}/s)`,
  );
  console.log(
    `bare Fastify behind the same nginx: ${bareRate.toFixed(0)}/s; service ÷ bare = ${ratioText(ratio)}`,
  );
  console.log(
    `pgbench, the same INSERT, ${connections} clients: ${pgRate.toFixed(0)} tps, p50 ${percentile(pgLatencies, 50).toFixed(1)} ms, p99 ${percentile(pgLatencies, 99).toFixed(1)} ms`,
  );
  console.log(
    `desk lag, 2xx → row settled, N = ${lag.lagsMs.length} of ${lag.posted} posted at ${lagRate}/s: p50 ${percentile(lag.lagsMs, 50).toFixed(1)} ms, p95 ${lagP95.toFixed(1)} ms, p99 ${percentile(lag.lagsMs, 99).toFixed(1)} ms, max ${(lag.lagsMs.at(-1) ?? Number.NaN).toFixed(1)} ms, min ${(lag.lagsMs[0] ?? Number.NaN).toFixed(1)} ms`,
  );
  console.log(
    `desk: ${lag.settledAsSaid} of ${lag.posted} settled as the notification said, ${lag.refusedByDesk} refused, ${lag.non2xx} answered other than 2xx; settled at ${lag.settledPerSecond.toFixed(1)}/s; its ${lag.posted} pay-ins opened in ${lag.openingSeconds.toFixed(1)} s`,
  );
  console.log(`load:    ${loadLine()} after the run`);
  const lagMet =
    lagP95 <= GOAL_LAG_P95_MS && lag.lagsMs.length === lag.posted && lag.settledAsSaid === lag.posted;
  // A request still under way when a phase's time is up is stored but its answer not counted.
  const consistent = rows >= answered && rows <= answered + (runs + 1) * connections;
  console.log(
    `answered 200: ${answered}; rows stored: ${rows} (${consistent ? 'consistent' : 'NOT CONSISTENT'}: at most ${connections} per phase may be stored unanswered)`,
  );
  const met = rate >= GOAL_RATE && p99 <= GOAL_P99_MS && ratio >= GOAL_RATIO && consistent && lagMet;
  console.log(
    `goals: ≥ ${GOAL_RATE}/s ${rate >= GOAL_RATE ? 'met' : 'MISSED'}; p99 ≤ ${GOAL_P99_MS} ms ${p99 <= GOAL_P99_MS ? 'met' : 'MISSED'}; ≥ ${GOAL_RATIO}× bare ${ratio >= GOAL_RATIO ? 'met' : 'MISSED'}; desk lag p95 ≤ ${GOAL_LAG_P95_MS} ms ${lagMet ? 'met' : 'MISSED'}`,
  );
  printBenchResult({
    bench: 'notify',
    title: 'Notification service through nginx into PostgreSQL',
    command,
    figure: `${rate.toFixed(0)}/s, p99 ${p99} ms; desk lag p95 ${lagP95.toFixed(0)} ms`,
    peer: `bare Fastify ${bareRate.toFixed(0)}/s; pgbench ${pgRate.toFixed(0)} tps`,
    ratio: ratioText(ratio),
    goal: `≥ ${GOAL_RATE}/s, p99 ≤ ${GOAL_P99_MS} ms, ≥ ${GOAL_RATIO}× bare, desk lag p95 ≤ ${GOAL_LAG_P95_MS} ms`,
    met,
    quick,
    values: {
      rate,
      p99,
      bareRate,
      ratio,
      pgRate,
      answered,
      rows,
      lagN: lag.lagsMs.length,
      lagP50: percentile(lag.lagsMs, 50),
      lagP95,
      lagP99: percentile(lag.lagsMs, 99),
      lagMax: lag.lagsMs.at(-1) ?? Number.NaN,
    },
  });
  if (!consistent || lag.settledAsSaid !== lag.posted) process.exitCode = 1;
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  for (const child of children) await child.stop();
  await cluster.destroy();
  rmSync(scratch, { recursive: true, force: true });
}
