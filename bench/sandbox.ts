// Throughput and latency of the sandbox on approved v2 pay-ins, each with its own merchantTradeNo, against
// its peer: bare Fastify with the same settings answering a fixed approval (bench/support/bare-server.ts),
// runs alternating in the same session. Both servers run as child processes so that autocannon, here, does
// not share their event loop; the CPU each server used per request is read from /proc beside the rates.
// Run: npm run bench:sandbox [-- --duration S --warmup S --connections N --runs R | --quick]
//   --data            the sandbox keeps its state in a SQLite file (WAL), as `npm run sandbox -- --data F`
//   --card NUMBER     pay with this card instead of the test card 4242424242424242
//   --profile DIR     CPU-profile the sandbox (node --cpu-prof into DIR) and print where its time went;
//                     the profiler slows it, so the rates of such a run are not the benchmark's figures
//   --baseline DIR    also run the sandbox of another checkout (its src/ and node_modules in DIR) in the
//                     same alternation: a before/after comparison under the same load
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { v2Body } from '../tests/support/sandbox/sandbox-helpers';
import { type ChildServer, startChildServer, startSandboxProcess } from './support/child-server';
import { type ProfilePart, summarizeProfile } from './support/cpu-profile';
import { processCpuMs } from './support/process-cpu';
import { loadLine, machineLine, median, printBenchResult, printTable, ratioText } from './support/report';

type Histogram = { average: number; p50: number; p90: number; p99: number; max: number };
type AutocannonResult = {
  requests: Histogram & { total: number; mean: number };
  latency: Histogram;
  errors: number;
  timeouts: number;
  non2xx: number;
  duration: number;
};
type BenchRequest = { method: string; path: string; headers: Record<string, string>; body?: string };
type AutocannonOptions = {
  url: string;
  connections: number;
  duration: number;
  requests: {
    method: string;
    path: string;
    headers: Record<string, string>;
    setupRequest: (request: BenchRequest) => BenchRequest;
    onResponse: (status: number, body: string) => void;
  }[];
};
type Autocannon = (options: AutocannonOptions) => Promise<AutocannonResult>;

// autocannon ships no type definitions; the shape used here is declared above.
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const { values } = parseArgs({
  options: {
    duration: { type: 'string' },
    warmup: { type: 'string' },
    connections: { type: 'string', default: '10' },
    runs: { type: 'string' },
    quick: { type: 'boolean', default: false },
    data: { type: 'boolean', default: false },
    card: { type: 'string' },
    profile: { type: 'string' },
    baseline: { type: 'string' },
  },
});
const quick = values.quick;
const duration = Number(values.duration ?? (quick ? 3 : 10));
const warmup = Number(values.warmup ?? (quick ? 1 : 3));
const connections = Number(values.connections);
const runs = Number(values.runs ?? (quick ? 1 : 5));
const extraFlags = [
  values.data ? ' --data' : '',
  values.card ? ` --card ${values.card}` : '',
  values.profile ? ` --profile ${values.profile}` : '',
  values.baseline ? ` --baseline ${values.baseline}` : '',
].join('');
const command = quick
  ? `npm run bench:sandbox -- --quick${extraFlags}`
  : `npm run bench:sandbox -- --duration ${duration} --warmup ${warmup} --connections ${connections} --runs ${runs}${extraFlags}`;

const GOAL_RPS = 5000;
const GOAL_P99_MS = 20;

const template = v2Body({ userId: 'bench-user', ...(values.card ? { cardNumber: values.card } : {}) });

let sequence = 0;
async function load(server: ChildServer, seconds: number) {
  let notApproved = 0;
  const cpuBefore = processCpuMs(server.child.pid);
  const result = await autocannon({
    url: server.url,
    connections,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        path: '/openapi/v2/pwpp',
        headers: { 'content-type': 'application/json' },
        setupRequest: (request) => {
          sequence += 1;
          return {
            ...request,
            body: JSON.stringify({ ...template, merchantTradeNo: `bench-${process.pid}-${sequence}` }),
          };
        },
        onResponse: (status, body) => {
          if (status !== 200 || !body.includes('"orderStatus":2')) notApproved += 1;
        },
      },
    ],
  });
  const cpuAfter = processCpuMs(server.child.pid);
  const answered = result.requests.total;
  return {
    rps: result.requests.average,
    total: answered,
    latency: result.latency,
    problems: result.errors + result.timeouts + notApproved,
    /** Microseconds of the server's CPU (user + system) per request answered. */
    cpuUsPerRequest:
      cpuBefore === undefined || cpuAfter === undefined || answered === 0
        ? Number.NaN
        : ((cpuAfter - cpuBefore) * 1000) / answered,
  };
}

