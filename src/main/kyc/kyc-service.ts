// The KYC service: the one object every kyc.* channel calls (kyc-handlers.ts). It joins the open batches
// (batches.ts) to the gateway, the history and the renderer: signs each chunk, records the batch (file
// name, hash, counts, per-chunk answers, accepted userIds, and the hand edits of records that were sent;
// no other personal data), and remembers which userIds of a file were accepted, and the values sent for
// them, so that the same file dropped again sends only the rest and shows what the gateway holds.

import type { KycRecord } from '@shared/gateway/kyc';
import type { KycBatchStatus } from '@shared/history';
import type {
  KycBatchSummary,
  KycChunkResult,
  KycColumnMapping,
  KycConfirmWarningsInput,
  KycConfirmWarningsResult,
  KycDateOrderInput,
  KycExportResult,
  KycField,
  KycProgressEvent,
  KycRowsPage,
  KycSubmitResult,
  KycUpdateResult,
} from '@shared/kyc-batch';
import type { KycEdit } from '@shared/kyc-edits';
import type { Profile } from '@shared/profile';
import { signBody } from '../../node/sign';
import type { CsvForm } from '../csv/csv-form';
import { submitKyc } from '../gateway/client';
import type { HistoryStore } from '../history/store/history-store';
import { refusal } from '../i18n/refuse';
import type { KycBatches, KycRowsOptions } from './batches';
import { decodeBase64InSlices } from './bytes-in-slices';
import { dayText } from './checking/document-dates';
import type { MappingMemory } from './mapping-memory';
import type { KycSend, KycSendOutcome } from './submit';

interface KycConnection {
  profile: Profile;
  kycBaseUrl: string;
  secret: () => Promise<string | undefined>;
  operator: string;
}

function batchStatus(result: KycSubmitResult): KycBatchStatus {
  const states = result.chunks.map((chunk) => chunk.state);
  if (states.length > 0 && states.every((state) => state === 'accepted')) return 'completed';
  if (states.includes('accepted')) return 'partial';
  if (states.includes('outcome_unknown')) return 'outcome_unknown';
  if (states.includes('refused')) return 'refused';
  return 'not_sent';
}

function countsOf(counts: KycSubmitResult['counts']) {
  const { total, valid, invalid, accepted, rejected } = counts;
  return { total, valid, invalid, accepted, rejected };
}

export type KycService = ReturnType<typeof createKycService>;

