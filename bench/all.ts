// npm run bench [-- --full]: every benchmark in turn, each in its own Node process (no script shares a
// heap or event loop with another), then one summary table from the BENCH_RESULT line each prints last.
// Without --full, scripts run in their quick form (smaller work, fewer runs) so the whole suite takes a
// few minutes; the figures in docs/BENCHMARKS.md come from the full commands, listed at the end.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { parseArgs } from 'node:util';
import { BENCH_RESULT_PREFIX, type BenchResult, loadLine, machineLine, printTable } from './support/report';

const { values } = parseArgs({ options: { full: { type: 'boolean', default: false } } });
const full = values.full;

interface Bench {
  name: string;
  title: string;
  script: string;
  /** Arguments of the quick form; the full form is the script with no arguments. */
  quickArgs: string[];
  fullCommand: string;
  goal: string;
}

// In the order. kyc-open has no quick form: at 100,000 records it takes seconds, and its goal is
// stated at that size.
const BENCHES: Bench[] = [
  {
    name: 'kyc-open',
    title: 'KYC open + validate, 100,000 records',
    script: 'bench/kyc-open.ts',
    quickArgs: [],
    fullCommand: 'npm run bench:kyc-open',
    goal: '≤ 2× bare parse, peak RSS ≤ 400 MB, no block > 100 ms',
  },
  {
    name: 'kyc-submit',
    title: 'KYC submit, 10,000 records',
    script: 'bench/kyc-submit.ts',
    quickArgs: ['--quick'],
    fullCommand: 'npm run bench:kyc-submit',
    goal: '≥ 20× newman, same accepted count',
  },
  {
    name: 'history',
    title: 'History, 1,000,000 rows',
    script: 'bench/history.ts',
    quickArgs: ['--rows', '200000', '--runs', '50'],
    fullCommand: 'npm run bench:history',
    goal: 'p95 ≤ 10 ms for every query',
  },
  {
    name: 'audit',
    title: 'Audit trail checks, 1,000,000 rows',
    script: 'bench/audit.ts',
    quickArgs: ['--rows', '100000', '--runs', '3'],
    fullCommand: 'npm run bench:audit',
    goal: 'start-up check independent of history size',
  },
  {
    name: 'payin-overhead',
    title: 'Pay-in overhead',
    script: 'bench/payin-overhead.ts',
    quickArgs: ['--quick'],
    fullCommand: 'npm run bench:payin',
    goal: 'p50 ≤ 3 ms',
  },
  {
    name: 'operators',
    title: 'Sign-in and permission check',
    script: 'bench/operators.ts',
    quickArgs: ['--quick'],
    fullCommand: 'npm run bench:operators',
    goal: 'sign-in ≤ 300 ms, switch ≤ 1 s, gate ≤ 0.05 ms',
  },
  {
    name: 'sandbox',
    title: 'Sandbox throughput',
    script: 'bench/sandbox.ts',
    quickArgs: ['--quick'],
    fullCommand: 'npm run bench:sandbox',
    goal: '≥ 5,000 req/s, p99 ≤ 20 ms',
  },
  {
    name: 'ui',
    title: 'The renderer in Chromium',
    script: 'bench/ui.ts',
    quickArgs: ['--quick'],
    fullCommand: 'npm run bench:ui',
    goal: 'ready ≤ 1 s, initial JS ≤ 500 kB; typing and scrolling: no frame > 50 ms, p95 ≤ 16 ms',
  },
  {
    name: 'team',
    title: 'Team mode: 50 desks replicating, 10,000,000 team rows',
    script: 'bench/team.ts',
    quickArgs: [
      '--desks',
      '10',
      '--rate',
      '10',
      '--seconds',
      '10',
      '--processes',
      '2',
      '--rows',
      '200000',
      '--checks',
      '300',
    ],
    fullCommand: 'npm run bench:team',
    goal: 'lag p95 ≤ 1 s, duplicate check p95 ≤ 10 ms, team History p95 ≤ 20 ms',
  },
  {
    name: 'startup',
    title: 'Start-up',
    script: 'bench/startup.ts',
    quickArgs: ['--quick'],
    fullCommand: 'npm run bench:startup',
    goal: 'main ready ≤ 300 ms, first interactive paint ≤ 1 s',
  },
];

