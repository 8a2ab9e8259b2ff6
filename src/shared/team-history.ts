// Team History's vocabulary, shared by main and the renderer: the filter the team view sends, the rows it
// reads back from PostgreSQL (a desk's history row plus the desk that wrote it), the team's
// outcome-unknown queue and the replication status. Main parses every row PostgreSQL returns with these
// schemas before anything else reads it.
import { z } from 'zod';
import {
  auditEntryViewSchema,
  historyKindSchema,
  historyStatusSchema,
  kycBatchRowSchema,
  maskedPanSchema,
  payInRowSchema,
} from './history';
import { refusalWordsSchema } from './ipc-error';

const TEAM_PAGE_MAX = 500;

/** A desk id as desk-identity.ts makes it. */
export const deskIdSchema = z.uuid();

/**
 * The team view's filter: History's own, less what the team database cannot answer within its keyset
 * indexes (team-history.ts). Newest first only; a desk instead of a profile (profiles are each desk's
 * own); `text` is any part (ID_PART_MIN characters or more, any case; shorter, the whole value) of an order
 * number, orderId or userId, the start of a traceid, an amount, a masked card or its last 4 digits — never
 * a word of a name, which no index of the team database holds.
 */
export const teamHistoryFilterSchema = z
  .strictObject({
    text: z.string().trim().min(1).max(64).optional(),
    kind: historyKindSchema,
    /** One desk's rows only (the team view's stand-in for History's profile filter). */
    deskId: deskIdSchema.optional(),
    status: z.array(historyStatusSchema).min(1).max(16).optional(),
    from: z.int().nonnegative().optional(),
    to: z.int().nonnegative().optional(),
    cursor: z.string().min(1).max(200).optional(),
    limit: z.int().min(1).max(TEAM_PAGE_MAX).default(100),
  })
  .refine((filter) => filter.from === undefined || filter.to === undefined || filter.from <= filter.to, {
    message: 'The start of the date range is after its end.',
    path: ['from'],
  });
export type TeamHistoryFilter = z.infer<typeof teamHistoryFilterSchema>;
export type TeamHistoryFilterInput = z.input<typeof teamHistoryFilterSchema>;

const deskFields = {
  deskId: deskIdSchema,
  /** The name the desk gave itself in Settings → Team. */
  deskName: z.string(),
};

/** A row as the team database holds it: `id` is the row's id on its desk, unique with `deskId`. */
export const teamRowSchema = z.discriminatedUnion('kind', [
  payInRowSchema.extend(deskFields),
  kycBatchRowSchema.extend(deskFields),
]);
export type TeamRow = z.infer<typeof teamRowSchema>;

/**
 * Which rows the connection's role reads: `team`, every desk's (the supervisor grant); `own`, only what
 * this desk's role wrote (row-level security).
 */
export const teamScopeSchema = z.enum(['team', 'own']);
export type TeamScope = z.infer<typeof teamScopeSchema>;

export const teamHistoryPageSchema = z.object({
  rows: z.array(teamRowSchema),
  nextCursor: z.string().nullable(),
  scope: teamScopeSchema,
});
export type TeamHistoryPage = z.infer<typeof teamHistoryPageSchema>;

export const teamRowRefSchema = z.strictObject({ deskId: deskIdSchema, id: z.int().positive() });
export type TeamRowRef = z.infer<typeof teamRowRefSchema>;

export const teamHistoryDetailSchema = z.object({
  row: teamRowSchema,
  /** The row's replicated audit entries, oldest first. */
  timeline: z.array(auditEntryViewSchema),
});
export type TeamHistoryDetail = z.infer<typeof teamHistoryDetailSchema>;

/** One pay-in whose outcome is unknown on some desk: only what an agent needs before charging again. */
export const outcomeUnknownItemSchema = z.object({
  deskId: deskIdSchema,
  deskName: z.string(),
  id: z.int().positive(),
  operator: z.string(),
  createdAt: z.int().nonnegative(),
  amount: z.string().regex(/^\d+\.\d{2}$/),
  currency: z.string(),
  maskedPan: maskedPanSchema.nullable(),
  merchantTradeNo: z.string(),
  orderId: z.string().nullable(),
});
export type OutcomeUnknownItem = z.infer<typeof outcomeUnknownItemSchema>;

