// What crosses IPC about a KYC batch file: the file going in, the summary and pages of rows coming out,
// cell fixes, submission results and progress. The batch itself stays in main; the renderer only ever
// sees pages of it, so 100,000 records never cross the bridge at once.
import { z } from 'zod';
import { KYC_FIELDS, type KycRecord } from './gateway/kyc';
import { type RefusalWords, refusalWordsSchema } from './ipc-error';
import { kycCellChangeSchema } from './kyc-edits';

export type KycField = keyof KycRecord;
const kycFieldSchema = z.enum(KYC_FIELDS as [KycField, ...KycField[]]);

/**
 * Largest file `kyc.open` takes as bytes in the call itself (base64 text): 64 MiB. The app and the browser
 * harness open the operator's files by path instead (`kyc.openPath`), up to KYC_LIMITS.maxFileBytes
 * (src/main/kyc/limits.ts); this route is for files a caller already holds in memory.
 */
export const KYC_MAX_FILE_BYTES = 64 * 1024 * 1024;
/** The same cap as base64 text. */
const KYC_MAX_FILE_BASE64_CHARS = Math.ceil(KYC_MAX_FILE_BYTES / 3) * 4;
/** Extensions of the files Paydesk reads: CSV (also as .tsv/.txt), XLSX workbooks and JSON. */
export const KYC_FILE_EXTENSIONS = ['csv', 'tsv', 'txt', 'xlsx', 'json'] as const;

/** The extension of a file name or path, lower-cased, without its dot; undefined when it has none. */
function fileExtension(name: string): string | undefined {
  return /\.([^./\\]+)$/.exec(name)?.[1]?.toLowerCase();
}

/** Why Paydesk does not read a file of this name (by its extension), as words; undefined when it does. */
export function fileTypeWords(name: string): RefusalWords | undefined {
  const extension = fileExtension(name);
  if (extension === 'xls') return { key: 'refusal.kyc.legacyExcel', values: { file: name } };
  if (!(KYC_FILE_EXTENSIONS as readonly (string | undefined)[]).includes(extension)) {
    return { key: 'refusal.kyc.notReadable', values: { file: name } };
  }
  return undefined;
}

