// Main's side of the KYC workers: two worker threads for the app (the composition root makes the pool and
// hands it to the KYC batches; the machine Paydesk is measured on has two cores), each started when a job
// needs it and stopped after a while idle (its heap goes with it), one job at a time per thread. A file is
// read in one thread and its rows checked in both (batches.ts, check-run.ts). Each job has a time limit and
// each thread a heap limit; a job past either is stopped with its thread, and the next job gets a fresh one. From sources (tests, tsx, the browser
// harness) the worker is the TypeScript file run through tsx; in the Electron build it is the
// kyc-worker.js entry that electron-vite emits next to index.js.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { refusal } from '../../i18n/refuse';
import type { Refusal } from '../../refusal';
import type { KycLimits } from '../limits';
import { type CollectRequest, errorOf, type WorkerJob, type WorkerReply } from './worker-protocol';

type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;
type JobInput = WithoutId<WorkerJob>;
type Reply = Extract<WorkerReply, { ok: true }>;

type WorkerLimits = Pick<KycLimits, 'workerTimeLimitMs' | 'workerHeapMb'>;

interface Slot {
  worker: Worker | undefined;
  /** The heap limit the thread was started with. */
  heapMb: number;
  running: (Pending & { id: number; timer: NodeJS.Timeout }) | undefined;
  idleTimer: NodeJS.Timeout | undefined;
}

interface Pending {
  job: JobInput;
  limits: WorkerLimits;
  transfer: ArrayBuffer[];
  resolve: (reply: Reply) => void;
  reject: (error: Error) => void;
}

/** How long an idle worker is kept for the next file before its thread (and heap) is let go. */
const IDLE_MS = 15_000;
/** What a file larger than this leaves behind is collected as soon as it is let go (collectIdle). */
export const LARGE_FILE_BYTES = 64 * 1024 * 1024;
/** Threads of the app's pool. */
export const KYC_THREADS = 2;

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

/** A file whose reading or checking took longer than `limitMs`, in one job or in all its jobs together. */
export function timeLimitRefusal(limitMs: number): Refusal {
  return limitMs < 1000
    ? refusal('invalid', 'refusal.kyc.timeLimit', { unit: 'ms', took: limitMs })
    : refusal('invalid', 'refusal.kyc.timeLimit', { unit: 's', took: Math.round(limitMs / 1000) });
}

export class KycWorkerPool {
  private readonly slots: Slot[];
  private readonly queue: Pending[] = [];
  private nextId = 1;
  /** Threads started so far: each pays for loading the worker's code. */
  threadsStarted = 0;

  constructor(readonly threads: number = KYC_THREADS) {
    this.slots = Array.from({ length: threads }, () => ({
      worker: undefined,
      heapMb: 0,
      running: undefined,
      idleTimer: undefined,
    }));
  }

  run(job: JobInput, limits: WorkerLimits, transfer: ArrayBuffer[] = []): Promise<Reply> {
    return new Promise((resolve, reject) => {
      this.queue.push({ job, limits, transfer, resolve, reject });
      this.next();
    });
  }

  /**
   * Starts every thread that is not running yet, so that it loads its code while another reads a file;
   * each is then kept as an idle thread is.
   */
  startAll(limits: WorkerLimits): void {
    for (const slot of this.slots) {
      if (slot.running || (slot.worker && slot.heapMb === limits.workerHeapMb)) continue;
      this.replace(slot, limits.workerHeapMb);
      this.keepIdle(slot);
    }
  }

  /**
   * Has every idle thread collect its garbage: after a large file, what its jobs left in their heaps (the
   * file's shared memory among it) is returned, and the threads stay, their code loaded and compiled.
   */
  collectIdle(): void {
    for (const slot of this.slots) {
      if (!slot.running && slot.worker) slot.worker.postMessage({ kind: 'collect' } satisfies CollectRequest);
    }
  }

