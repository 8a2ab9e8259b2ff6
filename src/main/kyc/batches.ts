// The KYC files open in main, as batches: open a file (read and checked in the worker thread), page and
// fix its rows, send it in chunks, export what remains to fix. Batches live in memory only; history keeps
// accepted userIds per file hash, and hands them back through `alreadyAccepted` when the same file is
// opened again. kyc-service.ts joins them to the gateway, history and the renderer.
import { randomUUID } from 'node:crypto';
import { KYC_FIELDS } from '@shared/gateway/kyc';
import {
  KYC_MAX_FILE_BYTES,
  KYC_MAX_PAGE_ROWS,
  KYC_SUMMARY_ERRORS,
  type KycBatchSummary,
  type KycColumnMapping,
  type KycExportResult,
  type KycField,
  type KycRowFilter,
  type KycRowsPage,
  type KycSubmitResult,
  type KycUpdateResult,
} from '@shared/kyc-batch';
import { IpcFailure } from '../refusal';
import { type CheckAllRows, KycBatch } from './batch-store';
import { copyInSlices } from './bytes-in-slices';
import { missingRequiredFields, unmappedHeaders } from './checking/header-mapping';
import { exportRejectedCsv } from './export-csv';
import { fileSizeRefusal, KYC_LIMITS, type KycLimits } from './limits';
import { openCheckedFile } from './open-path';
import { type KycSubmitOptions, resubmitChunk, submitBatch } from './submit';
import type { KycWorkerPool } from './worker/worker-pool';
import type { FileSource } from './worker/worker-protocol';

export type { KycSend, KycSendOutcome, KycSubmitOptions } from './submit';

export interface KycOpenOptions {
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
}

export interface KycRowsOptions {
  offset?: number;
  limit?: number;
  filter?: KycRowFilter;
}

export interface KycBatchesOptions {
  /** The worker thread that reads and checks files (one for the app, made by the composition root). */
  workers: Pick<KycWorkerPool, 'run'>;
  /** Batches kept at once; opening one more drops the least recently opened idle batch. */
  maxBatches?: number;
  /** Tighter (or looser) limits than KYC_LIMITS, e.g. to rehearse them in tests. */
  limits?: Partial<KycLimits>;
}

/** A file of the field names alone: decoding, the CSV reader and the header mapping run once, on no records. */
const WARM_UP_FILE = new TextEncoder().encode(`${KYC_FIELDS.join(',')}\r\n`);

