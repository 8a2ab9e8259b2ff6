// What the desk tells the operator when it started on a damaged history (main/history/salvage/history-salvage.ts):
// what was found, how many rows came back and from where, what may be missing, and where the damaged copy
// is kept. Shown on every page until acknowledged; kept beside the damaged copy as JSON, so a restart
// before anyone read it shows it again. Also the shape that file is read back through.
import { z } from 'zod';
import { refusalWordsSchema } from './ipc-error';

/** A number of rows or entries. */
const count = z.int().nonnegative();

const orderRef = z.object({
  historyId: z.int().positive(),
  merchantTradeNo: z.string(),
  amount: z.string(),
  currency: z.string(),
  status: z.string(),
});
export type SalvageOrderRef = z.infer<typeof orderRef>;

export const historySalvageNoticeSchema = z.object({
  v: z.literal(1),
  /** The report's own name (its file's base name): what acknowledging names. */
  id: z.string().regex(/^history-[0-9TZ-]+$/),
  at: z.int().nonnegative(),
  /** What the check at start found, in English (the log's; a report written before words has it alone). */
  reason: z.string(),
  /** `reason` as the catalogue's key and values, said in the reader's language. */
  reasonWords: refusalWordsSchema.optional(),
  /** Where the damaged file (and its -wal and -shm) were moved, unchanged. */
  damagedFiles: z.array(z.string()),
  /** The backup the salvage started from, if a good one was found. */
  backupUsed: z.object({ file: z.string(), rows: z.int().nonnegative(), at: z.int() }).nullable(),
  /** Backups that were looked at and could not be used, with why. */
  backupsSkipped: z.array(
    z.object({ file: z.string(), reason: z.string(), words: refusalWordsSchema.optional() }),
  ),
  rows: z.object({
    recovered: z.int().nonnegative(),
    fromBackup: z.int().nonnegative(),
    fromDamagedFile: z.int().nonnegative(),
    fromLog: z.int().nonnegative(),
  }),
  entries: z.object({ recovered: z.int().nonnegative(), missing: z.int().nonnegative() }),
  /** Row ids the file had given out but that nothing could bring back, as [from, to] ranges. */
  missingRows: z.array(z.tuple([z.int().positive(), z.int().positive()])),
  missingRowCount: z.int().nonnegative(),
  /** Rows that no longer match the audit entry that last described them (listed up to 200). */
  mismatchedRowIds: z.array(z.int().positive()),
  mismatchedRowCount: z.int().nonnegative(),
  /** Pay-ins whose money may have moved and nobody has said whether: back in History, to check. */
  openPayIns: z.array(orderRef),
  /** Pay-ins the log names whose rows are lost and that were settled there: not rebuilt, said here. */
  settledInLogOnly: z.array(orderRef),
  /**
   * A team desk: what the team database gave back (team/team-restore.ts), or why it could not. auditKey:
   * whether this keychain still holds the audit key of the restored entries ('here': History's own check
   * proves them) or not ('team': a new PC; they are proved by the desk's signatures in the team database).
   */
  team: z
    .object({
      deskId: z.string(),
      outcome: z.enum(['restored', 'refused', 'unreachable']),
      summary: z.string(),
      /** `summary`'s sentences, each as the catalogue's key and values. */
      words: z.array(refusalWordsSchema).optional(),
      rows: count,
      entries: count,
      /** The team's newest entry: the restored entries are 1 to this. */
      newestSeq: count,
      localOnlyRows: count,
      localOnlyEntries: count,
      auditKey: z.enum(['here', 'team']).nullable(),
    })
    .optional(),
  acknowledgedAt: z.int().nonnegative().nullable(),
  acknowledgedBy: z.string().nullable(),
});
export type HistorySalvageNotice = z.infer<typeof historySalvageNoticeSchema>;
