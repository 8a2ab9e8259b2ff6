// Sending a batch in chunks. The gateway takes a request whole or refuses it whole (assumption A11), so a
// chunk's records are accepted together or stay unsent together; a refusal that names `data[k].field`
// marks just that record, and the chunk can be sent again once it is fixed.
import { KYC_FIELDS, KYC_MAX_RECORDS_PER_REQUEST, type KycRecord } from '@shared/gateway/kyc';
import type {
  KycChunkResult,
  KycField,
  KycProgressEvent,
  KycRowError,
  KycSubmitResult,
} from '@shared/kyc-batch';
import type { RefusalWords } from '@shared/refusal-words';
import { refusal } from '../i18n/refuse';
import { errorWords, worded } from '../i18n/worded';
import { type ChunkPlan, type KycBatch, STATE } from './batch-store';

/**
 * What one chunk's request came to: accepted (code 0 and every record counted), refused (a non-zero code,
 * data null), or of unknown outcome (no answer, or an answer that does not count every record sent).
 */
export type KycSendOutcome =
  | { kind: 'accepted'; code: number; msg: string; traceid: string; count: number }
  | { kind: 'refused'; code: number; msg: string; traceid: string }
  | { kind: 'not_sent'; message: string; words?: RefusalWords }
  | {
      kind: 'outcome_unknown';
      message: string;
      words?: RefusalWords;
      code?: number;
      traceid?: string;
      count?: number;
    };

/** Sends one chunk of records as one signed request; wired by the composition root to the gateway client. */
export type KycSend = (records: KycRecord[]) => Promise<KycSendOutcome>;

export interface KycSubmitOptions {
  send: KycSend;
  onProgress?: (event: KycProgressEvent) => void;
  /** true (default): records not accepted yet. false: every valid record again (e.g. to another profile). */
  onlyRemaining?: boolean;
  chunkSize?: number;
  /** Requests in flight at once; 2 keeps a large batch quick without crowding the gateway. */
  concurrency?: number;
}

const FIELDS: ReadonlySet<string> = new Set(KYC_FIELDS);

/** `data[3].email: …` → record 3, field email, the rest as the message. */
function refusalTarget(msg: string): { index: number; field: KycField | null; message: string } | undefined {
  const match = /data\[(\d+)\](?:\.([A-Za-z]+))?(?:\[\d+\])?\s*:?\s*([\s\S]*)/.exec(msg);
  if (!match) return undefined;
  const field = match[2] !== undefined && FIELDS.has(match[2]) ? (match[2] as KycField) : null;
  return { index: Number(match[1]), field, message: match[3]?.trim() || msg };
}

function progressTotals(chunks: readonly ChunkPlan[]) {
  const totals = {
    sentRecords: 0,
    acceptedRecords: 0,
    rejectedRecords: 0,
    unknownRecords: 0,
    notSentRecords: 0,
  };
  for (const chunk of chunks) {
    const result = chunk.result;
    if (!result) continue;
    totals.sentRecords += result.records;
    if (result.state === 'accepted') totals.acceptedRecords += result.records;
    else if (result.state === 'refused') totals.rejectedRecords += result.records;
    else if (result.state === 'not_sent') totals.notSentRecords += result.records;
    else totals.unknownRecords += result.records;
  }
  return totals;
}

