// What every bench script prints the same way: the machine and its load (the two cores are shared, so a
// figure means little without it), medians and percentiles, and one machine-readable BENCH_RESULT line
// that bench/all.ts collects into the summary table.
import { cpus, loadavg, totalmem } from 'node:os';

export function machineLine(): string {
  const cpu = cpus();
  return `${cpu[0]?.model.trim() ?? 'unknown cpu'} × ${cpu.length}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}, ${process.platform}`;
}

/** The load average as `uptime` shows it: 1, 5 and 15 minutes. */
export function loadLine(): string {
  return loadavg()
    .map((load) => load.toFixed(2))
    .join(', ');
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Nearest-rank percentile of an ascending list. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

export const ms = (value: number, digits = 0) =>
  `${value.toLocaleString('en', { minimumFractionDigits: digits, maximumFractionDigits: digits })} ms`;

export const ratioText = (value: number) => `${value >= 10 ? value.toFixed(0) : value.toFixed(2)}×`;

/** Prints a Markdown table, so that the output pastes into docs/BENCHMARKS.md as it is. */
export function printTable(headers: readonly string[], rows: readonly (readonly string[])[]): void {
  console.log(`| ${headers.join(' | ')} |`);
  console.log(`|${headers.map(() => '---').join('|')}|`);
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
}

/**
 * The headline of one benchmark, as the last line of its output: `BENCH_RESULT ` and one JSON object.
 * Display fields are text, already formatted; `values` holds the raw numbers for whoever wants them.
 */
export interface BenchResult {
  bench: string;
  title: string;
  command: string;
  figure: string;
  peer: string;
  ratio: string;
  goal: string;
  met: boolean;
  quick: boolean;
  machine: string;
  load: string;
  values?: Record<string, number>;
}

export const BENCH_RESULT_PREFIX = 'BENCH_RESULT ';

export function printBenchResult(result: Omit<BenchResult, 'machine' | 'load'>): void {
  const full: BenchResult = { ...result, machine: machineLine(), load: loadLine() };
  console.log(`${BENCH_RESULT_PREFIX}${JSON.stringify(full)}`);
}