export function createKycService(deps: {
  batches: KycBatches;
  history: HistoryStore;
  connection: () => Promise<KycConnection>;
  emitProgress: (event: KycProgressEvent) => void;
  /** Mappings set by hand, per header set (absent: nothing is remembered). */
  mappings?: MappingMemory;
  /** Who works the desk now: who made a hand edit, who confirmed a warning (the connection's operator otherwise). */
  operator?: () => string;
  /** Main's clock (ms): when a warning was confirmed. */
  now?: () => number;
}) {
  const operatorName = deps.operator ?? (() => 'operator');
  const historyRows = new Map<string, number>();
  /** Confirmations of warnings made before the batch's history row was written: written into it then. */
  const unrecorded = new Map<string, { operator: string; detail: Record<string, unknown> }[]>();

  async function sender(connection: KycConnection) {
    const secret = await connection.secret();
    if (!secret) {
      throw refusal('invalid', 'refusal.kyc.secretMissing');
    }
    const { profile } = connection;
    return async (records: KycRecord[]): Promise<KycSendOutcome> => {
      const body = { merchantId: profile.merchantId, data: records };
      const result = await submitKyc(
        connection.kycBaseUrl,
        { ...body, sign: signBody(body, secret, profile.signAlgorithm) },
        { connectTimeoutMs: profile.connectTimeoutMs, timeoutMs: profile.requestTimeoutMs },
      );
      switch (result.kind) {
        case 'accepted':
        case 'refused': {
          const { kind, code, msg, traceid } = result;
          return kind === 'accepted'
            ? { kind, code, msg, traceid, count: result.count }
            : { kind, code, msg, traceid };
        }
        case 'outcome_unknown': {
          const { message, words, code, traceid, count } = result;
          return {
            kind: 'outcome_unknown',
            message,
            ...(words !== undefined && { words }),
            ...(code !== undefined && { code }),
            ...(traceid !== undefined && { traceid }),
            ...(count !== undefined && { count }),
          };
        }
        case 'not_sent':
          return {
            kind: 'not_sent',
            message: result.message,
            ...(result.words !== undefined && { words: result.words }),
          };
      }
    };
  }

  /** The batch's history row, written before the first chunk leaves (status pending until the end). */
  function historyRowOf(batchId: string, connection: KycConnection): number {
    let rowId = historyRows.get(batchId);
    if (rowId === undefined) {
      const summary = deps.batches.summary(batchId);
      rowId = deps.history.insertKycBatch({
        profile: connection.profile.name,
        operator: connection.operator,
        fileName: summary.fileName,
        sha256: summary.sha256,
        counts: countsOf(summary.counts),
      });
      historyRows.set(batchId, rowId);
      for (const confirmation of unrecorded.get(batchId) ?? []) {
        deps.history.recordKycBatchEvent(
          rowId,
          WARNINGS_CONFIRMED,
          confirmation.operator,
          confirmation.detail,
        );
      }
      unrecorded.delete(batchId);
    }
    return rowId;
  }

  /**
   * The officer's confirmation goes into the audit trail at once, and into the batch's history record:
   * now when the batch has one, or when its first chunk leaves.
   */
  async function confirmWarnings(input: KycConfirmWarningsInput): Promise<KycConfirmWarningsResult> {
    const { batchId } = input;
    const operator = deps.operator?.() ?? (await deps.connection()).operator;
    const confirmed = deps.batches.confirmWarnings(
      batchId,
      input.scope === 'rows'
        ? { scope: 'rows', indices: input.indices }
        : { scope: 'batch', count: input.count },
    );
    const summary = deps.batches.summary(batchId);
    const detail = {
      scope: input.scope,
      rows: rowRanges(confirmed.rows),
      rowCount: confirmed.rows.length,
      deskDay: dayText(confirmed.today),
      confirmedAt: (deps.now ?? Date.now)(),
      fileName: summary.fileName,
      sha256: summary.sha256,
    };
    const rowId = historyRows.get(batchId);
    if (rowId !== undefined) {
      deps.history.recordKycBatchEvent(rowId, WARNINGS_CONFIRMED, operator, detail);
    } else {
      deps.history.recordEvent({
        operator,
        event: WARNINGS_CONFIRMED,
        outcome: 'success',
        resource: `kyc-file:${summary.sha256}`,
        detail,
      });
      unrecorded.set(batchId, [...(unrecorded.get(batchId) ?? []), { operator, detail }]);
    }
    return { rows: confirmed.rows, counts: summary.counts };
  }

  function save(
    batchId: string,
    rowId: number,
    state: { status: KycBatchStatus; counts: KycSubmitResult['counts']; chunks: KycChunkResult[] },
    connection: KycConnection,
  ): void {
    const trail = deps.batches.trail(batchId);
    const edits = [...trail.unsavedEdits()];
    deps.history.updateKycBatch(rowId, {
      // The row is inserted pending; a mid-batch save leaves the status as it is (a resubmitted chunk's
      // batch has ended before, and history refuses to make it pending again).
      status: state.status === 'pending' ? undefined : state.status,
      counts: countsOf(state.counts),
      chunks: state.chunks.map((chunk) => ({
        index: chunk.index,
        traceid: chunk.traceid,
        code: chunk.code,
        msg: chunk.msg,
        ...(chunk.words && { words: chunk.words }),
        count: chunk.count ?? 0,
      })),
      acceptedUserIds: deps.batches.acceptedUserIds(batchId),
      operator: connection.operator,
      edits,
    });
    trail.saved(edits.length);
  }

  /**
   * Sends through the batches, saving what the gateway accepted after every chunk and before its
   * progress event goes out: a crash mid-batch loses at most the chunks whose answers had not arrived,
   * and those count as not accepted, so the same file sends them again. The batch's history row is
   * written as the first chunk leaves: a submission with nothing left to send sends nothing and writes
   * nothing, so the row of the submission that did send keeps its status and chunk answers.
   */
  async function sendRecorded(
    batchId: string,
    connection: KycConnection,
    send: KycSend,
    run: (send: KycSend, onProgress: (event: KycProgressEvent) => void) => Promise<KycSubmitResult>,
  ): Promise<KycSubmitResult> {
    let rowId: number | undefined;
    const recordedSend: KycSend = (records) => {
      rowId ??= historyRowOf(batchId, connection);
      return send(records);
    };
    const answered = new Map<number, KycChunkResult>();
    const result = await run(recordedSend, (event) => {
      answered.set(event.chunk.index, event.chunk);
      const chunks = [...answered.values()].sort((a, b) => a.index - b.index);
      if (rowId !== undefined) {
        save(
          batchId,
          rowId,
          { status: 'pending', counts: deps.batches.summary(batchId).counts, chunks },
          connection,
        );
      }
      deps.emitProgress(event);
    });
    if (rowId !== undefined) {
      save(
        batchId,
        rowId,
        { status: batchStatus(result), counts: result.counts, chunks: result.chunks },
        connection,
      );
    }
    return result;
  }

  /** To the active profile's gateway, once confirmed when it is a production one, with its secret. */
  async function sendConfirmed(
    batchId: string,
    confirmedProfile: string | undefined,
    run: (send: KycSend, onProgress: (event: KycProgressEvent) => void) => Promise<KycSubmitResult>,
  ): Promise<KycSubmitResult> {
    const connection = await deps.connection();
    requireProductionConfirmation(connection.profile, confirmedProfile);
    const send = await sender(connection);
    return sendRecorded(batchId, connection, send, run);
  }

  /** userIds accepted from this file before: history is asked by the hash the worker computed. */
  function alreadyAccepted(sha256: string): Set<string> {
    const accepted = new Set<string>();
    for (const batch of deps.history.findKycBatchesBySha256(sha256)) {
      for (const userId of batch.acceptedUserIds) accepted.add(userId);
    }
    return accepted;
  }

  /** The hand edits History holds for a file: its accepted rows are shown as they were sent. */
  function sentEdits(sha256: string): KycEdit[] {
    return deps.history
      .findKycBatchesBySha256(sha256)
      .flatMap((batch) => deps.history.kycEdits(batch.id).edits);
  }

  /** The mapping set by hand for files with these headers, checked under from the start. */
  const mappingFor = (headers: readonly string[]) => deps.mappings?.recall(headers);

  /** A batch just opened: the history rows of batches the batch service has let go are forgotten. */
  function opened(summary: KycBatchSummary): KycBatchSummary {
    for (const batchId of historyRows.keys()) {
      if (!deps.batches.isOpen(batchId)) historyRows.delete(batchId);
    }
    for (const batchId of unrecorded.keys()) {
      if (!deps.batches.isOpen(batchId)) unrecorded.delete(batchId);
    }
    return summary;
  }

  return {
    /** The KYC page is open: the worker thread is readied, so the first file opens as fast as later ones. */
    prepare: (): Promise<void> => deps.batches.prepare(),
    /** The largest file opened by path. */
    maxFileBytes: deps.batches.maxFileBytes,
    /** A file the caller holds in memory, as base64 (`kyc.open`). */
    async open(input: { fileName: string; bytes: string }): Promise<KycBatchSummary> {
      const bytes = await decodeBase64InSlices(input.bytes);
      // The decoded bytes are this call's own: they move to the worker rather than being copied.
      return opened(
        await deps.batches.open(bytes, input.fileName, {
          alreadyAccepted,
          mappingFor,
          sentEdits,
          handOver: true,
        }),
      );
    },
    /**
     * A file on disk the operator dropped or picked (`kyc.openPath`): a worker reads it from there, and it
     * is answered once read, its rows shown while they are checked (the `kyc.checked` events).
     */
    async openPath(input: { path: string }): Promise<KycBatchSummary> {
      return opened(await deps.batches.openPath(input.path, { alreadyAccepted, mappingFor, sentEdits }));
    },
    /** Closes a file, stopping its check if it runs. */
    close(batchId: string): { closed: boolean } {
      const closed = deps.batches.close(batchId);
      historyRows.delete(batchId);
      unrecorded.delete(batchId);
      return { closed };
    },
    /** A mapping set by hand: applied, and remembered for the next file with the same headers. */
    async setMapping(batchId: string, changes: KycColumnMapping[]): Promise<KycBatchSummary> {
      const summary = await deps.batches.setMapping(batchId, changes);
      deps.mappings?.remember(
        summary.mapping.map((column) => column.header),
        summary.mapping,
      );
      return summary;
    },
    confirmWarnings,
    /** The officer's order for a date column: applied, and in the audit trail at once. */
    async setDateOrder(input: KycDateOrderInput): Promise<KycBatchSummary> {
      const summary = await deps.batches.setDateOrder(input.batchId, input.header, input.order);
      deps.history.recordEvent({
        operator: deps.operator?.() ?? (await deps.connection()).operator,
        event: DATE_ORDER_CHOSEN,
        outcome: 'success',
        resource: `kyc-file:${summary.sha256}`,
        detail: {
          fileName: summary.fileName,
          header: input.header,
          order: input.order ?? 'as the rows prove',
        },
      });
      return summary;
    },
    rows: (batchId: string, query: KycRowsOptions): KycRowsPage => deps.batches.rows(batchId, query),
    update: (batchId: string, index: number, field: KycField, value: string): KycUpdateResult =>
      deps.batches.update(batchId, index, field, value, operatorName()),
    submit: (batchId: string, onlyRemaining: boolean, confirmedProfile?: string): Promise<KycSubmitResult> =>
      sendConfirmed(batchId, confirmedProfile, (send, onProgress) =>
        deps.batches.submit(batchId, { send, onlyRemaining, onProgress }),
      ),
    resubmitChunk: (
      batchId: string,
      chunkIndex: number,
      confirmedProfile?: string,
    ): Promise<KycSubmitResult> =>
      sendConfirmed(batchId, confirmedProfile, (send, onProgress) =>
        deps.batches.resubmitChunk(batchId, chunkIndex, { send, onProgress }),
      ),
    /**
     * The rows still to fix, as a CSV to correct in a spreadsheet and open again: identity records in bulk,
     * so the export is audited as History's is (PCI DSS 10.2.1), and waits for a supervisor (approval-rules.ts).
     */
    async exportRejected(batchId: string, form?: CsvForm): Promise<KycExportResult> {
      const result = await deps.batches.exportRejected(batchId, form);
      const detail = { batchId, rows: result.rows, form: form?.name ?? 'machine' };
      const rowId = historyRows.get(batchId);
      if (rowId !== undefined)
        deps.history.recordKycBatchEvent(rowId, REJECTED_EXPORTED, operatorName(), detail);
      else {
        deps.history.recordEvent({
          operator: operatorName(),
          event: REJECTED_EXPORTED,
          outcome: 'success',
          resource: `kyc-batch:${batchId}`,
          detail,
        });
      }
      return result;
    },
  };
}