type Outcome = { bench: Bench; result?: BenchResult; exitCode: number | null; seconds: number };

/**
 * A BENCH_RESULT line in the shape of bench/support/report.ts as it is; another shape still gives what it
 * can (its `met`, its first numeric fields), so that one script's format does not hide its figures.
 */
function toResult(bench: Bench, parsed: unknown, args: readonly string[]): BenchResult | undefined {
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const line = parsed as Partial<BenchResult> & Record<string, unknown>;
  if (typeof line.figure === 'string' && typeof line.met === 'boolean') return line as BenchResult;
  // Percentiles and ratios first: they are what a goal is stated in.
  const headline = (key: string) => (/p\d\d|worst|ratio/i.test(key) ? 0 : 1);
  const numbers = Object.entries(line)
    .filter(([, value]) => typeof value === 'number')
    .sort(([a], [b]) => headline(a) - headline(b))
    .slice(0, 4)
    .map(([key, value]) => `${key} ${value}`);
  return {
    bench: bench.name,
    title: full ? bench.title : `${bench.title} (quick form)`,
    command: ['node --import tsx', bench.script, ...args].join(' '),
    figure: numbers.length > 0 ? `${numbers.join(', ')} (not in the shared format)` : 'see its output',
    peer: '',
    ratio: '',
    goal: bench.goal,
    met: line.met === true,
    quick: !full,
    machine: '',
    load: '',
  };
}

async function runBench(bench: Bench): Promise<Outcome> {
  const args = full ? [] : bench.quickArgs;
  console.log(`\n=== ${bench.title}: ${['node --import tsx', bench.script, ...args].join(' ')}`);
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', bench.script, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let result: BenchResult | undefined;
  let pending = '';
  child.stdout.on('data', (chunk: Buffer) => {
    process.stdout.write(chunk);
    pending += chunk.toString('utf8');
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.startsWith(BENCH_RESULT_PREFIX)) continue;
      try {
        result = toResult(bench, JSON.parse(line.slice(BENCH_RESULT_PREFIX.length)), args);
      } catch {
        console.log(`(${bench.name}: its BENCH_RESULT line is not JSON)`);
      }
    }
  });
  const [exitCode] = (await once(child, 'exit')) as [number | null];
  if (pending.startsWith(BENCH_RESULT_PREFIX)) {
    try {
      result = toResult(bench, JSON.parse(pending.slice(BENCH_RESULT_PREFIX.length)), args);
    } catch {
      // Reported as missing below.
    }
  }
  return { bench, result, exitCode, seconds: (performance.now() - started) / 1000 };
}

console.log(`machine: ${machineLine()}`);
console.log(`command: npm run bench${full ? ' -- --full' : ''}`);
console.log(`load:    ${loadLine()} (1/5/15 min) before the suite`);

const outcomes: Outcome[] = [];
for (const bench of BENCHES) outcomes.push(await runBench(bench));

console.log(`\n=== Summary (${full ? 'full' : 'quick'} run) — ${machineLine()}`);
console.log(`load: ${loadLine()} (1/5/15 min) after the suite\n`);
printTable(
  ['benchmark', 'figure', 'peer (same run)', 'ratio', 'goal', 'goal met?', 'command', 'time'],
  outcomes.map(({ bench, result, exitCode, seconds }) => {
    const time = `${seconds.toFixed(0)} s`;
    if (result) {
      return [
        result.title,
        result.figure,
        result.peer,
        result.ratio,
        result.goal,
        result.met ? 'met' : '**missed**',
        `\`${result.command}\``,
        time,
      ];
    }
    const why = exitCode === 0 ? 'no BENCH_RESULT line: see its output above' : `failed (exit ${exitCode})`;
    const args = full ? [] : bench.quickArgs;
    return [
      bench.title,
      why,
      '',
      '',
      bench.goal,
      '?',
      `\`${['node --import tsx', bench.script, ...args].join(' ')}\``,
      time,
    ];
  }),
);
if (!full) {
  console.log(
    '\nQuick run: smaller work and fewer runs than the goals are stated for. The full figures come from:',
  );
  for (const bench of BENCHES) console.log(`  ${bench.fullCommand}`);
  console.log('or all of them in turn: npm run bench -- --full');
}
process.exitCode = outcomes.some((outcome) => outcome.exitCode !== 0) ? 1 : 0;
