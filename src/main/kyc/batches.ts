// The KYC files open in main, as batches: open a file (read in one worker thread, its rows checked in
// both), page and fix its rows, send it in chunks, export what remains to fix. A file opened by path is
// answered as soon as it is read: its rows show while they are checked, and onChecked tells how the
// check goes on. Batches live in memory only; history keeps accepted userIds per file hash, and hands them
// back through `alreadyAccepted` when the same file is opened again. kyc-service.ts joins them to the
// gateway, history and the renderer.
import { randomUUID } from 'node:crypto';
import { KYC_FIELDS } from '@shared/gateway/kyc';
import {
  KYC_MAX_FILE_BYTES,
  KYC_MAX_PAGE_ROWS,
  type KycBatchSummary,
  type KycCheckedEvent,
  type KycColumnMapping,
  type KycDateOrder,
  type KycExportResult,
  type KycField,
  type KycRowFilter,
  type KycRowsPage,
  type KycSubmitResult,
  type KycUpdateResult,
} from '@shared/kyc-batch';
import type { KycEdit } from '@shared/kyc-edits';
import type { CsvForm } from '../csv/csv-form';
import { refusal } from '../i18n/refuse';
import { type CheckWith, KycBatch } from './batch-store';
import { summaryOf } from './batch-summary';
import { copyInSlices } from './bytes-in-slices';
import { remapped } from './checking/remap';
import type { KycEditTrail } from './edit-trail';
import { exportRejectedCsv } from './export-csv';
import { fileSizeRefusal, KYC_LIMITS, type KycLimits } from './limits';
import { openCheckedFile } from './open-path';
import { type KycSubmitOptions, resubmitChunk, submitBatch } from './submit';
import { type ConfirmedWarnings, confirmWarnings, type WarningScope } from './warning-confirmations';
import { collectGarbageSoon } from './worker/collect-garbage';
import { type KycWorkerPool, LARGE_FILE_BYTES } from './worker/worker-pool';
import type { FileSource } from './worker/worker-protocol';

export type { KycSend, KycSendOutcome } from './submit';

interface KycOpenOptions {
  /**
   * userIds the gateway accepted from this file (same sha256) before: those rows start as accepted. A
   * function gets the hash the worker computed, so main never hashes 64 MB itself.
   */
  alreadyAccepted?: ReadonlySet<string> | ((sha256: string) => ReadonlySet<string>);
  /**
   * The caller gives up `bytes` and will not change them: when they are in shared memory (as
   * decodeBase64InSlices makes them), the worker reads them and the batch keeps them without a copy.
   * Otherwise `bytes` are copied and stay the caller's.
   */
  handOver?: boolean;
  /** The mapping to check the file under instead of the guessed one (set by hand for these headers before). */
  mappingFor?: (headers: readonly string[]) => readonly KycColumnMapping[] | undefined;
  /**
   * The hand edits History holds for this file (same sha256): the rows the gateway accepted show the
   * values that were sent, not the file's.
   */
  sentEdits?: (sha256: string) => readonly KycEdit[];
}

type StartOptions = Pick<KycOpenOptions, 'alreadyAccepted' | 'mappingFor' | 'sentEdits'>;

export interface KycRowsOptions {
  offset?: number;
  limit?: number;
  filter?: KycRowFilter;
}

export interface KycBatchesOptions {
  /** The worker threads that read and check files (made once for the app by the composition root). */
  workers: Pick<KycWorkerPool, 'run' | 'threads' | 'startAll' | 'collectIdle'>;
  /** Batches kept at once; opening one more drops the least recently opened idle batch. */
  maxBatches?: number;
  /** Tighter (or looser) limits than KYC_LIMITS, e.g. to rehearse them in tests. */
  limits?: Partial<KycLimits>;
  /** How the check of a file goes on after openPath answered: every CHECKED_EVENT_MS, at the end, or its failure. */
  onChecked?: (event: KycCheckedEvent) => void;
  /** The desk's day by main's clock (checking/document-dates.ts: deskToday); the system clock otherwise. */
  today?: () => number;
}

/** The summary of a file being checked goes out at most this often (and once at the end). */
const CHECKED_EVENT_MS = 250;

/** A file of the field names alone: decoding, the CSV reader and the header mapping run once, on no records. */
const WARM_UP_FILE = new TextEncoder().encode(`${KYC_FIELDS.join(',')}\r\n`);

