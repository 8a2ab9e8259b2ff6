// Main's side of the KYC worker: one worker thread for the app (the composition root makes the pool and
// hands it to the KYC batches), started on the first job and stopped after a while idle (its heap goes
// with it), jobs one at a time. Each job has a time limit and the thread a heap limit; a job past either
// is stopped with the thread, and the next job gets a fresh one. From sources (tests, tsx, the browser
// harness) the worker is the TypeScript file run through tsx; in the Electron build it is the
// kyc-worker.js entry that electron-vite emits next to index.js.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { IpcFailure } from '../../refusal';
import type { KycLimits } from '../limits';
import { errorOf, type WorkerJob, type WorkerReply } from './worker-protocol';

type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;
type JobInput = WithoutId<WorkerJob>;
type Reply = Extract<WorkerReply, { ok: true }>;

type WorkerLimits = Pick<KycLimits, 'workerTimeLimitMs' | 'workerHeapMb'>;

interface Pending {
  job: JobInput;
  limits: WorkerLimits;
  transfer: ArrayBuffer[];
  resolve: (reply: Reply) => void;
  reject: (error: Error) => void;
}

/** How long an idle worker is kept for the next file before its thread (and heap) is let go. */
const IDLE_MS = 15_000;
/** A thread that has read a file from disk larger than this is let go at once (see settle). */
export const RETIRE_AFTER_BYTES = 64 * 1024 * 1024;

/** The worker's script for the module at `here` (this module's own URL but in tests). */
export function workerScript(here: string = import.meta.url): { url: URL; execArgv?: string[] } {
  if (here.endsWith('.ts')) {
    // From sources: Node runs the worker's TypeScript through tsx, as it runs everything else here (tsx
    // found from this file, so it does not matter which folder the process started in).
    const tsx = pathToFileURL(createRequire(here).resolve('tsx')).href;
    return { url: new URL('./kyc-worker.ts', here), execArgv: ['--import', tsx] };
  }
  // Built: the bundle that holds this code sits in out/main or one folder below it (shared chunks).
  const file = 'kyc-worker.js';
  for (const candidate of [new URL(`./${file}`, here), new URL(`../${file}`, here)]) {
    if (existsSync(fileURLToPath(candidate))) return { url: candidate };
  }
  throw new Error(`The KYC worker (${file}) is missing next to ${fileURLToPath(here)}.`);
}

export class KycWorkerPool {
  private worker: Worker | undefined;
  /** The heap limit the current thread was started with. */
  private workerHeapMb = 0;
  private readonly queue: Pending[] = [];
  private running: (Pending & { id: number; timer: NodeJS.Timeout }) | undefined;
  private nextId = 1;
  private idleTimer: NodeJS.Timeout | undefined;
  /** Threads started so far: each pays for loading the worker's code. */
  threadsStarted = 0;

  run(job: JobInput, limits: WorkerLimits, transfer: ArrayBuffer[] = []): Promise<Reply> {
    return new Promise((resolve, reject) => {
      this.queue.push({ job, limits, transfer, resolve, reject });
      this.next();
    });
  }

  /** Stops the thread now; a job in progress fails. */
  async close(): Promise<void> {
    clearTimeout(this.idleTimer);
    const worker = this.worker;
    this.worker = undefined;
    this.fail(new Error('The KYC worker was stopped.'));
    await worker?.terminate();
  }

  private start(heapMb: number): Worker {
    const script = workerScript();
    const worker = new Worker(script.url, {
      ...(script.execArgv ? { execArgv: script.execArgv } : {}),
      resourceLimits: { maxOldGenerationSizeMb: heapMb },
    });
    this.workerHeapMb = heapMb;
    this.threadsStarted++;
    worker.on('message', (reply: WorkerReply) => this.settle(reply));
    worker.on('error', (error: Error & { code?: string }) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      this.fail(
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new IpcFailure(
              'invalid',
              `Reading this file needs more than the ${heapMb} MB Paydesk gives one file. ` +
                'Split it into smaller files, or remove the columns it does not need.',
            )
          : error,
      );
      this.next();
    });
    worker.on('exit', (code) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      this.fail(new Error(`The KYC worker stopped unexpectedly (exit code ${code}).`));
      this.next();
    });
    return worker;
  }

  private next(): void {
    if (this.running || this.queue.length === 0) return;
    clearTimeout(this.idleTimer);
    const pending = this.queue.shift()!;
    let worker: Worker;
    try {
      if (this.worker && this.workerHeapMb !== pending.limits.workerHeapMb) {
        void this.worker.terminate();
        this.worker = undefined;
      }
      this.worker ??= this.start(pending.limits.workerHeapMb);
      worker = this.worker;
    } catch (error) {
      pending.reject(error instanceof Error ? error : new Error(String(error)));
      this.next();
      return;
    }
    const id = this.nextId++;
    const timer = setTimeout(
      () => this.timeOut(pending.limits.workerTimeLimitMs),
      pending.limits.workerTimeLimitMs,
    );
    this.running = { ...pending, id, timer };
    // Referenced only while it works, so an idle worker never keeps the process alive.
    worker.ref();
    worker.postMessage({ ...pending.job, id }, pending.transfer);
  }

  private settle(reply: WorkerReply): void {
    const running = this.running;
    if (!running || running.id !== reply.id) return;
    this.finish();
    if (
      running.job.kind === 'open' &&
      'fd' in running.job.file &&
      running.job.file.size > RETIRE_AFTER_BYTES
    ) {
      // The thread's heap still holds what reading a large file left behind (its bytes among it, until
      // its next collection, which an idle thread never makes): a fresh thread for the next job instead.
      const worker = this.worker;
      this.worker = undefined;
      void worker?.terminate();
    }
    if (reply.ok) running.resolve(reply);
    else running.reject(errorOf(reply.failure));
    this.next();
  }

  private timeOut(limitMs: number): void {
    const worker = this.worker;
    this.worker = undefined;
    const took = limitMs < 1000 ? `${limitMs} ms` : `${Math.round(limitMs / 1000)} seconds`;
    this.fail(
      new IpcFailure(
        'invalid',
        `Paydesk stopped reading this file after ${took}. Check that it is a KYC file, or split it ` +
          'into smaller files.',
      ),
    );
    void worker?.terminate();
    this.next();
  }

  private fail(error: Error): void {
    const running = this.running;
    if (!running) return;
    this.finish();
    running.reject(error);
  }

  private finish(): void {
    clearTimeout(this.running?.timer);
    this.running = undefined;
    this.worker?.unref();
    if (this.queue.length === 0) {
      this.idleTimer = setTimeout(() => void this.close(), IDLE_MS);
      this.idleTimer.unref();
    }
  }
}