/** "12.5 MB" (or KB below a megabyte), as sizes are told to the operator. */
export function fileSizeText(bytes: number): string {
  return bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * A size as the catalogue's values say it (`{name, number} {nameUnit, select, kb {KB} other {MB}}`): the
 * number to one decimal place, which the reader's language formats ("12,5 MB" in German).
 */
function sizeValues(name: string, bytes: number): Record<string, string | number> {
  const kb = bytes < 1024 * 1024;
  const amount = kb ? bytes / 1024 : bytes / 1024 / 1024;
  return { [name]: Math.round(amount * 10) / 10, [`${name}Unit`]: kb ? 'kb' : 'mb' };
}

/** Why a file of `bytes` is not opened, as words: the same from the page (before sending) and from main. */
export function fileTooLargeWords(
  fileName: string | undefined,
  bytes: number,
  maxBytes: number,
): RefusalWords {
  return {
    key: 'refusal.kyc.fileTooLarge',
    values: {
      named: fileName === undefined ? 'no' : 'yes',
      file: fileName ?? '',
      ...sizeValues('size', bytes),
      ...sizeValues('max', maxBytes),
    },
  };
}

/** How many rows one `kyc.rows` call may return: a screenful or two, never the whole batch. */
export const KYC_MAX_PAGE_ROWS = 1000;
/** How many errors the summary lists; the rest are reached by paging the `invalid` filter. */
export const KYC_SUMMARY_ERRORS = 20;

/** `checking`: a row of a file opened by path whose check has not reached it yet (kyc.checked). */
export const KYC_ROW_STATES = ['valid', 'invalid', 'accepted', 'rejected', 'sending', 'checking'] as const;
export const kycRowStateSchema = z.enum(KYC_ROW_STATES);
export type KycRowState = z.infer<typeof kycRowStateSchema>;

/** `warnings`: valid rows whose document-date warning waits for the compliance officer's confirmation. */
export const KYC_ROW_FILTERS = ['all', 'invalid', 'warnings', 'valid', 'accepted', 'rejected'] as const;
export const kycRowFilterSchema = z.enum(KYC_ROW_FILTERS);
export type KycRowFilter = z.infer<typeof kycRowFilterSchema>;

const batchId = z.string().min(1).max(64);

export const kycOpenInput = z.strictObject({
  fileName: z.string().min(1).max(255),
  /**
   * The file's bytes, base64-encoded; at most KYC_MAX_FILE_BYTES once decoded. The length is checked
   * first and stops the rest: the base64 pattern over a 300 MB string would hold main for half a second.
   */
  bytes: z
    .string()
    .max(KYC_MAX_FILE_BASE64_CHARS, { error: 'The file is over 64 MB.', abort: true })
    .pipe(z.base64('The file must arrive base64-encoded.')),
});

/**
 * A file on disk to open (`kyc.openPath`). Never a path the page names: a host derives it from a File the
 * operator dropped or picked (the preload through webUtils.getPathForFile; the browser harness from the
 * temporary file its upload was written to). Main checks it again before reading a byte (kyc/open-path.ts).
 */
export const kycOpenPathInput = z.strictObject({
  path: z
    .string()
    .min(1)
    .max(4096)
    .refine((path) => !path.includes('\0'), 'A path has no NUL character.'),
});

/**
 * A row problem's or warning's words (shared/kyc-problems.ts): the renderer says them in the reader's
 * language; `message` holds the same in English (the export's, the logs'). The gateway's own words have none.
 */
const kycProblemWordsSchema = refusalWordsSchema;

/** One problem with one row: `field` is null when the problem is the row as a whole (e.g. extra cells). */
export const kycRowErrorSchema = z.object({
  field: kycFieldSchema.nullable(),
  message: z.string(),
  words: kycProblemWordsSchema.optional(),
  /** `file`: found by Paydesk before sending; `gateway`: named by the gateway's refusal of a chunk. */
  source: z.enum(['file', 'gateway']),
});
export type KycRowError = z.infer<typeof kycRowErrorSchema>;

export const kycCountsSchema = z.object({
  total: z.int().nonnegative(),
  valid: z.int().nonnegative(),
  invalid: z.int().nonnegative(),
  accepted: z.int().nonnegative(),
  rejected: z.int().nonnegative(),
  sending: z.int().nonnegative(),
  /** Rows not checked yet: the file is still being checked; sending and exporting wait for 0. */
  checking: z.int().nonnegative(),
  /**
   * Valid rows (counted in `valid` too) whose identity document is expired or not yet valid today and
   * whose warning nobody confirmed: they are not sent until the compliance officer confirms them.
   */
  warnings: z.int().nonnegative(),
});
export type KycCounts = z.infer<typeof kycCountsSchema>;

/** One column of the file and the KYC field it feeds (null: ignored). Headers are made unique on open. */
export const kycColumnMappingSchema = z.object({ header: z.string(), field: kycFieldSchema.nullable() });
export type KycColumnMapping = z.infer<typeof kycColumnMappingSchema>;

const kycSummaryErrorSchema = kycRowErrorSchema.extend({
  /** 0-based position of the record among the file's records. */
  index: z.int().nonnegative(),
  /** The row number the user sees in their spreadsheet (header = row 1), or the 1-based item of a JSON array. */
  row: z.int().positive(),
});

/** Which way round a column writes its day and month (07.03.1979: day first is 7 March). */
export const kycDateOrderSchema = z.enum(['day-first', 'month-first']);
export type KycDateOrder = z.infer<typeof kycDateOrderSchema>;

/**
 * How a date column's undecided dates (07.03.1979) are read: in the order its own rows prove (`row`, the
 * first that proves it, with its text), or not at all when they prove both orders (`conflict`). A column
 * whose rows prove neither is not listed: its undecided dates stay to be fixed.
 */
export const kycDateColumnSchema = z.object({
  header: z.string(),
  field: kycFieldSchema,
  /** The order the officer set for this column: it wins over what the rows prove. */
  chosen: kycDateOrderSchema.optional(),
  reading: z.discriminatedUnion('kind', [
    /** Day-and-month dates in the column, none of which tells the order. */
    z.object({ kind: z.literal('unproven') }),
    z.object({
      kind: z.literal('proven'),
      order: kycDateOrderSchema,
      row: z.int().positive(),
      text: z.string(),
    }),
    z.object({
      kind: z.literal('conflict'),
      dayFirstRow: z.int().positive(),
      monthFirstRow: z.int().positive(),
    }),
  ]),
});
export type KycDateColumn = z.infer<typeof kycDateColumnSchema>;

export const kycBatchSummary = z.object({
  batchId,
  fileName: z.string(),
  format: z.enum(['csv', 'xlsx', 'json']),
  /** Hex SHA-256 of the file's bytes: the key under which history remembers accepted userIds. */
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  counts: kycCountsSchema,
  mapping: z.array(kycColumnMappingSchema),
  unmappedHeaders: z.array(z.string()),
  /** Required fields that no column feeds: every record will miss them. */
  missingRequiredFields: z.array(kycFieldSchema),
  /** The first KYC_SUMMARY_ERRORS errors in row order. */
  errors: z.array(kycSummaryErrorSchema),
  /** File-level notices (unbalanced quotes and the like) that did not stop the parse. */
  warnings: z.array(z.string()),
  /** The mapped date columns whose rows say which way round they write day and month. */
  dateColumns: z.array(kycDateColumnSchema).default([]),
  /** `remembered`: the mapping set by hand for a file with these same headers, applied again. */
  mappingFrom: z.enum(['guessed', 'remembered']).default('guessed'),
  /** Rows that show the values sent with an earlier batch of this file (History's edit trail), not the file's. */
  sentValueRows: z.int().nonnegative().optional(),
});
export type KycBatchSummary = z.infer<typeof kycBatchSummary>;

export const kycBatchRef = z.strictObject({ batchId });

/** `kyc.close`: whether a batch was open (a batch being sent is refused instead). */
export const kycCloseResult = z.object({ closed: z.boolean() });

/**
 * How the check of a file opened by path goes on after `kyc.openPath` answered (its rows are shown at once,
 * each `checking` until checked): the summary as it stands, every few thousand rows and at the end; or why
 * it stopped, the batch then being closed.
 */
export const kycCheckedEvent = z.discriminatedUnion('phase', [
  z.object({ batchId, phase: z.enum(['checking', 'done']), summary: kycBatchSummary }),
  z.object({ batchId, phase: z.literal('failed'), message: z.string() }),
]);
export type KycCheckedEvent = z.infer<typeof kycCheckedEvent>;

/** The officer's order for a date column's undecided dates (`null`: only what its rows prove). */
export const kycDateOrderInput = z.strictObject({
  batchId,
  header: z.string().max(1_000),
  order: kycDateOrderSchema.nullable(),
});
export type KycDateOrderInput = z.infer<typeof kycDateOrderInput>;

export const kycMappingInput = z.strictObject({
  batchId,
  /** Columns to remap; columns not listed keep their current field. */
  mapping: z.array(z.strictObject({ header: z.string(), field: kycFieldSchema.nullable() })).max(500),
});

export const kycRowsQuery = z.strictObject({
  batchId,
  offset: z.int().nonnegative().default(0),
  limit: z.int().min(1).max(KYC_MAX_PAGE_ROWS).default(100),
  filter: kycRowFilterSchema.default('all'),
});

/**
 * A document-date warning of a well-formed row (expired, or not valid yet, on the desk's day): the row is
 * sent only once `confirmed` (kyc.confirmWarnings).
 */
export const kycRowWarningSchema = z.object({
  field: kycFieldSchema,
  message: z.string(),
  words: kycProblemWordsSchema.optional(),
  confirmed: z.boolean(),
});
export type KycRowWarning = z.infer<typeof kycRowWarningSchema>;

export const kycRowViewSchema = z.object({
  index: z.int().nonnegative(),
  row: z.int().positive(),
  /** Normalized values as text; URL lists joined with "; ". Absent fields are left out. */
  record: z.partialRecord(kycFieldSchema, z.string()),
  errors: z.array(kycRowErrorSchema),
  state: kycRowStateSchema,
  /** Cells whose value differs from the file's: edited here, or sent so with an earlier batch. */
  changed: z.partialRecord(kycFieldSchema, kycCellChangeSchema).optional(),
  warnings: z.array(kycRowWarningSchema),
});
export type KycRowView = z.infer<typeof kycRowViewSchema>;

export const kycRowsPage = z.object({
  batchId,
  filter: kycRowFilterSchema,
  offset: z.int().nonnegative(),
  /** Rows matching the filter, in all pages. */
  total: z.int().nonnegative(),
  rows: z.array(kycRowViewSchema),
  counts: kycCountsSchema,
});
export type KycRowsPage = z.infer<typeof kycRowsPage>;

export const kycUpdateInput = z.strictObject({
  batchId,
  index: z.int().nonnegative(),
  field: kycFieldSchema,
  value: z.string().max(8192),
});

export const kycUpdateResult = z.object({
  row: kycRowViewSchema,
  counts: kycCountsSchema,
  /** The cell's text before this edit: what undo puts back. */
  previous: z.string().optional(),
});
export type KycUpdateResult = z.infer<typeof kycUpdateResult>;

/**
 * The id of the production profile the operator confirmed sending personal data to. Main refuses a send to
 * a production gateway without it, or with another profile's id (the active profile changed meanwhile).
 */
const confirmedProfile = z.string().min(1).max(64).optional();
export const kycSubmitInput = z.strictObject({
  batchId,
  /** true (default): send only records not accepted yet. false: send every valid record again. */
  onlyRemaining: z.boolean().default(true),
  confirmedProfile,
});
export const kycResubmitInput = z.strictObject({
  batchId,
  chunkIndex: z.int().nonnegative(),
  confirmedProfile,
});

/**
 * The compliance officer confirms document-date warnings (`kyc.confirmWarnings`): of the rows listed (the
 * batch's 0-based indices), or of the whole batch, `count` being the number of warnings the officer was
 * shown (main refuses when it finds another number: the warnings changed meanwhile). Main finds the
 * warnings again itself and refuses a row that has none; nothing is confirmed then.
 */
export const kycConfirmWarningsInput = z.discriminatedUnion('scope', [
  z.strictObject({
    batchId,
    scope: z.literal('rows'),
    indices: z.array(z.int().nonnegative()).min(1).max(KYC_MAX_PAGE_ROWS),
  }),
  z.strictObject({ batchId, scope: z.literal('batch'), count: z.int().positive() }),
]);
export type KycConfirmWarningsInput = z.infer<typeof kycConfirmWarningsInput>;

export const kycConfirmWarningsResult = z.object({
  /** The rows confirmed by this call, as the file numbers them. */
  rows: z.array(z.int().positive()),
  counts: kycCountsSchema,
});
export type KycConfirmWarningsResult = z.infer<typeof kycConfirmWarningsResult>;

const KYC_CHUNK_STATES = ['accepted', 'refused', 'not_sent', 'outcome_unknown'] as const;
export const kycChunkResultSchema = z.object({
  index: z.int().nonnegative(),
  /** Records sent in this chunk. */
  records: z.int().nonnegative(),
  /**
   * accepted: code 0 and the gateway counted every record sent; refused: a non-zero code with data null;
   * not_sent: no connection was ever made (refused, DNS, TLS…), so nothing left Paydesk;
   * outcome_unknown: no answer (network, timeout, …), or an answer that does not count every record.
   */
  state: z.enum(KYC_CHUNK_STATES),
  code: z.int().nullable(),
  /** The gateway's msg, or for a chunk of unknown outcome Paydesk's description of why. */
  msg: z.string(),
  /**
   * The catalogue's words of `msg` when Paydesk wrote it (a chunk not sent or of unknown outcome), for the
   * renderer to say in the reader's language; the gateway's msg has none, nor a chunk kept before they were.
   */
  words: refusalWordsSchema.optional(),
  traceid: z.string().nullable(),
  /** data.count as the gateway answered it (also when it did not count every record sent). */
  count: z.int().nonnegative().nullable(),
});
export type KycChunkResult = z.infer<typeof kycChunkResultSchema>;

const progressCounters = {
  /** Records in chunks that have been answered or given up on (accepted, refused, not sent or unknown). */
  sentRecords: z.int().nonnegative(),
  acceptedRecords: z.int().nonnegative(),
  /** Records in refused chunks: the gateway refuses a request as a whole (assumption A11). */
  rejectedRecords: z.int().nonnegative(),
  /** Records in chunks whose outcome is unknown: no answer, or not all counted. Offered again. */
  unknownRecords: z.int().nonnegative(),
  /** Records in chunks that never left: no connection was made. Offered again. */
  notSentRecords: z.int().nonnegative(),
};

export const kycProgressEvent = z.object({
  batchId,
  ...progressCounters,
  doneChunks: z.int().nonnegative(),
  totalChunks: z.int().nonnegative(),
  chunk: kycChunkResultSchema,
});
export type KycProgressEvent = z.infer<typeof kycProgressEvent>;

export const kycSubmitResult = z.object({
  batchId,
  ...progressCounters,
  /** Rows not sent because their document-date warning waits for confirmation. */
  awaitingConfirmation: z.int().nonnegative(),
  /** Every chunk of the latest submission, in order, with its latest outcome. */
  chunks: z.array(kycChunkResultSchema),
  counts: kycCountsSchema,
});
export type KycSubmitResult = z.infer<typeof kycSubmitResult>;

export const kycExportResult = z.object({
  fileName: z.string(),
  csv: z.string(),
  rows: z.int().nonnegative(),
});
export type KycExportResult = z.infer<typeof kycExportResult>;