export function createKycBatches(options: KycBatchesOptions) {
  const batches = new Map<string, KycBatch>();
  const maxBatches = options.maxBatches ?? 4;
  const limits: KycLimits = { ...KYC_LIMITS, ...options.limits };

  const checkWith: CheckWith = { workers: options.workers, limits };
  /** The first check of each batch opened and not yet checked through. */
  const checks = new Map<string, Promise<void>>();

  function batchOf(batchId: string): KycBatch {
    const batch = batches.get(batchId);
    if (!batch) throw refusal('not_found', 'refusal.kyc.batchGone');
    return batch;
  }

  function idleBatchOf(batchId: string): KycBatch {
    const batch = checkedBatchOf(batchId);
    if (batch.busy) throw refusal('conflict', 'refusal.kyc.sendingWait');
    return batch;
  }

  /** A batch whose every row has been checked: sending, exporting, fixing and remapping need that. */
  function checkedBatchOf(batchId: string): KycBatch {
    const batch = batchOf(batchId);
    if (batch.checking) {
      const { checking, total } = batch.counts();
      throw refusal('conflict', 'refusal.kyc.stillChecking', { checked: total - checking, total });
    }
    return batch;
  }

  /** Whether a batch's file is large enough that what it leaves behind is worth collecting at once. */
  const isLarge = (batch: KycBatch) =>
    (batch.cells.packed.utf8?.byteLength ?? batch.cells.packed.text.length) > LARGE_FILE_BYTES;

  /** Lets a batch go; a large one's memory is collected once its check, if one ran, has let go too. */
  function letGo(batch: KycBatch): void {
    batch.close();
    batches.delete(batch.id);
    const check = checks.get(batch.id);
    if (!isLarge(batch)) return;
    if (check) check.catch(() => undefined).finally(() => void collectGarbageSoon());
    else void collectGarbageSoon();
  }

  function keepRoomForOneMore(): void {
    for (const batch of batches.values()) {
      if (batches.size < maxBatches) return;
      if (!batch.busy) letGo(batch);
    }
  }

  /**
   * Every row checked again under `mapping` and the batch's date orders. What the gateway accepted before
   * (this file's earlier batches) and in this session stays accepted: a userId column mapped by hand finds
   * them only now.
   */
  async function recheck(batch: KycBatch, mapping: KycColumnMapping[]): Promise<KycBatchSummary> {
    const accepted = new Set([...batch.acceptedBefore, ...batch.acceptedUserIds()]);
    await batch.rebuild(mapping, checkWith);
    await batch.markAccepted(accepted);
    return summaryOf(batch);
  }

  async function withBusy<T>(batch: KycBatch, work: () => Promise<T>): Promise<T> {
    if (batch.busy) throw refusal('conflict', 'refusal.kyc.alreadySending');
    batch.busy = true;
    try {
      return await work();
    } finally {
      batch.busy = false;
    }
  }

  /**
   * Reads the file in a worker (the other thread starts meanwhile) and keeps it as a batch whose rows are
   * then checked in both threads; answers once it is read, with the check under way.
   */
  async function start(
    file: FileSource,
    fileName: string,
    openOptions: StartOptions,
    /** Whether onChecked tells how the check goes on (a caller waiting for the end needs no telling). */
    tell: boolean,
  ): Promise<{ summary: KycBatchSummary; checked: Promise<void> }> {
    const onChecked = tell ? options.onChecked : undefined;
    options.workers.startAll(limits);
    const reply = await options.workers.run({ kind: 'open', file, fileName, limits }, limits);
    if (reply.kind !== 'open') throw new Error(`The KYC worker answered an open with a ${reply.kind} reply.`);
    const batch = KycBatch.create(randomUUID(), fileName, reply.opened);
    if (options.today) batch.dateWarnings.today = options.today;
    const accepted =
      typeof openOptions.alreadyAccepted === 'function'
        ? openOptions.alreadyAccepted(batch.sha256)
        : openOptions.alreadyAccepted;
    if (accepted) batch.acceptedBefore = accepted;
    const remembered = openOptions.mappingFor?.(batch.headers);
    const mappingFrom = remembered?.some(
      (column) => batch.mapping.find((current) => current.header === column.header)?.field !== column.field,
    )
      ? 'remembered'
      : 'guessed';
    if (remembered) batch.mapping = remapped(batch.mapping, remembered);
    // Before the first check: the accepted rows are checked, and shown, with the values that were sent.
    if (accepted && openOptions.sentEdits) batch.restoreSent(openOptions.sentEdits(batch.sha256), accepted);
    keepRoomForOneMore();
    batches.set(batch.id, batch);
    let lastEvent = performance.now();
    const run = batch.check(checkWith, () => {
      const now = performance.now();
      if (!onChecked || now - lastEvent < CHECKED_EVENT_MS || !batch.checking) return;
      lastEvent = now;
      onChecked({ batchId: batch.id, phase: 'checking', summary: summaryOf(batch, mappingFrom) });
    });
    const size = 'fd' in file ? file.size : file.bytes.byteLength;
    const checked = run.done.then(
      () => {
        checks.delete(batch.id);
        onChecked?.({ batchId: batch.id, phase: 'done', summary: summaryOf(batch, mappingFrom) });
      },
      (error: unknown) => {
        checks.delete(batch.id);
        // A file that could not be checked is not kept half-checked; one closed meanwhile is gone already.
        if (batches.get(batch.id) === batch) {
          batches.delete(batch.id);
          if (isLarge(batch)) void collectGarbageSoon();
        }
        if (!batch.closed) {
          const message = error instanceof Error ? error.message : String(error);
          onChecked?.({ batchId: batch.id, phase: 'failed', message });
        }
        throw error;
      },
    );
    checked
      .catch(() => undefined)
      .finally(() => {
        // What the threads were left holding of a large file (its bytes among it) is returned.
        if (size > LARGE_FILE_BYTES) options.workers.collectIdle();
      });
    checks.set(batch.id, checked);
    return { summary: summaryOf(batch, mappingFrom), checked };
  }

  /** A file opened and checked through: the summary at the end. */
  async function openChecked(
    file: FileSource,
    fileName: string,
    openOptions: KycOpenOptions,
  ): Promise<KycBatchSummary> {
    const { summary, checked } = await start(file, fileName, openOptions, false);
    await checked;
    return summaryOf(batchOf(summary.batchId), summary.mappingFrom);
  }

  return {
    /** The largest file opened by path (the KYC page says so). */
    maxFileBytes: limits.maxFileBytes,

    /**
     * Starts the worker threads (those not running) and has one open a header-only file, so that the
     * operator's first file does not also pay for loading the workers' code. Kept as any idle worker is.
     */
    async prepare(): Promise<void> {
      options.workers.startAll(limits);
      const file = { bytes: await copyInSlices(WARM_UP_FILE) };
      const reply = await options.workers.run(
        { kind: 'open', file, fileName: 'warm-up.csv', limits },
        limits,
      );
      if (reply.kind !== 'open')
        throw new Error(`The KYC worker answered a warm-up with a ${reply.kind} reply.`);
    },

    /**
     * A file a caller holds in memory (at most KYC_MAX_FILE_BYTES). Parsing and checking run in the worker
     * thread; main only sizes up the bytes, shares them and indexes the answer in slices, so its event loop
     * is never held for long.
     */
    async open(
      bytes: Uint8Array,
      fileName: string,
      openOptions: KycOpenOptions = {},
    ): Promise<KycBatchSummary> {
      const tooLarge = fileSizeRefusal(undefined, bytes.byteLength, KYC_MAX_FILE_BYTES);
      if (tooLarge) throw tooLarge;
      // Shared bytes handed over are read where they are; anything else is copied into shared memory.
      const shared = openOptions.handOver === true && bytes.buffer instanceof SharedArrayBuffer;
      return openChecked({ bytes: shared ? bytes : await copyInSlices(bytes) }, fileName, openOptions);
    },

    /**
     * A file on disk (at most `limits.maxFileBytes`), checked and opened here (open-path.ts); a worker
     * reads it from the descriptor, so main never holds its bytes. Answered once the file is read, its
     * rows `checking`: onChecked, or `checked`, tells the rest.
     */
    async openPath(path: string, openOptions: StartOptions = {}): Promise<KycBatchSummary> {
      const file = await openCheckedFile(path, limits.maxFileBytes);
      let started: Awaited<ReturnType<typeof start>>;
      try {
        started = await start({ fd: file.handle.fd, size: file.size }, file.fileName, openOptions, true);
      } finally {
        // The worker has read every byte by now: the descriptor is needed no longer.
        await file.handle.close();
      }
      return started.summary;
    },

    /** The batch's summary once every row is checked (at once when they are); refused when the check failed. */
    async checked(batchId: string): Promise<KycBatchSummary> {
      await checks.get(batchId);
      return summaryOf(batchOf(batchId));
    },

    summary(batchId: string): KycBatchSummary {
      return summaryOf(batchOf(batchId));
    },

    /** Remaps the listed columns (others keep their field), then normalizes and validates every row again. */
    async setMapping(batchId: string, changes: readonly KycColumnMapping[]): Promise<KycBatchSummary> {
      const batch = idleBatchOf(batchId);
      const mapping = remapped(batch.mapping, changes);
      return withBusy(batch, () => recheck(batch, mapping));
    },

    /** The officer's order for a mapped date column's undecided dates (null: as its rows prove). */
    async setDateOrder(
      batchId: string,
      header: string,
      order: KycDateOrder | null,
    ): Promise<KycBatchSummary> {
      const batch = idleBatchOf(batchId);
      if (!batch.isDateColumn(header)) {
        throw refusal('invalid', 'refusal.kyc.notDateColumn', { header }, 'header');
      }
      return withBusy(batch, () => {
        batch.chooseDateOrder(header, order);
        return recheck(batch, batch.mapping);
      });
    },

    rows(batchId: string, query: KycRowsOptions = {}): KycRowsPage {
      const batch = batchOf(batchId);
      const filter = query.filter ?? 'all';
      const offset = Math.max(0, Math.trunc(query.offset ?? 0));
      const limit = Math.min(Math.max(1, Math.trunc(query.limit ?? 100)), KYC_MAX_PAGE_ROWS);
      const page = batch.rows(offset, limit, filter);
      return { batchId, filter, offset, total: page.total, rows: page.rows, counts: batch.counts() };
    },

    /** A fix by `operator`; the answer carries the cell's text before it (what undo puts back). */
    update(
      batchId: string,
      index: number,
      field: KycField,
      value: string,
      operator?: string,
    ): KycUpdateResult {
      const batch = idleBatchOf(batchId);
      if (!Number.isInteger(index) || index < 0 || index >= batch.size) {
        throw refusal('not_found', 'refusal.kyc.noSuchRow', { row: index }, 'index');
      }
      if (batch.stateOf(index) === 'accepted') {
        throw refusal('conflict', 'refusal.kyc.recordAccepted');
      }
      const previous = batch.update(index, field, value, operator);
      return { row: batch.view(index), counts: batch.counts(), previous };
    },

    /** The officer confirms document-date warnings (warning-confirmations.ts): those rows may be sent. */
    confirmWarnings(batchId: string, scope: WarningScope): ConfirmedWarnings & { rows: number[] } {
      const batch = idleBatchOf(batchId);
      const confirmed = confirmWarnings(batch, scope);
      return { ...confirmed, rows: confirmed.indices.map((index) => batch.rowNumbers[index]!) };
    },

    async submit(batchId: string, submitOptions: KycSubmitOptions): Promise<KycSubmitResult> {
      const batch = checkedBatchOf(batchId);
      return withBusy(batch, () => submitBatch(batch, submitOptions));
    },

    async resubmitChunk(
      batchId: string,
      chunkIndex: number,
      submitOptions: Pick<KycSubmitOptions, 'send' | 'onProgress'>,
    ): Promise<KycSubmitResult> {
      const batch = checkedBatchOf(batchId);
      const chunk = batch.chunks[chunkIndex];
      if (!chunk) throw refusal('not_found', 'refusal.kyc.noSuchChunk', { chunk: chunkIndex });
      if (chunk.result?.state === 'accepted') {
        throw refusal('conflict', 'refusal.kyc.chunkAccepted', { chunk: chunkIndex });
      }
      if (!chunk.rows.some((row) => batch.stateOf(row) === 'valid')) {
        throw refusal('invalid', 'refusal.kyc.chunkNothingValid', { chunk: chunkIndex });
      }
      return withBusy(batch, () => resubmitChunk(batch, chunk, submitOptions));
    },

    async exportRejected(batchId: string, form?: CsvForm): Promise<KycExportResult> {
      const batch = checkedBatchOf(batchId);
      const { csv, rows } = await exportRejectedCsv(batch, form);
      const base = batch.fileName.replace(/\.[^.]+$/, '');
      return { fileName: `${base}-to-fix.csv`, csv, rows };
    },

    /** The batch's hand edits: what History is still to keep of them. */
    trail(batchId: string): KycEditTrail {
      return batchOf(batchId).trail;
    },

    acceptedUserIds(batchId: string): string[] {
      return batchOf(batchId).acceptedUserIds();
    },

    /** Whether the batch is still held (opening one more lets the least recently opened idle one go). */
    isOpen(batchId: string): boolean {
      return batches.has(batchId);
    },

    /** Lets the batch go, stopping its check if it runs; answers whether it was open. */
    close(batchId: string): boolean {
      const batch = batches.get(batchId);
      if (!batch) return false;
      if (batch.busy) throw refusal('conflict', 'refusal.kyc.closesAfterSending');
      letGo(batch);
      return true;
    },
  };
}

export type KycBatches = ReturnType<typeof createKycBatches>;