async function sendChunk(
  batch: KycBatch,
  chunk: ChunkPlan,
  rows: Int32Array,
  send: KycSend,
): Promise<KycChunkResult> {
  // Valid records pass the wire schema by construction, so the normalized record is the wire record.
  const records = Array.from(rows, (row) => batch.recordOf(row) as KycRecord);
  for (const row of rows) batch.setState(row, 'sending');
  let outcome: KycSendOutcome;
  try {
    outcome = await send(records);
  } catch (error) {
    outcome = {
      kind: 'outcome_unknown',
      message: error instanceof Error ? error.message : String(error),
      ...errorWords(error),
    };
  }
  // What left Paydesk is History's to keep, edits included; a request never made sent nothing.
  if (outcome.kind !== 'not_sent') {
    const userIds = records.map((record) => record.userId);
    batch.trail.sent(rows, (row) => batch.rowNumbers[row]!, userIds);
  }
  const base = { index: chunk.index, records: rows.length };
  if (outcome.kind === 'accepted' && outcome.count === rows.length) {
    for (const row of rows) batch.setState(row, 'accepted');
    const { code, msg, traceid, count } = outcome;
    return { ...base, state: 'accepted', code, msg, traceid, count };
  }
  // Not proven accepted: every record goes back to valid, so the same file offers it again (A22).
  for (const row of rows) batch.setState(row, 'valid');
  if (outcome.kind === 'accepted') {
    const said = worded('kyc.chunk.partialCount', { count: outcome.count, sent: rows.length });
    return {
      ...base,
      state: 'outcome_unknown',
      code: outcome.code,
      msg: said.message,
      words: said.words,
      traceid: outcome.traceid,
      count: outcome.count,
    };
  }
  if (outcome.kind === 'not_sent') {
    return {
      ...base,
      state: 'not_sent',
      code: null,
      msg: outcome.message,
      ...(outcome.words && { words: outcome.words }),
      traceid: null,
      count: null,
    };
  }
  if (outcome.kind === 'outcome_unknown') {
    return {
      ...base,
      state: 'outcome_unknown',
      code: outcome.code ?? null,
      msg: outcome.message,
      ...(outcome.words && { words: outcome.words }),
      traceid: outcome.traceid ?? null,
      count: outcome.count ?? null,
    };
  }
  const target = refusalTarget(outcome.msg);
  const row = target ? rows[target.index] : undefined;
  if (target && row !== undefined) {
    // The gateway's own words about the record stay as it sent them: a value of Paydesk's sentence.
    const said = worded('kyc.chunk.refusedRow', { said: target.message, traceid: outcome.traceid });
    const error: KycRowError = { field: target.field, ...said, source: 'gateway' };
    batch.gatewayErrors.set(row, error);
    batch.refresh(row);
  }
  return {
    ...base,
    state: 'refused',
    code: outcome.code,
    msg: outcome.msg,
    traceid: outcome.traceid,
    count: null,
  };
}

async function runChunks(
  batch: KycBatch,
  work: { chunk: ChunkPlan; rows: Int32Array }[],
  options: KycSubmitOptions,
): Promise<void> {
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < work.length) {
      const { chunk, rows } = work[next++]!;
      chunk.result = await sendChunk(batch, chunk, rows, options.send);
      done++;
      options.onProgress?.({
        batchId: batch.id,
        ...progressTotals(work.map((item) => item.chunk)),
        doneChunks: done,
        totalChunks: work.length,
        chunk: chunk.result,
      });
    }
  };
  const concurrency = Math.max(1, options.concurrency ?? 2);
  await Promise.all(Array.from({ length: Math.min(concurrency, work.length) }, worker));
}

function submitResult(batch: KycBatch, awaitingConfirmation: number): KycSubmitResult {
  return {
    batchId: batch.id,
    ...progressTotals(batch.chunks),
    awaitingConfirmation,
    chunks: batch.chunks.flatMap((chunk) => (chunk.result ? [chunk.result] : [])),
    counts: batch.counts(),
  };
}

export async function submitBatch(batch: KycBatch, options: KycSubmitOptions): Promise<KycSubmitResult> {
  const chunkSize = Math.min(
    Math.max(1, options.chunkSize ?? KYC_MAX_RECORDS_PER_REQUEST),
    KYC_MAX_RECORDS_PER_REQUEST,
  );
  const pending: number[] = [];
  // Rows whose document-date warning nobody confirmed stay here (warning-confirmations.ts).
  const held = new Set(batch.dateWarnings.awaiting());
  let awaiting = 0;
  for (let i = 0; i < batch.size; i++) {
    const state = batch.states[i];
    if (state === STATE.valid || (options.onlyRemaining === false && state === STATE.accepted)) {
      if (held.has(i)) awaiting++;
      else pending.push(i);
    }
  }
  batch.chunks = [];
  for (let start = 0; start < pending.length; start += chunkSize) {
    batch.chunks.push({
      index: batch.chunks.length,
      rows: Int32Array.from(pending.slice(start, start + chunkSize)),
    });
  }
  await runChunks(
    batch,
    batch.chunks.map((chunk) => ({ chunk, rows: chunk.rows })),
    options,
  );
  return submitResult(batch, awaiting);
}

/** Sends one chunk of the latest submission again: its records that are still valid and not accepted. */
export async function resubmitChunk(
  batch: KycBatch,
  chunk: ChunkPlan,
  options: Pick<KycSubmitOptions, 'send' | 'onProgress'>,
): Promise<KycSubmitResult> {
  const held = new Set(batch.dateWarnings.awaiting());
  const rows = chunk.rows.filter((row) => batch.states[row] === STATE.valid && !held.has(row));
  if (rows.length === 0) {
    throw refusal('invalid', 'refusal.kyc.chunkWaitsConfirmation', { chunk: chunk.index });
  }
  await runChunks(batch, [{ chunk, rows }], { ...options, concurrency: 1 });
  return submitResult(batch, chunk.rows.filter((row) => held.has(row)).length);
}
