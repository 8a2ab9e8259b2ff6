// The values a history row's fields take (its statuses, API versions, card and amount forms, note, KYC
// counts and chunk results): the row's table (history-row.ts) gives each column one of these.
import { z } from 'zod';
import { refusalWordsSchema } from './ipc-error';
import { PAYIN_STATUSES } from './payin-lifecycle';

export const HISTORY_KINDS = ['payin', 'kyc_batch'] as const;
export type HistoryKind = (typeof HISTORY_KINDS)[number];

/** A pay-in's status as the contract and the history read it back: one of the lifecycle's statuses. */
export const payInStatusSchema = z.enum(PAYIN_STATUSES);

/**
 * A KYC batch's lifecycle. `partial`: some chunks accepted, some refused (A11: each chunk is all-or-nothing,
 * a batch of several chunks is not). `outcome_unknown`: a chunk was in flight when the answer was lost.
 */
export const KYC_BATCH_STATUSES = [
  'pending',
  'completed',
  'partial',
  'refused',
  'not_sent',
  'outcome_unknown',
] as const;
export const kycBatchStatusSchema = z.enum(KYC_BATCH_STATUSES);
export type KycBatchStatus = z.infer<typeof kycBatchStatusSchema>;

const API_VERSIONS = ['v1', 'v2'] as const;
export const apiVersionSchema = z.enum(API_VERSIONS);

/** First 6 and last 4 digits with the middle starred: the only card number form history accepts. */
export const maskedPanSchema = z
  .string()
  .regex(/^\d{6}\*{3,9}\d{4}$/, 'A masked card number: first 6 and last 4 digits, the rest as *.');

/** The canonical 2-place decimal text of src/shared/money/amount.ts. */
export const canonicalAmountSchema = z
  .string()
  .max(32)
  .regex(/^(0|[1-9]\d*)\.\d{2}$/, 'A canonical amount such as 12.50.');

/**
 * The note shown to the agent on a row: why it is in its status and what to do (`kind` is the status it was
 * written for, `field` the form field it names). Stored in history_rows.note_json (error_json before history
 * migration 9).
 */
export const historyNoteSchema = z.object({
  kind: z.string().min(1),
  /** English: the log's and the CSV export's, and what a reader is shown without `words`. */
  message: z.string(),
  field: z.string().optional(),
  /** The same words as the catalogue's key and values, said in the reader's language; absent on old rows. */
  words: refusalWordsSchema.optional(),
});
export type HistoryNote = z.infer<typeof historyNoteSchema>;

export const kycBatchCountsSchema = z.object({
  total: z.int().nonnegative(),
  valid: z.int().nonnegative(),
  invalid: z.int().nonnegative(),
  accepted: z.int().nonnegative(),
  rejected: z.int().nonnegative(),
});

export const kycChunkResultSchema = z.object({
  index: z.int().nonnegative(),
  traceid: z.string().nullable(),
  code: z.int().nullable(),
  msg: z.string(),
  /**
   * The catalogue's words of `msg` when Paydesk wrote it (a chunk not sent or of unknown outcome), for the
   * renderer to say in the reader's language; the gateway's msg has none, nor a chunk kept before they were.
   */
  words: refusalWordsSchema.optional(),
  count: z.int().nonnegative(),
});
