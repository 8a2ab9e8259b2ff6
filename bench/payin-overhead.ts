// Paydesk's own time per pay-in, apart from the gateway's: approved v2 pay-ins through
// `dispatch('payin.submit', …)`, the entry Electron's IPC uses, against the embedded sandbox. The pay-in
// transport is wrapped to time the gateway round trip; IPC serialization is timed as Electron does it
// (structured clone of the input and of the answer). Overhead = dispatch − transport + serialization.
// Peer: the bare round trip, the same wire body sent with plain fetch, one after each pay-in.
// Run: npm run bench:payin [-- --payins N --runs R | --quick]
import { DatabaseSync } from 'node:sqlite';
import { parseArgs } from 'node:util';
import type { PayInTransport } from '../src/main/payin/gateway-transport';
import { gatewayTransport } from '../src/main/payin/gateway-transport';
import type { PayInBody } from '../src/main/payin/in-flight';
import type { IpcResult, PayInResult } from '../src/shared/ipc';
import { TEST_CARDS } from '../src/shared/sandbox-test-data';
import { v2Fields } from '../tests/support/app/paydesk-fixture';
import { type BenchApp, startBenchApp } from './support/paydesk-app';
import {
  loadLine,
  machineLine,
  median,
  percentile,
  printBenchResult,
  printTable,
  ratioText,
} from './support/report';

const { values } = parseArgs({
  options: {
    payins: { type: 'string' },
    runs: { type: 'string' },
    warmup: { type: 'string', default: '50' },
    quick: { type: 'boolean', default: false },
  },
});
const quick = values.quick;
const PAYINS = Number(values.payins ?? (quick ? 200 : 1_000));
const RUNS = Number(values.runs ?? (quick ? 1 : 3));
const WARMUP = Number(values.warmup);
const GOAL_P50_MS = 3;
const command = quick
  ? 'npm run bench:payin -- --quick'
  : `npm run bench:payin -- --payins ${PAYINS} --runs ${RUNS}`;

const approving = TEST_CARDS.find((card) => card.outcome === 'approve' && card.brand === 'Visa')!;
const expDate = `12/${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0')}`;

/** A fresh userId and a varying amount (never a fault amount): the duplicate guard has nothing to ask. */
function payInInput(run: number, i: number) {
  return {
    version: 'v2' as const,
    fields: v2Fields({
      userId: `bench-${run}-${i}`,
      cardNumber: approving.number,
      expDate,
      amount: `${10 + (i % 90)}.${String(i % 100).padStart(2, '0')}`,
    }),
    confirmDuplicate: false,
  };
}

type Sample = {
  totalMs: number;
  transportMs: number;
  serializationMs: number;
  historyMs: number;
  overheadMs: number;
  bareMs: number;
};

/** Times the history store's calls (all synchronous) by wrapping them on the object the service holds. */
function timeHistory(app: BenchApp): { take(): number } {
  let spent = 0;
  const history = app.paydesk.history as unknown as Record<string, unknown>;
  for (const name of ['insertPayIn', 'updatePayIn', 'getById', 'recentDuplicate']) {
    const original = history[name] as (...args: unknown[]) => unknown;
    history[name] = (...args: unknown[]) => {
      const started = performance.now();
      try {
        return original.apply(app.paydesk.history, args);
      } finally {
        spent += performance.now() - started;
      }
    };
  }
  return {
    take() {
      const value = spent;
      spent = 0;
      return value;
    },
  };
}

