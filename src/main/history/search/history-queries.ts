// The history's reads: the fixed lookups the pay-in and KYC services make (named, so that tests hold
// their query plans to an index), and the reads by filter — a page of the list (chosen by id first, with
// keyset cursors), a count, the daily totals chart and the CSV export (itself audited) — with SQLite's
// plans of them for the tests.
import type { SQLOutputValue } from 'node:sqlite';
import {
  type DailyTotal,
  type DailyTotalsQuery,
  dailyTotalsQuerySchema,
  type FlaggedRow,
  type HistoryFilter,
  type HistoryFilterInput,
  type HistoryPage,
  type HistorySort,
  historyFilterSchema,
  type KycBatchRow,
  type PayInRow,
  payInStatusSchema,
  type RowAudit,
} from '@shared/history';
import type { CanonicalAmount } from '@shared/money/amount';
import { IN_PROGRESS_STATUSES, NO_CHARGE_STATUSES } from '@shared/payin-lifecycle';
import type { z } from 'zod';
import { type CsvForm, MACHINE_FORM } from '../../csv/csv-form';
import { fromMinorUnits, toMinorUnits } from '../store/amount-minor';
import type { HistoryDb } from '../store/history-db';
import { integer, type SqlRow, text, toKycBatchRow, toPayInRow, toRow } from '../store/row-mapping';
import { historyCsv } from './csv-export';
import { addDayRollup, dailyTotalsSql, hasDayRollup, isoDay } from './daily-totals';
import {
  encodeCursor,
  filterWhere,
  orderBySql,
  prefixCounts,
  SORTS,
  sortClauses,
  textCondition,
  whereSql,
} from './filter-sql';
import { searchPageByWords } from './history-word-pages';

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
    AND kind = 'payin' AND status NOT IN (${IN_PROGRESS_STATUSES.map((status) => `'${status}'`).join(', ')})
    ORDER BY created_at DESC, id DESC LIMIT 1`,
  findKycBatchesBySha256: `SELECT * FROM history_rows WHERE sha256 = :sha256 AND kind = 'kyc_batch'
    ORDER BY created_at DESC`,
  pendingRows: `SELECT * FROM history_rows WHERE status = 'pending' ORDER BY created_at, id`,
} as const;

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

function parseFilter(input: HistoryFilterInput | undefined): HistoryFilter {
  return historyFilterSchema.parse(input ?? {});
}

function parseTotalsQuery(
  input: z.input<typeof dailyTotalsQuerySchema> | undefined,
): [HistoryFilter, number] {
  const { filter, utcOffsetMinutes }: DailyTotalsQuery = dailyTotalsQuerySchema.parse(input ?? {});
  return [parseFilter(filter), utcOffsetMinutes];
}

/**
 * A search whose text starts at least SEARCH_MANY identifiers (the "PD" every order number starts with, a
 * date in them) has its page looked for among the rows of the list without the search, in its order, each
 * tested against it as it is read, up to SEARCH_SCAN rows. Through the indexes such a search collected every
 * match and sorted them: 136 ms for "PD" at 200,000 rows and 242 ms at a million, on main's thread. The
 * scan goes past the newest rows because they need not be the ones it starts (2,000 newer order numbers of
 * another form, then a million "PD…": bench:history), and stops as soon as the page is full.
 */
const SEARCH_MANY = 2_000;
const SEARCH_SCAN = 6_000;

/** Whether the search starts at least SEARCH_MANY order numbers, orderIds, traceids or userIds. */
function startsManyIdentifiers(prepare: HistoryDb['prepare'], text: string): boolean {
  const { sql, params } = prefixCounts(text);
  return sql.some((count) => Number(prepare(count).get({ ...params, many: SEARCH_MANY })?.n) >= SEARCH_MANY);
}

/**
 * The page of a search that starts many identifiers, from the rows that follow the cursor in the list's own
 * order, when they hold it: at least one row more than the page (or the list ended within the scan).
 * Undefined otherwise: the indexes answer it (a rarer search, or where its matches thin out).
 */
function searchPageByScan(prepare: HistoryDb['prepare'], filter: HistoryFilter): number[] | undefined {
  if (filter.text === undefined || filter.offset !== undefined) return undefined;
  if (!startsManyIdentifiers(prepare, filter.text)) return undefined;
  const { whereText, params } = filterWhere({ ...filter, text: undefined }, true);
  const hit = textCondition(filter.text, params);
  params.scan = SEARCH_SCAN;
  const scan = prepare(
    `SELECT id, ${hit} AS hit FROM history_rows ${whereText} ${orderBySql(filter.sort)} LIMIT :scan`,
  );
  const hits: number[] = [];
  let read = 0;
  // Read lazily: the statement stops where the page is full, not at SEARCH_SCAN.
  for (const row of scan.iterate(params)) {
    read += 1;
    if (Number(row.hit) !== 1) continue;
    hits.push(Number(row.id));
    if (hits.length > filter.limit) return hits;
  }
  return read < SEARCH_SCAN ? hits : undefined;
}

function filteredSelect(filter: HistoryFilter, options: { paged: boolean }) {
  const { whereText, params } = filterWhere(filter, options.paged);
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

export function historyQueries(
  history: HistoryDb,
  /** The row against its audit trail: a page flags the rows that fail. */
  rowAudit: (id: number) => RowAudit | undefined,
) {
  const { db, prepare, prepareFresh, transaction, append } = history;

  return {
    /**
     * The customer's most recent pay-in with this profile that is no longer under way: a returning
     * customer's details (the pay-in of the call in progress does not make a new customer a returning one).
     */
    latestPayInOfUser(profile: string, userId: string): PayInRow | undefined {
      const row = prepare(NAMED_SQL.latestPayInOfUser).get({ userId, profile });
      return toPayInRow(row);
    },

    /** The newest pay-in with this order number on this profile (A9: asking again reuses the number). */
    findPayInByTradeNo(profile: string, merchantTradeNo: string): PayInRow | undefined {
      const row = prepare(NAMED_SQL.findPayInByTradeNo).get({ merchantTradeNo, profile });
      return toPayInRow(row);
    },

    /**
     * The newest pay-in since `sinceMs` of the same card, amount and user that may have charged money
     * (refused, not sent and declined ones did not): the 10-minute duplicate guard asks before a repeat.
     */
    recentDuplicate(
      maskedPan: string,
      amount: CanonicalAmount,
      userId: string,
      sinceMs: number,
    ): PayInRow | undefined {
      const row = prepare(NAMED_SQL.recentDuplicate).get({
        maskedPan,
        userId,
        amountMinor: toMinorUnits(amount),
        since: sinceMs,
      });
      return toPayInRow(row);
    },

    findKycBatchesBySha256(sha256: string): KycBatchRow[] {
      return prepare(NAMED_SQL.findKycBatchesBySha256)
        .all({ sha256 })
        .flatMap((row) => toKycBatchRow(row) ?? []);
    },

    query(input?: HistoryFilterInput): HistoryPage {
      const filter = parseFilter(input);
      const scannedIds = searchPageByScan(prepare, filter) ?? searchPageByWords(prepare, filter);
      const found = scannedIds
        ? prepare('SELECT * FROM history_rows WHERE id IN (SELECT value FROM json_each(:ids))').all({
            ids: JSON.stringify(scannedIds),
          })
        : (() => {
            const { sql, params } = filteredSelect(filter, { paged: true });
            return prepare(sql).all(params);
          })();
      const rows = inPageOrder(found, filter.sort);
      const page = rows.slice(0, filter.limit);
      const last = rows.length > filter.limit ? page[page.length - 1] : undefined;
      const column = SORTS[filter.sort].column;
      const nextCursor = last ? encodeCursor(filter.sort, integer(last[column]), Number(last.id)) : null;
      const flagged: FlaggedRow[] = [];
      for (const row of page) {
        const audit = rowAudit(Number(row.id));
        if (audit?.state === 'failed') {
          const { reasons, words } = audit;
          flagged.push(
            words ? { rowId: Number(row.id), reasons, words } : { rowId: Number(row.id), reasons },
          );
        }
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
      // node:sqlite types all() as objects whatever setReturnArrays says: its typing's boundary.
      const rows = statement.all(query.params) as unknown as SQLOutputValue[][];
      // SUM over int64 comes back as BigInt: exact however large the day's total.
      return rows.map(([day, status, currency, n, minor]) => ({
        day: dayText(day),
        status: payInStatusSchema.parse(text(status)),
        currency: text(currency),
        count: Number(n),
        amount: fromMinorUnits(integer(minor)),
      }));
    },

    /** Every row the filter matches (pagination ignored), in its sort order, as CSV text in `form`. */
    exportCsv(input?: HistoryFilterInput, options: { operator?: string; form?: CsvForm } = {}): string {
      const filter = parseFilter(input);
      const { sql, params } = filteredSelect(filter, { paged: false });
      // Its own statement: a shared one would be reset if anything ran it again mid-iteration.
      const form = options.form ?? MACHINE_FORM;
      const { csv, rows } = historyCsv(prepareFresh(sql).iterate(params), form);
      // Reading cardholder-related records in bulk is itself an auditable event (PCI DSS 10.2.1).
      if (options.operator !== undefined) {
        const operator = options.operator;
        transaction(() =>
          append({
            operator,
            event: 'history.exported',
            outcome: 'success',
            resource: 'history',
            detail: { rows, filter: { ...filter, cursor: undefined }, form: form.name },
          }),
        );
      }
      return csv;
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
  };
}