/** The audit event of an export of a batch's rows still to fix (identity records). */
const REJECTED_EXPORTED = 'kyc_batch.rejected_exported';

/** The audit event of a confirmation of document-date warnings (History's timeline names it). */
const WARNINGS_CONFIRMED = 'kyc_batch.warnings_confirmed';
const DATE_ORDER_CHOSEN = 'kyc_batch.date_order_chosen';

/** Row numbers as short ranges for the audit trail: [3, 5, 6, 7, 12] → "3, 5-7, 12". */
function rowRanges(rows: readonly number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < rows.length; ) {
    let j = i;
    while (j + 1 < rows.length && rows[j + 1] === rows[j]! + 1) j++;
    parts.push(j === i ? `${rows[i]}` : `${rows[i]}-${rows[j]}`);
    i = j + 1;
  }
  return parts.join(', ');
}

/** Personal data goes to a production gateway only after the operator confirmed that very profile. */
function requireProductionConfirmation(profile: Profile, confirmedProfile: string | undefined): void {
  if (profile.environment !== 'production' || confirmedProfile === profile.id) return;
  throw refusal(
    'conflict',
    confirmedProfile === undefined
      ? 'refusal.kyc.productionUnconfirmed'
      : 'refusal.kyc.productionOtherProfile',
    { profile: profile.name },
    'confirmedProfile',
  );
}
