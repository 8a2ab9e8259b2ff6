// What the history list, its filters and its charts look like to every process. Main owns the SQLite
// file and answers these named queries; the renderer only ever sends a parsed `HistoryFilter`, never SQL.
import { z } from 'zod';
import { rowShape } from './history-row';
import { canonicalAmountSchema, HISTORY_KINDS, payInStatusSchema } from './history-values';
import { refusalWordsSchema } from './ipc-error';
import { PAYIN_STATUSES } from './payin-lifecycle';

// The row's values (statuses, API versions, card and amount forms, note, KYC counts) are History's too.
export * from './history-values';

export const historyKindSchema = z.enum(HISTORY_KINDS);

/** Every status a history row can carry, pay-in or batch: what the status filter offers. */
export const HISTORY_STATUSES = [...PAYIN_STATUSES, 'completed', 'partial'] as const;
export const historyStatusSchema = z.enum(HISTORY_STATUSES);
export type HistoryStatus = z.infer<typeof historyStatusSchema>;

/** A pay-in as History reads it: its fields are the columns of history-row.ts that a pay-in has. */
export const payInRowSchema = z.object(rowShape('payin'));
export type PayInRow = z.infer<typeof payInRowSchema>;

/** A KYC batch as History reads it: its fields are the columns of history-row.ts that a batch has. */
export const kycBatchRowSchema = z.object(rowShape('kyc_batch'));
export type KycBatchRow = z.infer<typeof kycBatchRowSchema>;

export const historyRowSchema = z.discriminatedUnion('kind', [payInRowSchema, kycBatchRowSchema]);
export type HistoryRow = z.infer<typeof historyRowSchema>;

export const HISTORY_SORTS = ['createdAt_desc', 'createdAt_asc', 'amount_desc', 'amount_asc'] as const;
export const historySortSchema = z.enum(HISTORY_SORTS);
export type HistorySort = z.infer<typeof historySortSchema>;

const HISTORY_PAGE_MAX = 500;

/**
 * A search of at least this many characters (without a space) matches the order number, orderId and customer
 * id by any part of them, in any case; a shorter one matches them from their start, as written. The history
 * file's identifier index (migration 11) holds runs of exactly this many characters: changing it takes a new
 * migration.
 */
export const ID_PART_MIN = 4;

/**
 * A search as History reads it: groups of 4 letters and digits, at least one digit, separated by spaces
 * ("c724 c742") are a reference read back over the phone, and are searched as one part of an identifier;
 * anything else as typed (a dash is part of many customer ids: "cust-5005" stays as it is).
 */
export function searchText(text: string): string {
  const grouped = /^[A-Za-z0-9]{4}(?:\s+[A-Za-z0-9]{4})+$/.test(text) && /\d/.test(text);
  return grouped ? text.replace(/\s+/g, '') : text;
}

/**
 * The one filter the history list, the chart and the CSV export share.
 * - `text`: a prefix of merchantTradeNo, orderId, traceid or userId; words (prefixes) of the customer's
 *   name or e-mail, the decline reason or a batch's file name; an amount; the masked card as shown, or
 *   its last 4 digits.
 * - `from` (inclusive) / `to` (exclusive): creation time in epoch milliseconds.
 * - sorting by amount lists pay-ins only (a batch has no amount).
 * - `cursor` (keyset, from the previous page's `nextCursor`) or `offset`: not both.
 */
export const historyFilterSchema = z
  .strictObject({
    text: z.string().trim().min(1).max(64).transform(searchText).optional(),
    kind: historyKindSchema.optional(),
    status: z.array(historyStatusSchema).min(1).max(HISTORY_STATUSES.length).optional(),
    from: z.int().nonnegative().optional(),
    to: z.int().nonnegative().optional(),
    profile: z.string().min(1).optional(),
    /** Rows this operator made: an operator id (or, on rows from before personal accounts, the name typed then). */
    operator: z.string().trim().min(1).max(60).optional(),
    sort: historySortSchema.default('createdAt_desc'),
    cursor: z.string().min(1).max(200).optional(),
    offset: z.int().nonnegative().optional(),
    limit: z.int().min(1).max(HISTORY_PAGE_MAX).default(50),
  })
  .refine((filter) => !(filter.cursor !== undefined && filter.offset !== undefined), {
    message: 'Use either a cursor or an offset, not both.',
    path: ['cursor'],
  })
  .refine((filter) => filter.from === undefined || filter.to === undefined || filter.from <= filter.to, {
    message: 'The start of the date range is after its end.',
    path: ['from'],
  });
export type HistoryFilter = z.infer<typeof historyFilterSchema>;
export type HistoryFilterInput = z.input<typeof historyFilterSchema>;

/** A row that fails verification against the audit trail, and why. */
/** The catalogue's words of each of a list of reasons, in step with them; null for one without. */
const reasonWordsSchema = z.array(refusalWordsSchema.nullable());

export const flaggedRowSchema = z.object({
  rowId: z.int().positive(),
  reasons: z.array(z.string()).min(1),
  words: reasonWordsSchema.optional(),
});
export type FlaggedRow = z.infer<typeof flaggedRowSchema>;

export const historyPageSchema = z.object({
  rows: z.array(historyRowSchema),
  /** Pass as `cursor` for the next page; null when this page is the last. */
  nextCursor: z.string().nullable(),
  /** The rows of this page that fail verification (each row is checked as it is read). */
  flagged: z.array(flaggedRowSchema),
});
export type HistoryPage = z.infer<typeof historyPageSchema>;

/**
 * Chart data: pay-ins per day, status and currency (amounts of different currencies never add up).
 * `day` is YYYY-MM-DD in the caller's time zone, given as `utcOffsetMinutes`.
 */
