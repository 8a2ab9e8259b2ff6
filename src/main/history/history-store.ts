// The history file: pay-ins and KYC batches, with their audit trail, in one SQLite file owned by main.
// Every change to a row and the audit entry describing it are written in ONE transaction, so the trail
// never misses a change and never describes one that did not happen. The renderer reaches this only
// through the named methods below.
// The trail proves itself (audit-chain.ts, audit-trust.ts, audit-verify.ts): at open, the entries
// written since the last verified one and the anchor are checked; a full check of every entry and row
// runs in the background and on demand; every row read for the list, the drawer, a change or a retry
// is checked against its newest entry. A change is refused on a row that fails that check: recording
// on top of a tampered row would seal (launder) it.
import { DatabaseSync, type SQLInputValue, type SQLOutputValue, type StatementSync } from 'node:sqlite';
import { z } from 'zod';
import { detectBrand } from '../../shared/cards/card';
import {
  type ApiVersion,
  type AuditStatus,
  apiVersionSchema,
  type DailyTotal,
  type DailyTotalsQuery,
  dailyTotalsQuerySchema,
  type FlaggedRow,
  type HistoryError,
  type HistoryFilter,
  type HistoryFilterInput,
  type HistoryPage,
  type HistoryRow,
  type HistorySort,
  type HistoryVerification,
  historyErrorSchema,
  historyFilterSchema,
  type KycBatchCounts,
  type KycBatchRow,
  type KycBatchStatus,
  type KycChunkResult,
  kycBatchCountsSchema,
  kycBatchStatusSchema,
  kycChunkResultSchema,
  maskedPanSchema,
  type PayInRow,
  payInStatusSchema,
  type RowAudit,
} from '../../shared/history';
import { canonicalAmount } from '../../shared/money/amount';
import { canFollow, decide, NO_CHARGE_STATUSES, type PayInStatus } from '../../shared/payin-lifecycle';
import { csvLine } from '../csv/csv-cells';
import { scrubText } from '../log/redaction';
import { fromMinorUnits, toMinorUnits } from './amount-minor';
import {
  type AuditEntry,
  type AuditEvent,
  appendAudit,
  entryHolds,
  rowToEntry,
  toRawEntry,
} from './audit-chain';
import { type AuditTrust, newAnchor } from './audit-trust';
import {
  addIncidents,
  CHAIN_START,
  type ChainPoint,
  type ChainWalk,
  checkHead,
  checkRow,
  drain,
  orphanEntries,
  ProblemList,
  ROW_WITH_LATEST_SQL,
  rowAuditOf,
  summarize,
  toRowWithLatest,
  walkChain,
  walkRows,
} from './audit-verify';
import { addDayRollup, dailyTotalsSql, hasDayRollup, isoDay } from './daily-totals';
import {
  cursorClause,
  encodeCursor,
  orderBySql,
  SORTS,
  type SqlParams,
  sortClauses,
  whereSql,
} from './filter-sql';
import { migrate } from './migrations';
import { redactCardFields, redactRawBody } from './redact-card-fields';
import { digestInputSql, legacyRowDigest, rowDigest } from './row-digest';

/** Operator name recorded for what Paydesk does by itself (startup recovery). */
export const SYSTEM_OPERATOR = 'system';
const MAX_CACHED_STATEMENTS = 256;
/** The check at start walks at most this many new entries (about a quarter of a second); beyond, the full check does. */
const STARTUP_WALK_LIMIT = 50_000;

export class HistoryStoreError extends Error {
  override name = 'HistoryStoreError';
}

/** The store was closed while a full check ran (the app quitting): nothing went wrong. */
export class HistoryClosedError extends HistoryStoreError {
  override name = 'HistoryClosedError';
}

/** A change refused because the row no longer matches its audit trail. */
export class RowFailsVerificationError extends HistoryStoreError {
  override name = 'RowFailsVerificationError';
}

/** What a retry is told about the row it would be rebuilt from (verifyRow). */
export type RowVerdict = { ok: true } | { ok: false; state: 'failed' | 'unproved'; message: string };

export const newPayInSchema = z.object({
  profile: z.string().min(1),
  operator: z.string().min(1),
  apiVersion: apiVersionSchema,
  /** v1: the request's currency; v2: the profile's display currency (assumption A15). */
  currency: z.string().min(1).max(8),
  /** The body as it is sent, card fields included: the store masks and drops them before writing. */
  request: z.looseObject({
    merchantTradeNo: z.string().min(1).max(64),
    userId: z.string().min(1).max(64),
    amount: z.string().min(1),
    cardNumber: z.string().optional(),
  }),
  /** For a stored-card pay-in (no cardNumber in the request): the card as Paydesk showed it. */
  maskedPan: maskedPanSchema.optional(),
  brand: z.string().optional(),
});
export type NewPayIn = z.input<typeof newPayInSchema>;

export const payInPatchSchema = z.object({
  status: payInStatusSchema.optional(),
  orderId: z.string().nullable().optional(),
  traceid: z.string().nullable().optional(),
  remark: z.string().nullable().optional(),
  rawResponse: z.string().nullable().optional(),
  error: historyErrorSchema.nullable().optional(),
  /** Who made the change; the row's operator when left out. */
  operator: z.string().min(1).optional(),
});
export type PayInPatch = z.input<typeof payInPatchSchema>;

export const newKycBatchSchema = z.object({
  profile: z.string().min(1),
  operator: z.string().min(1),
  fileName: z.string().min(1),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  counts: kycBatchCountsSchema,
});
export type NewKycBatch = z.input<typeof newKycBatchSchema>;

export const kycBatchPatchSchema = z.object({
  status: kycBatchStatusSchema.optional(),
  counts: kycBatchCountsSchema.optional(),
  chunks: z.array(kycChunkResultSchema).optional(),
  acceptedUserIds: z.array(z.string()).optional(),
  error: historyErrorSchema.nullable().optional(),
  operator: z.string().min(1).optional(),
});
export type KycBatchPatch = z.input<typeof kycBatchPatchSchema>;