export function createKycBatches(options: KycBatchesOptions) {
  const batches = new Map<string, KycBatch>();
  const maxBatches = options.maxBatches ?? 4;
  const limits: KycLimits = { ...KYC_LIMITS, ...options.limits };

  const checkAllRows: CheckAllRows = async (check) => {
    const reply = await options.workers.run({ kind: 'check', check }, limits);
    if (reply.kind !== 'check')
      throw new Error(`The KYC worker answered a check with a ${reply.kind} reply.`);
    return reply.checks;
  };

  function batchOf(batchId: string): KycBatch {
    const batch = batches.get(batchId);
    if (!batch) throw new IpcFailure('not_found', 'This KYC file is no longer open; open it again.');
    return batch;
  }

  function idleBatchOf(batchId: string): KycBatch {
    const batch = batchOf(batchId);
    if (batch.busy) throw new IpcFailure('conflict', 'This KYC file is being sent; wait until sending ends.');
    return batch;
  }

  function summaryOf(batch: KycBatch): KycBatchSummary {
    const errors: KycBatchSummary['errors'] = [];
    // The first rows in file order of two sorted lists, merged only as far as the summary reaches.
    const invalid = batch.indicesFor('invalid');
    const rejected = batch.indicesFor('rejected');
    for (
      let a = 0, b = 0;
      errors.length < KYC_SUMMARY_ERRORS && (a < invalid.length || b < rejected.length);
    ) {
      const index =
        b >= rejected.length || (a < invalid.length && invalid[a]! < rejected[b]!)
          ? invalid[a++]!
          : rejected[b++]!;
      for (const error of batch.errorsOf(index)) {
        if (errors.length >= KYC_SUMMARY_ERRORS) break;
        errors.push({ ...error, index, row: batch.rowNumbers[index]! });
      }
    }
    return {
      mappingFrom: 'guessed',
      batchId: batch.id,
      fileName: batch.fileName,
      format: batch.format,
      sha256: batch.sha256,
      counts: batch.counts(),
      mapping: batch.mapping.map((column) => ({ ...column })),
      unmappedHeaders: unmappedHeaders(batch.mapping),
      missingRequiredFields: missingRequiredFields(batch.mapping),
      errors,
      warnings: [...batch.warnings],
    };
  }

  function keepRoomForOneMore(): void {
    for (const [id, batch] of batches) {
      if (batches.size < maxBatches) return;
      if (!batch.busy) batches.delete(id);
    }
  }

  async function withBusy<T>(batch: KycBatch, work: () => Promise<T>): Promise<T> {
    if (batch.busy) throw new IpcFailure('conflict', 'This KYC file is already being sent.');
    batch.busy = true;
    try {
      return await work();
    } finally {
      batch.busy = false;
    }
  }

  /** Reads and checks the file in the worker, then indexes its answer in main, a slice at a time. */
  async function openSource(
    file: FileSource,
    fileName: string,
    openOptions: Pick<KycOpenOptions, 'alreadyAccepted'>,
  ): Promise<KycBatchSummary> {
    const reply = await options.workers.run({ kind: 'open', file, fileName, limits }, limits);
    if (reply.kind !== 'open') throw new Error(`The KYC worker answered an open with a ${reply.kind} reply.`);
    const batch = await KycBatch.create(randomUUID(), fileName, reply.opened);
    const accepted =
      typeof openOptions.alreadyAccepted === 'function'
        ? openOptions.alreadyAccepted(batch.sha256)
        : openOptions.alreadyAccepted;
    if (accepted) {
      batch.acceptedBefore = accepted;
      await batch.markAccepted(accepted);
    }
    keepRoomForOneMore();
    batches.set(batch.id, batch);
    return summaryOf(batch);
  }

  return {
    /** The largest file opened by path (the KYC page says so). */
    maxFileBytes: limits.maxFileBytes,

    /**
     * Starts the worker thread (if it is not running) and has it open a header-only file, so that the
     * operator's first file does not also pay for loading the worker's code. Kept as any idle worker is.
     */
    async prepare(): Promise<void> {
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
      const refusal = fileSizeRefusal(undefined, bytes.byteLength, KYC_MAX_FILE_BYTES);
      if (refusal) throw refusal;
      // Shared bytes handed over are read where they are; anything else is copied into shared memory.
      const shared = openOptions.handOver === true && bytes.buffer instanceof SharedArrayBuffer;
      return openSource({ bytes: shared ? bytes : await copyInSlices(bytes) }, fileName, openOptions);
    },

    /**
     * A file on disk (at most `limits.maxFileBytes`), checked and opened here (open-path.ts); the worker
     * reads it from the descriptor, so main never holds its bytes.
     */
    async openPath(
      path: string,
      openOptions: Pick<KycOpenOptions, 'alreadyAccepted'> = {},
    ): Promise<KycBatchSummary> {
      const file = await openCheckedFile(path, limits.maxFileBytes);
      try {
        return await openSource({ fd: file.handle.fd, size: file.size }, file.fileName, openOptions);
      } finally {
        await file.handle.close();
      }
    },

    summary(batchId: string): KycBatchSummary {
      return summaryOf(batchOf(batchId));
    },

    /** Remaps the listed columns (others keep their field), then normalizes and validates every row again. */
    async setMapping(batchId: string, changes: readonly KycColumnMapping[]): Promise<KycBatchSummary> {
      const batch = idleBatchOf(batchId);
      const mapping = batch.mapping.map((column) => ({ ...column }));
      for (const change of changes) {
        const column = mapping.find((entry) => entry.header === change.header);
        if (!column) throw new IpcFailure('invalid', `The file has no column "${change.header}".`, 'mapping');
        column.field = change.field;
      }
      const seen = new Map<KycField, string>();
      for (const column of mapping) {
        if (column.field === null) continue;
        const other = seen.get(column.field);
        if (other !== undefined) {
          throw new IpcFailure(
            'invalid',
            `Columns "${other}" and "${column.header}" both feed ${column.field}.`,
            'mapping',
          );
        }
        seen.set(column.field, column.header);
      }
      return withBusy(batch, async () => {
        // What the gateway accepted before (this file's earlier batches) and in this session stays
        // accepted under the new mapping: a userId column mapped by hand finds them only now.
        const accepted = new Set([...batch.acceptedBefore, ...batch.acceptedUserIds()]);
        await batch.rebuild(mapping, checkAllRows);
        await batch.markAccepted(accepted);
        return summaryOf(batch);
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

    update(batchId: string, index: number, field: KycField, value: string): KycUpdateResult {
      const batch = idleBatchOf(batchId);
      if (!Number.isInteger(index) || index < 0 || index >= batch.size) {
        throw new IpcFailure('not_found', `There is no row ${index} in this file.`, 'index');
      }
      if (batch.stateOf(index) === 'accepted') {
        throw new IpcFailure(
          'conflict',
          'The gateway has accepted this record already; it cannot change here.',
        );
      }
      batch.update(index, field, value);
      return { row: batch.view(index), counts: batch.counts() };
    },

    async submit(batchId: string, submitOptions: KycSubmitOptions): Promise<KycSubmitResult> {
      const batch = batchOf(batchId);
      return withBusy(batch, () => submitBatch(batch, submitOptions));
    },

    async resubmitChunk(
      batchId: string,
      chunkIndex: number,
      submitOptions: Pick<KycSubmitOptions, 'send' | 'onProgress'>,
    ): Promise<KycSubmitResult> {
      const batch = batchOf(batchId);
      const chunk = batch.chunks[chunkIndex];
      if (!chunk) throw new IpcFailure('not_found', `The last submission has no chunk ${chunkIndex}.`);
      if (chunk.result?.state === 'accepted') {
        throw new IpcFailure(
          'conflict',
          `Chunk ${chunkIndex} was accepted; sending it again would duplicate it.`,
        );
      }
      if (!chunk.rows.some((row) => batch.stateOf(row) === 'valid')) {
        throw new IpcFailure(
          'invalid',
          `Chunk ${chunkIndex} has no valid record left to send: fix its rows first.`,
        );
      }
      return withBusy(batch, () => resubmitChunk(batch, chunk, submitOptions));
    },

    async exportRejected(batchId: string): Promise<KycExportResult> {
      const batch = batchOf(batchId);
      const { csv, rows } = await exportRejectedCsv(batch);
      const base = batch.fileName.replace(/\.[^.]+$/, '');
      return { fileName: `${base}-to-fix.csv`, csv, rows };
    },

    acceptedUserIds(batchId: string): string[] {
      return batchOf(batchId).acceptedUserIds();
    },

    /** Whether the batch is still held (opening one more lets the least recently opened idle one go). */
    isOpen(batchId: string): boolean {
      return batches.has(batchId);
    },

    close(batchId: string): void {
      const batch = batches.get(batchId);
      if (batch?.busy)
        throw new IpcFailure('conflict', 'This KYC file is being sent; it closes when sending ends.');
      batches.delete(batchId);
    },
  };
}

export type KycBatches = ReturnType<typeof createKycBatches>;