  /** Stops every thread now; jobs in progress fail. */
  async close(): Promise<void> {
    const stopping: Promise<number>[] = [];
    for (const slot of this.slots) {
      clearTimeout(slot.idleTimer);
      const worker = slot.worker;
      slot.worker = undefined;
      this.fail(slot, new Error('The KYC worker was stopped.'));
      if (worker) stopping.push(worker.terminate());
    }
    await Promise.all(stopping);
  }

  private replace(slot: Slot, heapMb: number): Worker {
    if (slot.worker) void slot.worker.terminate();
    slot.worker = this.start(slot, heapMb);
    slot.heapMb = heapMb;
    return slot.worker;
  }

  private start(slot: Slot, heapMb: number): Worker {
    const script = workerScript();
    const worker = new Worker(script.url, {
      ...(script.execArgv ? { execArgv: script.execArgv } : {}),
      resourceLimits: { maxOldGenerationSizeMb: heapMb },
    });
    this.threadsStarted++;
    worker.unref();
    worker.on('message', (reply: WorkerReply) => this.settle(slot, reply));
    worker.on('error', (error: Error & { code?: string }) => {
      if (slot.worker !== worker) return;
      slot.worker = undefined;
      this.fail(
        slot,
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? refusal('invalid', 'refusal.kyc.outOfMemory', { megabytes: heapMb })
          : error,
      );
      this.next();
    });
    worker.on('exit', (code) => {
      if (slot.worker !== worker) return;
      slot.worker = undefined;
      this.fail(slot, new Error(`The KYC worker stopped unexpectedly (exit code ${code}).`));
      this.next();
    });
    return worker;
  }

  /** An idle slot for `heapMb`: one whose thread runs with that limit first, so a started thread is used. */
  private idleSlot(heapMb: number): Slot | undefined {
    const idle = this.slots.filter((slot) => !slot.running);
    return idle.find((slot) => slot.worker && slot.heapMb === heapMb) ?? idle[0];
  }

  private next(): void {
    const pending = this.queue[0];
    if (!pending) return;
    const slot = this.idleSlot(pending.limits.workerHeapMb);
    if (!slot) return;
    this.queue.shift();
    clearTimeout(slot.idleTimer);
    let worker: Worker;
    try {
      worker =
        slot.worker && slot.heapMb === pending.limits.workerHeapMb
          ? slot.worker
          : this.replace(slot, pending.limits.workerHeapMb);
    } catch (error) {
      pending.reject(error instanceof Error ? error : new Error(String(error)));
      this.next();
      return;
    }
    const id = this.nextId++;
    const timer = setTimeout(
      () => this.timeOut(slot, pending.limits.workerTimeLimitMs),
      pending.limits.workerTimeLimitMs,
    );
    slot.running = { ...pending, id, timer };
    // Referenced only while it works, so an idle worker never keeps the process alive.
    worker.ref();
    worker.postMessage({ ...pending.job, id }, pending.transfer);
    this.next();
  }

  private settle(slot: Slot, reply: WorkerReply): void {
    const running = slot.running;
    if (!running || running.id !== reply.id) return;
    this.finish(slot);
    if (reply.ok) running.resolve(reply);
    else running.reject(errorOf(reply.failure));
    this.next();
  }

  private timeOut(slot: Slot, limitMs: number): void {
    const worker = slot.worker;
    slot.worker = undefined;
    this.fail(slot, timeLimitRefusal(limitMs));
    void worker?.terminate();
    this.next();
  }

  private fail(slot: Slot, error: Error): void {
    const running = slot.running;
    if (!running) return;
    this.finish(slot);
    running.reject(error);
  }

  private finish(slot: Slot): void {
    clearTimeout(slot.running?.timer);
    slot.running = undefined;
    slot.worker?.unref();
    if (this.queue.length === 0) this.keepIdle(slot);
  }

  private keepIdle(slot: Slot): void {
    clearTimeout(slot.idleTimer);
    slot.idleTimer = setTimeout(() => {
      const worker = slot.running ? undefined : slot.worker;
      if (!worker) return;
      slot.worker = undefined;
      void worker.terminate();
    }, IDLE_MS);
    slot.idleTimer.unref();
  }
}