export type HistoryStoreOptions = {
  now?: () => number;
  /** The audit key and anchor of this file (audit-trust.ts: loadAuditTrust, or sessionTrust in tests). */
  trust: AuditTrust;
  /** Told when a check finishes (the app passes it on to the renderer as history.auditChanged). */
  onAuditStatus?: (status: AuditStatus) => void;
  /** How many new entries the check at start walks before leaving them to the full check (tests). */
  startupWalkLimit?: number;
};

type SqlRow = Record<string, SQLOutputValue>;

/** A page's rows in the order of its sort (the column, then id), as filteredSelect chose them. */
function inPageOrder(rows: SqlRow[], sort: HistorySort): SqlRow[] {
  const { column, direction } = SORTS[sort];
  const sign = direction === 'ASC' ? 1 : -1;
  const key = (value: SQLOutputValue | undefined) =>
    typeof value === 'bigint' ? value : BigInt(Number(value ?? 0));
  return rows.sort((a, b) => {
    const byColumn = key(a[column]) - key(b[column]);
    const byId = key(a.id) - key(b.id);
    const difference = byColumn !== 0n ? byColumn : byId;
    return difference === 0n ? 0 : difference > 0n ? sign : -sign;
  });
}

/** The fixed lookups, named so that tests can check their query plans. */
export const NAMED_SQL = {
  findPayInByTradeNo: `SELECT * FROM history_rows WHERE merchant_trade_no = :merchantTradeNo AND profile = :profile
    AND kind = 'payin' ORDER BY created_at DESC, id DESC LIMIT 1`,
  recentDuplicate: `SELECT * FROM history_rows
    WHERE masked_pan = :maskedPan AND user_id = :userId AND amount_minor = :amountMinor
      AND created_at >= :since AND kind = 'payin'
      AND status NOT IN (${NO_CHARGE_STATUSES.map((status) => `'${status}'`).join(', ')})
    ORDER BY created_at DESC LIMIT 1`,
  latestPayInOfUser: `SELECT * FROM history_rows WHERE user_id = :userId AND profile = :profile
    AND kind = 'payin' ORDER BY created_at DESC, id DESC LIMIT 1`,
  findKycBatchesBySha256: `SELECT * FROM history_rows WHERE sha256 = :sha256 AND kind = 'kyc_batch'
    ORDER BY created_at DESC`,
  pendingRows: `SELECT * FROM history_rows WHERE status = 'pending' ORDER BY created_at, id`,
} as const;

const FAILURE_STATUSES: ReadonlySet<string> = new Set([
  'declined',
  'refused',
  'not_sent',
  'outcome_unknown',
  'conflict',
  'partial',
]);

function text(value: SQLOutputValue | undefined): string {
  return typeof value === 'string' ? value : String(value ?? '');
}
function textOrNull(value: SQLOutputValue | undefined): string | null {
  return value === null || value === undefined ? null : String(value);
}
function parseJson<T>(value: SQLOutputValue | undefined, schema: z.ZodType<T>, fallback: T): T {
  if (typeof value !== 'string') return fallback;
  const parsed = schema.safeParse(JSON.parse(value));
  return parsed.success ? parsed.data : fallback;
}

