// Notifications per second through the production path, and p99: autocannon's 50 senders post signed
// notifications (each its own order) over https to Debian's nginx (docs/notify/nginx.conf, 2 workers), in
// front of two notification service instances, into a private PostgreSQL cluster with fsync on — against
// peers in the same session, run in turn each round: bare Fastify behind the same nginx answering 200
// without storing (bench/support/bare-notify-server.ts), and pgbench inserting the same row, one per
// transaction, at the same concurrency, into a copy of the table without any trigger (the limit) and into
// one with the old row trigger calling pg_notify (bench/support/notify-pgbench.ts). Every 200 is checked
// against the table afterwards: answered = stored.
// Then the desk's half: the lag from the service's 2xx to a desk's History row settled, a whole team desk
// hearing the notifications of its own open pay-ins (bench/support/notify-desk-lag.ts); and one desk's
// settling rate, batched against one notification per commit (the per-notification path's peer).
// Run: npm run bench:notify [-- --duration S --warmup S --connections N --runs R
//        --lag-payins N --lag-rate R --settle-payins N --settle-post-rate R | --quick]

import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
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
import { startPostgresCluster } from '../tests/support/team/postgres-cluster';
import { createTeamDatabase } from '../tests/support/team/team-database';
import { type ChildServer, startChildServer } from './support/child-server';
import { measureDeskLag } from './support/notify-desk-lag';
import {
  createPgbenchTables,
  type PgbenchResult,
  restoreRowTrigger,
  runPgbench,
} from './support/notify-pgbench';
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
    // The ways tried (docs/BENCHMARKS.md): `--max-batch 1` one notification per transaction; `--row-trigger`
    // migration 3's trigger put back on the table (a NOTIFY per row inside the inserting transaction).
    'max-batch': { type: 'string', default: '256' },
    'row-trigger': { type: 'boolean', default: false },
    // One desk's notifications a second: issue 32's goal is the lag's p95 at 50/s.
    'lag-rate': { type: 'string', default: '50' },
    // The desk's settling rate: notifications posted (`--settle-post-rate`) and stored while the desk's team
    // mode is stopped, then the time from its start to the last settled; a desk that settles what one read
    // brings in one commit, then one reading one at a time (the per-notification path's peer);
    // `--settle-payins 0` leaves it out.
    'settle-payins': { type: 'string' },
    'settle-post-rate': { type: 'string', default: '1000' },
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
const settlePayIns = Number(values['settle-payins'] ?? (quick ? 200 : 1000));
const settlePostRate = Number(values['settle-post-rate']);
const command = `${
  quick
    ? 'npm run bench:notify -- --quick'
    : `npm run bench:notify -- --duration ${duration} --warmup ${warmup} --connections ${connections} --runs ${runs}`
} --lag-payins ${lagPayIns} --lag-rate ${lagRate} --settle-payins ${settlePayIns} --settle-post-rate ${settlePostRate}${values.fsync === 'off' ? ' --fsync off' : ''}${
  values['max-batch'] !== '256' ? ` --max-batch ${values['max-batch']}` : ''
}${values['row-trigger'] ? ' --row-trigger' : ''}`;
const GOAL_RATE = 2000;
const GOAL_P99_MS = 50;
const GOAL_RATIO = 0.3;
const GOAL_PG_RATIO = 0.8;
const GOAL_LAG_P95_MS = 1000;
const GOAL_SETTLE_RATE = 200;

console.log(`machine: ${machineLine()}`);
console.log(`command: ${command}`);
console.log(`load:    ${loadLine()} (1/5/15 min) before the run`);
const startLoad = loadavg()[0] ?? 0;
if (startLoad >= 2) {
  console.log(
    `NOTE:    the load average is ${startLoad.toFixed(2)} (≥ 2) at the start: other work shares this machine, the figures are low`,
  );
}
console.log(
  `work:    ${connections} senders, ${runs} × ${duration} s per peer after ${warmup} s warm-up; https nginx (2 workers) → 2 instances → PostgreSQL (fsync ${values.fsync}); then ${lagPayIns} notifications to one desk at ${lagRate}/s; then ${settlePayIns} at ${settlePostRate}/s to a batching desk and to one settling one per commit`,
);

