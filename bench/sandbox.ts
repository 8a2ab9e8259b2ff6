// Throughput and latency of the sandbox on approved v2 pay-ins, each with its own merchantTradeNo, against
// its peer: bare Fastify with the same settings answering a fixed approval (bench/support/bare-server.ts),
// runs alternating in the same session. Both servers run as child processes so that autocannon, here, does
// not share their event loop.
// Run: npm run bench:sandbox [-- --duration S --warmup S --connections N --runs R | --quick]
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';
import { v2Body } from '../tests/integration/sandbox-helpers';
import { startChildServer, startSandboxProcess } from './support/child-server';
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
  },
});
const quick = values.quick;
const duration = Number(values.duration ?? (quick ? 3 : 10));
const warmup = Number(values.warmup ?? (quick ? 1 : 3));
const connections = Number(values.connections);
const runs = Number(values.runs ?? (quick ? 1 : 3));
const command = quick
  ? 'npm run bench:sandbox -- --quick'
  : `npm run bench:sandbox -- --duration ${duration} --warmup ${warmup} --connections ${connections} --runs ${runs}`;

const GOAL_RPS = 5000;
const GOAL_P99_MS = 20;

const template = v2Body({ userId: 'bench-user' });

let sequence = 0;
async function load(url: string, seconds: number) {
  let notApproved = 0;
  const result = await autocannon({
    url,
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
  return {
    rps: result.requests.average,
    total: result.requests.total,
    latency: result.latency,
    problems: result.errors + result.timeouts + notApproved,
  };
}

console.log(`machine: ${machineLine()}`);
console.log(`command: ${command}`);
console.log(`load:    ${loadLine()} (1/5/15 min) before the run`);
console.log(
  `work:    ${connections} connections, ${runs} × ${duration} s per server after ${warmup} s warm-up, approved v2 pay-ins`,
);

const sandbox = await startSandboxProcess();
const bare = await startChildServer('bench/support/bare-server.ts');
type Run = Awaited<ReturnType<typeof load>>;
const sandboxRuns: Run[] = [];
const bareRuns: Run[] = [];
try {
  await load(sandbox.url, warmup);
  await load(bare.url, warmup);
  for (let run = 0; run < runs; run += 1) {
    sandboxRuns.push(await load(sandbox.url, duration));
    bareRuns.push(await load(bare.url, duration));
  }
} finally {
  await sandbox.stop();
  await bare.stop();
}

const rows = sandboxRuns.map((run, index) => {
  const peer = bareRuns[index]!;
  return [
    String(index + 1),
    run.rps.toFixed(0),
    `${run.latency.p50} / ${run.latency.p90} / ${run.latency.p99} / ${run.latency.max} ms`,
    String(run.problems),
    peer.rps.toFixed(0),
    `${peer.latency.p50} / ${peer.latency.p99} ms`,
    ratioText(run.rps / peer.rps),
  ];
});
const rps = median(sandboxRuns.map((run) => run.rps));
const p99 = median(sandboxRuns.map((run) => run.latency.p99));
const peerRps = median(bareRuns.map((run) => run.rps));
const problems = sandboxRuns.reduce((sum, run) => sum + run.problems, 0);
rows.push([
  '**median**',
  rps.toFixed(0),
  `p50 ${median(sandboxRuns.map((run) => run.latency.p50))} / p99 ${p99} ms`,
  String(problems),
  peerRps.toFixed(0),
  `p99 ${median(bareRuns.map((run) => run.latency.p99))} ms`,
  ratioText(rps / peerRps),
]);
console.log();
printTable(
  [
    'run',
    'sandbox req/s',
    'sandbox p50 / p90 / p99 / max',
    'errors, not approved',
    'bare Fastify req/s',
    'bare p50 / p99',
    'sandbox ÷ bare',
  ],
  rows,
);
const met = rps >= GOAL_RPS && p99 <= GOAL_P99_MS && problems === 0;
console.log(
  `\ngoal: ≥ ${GOAL_RPS} requests/s with p99 ≤ ${GOAL_P99_MS} ms, every answer an approval: ${met ? 'met' : 'MISSED'}`,
);
console.log(`load:    ${loadLine()} (1/5/15 min) after the run`);
printBenchResult({
  bench: 'sandbox',
  title: 'Sandbox throughput',
  command,
  figure: `${rps.toFixed(0)} req/s, p99 ${p99} ms`,
  peer: `bare Fastify ${peerRps.toFixed(0)} req/s`,
  ratio: ratioText(rps / peerRps),
  goal: `≥ ${GOAL_RPS} req/s, p99 ≤ ${GOAL_P99_MS} ms`,
  met,
  quick,
  values: { requestsPerSecond: rps, p99Ms: p99, peerRequestsPerSecond: peerRps, problems },
});