function toRow(row: SqlRow): HistoryRow {
  const common = {
    id: Number(row.id),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    profile: text(row.profile),
    operator: text(row.operator),
    error: parseJson<HistoryError | null>(row.error_json, historyErrorSchema.nullable(), null),
  };
  if (row.kind === 'kyc_batch') {
    return {
      ...common,
      kind: 'kyc_batch',
      status: text(row.status) as KycBatchStatus,
      fileName: text(row.file_name),
      sha256: text(row.sha256),
      counts: parseJson(row.counts_json, kycBatchCountsSchema, {
        total: 0,
        valid: 0,
        invalid: 0,
        accepted: 0,
        rejected: 0,
      }),
      chunks: parseJson(row.chunks_json, z.array(kycChunkResultSchema), []),
      acceptedUserIds: parseJson(row.accepted_user_ids_json, z.array(z.string()), []),
    };
  }
  return {
    ...common,
    kind: 'payin',
    status: text(row.status) as PayInStatus,
    apiVersion: text(row.api_version) as ApiVersion,
    merchantTradeNo: text(row.merchant_trade_no),
    userId: text(row.user_id),
    maskedPan: textOrNull(row.masked_pan),
    brand: textOrNull(row.brand),
    last4: textOrNull(row.last4),
    amount: text(row.amount),
    currency: text(row.currency),
    orderId: textOrNull(row.order_id),
    traceid: textOrNull(row.traceid),
    remark: textOrNull(row.remark),
    request: text(row.request_json),
    rawResponse: textOrNull(row.response_raw),
  };
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function errorJson(error: HistoryError | null): string | null {
  return error ? JSON.stringify(redactCardFields(error)) : null;
}

const CSV_HEADER = [
  'id',
  'createdAt',
  'kind',
  'status',
  'profile',
  'operator',
  'apiVersion',
  'merchantTradeNo',
  'userId',
  'maskedPan',
  'brand',
  'amount',
  'currency',
  'orderId',
  'traceid',
  'remark',
  'errorKind',
  'errorMessage',
  'fileName',
  'recordsTotal',
  'recordsAccepted',
  'recordsRejected',
];

function csvCells(row: HistoryRow): (string | number | null)[] {
  const createdAt = new Date(row.createdAt).toISOString();
  const head = [row.id, createdAt, row.kind, row.status, row.profile, row.operator];
  if (row.kind === 'payin') {
    return [
      ...head,
      row.apiVersion,
      row.merchantTradeNo,
      row.userId,
      row.maskedPan,
      row.brand,
      row.amount,
      row.currency,
      row.orderId,
      row.traceid,
      row.remark,
      row.error?.kind ?? null,
      row.error?.message ?? null,
      null,
      null,
      null,
      null,
    ];
  }
  return [
    ...head,
    ...Array<null>(10).fill(null),
    row.error?.kind ?? null,
    row.error?.message ?? null,
    row.fileName,
    row.counts.total,
    row.counts.accepted,
    row.counts.rejected,
  ];
}

export type HistoryStore = ReturnType<typeof openHistoryStore>;

/** Opens (creating and migrating as needed) the history file at `filePath`. */
export function openHistoryStore(filePath: string, options: HistoryStoreOptions) {
  const now = options.now ?? Date.now;
  const trust = options.trust;
  const db = new DatabaseSync(filePath);
  // WAL: the list stays readable while a pay-in is written. synchronous=FULL: a committed 'pending'
  // row must survive a power cut, since it is what tells the operator a charge may have happened.
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA synchronous = FULL');
  db.exec('PRAGMA busy_timeout = 5000');
  // Deleted card-free rows still leave old page bytes behind; zero them rather than leave residue.
  db.exec('PRAGMA secure_delete = ON');
  migrate(db);
  // Lets the planner gather statistics on tables that grew since last time (SQLite's advice at open).
  db.exec('PRAGMA optimize = 0x10002');

  // Every read comes back with BigInt integers: amount_minor may exceed 2^53, and reading it as a
  // number would throw. Ids and times are converted with Number() where they are read.
  function prepareFresh(sql: string): StatementSync {
    const statement = db.prepare(sql);
    statement.setReadBigInts(true);
    return statement;
  }

  // A pay-in runs the same dozen statements several times over: compiling each once takes about a quarter
  // of Paydesk's own time per pay-in off (bench/payin-overhead.ts). Filter queries vary, hence the cap.
  const statements = new Map<string, StatementSync>();
  function prepare(sql: string): StatementSync {
    let statement = statements.get(sql);
    if (!statement) {
      if (statements.size >= MAX_CACHED_STATEMENTS) statements.clear();
      statement = prepareFresh(sql);
      statements.set(sql, statement);
    }
    return statement;
  }

  /** The newest entry appended by the transaction under way: the anchor follows it once committed. */
  let appended: AuditEntry | undefined;

  function append(event: AuditEvent): AuditEntry {
    const entry = appendAudit(db, trust, event, now());
    appended = entry;
    return entry;
  }

  function transaction<T>(work: () => T): T {
    db.exec('BEGIN IMMEDIATE');
    appended = undefined;
    try {
      const result = work();
      db.exec('COMMIT');
      // After the commit, never before: the anchor may lag the file after a crash, never lead it.
      const entry = appended as AuditEntry | undefined;
      appended = undefined;
      const anchor = trust.anchor;
      if (entry && anchor) trust.setAnchor({ ...anchor, seq: entry.seq, hash: entry.hash });
      return result;
    } catch (error) {
      appended = undefined;
      // SQLite may already have rolled back (a full disk, an I/O error): a failing ROLLBACK must not
      // replace the error that says what went wrong.
      if (db.isTransaction) {
        try {
          db.exec('ROLLBACK');
        } catch (rollbackError) {
          throw new AggregateError([error, rollbackError], errorText(error), { cause: error });
        }
      }
      throw error;
    }
  }

  function loadRow(id: number): HistoryRow | undefined {
    const row = prepare('SELECT * FROM history_rows WHERE id = ?').get(id);
    return row ? toRow(row) : undefined;
  }

  /** The row's digest by the legacy rule, read through `source` (the full check has its own connection). */
  function legacyDigestVia(source: DatabaseSync, id: number): string | undefined {
    const statement = source.prepare('SELECT * FROM history_rows WHERE id = ?');
    statement.setReadBigInts(true);
    const row = statement.get(id);
    return row ? legacyRowDigest(toRow(row)) : undefined;
  }

  function audit(event: Omit<AuditEvent, 'detail'> & { detail: Record<string, unknown> }, rowId: number) {
    const row = prepare(`SELECT ${digestInputSql()} AS digest_input FROM history_rows WHERE id = ?`).get(
      rowId,
    );
    if (!row) throw new HistoryStoreError(`History row ${rowId} does not exist.`);
    return append({
      ...event,
      rowId,
      detail: { ...event.detail, rowHash: rowDigest(String(row.digest_input)) },
    });
  }

  // ---- Verification ----

  /** The problems of the latest check (at start, then each full check): rows they name are flagged. */
  let known: ProblemList | undefined;
  let latest: HistoryVerification;
  /** The newest entry the latest check walked (or left to the full check): catchUp goes on from here. */
  let covered: ChainPoint = CHAIN_START;
  let fullRun: Promise<HistoryVerification> | undefined;
  let reader: DatabaseSync | undefined;
  let closed = false;
  /** A full check has completed since the file was opened. */
  let fullyChecked = false;

  function entryAt(seq: number): ChainPoint | undefined {
    const row = prepare('SELECT seq, hash, at FROM audit_log WHERE seq = ?').get(seq);
    return row ? { seq: Number(row.seq), hash: String(row.hash), at: Number(row.at) } : undefined;
  }

  /**
   * One row against its newest entry, the entry's own seal included: what every read goes through.
   * `checkEntry: false` after a walk that has checked the entries already (one problem, reported once).
   */
  function checkOne(id: number, checkEntry = true) {
    const raw = prepare(`${ROW_WITH_LATEST_SQL} WHERE r.id = ?`).get(id);
    if (!raw) return undefined;
    return checkRow(trust, toRowWithLatest(raw), () => legacyDigestVia(db, id), { checkEntry });
  }

  function rowAudit(id: number): RowAudit | undefined {
    const check = checkOne(id);
    return check && rowAuditOf(check, known, id);
  }

  /** Refuses to build on a row that fails its check: the new entry would seal whatever was edited. */
  function assertIntact(row: HistoryRow): void {
    const audit = rowAudit(row.id);
    if (audit?.state !== 'failed') return;
    const what = row.kind === 'payin' ? `pay-in ${row.merchantTradeNo}` : `KYC batch ${row.id}`;
    throw new RowFailsVerificationError(
      `The history row of ${what} fails verification against the audit trail (${audit.reasons.join(' ')}) Paydesk records nothing on top of it; see the audit alert in History.`,
    );
  }

  type CheckResult = { verification: HistoryVerification; problems: ProblemList; last: ChainPoint };

  function keep(result: CheckResult): HistoryVerification {
    latest = result.verification;
    known = result.problems;
    covered = result.last;
    return latest;
  }

  /**
   * Between full checks: the entries written since the latest check (by this session, as a rule) are
   * read back and checked with the rows they touched, so that "verified up to" stays current. Cheap: a
   * few entries each time History asks.
   */
  function catchUp(): void {
    if (fullRun || !known) return;
    const newest = prepare('SELECT MAX(seq) AS seq FROM audit_log').get();
    if (Number(newest?.seq ?? 0) <= covered.seq) return;
    const problems = known;
    const before = problems.count;
    const touched = new Set<number>();
    const walk = drain(
      walkChain(db, trust, covered, problems, (entry) => {
        if (entry.row_id !== null) touched.add(entry.row_id);
      }),
    );
    for (const id of touched) {
      const check = checkOne(id, false);
      if (check?.state === 'failed') problems.add(check.problem);
    }
    drain(orphanEntries(db, problems, touched));
    const clean = problems.count === before && walk.cleanUpTo.seq === walk.last.seq;
    // "Verified up to" moves on only when it had reached what the latest check covered.
    const extends_ = clean && (latest.verifiedUpTo?.seq ?? 0) === covered.seq;
    const anchor = trust.anchor;
    if (extends_ && problems.count === 0 && anchor && anchor.verifiedSeq === covered.seq) {
      trust.setAnchor({
        ...anchor,
        verifiedSeq: walk.last.seq,
        verifiedHash: walk.last.hash,
        verifiedAt: now(),
      });
    }
    latest = {
      ...latest,
      ok: problems.count === 0,
      entries: walk.last.seq,
      verifiedUpTo: extends_ ? { seq: walk.last.seq, at: walk.last.at } : latest.verifiedUpTo,
      problems: problems.listed,
      problemCount: problems.count,
      notices: [...trust.notices],
    };
    covered = walk.last;
  }

  function publish(result: CheckResult): void {
    keep(result);
    options.onAuditStatus?.({ verification: latest, checking: fullRun !== undefined });
  }

  /**
   * At open: the entries after the last verified one (trusted, from the anchor), the rows they touched,
   * the chain's head, and the anchor — which catches a file that lost committed entries. Advances the
   * verified point only when nothing was found, so a problem is found again at every start.
   */
  function startupCheck(): HistoryVerification {
    const checkedAt = now();
    const problems = new ProblemList();
    const anchor = trust.anchor;
    let from = CHAIN_START;
    if (anchor && anchor.verifiedSeq > 0) {
      const verified = entryAt(anchor.verifiedSeq);
      // An entry verified before and now different: walk it all, whatever changed shows there.
      if (verified?.hash === anchor.verifiedHash) from = verified;
    }
    const newest = prepare('SELECT seq, hash, at FROM audit_log ORDER BY seq DESC LIMIT 1').get();
    const head: ChainPoint = newest
      ? { seq: Number(newest.seq), hash: String(newest.hash), at: Number(newest.at) }
      : CHAIN_START;
    const touched = new Set<number>();
    let walk: ChainWalk;
    if (head.seq - from.seq <= (options.startupWalkLimit ?? STARTUP_WALK_LIMIT)) {
      walk = drain(
        walkChain(db, trust, from, problems, (entry) => {
          if (entry.row_id !== null) touched.add(entry.row_id);
        }),
      );
      checkHead(db, walk.last, problems);
      for (const id of touched) {
        const check = checkOne(id, false);
        if (check?.state === 'failed') problems.add(check.problem);
      }
      drain(orphanEntries(db, problems, touched));
    } else {
      // A long backlog (a history adopted from the previous version, an anchor lost): start stays fast,
      // the full check in the background walks it, and says so when it is done.
      walk = { last: head, cleanUpTo: from };
    }
    const clean = problems.count === 0 && walk.cleanUpTo.seq === walk.last.seq;

    const next = anchor
      ? { ...anchor, incidents: [...anchor.incidents] }
      : newAnchor(walk.last.seq, walk.last.hash, CHAIN_START, checkedAt);
    const incident = (kind: 'rolled_back' | 'anchor_missing', anchoredSeq: number) => {
      next.incidents = [
        ...next.incidents,
        { kind, detectedAt: checkedAt, anchoredSeq, foundSeq: walk.last.seq },
      ].slice(-5);
      next.incidentCount += 1;
    };
    if (!anchor) {
      incident('anchor_missing', 0);
    } else if (anchor.seq > walk.last.seq || (anchor.seq > 0 && entryAt(anchor.seq)?.hash !== anchor.hash)) {
      incident('rolled_back', anchor.seq);
    }
    next.seq = walk.last.seq;
    next.hash = walk.last.hash;
    if (clean) {
      next.verifiedSeq = walk.last.seq;
      next.verifiedHash = walk.last.hash;
      next.verifiedAt = checkedAt;
    }
    trust.setAnchor(next);
    addIncidents(next, problems);
    return keep({
      verification: summarize(trust, 'startup', checkedAt, walk, problems, touched.size),
      problems,
      last: walk.last,
    });
  }

  /** Every entry and every row, on `source`, a slice at a time. */
  function* fullCheck(source: DatabaseSync): Generator<void, CheckResult> {
    const checkedAt = now();
    const problems = new ProblemList();
    const walk = yield* walkChain(source, trust, CHAIN_START, problems);
    checkHead(source, walk.last, problems);
    const rowsChecked = yield* walkRows(source, trust, problems, (id) => legacyDigestVia(source, id));
    const anchor = trust.anchor;
    if (problems.count === 0 && anchor && walk.last.seq > anchor.verifiedSeq) {
      trust.setAnchor({
        ...anchor,
        verifiedSeq: walk.last.seq,
        verifiedHash: walk.last.hash,
        verifiedAt: checkedAt,
      });
    }
    addIncidents(trust.anchor, problems);
    return {
      verification: summarize(trust, 'full', checkedAt, walk, problems, rowsChecked),
      problems,
      last: walk.last,
    };
  }

  startupCheck();

  function resourceOf(row: HistoryRow): string {
    return row.kind === 'payin' ? row.merchantTradeNo : `batch:${row.id}`;
  }

  function outcomeOf(status: string): 'success' | 'failure' {
    return FAILURE_STATUSES.has(status) ? 'failure' : 'success';
  }

  /** Applies `columns` to a row and audits it, in the caller's transaction. */
  function changeRow(
    current: HistoryRow,
    columns: Record<string, SQLInputValue>,
    operator: string,
    event: string,
    extraDetail: Record<string, unknown> = {},
  ): void {
    assertIntact(current);
    const names = Object.keys(columns);
    const at = now();
    // Column names come from this file, never from the caller's input.
    const assignments = [...names.map((name) => `${name} = :${name}`), 'updated_at = :updatedAt'].join(', ');
    prepare(`UPDATE history_rows SET ${assignments} WHERE id = :id`).run({
      ...columns,
      updatedAt: at,
      id: current.id,
    });
    const status = typeof columns.status === 'string' ? columns.status : current.status;
    audit(
      {
        operator,
        event,
        outcome: outcomeOf(status),
        resource: resourceOf(current),
        detail: {
          from: current.status,
          to: status,
          changed: names.map((name) => name.replace(/_(\w)/g, (_m, c: string) => c.toUpperCase())),
          ...extraDetail,
        },
      },
      current.id,
    );
  }

  function parseFilter(input: HistoryFilterInput | undefined): HistoryFilter {
    return historyFilterSchema.parse(input ?? {});
  }

  function parseTotalsQuery(
    input: z.input<typeof dailyTotalsQuerySchema> | undefined,
  ): [HistoryFilter, number] {
    const { filter, utcOffsetMinutes }: DailyTotalsQuery = dailyTotalsQuerySchema.parse(input ?? {});
    return [parseFilter(filter), utcOffsetMinutes];
  }

  function filteredSelect(filter: HistoryFilter, options: { paged: boolean }) {
    const where = whereSql(filter);
    const clauses = [...where.clauses, ...sortClauses(filter.sort)];
    const params: SqlParams = { ...where.params };
    if (options.paged && filter.cursor !== undefined) {
      const cursor = cursorClause(filter.sort, filter.cursor);
      clauses.push(...cursor.clauses);
      Object.assign(params, cursor.params);
    }
    const whereText = clauses.length > 0 ? `WHERE ${clauses.join(' AND ')}` : '';
    const orderBy = orderBySql(filter.sort);
    if (!options.paged) return { sql: `SELECT * FROM history_rows ${whereText} ${orderBy}`, params };
    // A page is chosen by id first, then its rows read: a search that matches thousands of rows (a common
    // word) sorts their ids, not the rows with their requests and answers. One row more than asked tells
    // whether a next page exists without a COUNT.
    params.limitPlusOne = filter.limit + 1;
    let page = `SELECT id FROM history_rows ${whereText} ${orderBy} LIMIT :limitPlusOne`;
    if (filter.offset !== undefined) {
      page += ' OFFSET :offset';
      params.offset = filter.offset;
    }
    // The outer read is left unordered (no second sort in SQL): query() puts the page back in order.
    return { sql: `SELECT * FROM history_rows WHERE id IN (${page})`, params };
  }

  const store = {
    /** The file's path, as opened. */
    filePath,

    insertPayIn(input: NewPayIn): number {
      const pending = newPayInSchema.parse(input);
      const amount = canonicalAmount(pending.request.amount);
      const cardNumber = pending.request.cardNumber;
      const redactedRequest = redactCardFields(pending.request) as Record<string, unknown>;
      const maskedPan =
        typeof cardNumber === 'string'
          ? maskedPanSchema.parse(redactedRequest.cardNumber)
          : (pending.maskedPan ?? null);
      const brand =
        pending.brand ?? (typeof cardNumber === 'string' ? (detectBrand(cardNumber)?.name ?? null) : null);
      const at = now();
      return transaction(() => {
        const result = prepare(
          `INSERT INTO history_rows (kind, status, created_at, updated_at, profile, operator, api_version,
               merchant_trade_no, user_id, masked_pan, brand, last4, amount, amount_minor, currency, request_json)
             VALUES ('payin', 'pending', :at, :at, :profile, :operator, :apiVersion, :merchantTradeNo, :userId,
               :maskedPan, :brand, :last4, :amount, :amountMinor, :currency, :request)`,
        ).run({
          at,
          profile: pending.profile,
          operator: pending.operator,
          apiVersion: pending.apiVersion,
          merchantTradeNo: pending.request.merchantTradeNo,
          userId: pending.request.userId,
          maskedPan,
          brand,
          last4: maskedPan ? maskedPan.slice(-4) : null,
          amount,
          amountMinor: toMinorUnits(amount),
          currency: pending.currency,
          request: JSON.stringify(redactedRequest),
        });
        const id = Number(result.lastInsertRowid);
        audit(
          {
            operator: pending.operator,
            event: 'payin.created',
            outcome: 'success',
            resource: pending.request.merchantTradeNo,
            detail: { status: 'pending', amount, currency: pending.currency, apiVersion: pending.apiVersion },
          },
          id,
        );
        return id;
      });
    },

    /**
     * Changes a pay-in and audits the change as `audit.event` (default `payin.updated`). The lifecycle's
     * transition table is the guard: a status that may not follow the current one is refused.
     */
    updatePayIn(
      id: number,
      patchInput: PayInPatch,
      audit: { event?: string; detail?: Record<string, unknown> } = {},
    ): PayInRow {
      const patch = payInPatchSchema.parse(patchInput);
      return transaction(() => {
        const current = loadRow(id);
        if (current?.kind !== 'payin') throw new HistoryStoreError(`No pay-in with id ${id}.`);
        if (patch.status !== undefined && !canFollow(current.status, patch.status)) {
          throw new HistoryStoreError(
            `Pay-in ${current.merchantTradeNo} is ${current.status}; it cannot become ${patch.status}.`,
          );
        }
        const columns: Record<string, SQLInputValue> = {};
        if (patch.status !== undefined) columns.status = patch.status;
        if (patch.orderId !== undefined) columns.order_id = patch.orderId;
        if (patch.traceid !== undefined) columns.traceid = patch.traceid;
        if (patch.remark !== undefined)
          columns.remark = patch.remark === null ? null : scrubText(patch.remark);
        if (patch.rawResponse !== undefined) {
          columns.response_raw = patch.rawResponse === null ? null : redactRawBody(patch.rawResponse);
        }
        if (patch.error !== undefined) columns.error_json = errorJson(patch.error);
        changeRow(current, columns, patch.operator ?? current.operator, audit.event ?? 'payin.updated', {
          errorKind: patch.error?.kind,
          traceid: patch.traceid ?? undefined,
          ...audit.detail,
        });
        return loadRow(id) as PayInRow;
      });
    },

    /**
     * Audits something that happened to a pay-in without changing it: a signed callback that agrees
     * with what is known, a late answer, a browser return after the result. Nothing the gateway says is
     * ever dropped without a trace.
     */
    recordPayInEvent(id: number, event: string, operator: string, detail: Record<string, unknown>): PayInRow {
      return transaction(() => {
        const current = loadRow(id);
        if (current?.kind !== 'payin') throw new HistoryStoreError(`No pay-in with id ${id}.`);
        assertIntact(current);
        audit(
          {
            operator,
            event,
            outcome: outcomeOf(current.status),
            resource: current.merchantTradeNo,
            detail: { from: current.status, to: current.status, changed: [], ...detail },
          },
          id,
        );
        return current;
      });
    },

    insertKycBatch(input: NewKycBatch): number {
      const batch = newKycBatchSchema.parse(input);
      const at = now();
      return transaction(() => {
        const result = db
          .prepare(
            `INSERT INTO history_rows (kind, status, created_at, updated_at, profile, operator, file_name, sha256,
               counts_json, chunks_json, accepted_user_ids_json)
             VALUES ('kyc_batch', 'pending', :at, :at, :profile, :operator, :fileName, :sha256, :counts, '[]', '[]')`,
          )
          .run({
            at,
            profile: batch.profile,
            operator: batch.operator,
            fileName: batch.fileName,
            sha256: batch.sha256,
            counts: JSON.stringify(batch.counts),
          });
        const id = Number(result.lastInsertRowid);
        audit(
          {
            operator: batch.operator,
            event: 'kyc_batch.created',
            outcome: 'success',
            resource: `batch:${id}`,
            detail: { status: 'pending', sha256: batch.sha256, counts: batch.counts },
          },
          id,
        );
        return id;
      });
    },

    updateKycBatch(id: number, patchInput: KycBatchPatch): KycBatchRow {
      const patch = kycBatchPatchSchema.parse(patchInput);
      return transaction(() => {
        const current = loadRow(id);
        if (current?.kind !== 'kyc_batch') throw new HistoryStoreError(`No KYC batch with id ${id}.`);
        if (patch.status === 'pending' && current.status !== 'pending') {
          throw new HistoryStoreError('A KYC batch cannot go back to pending.');
        }
        const columns: Record<string, SQLInputValue> = {};
        if (patch.status !== undefined) columns.status = patch.status;
        if (patch.counts !== undefined) columns.counts_json = JSON.stringify(patch.counts);
        if (patch.chunks !== undefined) columns.chunks_json = JSON.stringify(patch.chunks);
        if (patch.acceptedUserIds !== undefined) {
          columns.accepted_user_ids_json = JSON.stringify(patch.acceptedUserIds);
        }
        if (patch.error !== undefined) columns.error_json = errorJson(patch.error);
        changeRow(current, columns, patch.operator ?? current.operator, 'kyc_batch.updated', {
          counts: patch.counts,
          chunks: patch.chunks?.length,
        });
        return loadRow(id) as KycBatchRow;
      });
    },

    getById(id: number): HistoryRow | undefined {
      return loadRow(id);
    },

    /** The newest pay-in with this order number on this profile (A9: a retry reuses the number). */
    /** The customer's most recent pay-in with this profile: a returning customer's details. */
    latestPayInOfUser(profile: string, userId: string): PayInRow | undefined {
      const row = prepare(NAMED_SQL.latestPayInOfUser).get({ userId, profile });
      return row ? (toRow(row) as PayInRow) : undefined;
    },

    findPayInByTradeNo(profile: string, merchantTradeNo: string): PayInRow | undefined {
      const row = prepare(NAMED_SQL.findPayInByTradeNo).get({ merchantTradeNo, profile });
      return row ? (toRow(row) as PayInRow) : undefined;
    },

    /**
     * The newest pay-in since `sinceMs` of the same card, amount and user that may have charged money
     * (refused, not sent and declined ones did not): the 10-minute duplicate guard asks before a repeat.
     */
    recentDuplicate(
      maskedPan: string,
      amount: string,
      userId: string,
      sinceMs: number,
    ): PayInRow | undefined {
      const row = prepare(NAMED_SQL.recentDuplicate).get({
        maskedPan,
        userId,
        amountMinor: toMinorUnits(canonicalAmount(amount)),
        since: sinceMs,
      });
      return row ? (toRow(row) as PayInRow) : undefined;
    },

    findKycBatchesBySha256(sha256: string): KycBatchRow[] {
      return db
        .prepare(NAMED_SQL.findKycBatchesBySha256)
        .all({ sha256 })
        .map((row) => toRow(row) as KycBatchRow);
    },

    /**
     * Startup recovery: a row still 'pending' was left by a crash while its request may have been in
     * flight, so nobody can say whether money moved. Returns the ids changed. A row that fails
     * verification is left as it is (and stays in the audit alert): recovering it would seal the edit.
     */
    markPendingAsOutcomeUnknown(operator: string = SYSTEM_OPERATOR): number[] {
      return transaction(() => {
        const pending = prepare(NAMED_SQL.pendingRows)
          .all()
          .map(toRow)
          .filter(
            (row) =>
              row.kind !== 'payin' || decide(row.status, { source: 'restart' }).next === 'outcome_unknown',
          )
          .filter((row) => rowAudit(row.id)?.state !== 'failed');
        for (const row of pending) {
          const error: HistoryError = {
            kind: 'outcome_unknown',
            message:
              'Paydesk stopped while this was being sent. It may have reached the gateway: check before sending again.',
          };
          changeRow(
            row,
            { status: 'outcome_unknown', error_json: JSON.stringify(error) },
            operator,
            `${row.kind}.recovered_outcome_unknown`,
          );
        }
        return pending.map((row) => row.id);
      });
    },

    query(input?: HistoryFilterInput): HistoryPage {
      const filter = parseFilter(input);
      const { sql, params } = filteredSelect(filter, { paged: true });
      const rows = inPageOrder(prepare(sql).all(params), filter.sort);
      const page = rows.slice(0, filter.limit);
      const last = rows.length > filter.limit ? page[page.length - 1] : undefined;
      const column = SORTS[filter.sort].column;
      const nextCursor = last
        ? encodeCursor(filter.sort, last[column] as number | bigint, Number(last.id))
        : null;
      const flagged: FlaggedRow[] = [];
      for (const row of page) {
        const audit = rowAudit(Number(row.id));
        if (audit?.state === 'failed') flagged.push({ rowId: Number(row.id), reasons: audit.reasons });
      }
      return { rows: page.map(toRow), nextCursor, flagged };
    },

    count(input?: HistoryFilterInput): number {
      const filter = parseFilter(input);
      const where = whereSql(filter);
      const clauses = [...where.clauses, ...sortClauses(filter.sort)];
      const whereText = clauses.length > 0 ? `WHERE ${clauses.join(' AND ')}` : '';
      const row = prepare(`SELECT COUNT(*) AS n FROM history_rows ${whereText}`).get(where.params);
      return Number(row?.n ?? 0);
    },

    /** Pay-ins per day, status and currency: exact sums of integer minor units, never floats. */
    dailyTotals(input?: z.input<typeof dailyTotalsQuerySchema>): DailyTotal[] {
      const query = dailyTotalsSql(...parseTotalsQuery(input));
      if (query.source === 'none') return [];
      if (query.source === 'rollup' && !hasDayRollup(db, query.utcOffsetMinutes)) {
        // The first chart in a new offset: a one-off write that builds its day rollup from the buckets.
        transaction(() => addDayRollup(db, query.utcOffsetMinutes));
      }
      // A day has a row per status and currency: format each day number once.
      const days = new Map<number, string>();
      const dayText = (value: SQLOutputValue | undefined): string => {
        if (query.source === 'rows') return text(value);
        const day = Number(value);
        let formatted = days.get(day);
        if (formatted === undefined) {
          formatted = isoDay(day);
          days.set(day, formatted);
        }
        return formatted;
      };
      const statement = prepare(query.sql);
      // Rows as arrays, in dailyTotalsSql's column order: a 300-day chart is 1,500 rows, and arrays
      // read back in half the time objects do (measured).
      statement.setReturnArrays(true);
      const rows = statement.all(query.params) as unknown as SQLOutputValue[][];
      // SUM over int64 comes back as BigInt: exact however large the day's total.
      return rows.map(([day, status, currency, n, minor]) => ({
        day: dayText(day),
        status: text(status) as PayInStatus,
        currency: text(currency),
        count: Number(n),
        amount: fromMinorUnits(minor as bigint),
      }));
    },

    /** Every row the filter matches (pagination ignored), in its sort order, as CSV text. */
    exportCsv(input?: HistoryFilterInput, options: { operator?: string } = {}): string {
      const filter = parseFilter(input);
      const { sql, params } = filteredSelect(filter, { paged: false });
      const lines = [csvLine(CSV_HEADER)];
      let rows = 0;
      // Its own statement: a shared one would be reset if anything ran it again mid-iteration.
      for (const row of prepareFresh(sql).iterate(params)) {
        lines.push(csvLine(csvCells(toRow(row))));
        rows += 1;
      }
      // Reading cardholder-related records in bulk is itself an auditable event (PCI DSS 10.2.1).
      if (options.operator !== undefined) {
        const operator = options.operator;
        transaction(() =>
          append({
            operator,
            event: 'history.exported',
            outcome: 'success',
            resource: 'history',
            detail: { rows, filter: { ...filter, cursor: undefined } },
          }),
        );
      }
      return lines.join('');
    },

    /** Appends an audit entry not tied to a row change (sign-in, settings, secret changes). */
    recordEvent(event: AuditEvent): AuditEntry {
      return transaction(() => append(event));
    },

    /** The audit entries of one row, oldest first. */
    auditTrail(rowId: number): AuditEntry[] {
      return prepare('SELECT * FROM audit_log WHERE row_id = ? ORDER BY seq').all(rowId).map(rowToEntry);
    },

    /** The row against the audit trail, as the detail drawer shows it; undefined when there is no row. */
    rowAudit(id: number): RowAudit | undefined {
      return rowAudit(id);
    },

    /**
     * Before a retry is rebuilt from a row: waits for a full check under way, then checks the row, every
     * audit entry of it, and what the checks found about the chain since the row's first entry (a gap
     * or a rollback there may have taken one of its entries). Anything short of verified is refused.
     */
    async verifyRow(id: number): Promise<RowVerdict> {
      // Backed by a full check of this session: the check at start walks only what is new, and a row's
      // older entries are only as good as the chain after them.
      if (fullRun || !fullyChecked) {
        try {
          await store.verifyAll();
        } catch (error) {
          return {
            ok: false,
            state: 'failed',
            message: `The audit trail could not be checked: ${errorText(error)}`,
          };
        }
      }
      const audit = rowAudit(id);
      if (!audit) return { ok: false, state: 'failed', message: `History row ${id} does not exist.` };
      const reasons = audit.state === 'failed' ? [...audit.reasons] : [];
      let unproved = audit.state === 'unproved';
      const entries = prepare('SELECT * FROM audit_log WHERE row_id = ? ORDER BY seq')
        .all(id)
        .map(toRawEntry);
      for (const entry of entries) {
        const holds = entryHolds(trust, entry);
        if (holds === 'unproved') unproved = true;
        const reason = `Audit entry ${entry.seq} (${entry.event}, row ${id}) was changed after it was written.`;
        if (holds === false && !reasons.includes(reason)) reasons.push(reason);
      }
      const first = entries[0]?.seq ?? 0;
      for (const problem of known?.chainWide ?? []) {
        if (problem.seq > first && !reasons.includes(problem.reason)) reasons.push(problem.reason);
      }
      if (reasons.length > 0) {
        return {
          ok: false,
          state: 'failed',
          message: `Paydesk will not send a retry rebuilt from this history row: it fails verification against the audit trail. ${reasons.join(' ')} Look the order up at the gateway instead.`,
        };
      }
      if (unproved) {
        return {
          ok: false,
          state: 'unproved',
          message:
            'Paydesk will not send a retry rebuilt from this history row: it was written under an audit key this keychain does not hold (a keychain reset, another computer, or an earlier session without a keychain), so it cannot be proved. Look the order up at the gateway instead.',
        };
      }
      return { ok: true };
    },

    /** The latest check's result, and whether a full check is under way. */
    auditStatus(): AuditStatus {
      catchUp();
      return { verification: latest, checking: fullRun !== undefined };
    },

    /** Every entry and every row, at once (tests, diagnostics): blocks until done. */
    verifyHistory(): HistoryVerification {
      const result = drain(fullCheck(db));
      fullyChecked = true;
      return keep(result);
    },

    /**
     * Every entry and every row, a slice at a time on a read-only connection of its own (one snapshot of
     * the file, so writes meanwhile neither block nor confuse it). One at a time: a second call while
     * one runs gets its result.
     */
    verifyAll(): Promise<HistoryVerification> {
      if (closed) return Promise.reject(new HistoryClosedError('The history is closed.'));
      fullRun ??= (async () => {
        // Starts on the next turn: the caller holds the promise before anything can settle it.
        await new Promise((resolve) => setImmediate(resolve));
        if (closed) throw new HistoryClosedError('The history was closed before the check.');
        const source = new DatabaseSync(filePath, { readOnly: true });
        reader = source;
        try {
          source.exec('BEGIN');
          const walk = fullCheck(source);
          for (;;) {
            const step = walk.next();
            if (step.done) {
              fullRun = undefined;
              fullyChecked = true;
              publish(step.value);
              return step.value.verification;
            }
            await new Promise((resolve) => setImmediate(resolve));
            if (closed) throw new HistoryClosedError('The history was closed during the check.');
          }
        } finally {
          fullRun = undefined;
          reader = undefined;
          if (source.isOpen) {
            if (source.isTransaction) source.exec('COMMIT');
            source.close();
          }
        }
      })();
      return fullRun;
    },

    /** Waits until the anchor is written out: before the app quits. */
    flush(): Promise<void> {
      return trust.flush();
    },

    /** For tests and diagnostics: SQLite's plan of a named list query. */
    explainQuery(input?: HistoryFilterInput): string[] {
      const filter = parseFilter(input);
      const { sql, params } = filteredSelect(filter, { paged: true });
      return db
        .prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .all(params)
        .map((row) => text(row.detail));
    },

    /** For tests and diagnostics: SQLite's plan of the daily totals query (it builds no rollup). */
    explainDailyTotals(input?: z.input<typeof dailyTotalsQuerySchema>): string[] {
      const query = dailyTotalsSql(...parseTotalsQuery(input));
      if (query.source === 'none') return [];
      return db
        .prepare(`EXPLAIN QUERY PLAN ${query.sql}`)
        .all(query.params)
        .map((row) => text(row.detail));
    },

    close(): void {
      closed = true;
      // The full check's connection first: the last one to close removes the WAL.
      if (reader?.isOpen) reader.close();
      if (db.isOpen) db.close();
    },
  };
  return store;
}

export type { HistoryFilterInput, KycBatchCounts, KycChunkResult };