async function bareRoundTrip(baseUrl: string, body: PayInBody, merchantTradeNo: string): Promise<number> {
  // The same body; its own order number, and no callBackURL (no listener waits for this order).
  const { callBackURL: _callBackURL, ...rest } = body;
  const started = performance.now();
  const response = await fetch(`${baseUrl}/openapi/v2/pwpp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...rest, merchantTradeNo }),
  });
  const answer = (await response.json()) as { data?: { orderStatus?: number } };
  const elapsed = performance.now() - started;
  if (answer.data?.orderStatus !== 2)
    throw new Error(`bare round trip not approved: ${JSON.stringify(answer)}`);
  return elapsed;
}

async function measureRun(run: number): Promise<{ samples: Sample[]; historyRows: number }> {
  let lastTransportMs = 0;
  let lastBody: PayInBody | undefined;
  const transport: PayInTransport = {
    async send(request, baseUrl, timeouts) {
      const started = performance.now();
      try {
        return await gatewayTransport.send(request, baseUrl, timeouts);
      } finally {
        lastTransportMs = performance.now() - started;
        lastBody = request.body;
      }
    },
  };
  const app = await startBenchApp({ transport });
  const historyTimer = timeHistory(app);
  const samples: Sample[] = [];
  try {
    for (let i = 0; i < WARMUP + PAYINS; i += 1) {
      const input = payInInput(run, i);
      // Electron's IPC copies the input by structured clone into main, and the answer back.
      let started = performance.now();
      const received = structuredClone(input);
      let serializationMs = performance.now() - started;
      historyTimer.take();
      started = performance.now();
      const result = (await app.paydesk.dispatch('payin.submit', received)) as IpcResult<PayInResult>;
      const totalMs = performance.now() - started;
      const historyMs = historyTimer.take();
      started = performance.now();
      structuredClone(result);
      serializationMs += performance.now() - started;
      if (!result.ok || result.data.status !== 'approved') {
        throw new Error(`pay-in ${i} not approved: ${JSON.stringify(result)}`);
      }
      const bareMs = await bareRoundTrip(app.paydesk.sandbox.url, lastBody!, `BARE-${run}-${i}`);
      if (i < WARMUP) continue;
      samples.push({
        totalMs,
        transportMs: lastTransportMs,
        serializationMs,
        historyMs,
        overheadMs: totalMs - lastTransportMs + serializationMs,
        bareMs,
      });
    }
    const file = new DatabaseSync(app.paydesk.history.filePath, { readOnly: true });
    const counted = file.prepare("SELECT COUNT(*) AS n FROM history_rows WHERE kind = 'payin'").get();
    file.close();
    return { samples, historyRows: Number(counted?.n) };
  } finally {
    await app.close();
  }
}

console.log(`machine: ${machineLine()}`);
console.log(`command: ${command}`);
console.log(`load:    ${loadLine()} (1/5/15 min) before the run`);
console.log(
  `work:    ${RUNS} run(s) of ${PAYINS} approved v2 pay-ins (after ${WARMUP} warm-up), a fresh app and history file per run, one after another`,
);

const p = (samples: Sample[], key: keyof Sample, at: number) =>
  percentile(
    samples.map((sample) => sample[key]).sort((a, b) => a - b),
    at,
  );
const f = (value: number) => value.toFixed(2);

const rows: string[][] = [];
const perRun: {
  overheadP50: number;
  overheadP95: number;
  overheadP99: number;
  bareP50: number;
  totalP50: number;
}[] = [];
let historyRows = 0;
for (let run = 1; run <= RUNS; run += 1) {
  const measured = await measureRun(run);
  historyRows = measured.historyRows;
  const { samples } = measured;
  const figures = {
    overheadP50: p(samples, 'overheadMs', 50),
    overheadP95: p(samples, 'overheadMs', 95),
    overheadP99: p(samples, 'overheadMs', 99),
    bareP50: p(samples, 'bareMs', 50),
    totalP50: p(samples, 'totalMs', 50),
  };
  perRun.push(figures);
  rows.push([
    String(run),
    `${f(figures.overheadP50)} / ${f(figures.overheadP95)} / ${f(figures.overheadP99)}`,
    f(figures.totalP50),
    f(p(samples, 'transportMs', 50)),
    f(p(samples, 'historyMs', 50)),
    f(p(samples, 'serializationMs', 50)),
    `${f(figures.bareP50)} / ${f(p(samples, 'bareMs', 99))}`,
    ratioText(figures.overheadP50 / figures.bareP50),
    ratioText(figures.totalP50 / figures.bareP50),
    loadLine().split(',')[0]!,
  ]);
}
const overheadP50 = median(perRun.map((run) => run.overheadP50));
const overheadP95 = median(perRun.map((run) => run.overheadP95));
const overheadP99 = median(perRun.map((run) => run.overheadP99));
const bareP50 = median(perRun.map((run) => run.bareP50));
const totalP50 = median(perRun.map((run) => run.totalP50));
rows.push([
  '**median**',
  `${f(overheadP50)} / ${f(overheadP95)} / ${f(overheadP99)}`,
  f(totalP50),
  '',
  '',
  '',
  f(bareP50),
  ratioText(overheadP50 / bareP50),
  ratioText(totalP50 / bareP50),
  '',
]);
console.log();
printTable(
  [
    'run',
    'overhead p50 / p95 / p99 ms',
    'dispatch p50',
    'transport p50',
    'history writes p50 (part of overhead)',
    'IPC clone p50',
    'bare fetch p50 / p99',
    'overhead ÷ bare',
    'dispatch ÷ bare',
    'load (1 min)',
  ],
  rows,
);
console.log(
  '\nAll figures in ms. "transport" is Paydesk\'s gateway client and the sandbox together (a new connection per',
);
console.log('call, by design); transport − bare fetch is what the client itself adds, outside the overhead.');
console.log(
  `history file: ${historyRows.toLocaleString('en')} pay-in rows per run (each with its audit entries)`,
);
const met = overheadP50 <= GOAL_P50_MS;
console.log(`goal: overhead p50 ≤ ${GOAL_P50_MS} ms: ${met ? 'met' : 'MISSED'}`);
console.log(`load:    ${loadLine()} (1/5/15 min) after the run`);
printBenchResult({
  bench: 'payin-overhead',
  title: 'Pay-in overhead',
  command,
  figure: `p50 ${f(overheadP50)} ms (p95 ${f(overheadP95)}, p99 ${f(overheadP99)})`,
  peer: `bare round trip p50 ${f(bareP50)} ms`,
  ratio: ratioText(overheadP50 / bareP50),
  goal: `p50 ≤ ${GOAL_P50_MS} ms`,
  met,
  quick,
  values: {
    payins: PAYINS,
    runs: RUNS,
    overheadP50,
    overheadP95,
    overheadP99,
    bareP50,
    totalP50,
    historyRows,
  },
});