/** What the sandbox does per pay-in, by the function that does it (bench/support/cpu-profile.ts). */
const SANDBOX_PARTS: readonly ProfilePart[] = [
  // A wall-clock sample lands here also while the process waits for a CPU after a write has woken the
  // load generator: on two shared cores this part is mostly waiting, not work (see docs/BENCHMARKS.md).
  {
    label: 'socket writes (and waiting for a CPU after them)',
    functions: ['writeUtf8String', 'writeBuffer', 'writev'],
  },
  { label: 'start-up (loading modules)', functions: ['asyncRunEntryPointWithESMLoader'] },
  { label: 'card checks (card-validator)', functions: ['checkCard', 'checkCardOf'] },
  { label: 'keyed hashes (HMAC-SHA256)', functions: ['keyedDigest'] },
  { label: 'request fingerprint (canonical string)', functions: ['requestFingerprint'] },
  { label: 'SQLite: insert the order', functions: ['insertOrder'] },
  { label: 'SQLite: commit (one per turn, group-commit.ts)', functions: ['commit'] },
  { label: 'SQLite: look up the trade number', functions: ['findOrder'] },
  { label: 'random order ids', functions: ['randomBytes', 'randomToken'] },
  { label: 'zod validation', functions: ['safeParse'] },
  { label: 'amount (big.js)', functions: ['canonicalAmount'] },
  { label: 'answer (message and data)', functions: ['payInData', 'payInMessage'] },
  { label: 'pay-in, the rest', functions: ['processPayIn'] },
  { label: 'garbage collector', functions: ['(garbage collector)'] },
];

console.log(`machine: ${machineLine()}`);
console.log(`command: ${command}`);
console.log(`load:    ${loadLine()} (1/5/15 min) before the run`);
console.log(
  `work:    ${connections} connections, ${runs} × ${duration} s per server after ${warmup} s warm-up, approved v2 pay-ins` +
    ` (card ${String(template.cardNumber)}), sandbox state ${values.data ? 'in a SQLite file (WAL)' : 'in memory'}`,
);

const dataDir = values.data ? mkdtempSync(join(tmpdir(), 'paydesk-bench-sandbox-')) : undefined;
const profileDir = values.profile ? resolve(values.profile) : undefined;
const sandbox = await startSandboxProcess({
  ...(dataDir ? { dataFile: join(dataDir, 'sandbox.sqlite') } : {}),
  ...(profileDir ? { nodeArgs: ['--cpu-prof', '--cpu-prof-dir', profileDir] } : {}),
});
const profilesBefore = new Set(profileDir ? readdirSync(profileDir) : []);
const baseline = values.baseline
  ? await startSandboxProcess({
      cwd: resolve(values.baseline),
      ...(dataDir ? { dataFile: join(dataDir, 'baseline.sqlite') } : {}),
    })
  : undefined;
