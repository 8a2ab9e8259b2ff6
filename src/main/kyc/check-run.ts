// Checking every row of a file in the worker threads, a range at a time: as many ranges in flight as there
// are threads, each answer put into the file's verdicts as it comes, and the rows settled in file order
// (duplicates need every earlier row) a few milliseconds at a time, so main stays responsive and the rows
// checked so far can be shown while the rest are checked. A run can be stopped (the file was closed); its
// answers still on their way are then dropped.
import { FileVerdicts } from './checking/packed-checks';
import type { KycLimits } from './limits';
import type { CheckJob } from './worker/open-file';
import { type KycWorkerPool, timeLimitRefusal } from './worker/worker-pool';
import { sliceClock, yieldToEventLoop } from './yield';

/**
 * Rows per job: small enough that the first rows are shown soon after the file is read and that the two
 * threads finish close together, large enough that messages stay few (100 for a million records).
 */
export const CHECK_RANGE_ROWS = 10_000;

export interface CheckRunOptions {
  workers: Pick<KycWorkerPool, 'run' | 'threads'>;
  limits: KycLimits;
  /** What every range is checked with; the fixes are passed on only for the rows of each range. */
  job: Omit<CheckJob, 'from' | 'to'>;
  rows: number;
  /** Each row once its verdict is complete, in file order. */
  onSettled?: (row: number) => void;
  /** After the rows a range completed are settled. */
  onProgress?: () => void;
}

/** Why a run ended early when it was stopped on purpose. */
class CheckStopped extends Error {
  constructor() {
    super('The check of this file was stopped.');
  }
}

/** The fixes of rows `from` to `to` only: a range job carries no more than it needs. */
function within<T>(fixes: ReadonlyMap<number, T>, from: number, to: number): Map<number, T> {
  const kept = new Map<number, T>();
  for (const [row, fix] of fixes) if (row >= from && row < to) kept.set(row, fix);
  return kept;
}

export class CheckRun {
  readonly verdicts: FileVerdicts;
  /** Settles once every row is checked and settled; rejects with the first failure, or CheckStopped. */
  readonly done: Promise<void>;
  private stopped: Error | undefined;
  private settling: Promise<void> = Promise.resolve();

  constructor(private readonly options: CheckRunOptions) {
    this.verdicts = new FileVerdicts(options.rows, CHECK_RANGE_ROWS);
    this.done = this.runAll();
    // A run nobody waits for (the file was closed) must not be an unhandled rejection.
    this.done.catch(() => undefined);
  }

  get checking(): boolean {
    return this.verdicts.settled < this.verdicts.rows && this.stopped === undefined;
  }

  stop(): void {
    this.stopped ??= new CheckStopped();
  }

  private async runAll(): Promise<void> {
    const { workers, limits, rows } = this.options;
    const ranges = Math.ceil(rows / CHECK_RANGE_ROWS);
    const started = performance.now();
    let next = 0;
    const lane = async (): Promise<void> => {
      while (next < ranges && this.stopped === undefined) {
        // The time limit holds for the whole file, not only for each range.
        if (performance.now() - started > limits.workerTimeLimitMs) {
          throw timeLimitRefusal(limits.workerTimeLimitMs);
        }
        const from = next++ * CHECK_RANGE_ROWS;
        const to = Math.min(rows, from + CHECK_RANGE_ROWS);
        const { job } = this.options;
        const check: CheckJob = {
          ...job,
          from,
          to,
          fixedRows: within(job.fixedRows, from, to),
          edits: within(job.edits, from, to),
        };
        const reply = await workers.run({ kind: 'check', check }, limits);
        if (reply.kind !== 'check')
          throw new Error(`The KYC worker answered a check with a ${reply.kind} reply.`);
        if (this.stopped !== undefined) return;
        this.verdicts.add(reply.checks);
        this.settling = this.settling.then(() => this.settle());
      }
    };
    const lanes = Array.from({ length: Math.min(workers.threads, ranges) }, () =>
      lane().catch((error: unknown) => {
        this.stopped ??= error instanceof Error ? error : new Error(String(error));
      }),
    );
    await Promise.all(lanes);
    await this.settling;
    if (this.stopped) throw this.stopped;
  }

  /** Settles the rows checked so far, in order, yielding to the event loop every few milliseconds. */
  private async settle(): Promise<void> {
    const clock = sliceClock();
    const { onSettled, onProgress } = this.options;
    while (this.verdicts.canSettle && this.stopped === undefined) {
      const row = this.verdicts.settleNext();
      onSettled?.(row);
      if ((row & 1023) === 1023 && clock.due()) await yieldToEventLoop();
    }
    if (this.stopped === undefined) onProgress?.();
  }
}