export const teamQueueSchema = z.object({
  items: z.array(outcomeUnknownItemSchema),
  /** How many there are in all, up to TEAM_QUEUE_COUNT_CAP of team-queue.ts (items holds the newest). */
  total: z.int().nonnegative(),
});
export type TeamQueue = z.infer<typeof teamQueueSchema>;

/** A desk of the team as the desk filter offers it (a desk's own role sees only itself). */
export const teamDeskSchema = z.object({ deskId: deskIdSchema, deskName: z.string() });
export type TeamDesk = z.infer<typeof teamDeskSchema>;

/**
 * A team read as the renderer receives it: the answer, or why there is none (no team connection, the
 * database unreachable or slow, a grant missing), in words for the agent. Never a refusal: the team view
 * failing is a state of the view, not an error of the app.
 */
export const teamAnswerSchema = <T extends z.ZodType>(data: T) =>
  z.discriminatedUnion('ok', [
    z.object({ ok: z.literal(true), data }),
    z.object({
      ok: z.literal(false),
      /** `unsupported`: a question the team view does not answer (the team's totals with a search). */
      reason: z.enum(['off', 'unavailable', 'forbidden', 'unsupported']),
      /** In English (logs, and a reader whose catalogue lacks the key). */
      message: z.string(),
      /** The same as the catalogue's key and values, said in the reader's language. */
      words: refusalWordsSchema.optional(),
    }),
  ]);

/** What a check of a desk from the team database alone can find (main/team/team-verify.ts). */
export const teamVerifyProblemKindSchema = z.enum([
  'entry_missing',
  'broken_link',
  'bad_signature',
  'signature_missing',
  'unknown_key',
  'key_mismatch',
  'key_not_pinned',
  'no_anchor',
  'anchor_mismatch',
  'anchor_behind',
  'anchor_bad_signature',
  'row_changed',
  'row_without_entry',
  'row_missing',
]);
export type TeamVerifyProblemKind = z.infer<typeof teamVerifyProblemKindSchema>;

export const teamVerifyProblemSchema = z.object({
  kind: teamVerifyProblemKindSchema,
  /** The audit entry concerned, where there is one. */
  seq: z.int().positive().optional(),
  /** The desk's history row concerned, where there is one. */
  rowId: z.int().positive().optional(),
  /** What is wrong, in English (the CLI's report, and a reader whose catalogue lacks the key). */
  reason: z.string(),
  /** The same as the catalogue's key and values, said in the reader's language. */
  words: refusalWordsSchema.optional(),
});
export type TeamVerifyProblem = z.infer<typeof teamVerifyProblemSchema>;

/** One desk checked from the team database: its signatures, chain, anchor and rows. */
export const deskVerificationSchema = z.object({
  deskId: deskIdSchema,
  deskName: z.string(),
  entries: z.int().nonnegative(),
  /** Entries replicated before the team database held signatures: they cannot be proved from it. */
  unproved: z.int().nonnegative(),
  rows: z.int().nonnegative(),
  anchorSeq: z.int().positive().nullable(),
  keyIds: z.array(z.string()),
  ok: z.boolean(),
  /** The first problems found (at most 200), and how many there were in all. */
  problems: z.array(teamVerifyProblemSchema),
  problemCount: z.int().nonnegative(),
});
export type DeskVerification = z.infer<typeof deskVerificationSchema>;

/** The outbox and the replicator as Settings → Team and the indicator show them. */
export const teamStatusSchema = z.object({
  /** off: no team connection; waiting: connection set, its password or key missing; on: running. */
  mode: z.enum(['off', 'waiting', 'on']),
  deskId: deskIdSchema.optional(),
  /** Outbox entries not yet in PostgreSQL. */
  pending: z.int().nonnegative(),
  state: z.enum(['idle', 'sending', 'retrying']).optional(),
  /** When a batch last reached PostgreSQL (ms), in this run. */
  lastReplicatedAt: z.int().nonnegative().nullable(),
  /** The latest failure, kept after the replication recovers, with its time. */
  lastError: z
    .object({ message: z.string(), at: z.int().nonnegative(), words: refusalWordsSchema.optional() })
    .nullable(),
  /** The next try, while retrying (ms from now). */
  retryInMs: z.int().nonnegative().optional(),
});
export type TeamStatus = z.infer<typeof teamStatusSchema>;