const bare = await startChildServer('bench/support/bare-server.ts');
type Run = Awaited<ReturnType<typeof load>>;
const sandboxRuns: Run[] = [];
const baselineRuns: Run[] = [];
const bareRuns: Run[] = [];
let sandboxRequests = 0;
try {
  sandboxRequests += (await load(sandbox, warmup)).total;
  if (baseline) await load(baseline, warmup);
  await load(bare, warmup);
  for (let run = 0; run < runs; run += 1) {
    sandboxRuns.push(await load(sandbox, duration));
    if (baseline) baselineRuns.push(await load(baseline, duration));
    bareRuns.push(await load(bare, duration));
  }
} finally {
  await sandbox.stop();
  await baseline?.stop();
  await bare.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
sandboxRequests += sandboxRuns.reduce((sum, run) => sum + run.total, 0);

const us = (value: number) => (Number.isNaN(value) ? '—' : `${value.toFixed(0)} µs`);
const range = (list: readonly number[], digits = 0) =>
  `${Math.min(...list).toFixed(digits)}–${Math.max(...list).toFixed(digits)}`;
const rows = sandboxRuns.map((run, index) => {
  const peer = bareRuns[index]!;
  return [
    String(index + 1),
    run.rps.toFixed(0),
    `${run.latency.p50} / ${run.latency.p90} / ${run.latency.p99} / ${run.latency.max} ms`,
    String(run.problems),
    us(run.cpuUsPerRequest),
    peer.rps.toFixed(0),
    `${peer.latency.p50} / ${peer.latency.p99} ms`,
    us(peer.cpuUsPerRequest),
    ratioText(run.rps / peer.rps),
  ];
});
const rps = median(sandboxRuns.map((run) => run.rps));
const p99 = median(sandboxRuns.map((run) => run.latency.p99));
const cpu = median(sandboxRuns.map((run) => run.cpuUsPerRequest));
const peerRps = median(bareRuns.map((run) => run.rps));
const peerCpu = median(bareRuns.map((run) => run.cpuUsPerRequest));
const problems = sandboxRuns.reduce((sum, run) => sum + run.problems, 0);
rows.push([
  '**median**',
  rps.toFixed(0),
  `p50 ${median(sandboxRuns.map((run) => run.latency.p50))} / p99 ${p99} ms`,
  String(problems),
  us(cpu),
  peerRps.toFixed(0),
  `p99 ${median(bareRuns.map((run) => run.latency.p99))} ms`,
  us(peerCpu),
  ratioText(rps / peerRps),
]);
rows.push([
  '**range**',
  range(sandboxRuns.map((run) => run.rps)),
  `p99 ${range(sandboxRuns.map((run) => run.latency.p99))} ms`,
  '',
  `${range(sandboxRuns.map((run) => run.cpuUsPerRequest))} µs`,
  range(bareRuns.map((run) => run.rps)),
  `p99 ${range(bareRuns.map((run) => run.latency.p99))} ms`,
  `${range(bareRuns.map((run) => run.cpuUsPerRequest))} µs`,
  `${range(
    sandboxRuns.map((run, index) => run.rps / bareRuns[index]!.rps),
    2,
  )}×`,
]);
console.log();
printTable(
  [
    'run',
    'sandbox req/s',
    'sandbox p50 / p90 / p99 / max',
    'errors, not approved',
    'sandbox CPU per request',
    'bare Fastify req/s',
    'bare p50 / p99',
    'bare CPU per request',
    'sandbox ÷ bare',
  ],
  rows,
);
// The goal holds for every run, not only for the median of them.
const met =
  problems === 0 && sandboxRuns.every((run) => run.rps >= GOAL_RPS && run.latency.p99 <= GOAL_P99_MS);
console.log(
  `\ngoal: ≥ ${GOAL_RPS} requests/s with p99 ≤ ${GOAL_P99_MS} ms in every run, every answer an approval: ${met ? 'met' : 'MISSED'}`,
);
console.log(
  `CPU per request: sandbox ${us(cpu)}, bare Fastify ${us(peerCpu)}: the sandbox's own work is ` +
    `${us(cpu - peerCpu)} a pay-in; on CPU alone it would serve ${ratioText(peerCpu / cpu)} of bare Fastify's rate`,
);
if (baseline) {
  console.log(`\nbaseline: the sandbox of ${resolve(values.baseline!)}, in the same alternation\n`);
  printTable(
    [
      'run',
      'baseline req/s',
      'baseline p50 / p90 / p99 / max',
      'errors, not approved',
      'baseline CPU per request',
    ],
    baselineRuns.map((run, index) => [
      String(index + 1),
      run.rps.toFixed(0),
      `${run.latency.p50} / ${run.latency.p90} / ${run.latency.p99} / ${run.latency.max} ms`,
      String(run.problems),
      us(run.cpuUsPerRequest),
    ]),
  );
  const baselineCpu = median(baselineRuns.map((run) => run.cpuUsPerRequest));
  console.log(
    `\nbaseline median ${median(baselineRuns.map((run) => run.rps)).toFixed(0)} req/s, ${us(baselineCpu)} CPU per request; ` +
      `this checkout uses ${ratioText(cpu / baselineCpu)} of its CPU per request`,
  );
}
console.log(`load:    ${loadLine()} (1/5/15 min) after the run`);

if (profileDir) {
  const written = readdirSync(profileDir).filter(
    (name) => name.endsWith('.cpuprofile') && !profilesBefore.has(name),
  );
  if (written.length !== 1) {
    console.log(`\nprofile: expected one new .cpuprofile in ${profileDir}, found ${written.length}`);
  } else {
    const file = join(profileDir, written[0]!);
    const summary = summarizeProfile(file, SANDBOX_PARTS, {
      top: 15,
      otherLabel: 'Fastify, node:http, the rest',
    });
    const busyMs = summary.totalMs - summary.idleMs;
    const share = (ms: number) => `${((100 * ms) / busyMs).toFixed(1)} %`;
    const perRequest = (ms: number) => `${((ms * 1000) / sandboxRequests).toFixed(1)} µs`;
    console.log(
      `\nprofile: ${file}\n${sandboxRequests} requests; ${(summary.totalMs / 1000).toFixed(1)} s sampled, ` +
        `${(busyMs / 1000).toFixed(1)} s not idle (shares below are of that)`,
    );
    console.log();
    printTable(
      ['self time', 'share', 'per request'],
      summary.selfTime.map(({ name, ms }) => [`\`${name}\``, share(ms), perRequest(ms)]),
    );
    console.log();
    printTable(
      ['part of the work', 'share', 'per request'],
      summary.parts.map(({ label, ms }) => [label, share(ms), perRequest(ms)]),
    );
  }
}

printBenchResult({
  bench: 'sandbox',
  title: 'Sandbox throughput',
  command,
  figure: `${rps.toFixed(0)} req/s, p99 ${p99} ms`,
  peer: `bare Fastify ${peerRps.toFixed(0)} req/s`,
  ratio: ratioText(rps / peerRps),
  goal: `≥ ${GOAL_RPS} req/s, p99 ≤ ${GOAL_P99_MS} ms every run`,
  met,
  quick,
  values: {
    requestsPerSecond: rps,
    p99Ms: p99,
    minRequestsPerSecond: Math.min(...sandboxRuns.map((run) => run.rps)),
    maxP99Ms: Math.max(...sandboxRuns.map((run) => run.latency.p99)),
    cpuUsPerRequest: cpu,
    peerRequestsPerSecond: peerRps,
    peerCpuUsPerRequest: peerCpu,
    problems,
  },
});
