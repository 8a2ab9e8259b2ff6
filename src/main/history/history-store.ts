// The history file: pay-ins and KYC batches, with their audit trail, in one SQLite file owned by main.
// Every change to a row and the audit entry describing it are written in ONE transaction, so the trail
// never misses a change and never describes one that did not happen. The renderer reaches this only
// through the named methods below.
import { DatabaseSync, type SQLInputValue, type SQLOutputValue, type StatementSync } from 'node:sqlite';
import { z } from 'zod';
import { detectBrand } from '../../shared/cards/card';
import {
  type ApiVersion,
  apiVersionSchema,
  type DailyTotal,
  type DailyTotalsQuery,
  dailyTotalsQuerySchema,
  type HistoryError,
  type HistoryFilter,
  type HistoryFilterInput,
  type HistoryPage,
  type HistoryRow,
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
} from '../../shared/history';
import { canonicalAmount } from '../../shared/money/amount';
import {
  canFollow,
  decide,
  NO_CHARGE_STATUSES,
  type PayInStatus,
  payInStatusSchema,
} from '../../shared/payin-lifecycle';
import { csvLine } from '../csv/csv-cells';
import { scrubText } from '../log/redaction';
import { fromMinorUnits, toMinorUnits } from './amount-minor';
import {
  type AuditEntry,
  type AuditEvent,
  appendAudit,
  rowToEntry,
  sha256Hex,
  verifyAuditChain,
} from './audit-chain';
import { canonicalJson } from './canonical-json';
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

/** Operator name recorded for what Paydesk does by itself (startup recovery). */
export const SYSTEM_OPERATOR = 'system';
const MAX_CACHED_STATEMENTS = 256;

export class HistoryStoreError extends Error {
  override name = 'HistoryStoreError';
}

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

export type HistoryStoreOptions = { now?: () => number };

type SqlRow = Record<string, SQLOutputValue>;

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

/** What the audit trail pins of a row: editing the row behind Paydesk's back changes this. */
function rowDigest(row: HistoryRow): string {
  return sha256Hex(canonicalJson(row));
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
export function openHistoryStore(filePath: string, options: HistoryStoreOptions = {}) {
  const now = options.now ?? Date.now;
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

  function transaction<T>(work: () => T): T {
    db.exec('BEGIN IMMEDIATE');
    try {
      const result = work();
      db.exec('COMMIT');
      return result;
    } catch (error) {
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

  function audit(event: Omit<AuditEvent, 'detail'> & { detail: Record<string, unknown> }, rowId: number) {
    const row = loadRow(rowId);
    if (!row) throw new HistoryStoreError(`History row ${rowId} does not exist.`);
    return appendAudit(db, { ...event, rowId, detail: { ...event.detail, rowHash: rowDigest(row) } }, now());
  }

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
    let sql = `SELECT * FROM history_rows ${whereText} ${orderBySql(filter.sort)}`;
    if (options.paged) {
      // One row more than asked tells whether a next page exists without a COUNT.
      sql += ' LIMIT :limitPlusOne';
      params.limitPlusOne = filter.limit + 1;
      if (filter.offset !== undefined) {
        sql += ' OFFSET :offset';
        params.offset = filter.offset;
      }
    }
    return { sql, params };
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
     * flight, so nobody can say whether money moved. Returns the ids changed.
     */
    markPendingAsOutcomeUnknown(operator: string = SYSTEM_OPERATOR): number[] {
      return transaction(() => {
        const pending = prepare(NAMED_SQL.pendingRows)
          .all()
          .map(toRow)
          .filter(
            (row) =>
              row.kind !== 'payin' || decide(row.status, { source: 'restart' }).next === 'outcome_unknown',
          );
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
      const rows = prepare(sql).all(params);
      const page = rows.slice(0, filter.limit);
      const last = rows.length > filter.limit ? page[page.length - 1] : undefined;
      const column = SORTS[filter.sort].column;
      const nextCursor = last
        ? encodeCursor(filter.sort, last[column] as number | bigint, Number(last.id))
        : null;
      return { rows: page.map(toRow), nextCursor };
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
          appendAudit(
            db,
            {
              operator,
              event: 'history.exported',
              outcome: 'success',
              resource: 'history',
              detail: { rows, filter: { ...filter, cursor: undefined } },
            },
            now(),
          ),
        );
      }
      return lines.join('');
    },

    /** Appends an audit entry not tied to a row change (sign-in, settings, secret changes). */
    recordEvent(event: AuditEvent): AuditEntry {
      return transaction(() => appendAudit(db, event, now()));
    },

    /** The audit entries of one row, oldest first. */
    auditTrail(rowId: number): AuditEntry[] {
      return prepare('SELECT * FROM audit_log WHERE row_id = ? ORDER BY seq').all(rowId).map(rowToEntry);
    },

    /**
     * Checks the audit chain end to end, then that every row is exactly what its latest audit entry
     * recorded: catches edited, deleted and inserted audit entries and rows changed outside Paydesk.
     */
    verifyHistory(): HistoryVerification {
      const chain = verifyAuditChain(db);
      if (!chain.ok) return chain;
      const latest = prepare('SELECT * FROM audit_log WHERE row_id = ? ORDER BY seq DESC LIMIT 1');
      for (const sqlRow of prepareFresh('SELECT * FROM history_rows ORDER BY id').iterate()) {
        const row = toRow(sqlRow);
        const entryRow = latest.get(row.id);
        if (!entryRow) {
          return {
            ok: false,
            brokenAt: chain.lastSeq,
            rowId: row.id,
            reason: `History row ${row.id} has no audit entry: it was added outside Paydesk.`,
          };
        }
        const entry = rowToEntry(entryRow);
        if (entry.detail.rowHash !== rowDigest(row)) {
          return {
            ok: false,
            brokenAt: entry.seq,
            rowId: row.id,
            reason: `History row ${row.id} differs from what audit entry ${entry.seq} recorded: it was edited outside Paydesk.`,
          };
        }
      }
      const orphan = db
        .prepare(
          `SELECT MIN(seq) AS seq, row_id FROM audit_log
           WHERE row_id IS NOT NULL AND row_id NOT IN (SELECT id FROM history_rows) GROUP BY row_id LIMIT 1`,
        )
        .get();
      if (orphan) {
        return {
          ok: false,
          brokenAt: Number(orphan.seq),
          rowId: Number(orphan.row_id),
          reason: `History row ${Number(orphan.row_id)} was deleted outside Paydesk.`,
        };
      }
      return { ok: true, entries: chain.entries };
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
      if (db.isOpen) db.close();
    },
  };
  return store;
}

export type { HistoryFilterInput, KycBatchCounts, KycChunkResult };