const cluster = await startPostgresCluster({
  fsync: values.fsync,
  full_page_writes: values.fsync,
  shared_buffers: '256MB',
});
const children: ChildServer[] = [];
const cleanups: (() => Promise<void>)[] = [];
try {
  const team = await createTeamDatabase(cluster);
  const database = await team.addNotify('notify_bench');
  const serviceConfig = testConfig(database);
  // The desk of the lag phase sends through the embedded sandbox's merchant: the service knows it too.
  const config = {
    ...serviceConfig,
    database: { ...serviceConfig.database, maxBatch: Number(values['max-batch']) },
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
  await createPgbenchTables(owner);
  if (values['row-trigger']) await restoreRowTrigger(owner);
  const body = notification();
  const pgbench = (table: 'plain' | 'row_trigger', seconds: number) =>
    runPgbench({
      table,
      body,
      merchantId: MERCHANT_ID,
      port: cluster.port,
      user: team.owner.user,
      password: team.owner.password,
      database: database.database,
      clients: connections,
      seconds,
    });
  const serviceRuns: Run[] = [];
  const bareRuns: Run[] = [];
  const plainRuns: PgbenchResult[] = [];
  const triggerRuns: PgbenchResult[] = [];
  let answered = 0;
  await toService();
  const servicePids = instances.map((instance) => instance.pid);
  const barePids = children.map((child) => child.child.pid ?? 0);
  answered += (await load(warmup, servicePids)).ok;
  await toBare();
  await load(warmup, barePids);
  await pgbench('plain', warmup);
  // Each round runs the four in turn, so that a busier minute on the shared machine falls on all of them.
  for (let i = 0; i < runs; i++) {
    await toService();
    const service = await load(duration, servicePids);
    answered += service.ok;
    serviceRuns.push(service);
    await toBare();
    bareRuns.push(await load(duration, barePids));
    plainRuns.push(await pgbench('plain', duration));
    triggerRuns.push(await pgbench('row_trigger', duration));
    console.log(`round ${i + 1} done; load ${loadLine()}`);
  }
  const rows = await stored();

  // The desk's half: after the peers, so that the figures above are as they were without it
  // (`--lag-payins 0` leaves it out).
  console.log(`load:    ${loadLine()} before the desk's lag phase`);
  await toService();
  const lag =
    lagPayIns > 0
      ? await measureDeskLag({
          team,
          serviceUrl: nginx.url,
          caPem: nginx.ca.caPem,
          payIns: lagPayIns,
          rate: lagRate,
        })
      : undefined;
  const lagsMs = lag?.lagsMs ?? [];
  const lagP95 = percentile(lagsMs, 95);
  // One desk's settling rate, batched and then one at a time (the old path's peer), each a desk of its own.
  const settleRun = (batchSize?: number) =>
    measureDeskLag({
      team,
      serviceUrl: nginx.url,
      caPem: nginx.ca.caPem,
      payIns: settlePayIns,
      rate: settlePostRate,
      catchUp: true,
      ...(batchSize && { batchSize }),
    });
  if (settlePayIns > 0) console.log(`load:    ${loadLine()} before the desk's settle-rate phase`);
  const batched = settlePayIns > 0 ? await settleRun() : undefined;
  const oneByOne = settlePayIns > 0 ? await settleRun(1) : undefined;

  const range = (list: readonly number[]) =>
    `${Math.min(...list).toFixed(0)}–${Math.max(...list).toFixed(0)}`;
  printTable(
    [
      'round',
      'service /s',
      'service p50 / p99 / max',
      'bare Fastify /s (p99)',
      'pgbench no trigger tps (p50 / p99)',
      'pgbench row trigger tps (p50 / p99)',
      'service ÷ bare, ÷ no trigger',
      'CPU µs / req: service, bare',
      'non-200',
    ],
    serviceRuns.map((service, index) => {
      const bare = bareRuns[index]!;
      const plain = plainRuns[index]!;
      const trigger = triggerRuns[index]!;
      return [
        String(index + 1),
        service.rps.toFixed(0),
        `${service.latency.p50} / ${service.latency.p99} / ${service.latency.max} ms`,
        `${bare.rps.toFixed(0)} (${bare.latency.p99} ms)`,
        `${plain.tps.toFixed(0)} (${plain.p50.toFixed(1)} / ${plain.p99.toFixed(1)} ms)`,
        `${trigger.tps.toFixed(0)} (${trigger.p50.toFixed(1)} / ${trigger.p99.toFixed(1)} ms)`,
        `${ratioText(service.rps / bare.rps)}, ${ratioText(service.rps / plain.tps)}`,
        `${service.cpuUs.toFixed(0)}, ${bare.cpuUs.toFixed(0)}`,
        `${service.problems} / ${bare.problems}`,
      ];
    }),
  );
  const rate = median(serviceRuns.map((r) => r.rps));
  const p99 = median(serviceRuns.map((r) => r.latency.p99));
  const bareRate = median(bareRuns.map((r) => r.rps));
  const plainRate = median(plainRuns.map((r) => r.tps));
  const triggerRate = median(triggerRuns.map((r) => r.tps));
  const ratio = rate / bareRate;
  const pgRatio = rate / plainRate;
  console.log('');
  console.log(
    `service (median of ${runs}): ${rate.toFixed(0)} notifications/s, p99 ${p99} ms (runs: ${range(serviceRuns.map((r) => r.rps))}/s)`,
  );
  console.log(
    `bare Fastify behind the same nginx: ${bareRate.toFixed(0)}/s; service ÷ bare = ${ratioText(ratio)}`,
  );
  console.log(
    `pgbench, one row per transaction, ${connections} clients: no trigger ${plainRate.toFixed(0)} tps (service ÷ it = ${ratioText(pgRatio)}); the old row trigger calling pg_notify ${triggerRate.toFixed(0)} tps (no trigger ÷ trigger = ${ratioText(plainRate / triggerRate)})`,
  );
  if (lag) {
    console.log(
      `desk lag, 2xx → row settled, N = ${lagsMs.length} of ${lag.posted} posted at ${lagRate}/s: p50 ${percentile(lagsMs, 50).toFixed(1)} ms, p95 ${lagP95.toFixed(1)} ms, p99 ${percentile(lagsMs, 99).toFixed(1)} ms, max ${(lagsMs.at(-1) ?? Number.NaN).toFixed(1)} ms`,
    );
    console.log(
      `desk: ${lag.settledAsSaid} of ${lag.posted} settled as the notification said, ${lag.refusedByDesk} refused, ${lag.non2xx} answered other than 2xx; settled at ${lag.settledPerSecond.toFixed(1)}/s; its event loop held ≤ ${lag.loopDelayMaxMs.toFixed(0)} ms`,
    );
  }
  const settleText = (run: NonNullable<typeof batched>) =>
    `${run.settledPerSecond.toFixed(1)}/s (${run.settledAsSaid} of ${run.posted} settled as said, ${run.non2xx} not 2xx, ${run.events} renderer events, the desk's event loop held ≤ ${run.loopDelayMaxMs.toFixed(0)} ms)`;
  const settleRate = batched?.settledPerSecond ?? Number.NaN;
  if (batched && oneByOne) {
    console.log(
      `desk settle rate, ${settlePayIns} notifications stored while its team mode was stopped, from its start to the last settled: batched ${settleText(batched)}; one per commit ${settleText(oneByOne)}; batched ÷ one per commit = ${ratioText(settleRate / oneByOne.settledPerSecond)}`,
    );
  }
  console.log(`load:    ${loadLine()} after the run`);
  const lagMet =
    lag !== undefined &&
    lagP95 <= GOAL_LAG_P95_MS &&
    lagsMs.length === lag.posted &&
    lag.settledAsSaid === lag.posted;
  // A request still under way when a phase's time is up is stored but its answer not counted.
  const consistent = rows >= answered && rows <= answered + (runs + 1) * connections;
  console.log(
    `answered 200: ${answered}; rows stored: ${rows} (${consistent ? 'consistent' : 'NOT CONSISTENT'}: at most ${connections} per phase may be stored unanswered)`,
  );
  const met =
    rate >= GOAL_RATE && p99 <= GOAL_P99_MS && ratio >= GOAL_RATIO && pgRatio >= GOAL_PG_RATIO && consistent;
  const said = (ok: boolean) => (ok ? 'met' : 'MISSED');
  console.log(
    `goals: ≥ ${GOAL_RATE}/s ${said(rate >= GOAL_RATE)}; p99 ≤ ${GOAL_P99_MS} ms ${said(p99 <= GOAL_P99_MS)}; ≥ ${GOAL_RATIO}× bare ${said(ratio >= GOAL_RATIO)}; ≥ ${GOAL_PG_RATIO}× pgbench without trigger ${said(pgRatio >= GOAL_PG_RATIO)}; desk lag p95 ≤ ${GOAL_LAG_P95_MS} ms ${lag ? said(lagMet) : 'not measured'}; desk settles ≥ ${GOAL_SETTLE_RATE}/s ${batched ? said(settleRate >= GOAL_SETTLE_RATE) : 'not measured'}`,
  );
  printBenchResult({
    bench: 'notify',
    title: 'Notification service through nginx into PostgreSQL',
    command,
    figure: `${rate.toFixed(0)}/s, p99 ${p99} ms${lag ? `; desk lag p95 ${lagP95.toFixed(0)} ms` : ''}${batched ? `; desk settles ${settleRate.toFixed(0)}/s` : ''}`,
    peer: `bare Fastify ${bareRate.toFixed(0)}/s; pgbench no trigger ${plainRate.toFixed(0)} tps, row trigger ${triggerRate.toFixed(0)} tps`,
    ratio: `${ratioText(ratio)} bare, ${ratioText(pgRatio)} pgbench`,
    goal: `≥ ${GOAL_RATE}/s, p99 ≤ ${GOAL_P99_MS} ms, ≥ ${GOAL_RATIO}× bare, ≥ ${GOAL_PG_RATIO}× pgbench without trigger`,
    met,
    quick,
    values: {
      rate,
      p99,
      bareRate,
      ratio,
      plainRate,
      triggerRate,
      pgRatio,
      answered,
      rows,
      startLoad,
      lagN: lagsMs.length,
      lagP95,
      settleRate,
      settleRateOneByOne: oneByOne?.settledPerSecond ?? Number.NaN,
    },
  });
  const allSettled = [lag, batched, oneByOne].every((run) => !run || run.settledAsSaid === run.posted);
  if (!consistent || !allSettled) process.exitCode = 1;
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  for (const child of children) await child.stop();
  await cluster.destroy();
}