export const dailyTotalsQuerySchema = z.strictObject({
  filter: historyFilterSchema.optional(),
  utcOffsetMinutes: z
    .int()
    .min(-14 * 60)
    .max(14 * 60)
    .default(0),
});
export type DailyTotalsQuery = z.infer<typeof dailyTotalsQuerySchema>;

export const dailyTotalSchema = z.object({
  day: z.iso.date(),
  status: payInStatusSchema,
  currency: z.string(),
  count: z.int().nonnegative(),
  amount: canonicalAmountSchema,
});
export type DailyTotal = z.infer<typeof dailyTotalSchema>;

/**
 * Problems of the chain as a whole rather than of one entry: a deleted, inserted or relinked entry, or a
 * rollback, may have taken an entry of any row written before it (audit-verify.ts).
 */
export const CHAIN_WIDE_PROBLEM_KINDS = [
  /** Entries missing from the sequence: deleted. */
  'entry_missing',
  /** An entry that does not link to the one before it: something was inserted, replaced or deleted. */
  'entry_unlinked',
  /** Entries after the chain's recorded head: added outside Paydesk. */
  'entries_added',
  /** The chain's recorded head was deleted or replaced. */
  'head_mismatch',
  /** The file is behind what Paydesk had written (anchor): an older copy, a deleted WAL, truncated rows. */
  'rolled_back',
  /** The anchor outside the file was gone though its key was there. */
  'anchor_missing',
] as const;

const AUDIT_PROBLEM_KINDS = [
  /** An entry's content or link no longer carries the hash it was sealed with. */
  'entry_changed',
  ...CHAIN_WIDE_PROBLEM_KINDS,
  /** A row that differs from what its latest audit entry recorded: edited outside Paydesk. */
  'row_changed',
  /** A row no audit entry describes: added outside Paydesk. */
  'row_added',
  /** Audit entries of a row that is gone: deleted outside Paydesk. */
  'row_deleted',
] as const;

export const auditProblemSchema = z.object({
  kind: z.enum(AUDIT_PROBLEM_KINDS),
  /** The audit entry concerned (the first one, for a range). */
  seq: z.int().nonnegative().optional(),
  /** The history row concerned, when there is one. */
  rowId: z.int().positive().optional(),
  /** What is wrong, in English (logs, and a reader whose catalogue lacks the key). */
  reason: z.string(),
  /** The same as the catalogue's key and values, said in the reader's language. */
  words: refusalWordsSchema.optional(),
});
export type AuditProblem = z.infer<typeof auditProblemSchema>;

/** A verification lists this many problems at most; `problemCount` counts every one. */
export const MAX_LISTED_PROBLEMS = 5_000;

/**
 * What a check of the audit trail found (`history.verify`, `history.auditStatus`). `startup`: the check at
 * start, of the entries written since the last verified one, the rows they touched, and the anchor.
 * `full`: every entry and every row.
 */
export const historyVerificationSchema = z.object({
  /** Nothing found wrong (entries that cannot be proved are not "wrong": see `unproved`). */
  ok: z.boolean(),
  scope: z.enum(['startup', 'full']),
  checkedAt: z.int().nonnegative(),
  /** The newest entry in the file. */
  entries: z.int().nonnegative(),
  /** The newest entry up to which the chain holds, and its time; null when there is none. */
  verifiedUpTo: z.object({ seq: z.int().nonnegative(), at: z.int().nonnegative() }).nullable(),
  rowsChecked: z.int().nonnegative(),
  /** Where the audit key is kept: the OS keychain, or memory (for this session only). */
  keyStore: z.enum(['keychain', 'memory']),
  /** Entries adopted from the unkeyed chain of an earlier Paydesk (checked with its SHA-256 rule). */
  legacy: z.object({ toSeq: z.int().positive() }).nullable(),
  /** Entries sealed under a key that is not at hand: their links hold or not, their content cannot be proved. */
  unproved: z.object({ fromSeq: z.int().positive(), toSeq: z.int().positive() }).nullable(),
  /** About the key and anchor themselves: could not be saved, could not be read. */
  notices: z.array(z.string()),
  /** The catalogue's words of each notice, in step with `notices` (absent from a check made before them). */
  noticeWords: z.array(refusalWordsSchema).optional(),
  problems: z.array(auditProblemSchema).max(MAX_LISTED_PROBLEMS),
  problemCount: z.int().nonnegative(),
});
export type HistoryVerification = z.infer<typeof historyVerificationSchema>;

export const auditStatusSchema = z.object({
  /** The latest check: the one at start until a full check has run. */
  verification: historyVerificationSchema,
  /** A full check is under way (one runs in the background after start). */
  checking: z.boolean(),
});
export type AuditStatus = z.infer<typeof auditStatusSchema>;

/** One audit entry of a row, as the detail's timeline shows it. */
export const auditEntryViewSchema = z.object({
  seq: z.int(),
  at: z.int(),
  operator: z.string(),
  event: z.string(),
  outcome: z.string(),
  resource: z.string(),
  detail: z.record(z.string(), z.unknown()),
});

/** One row against the audit trail, as the list and the detail drawer show it. */
export const rowAuditSchema = z.object({
  state: z.enum(['verified', 'failed', 'unproved']),
  /** Why it failed or cannot be proved, in English; empty when verified. */
  reasons: z.array(z.string()),
  /** Each reason's words, in step with `reasons`; null for a reason without (said in English). */
  words: reasonWordsSchema.optional(),
});
export type RowAudit = z.infer<typeof rowAuditSchema>;
