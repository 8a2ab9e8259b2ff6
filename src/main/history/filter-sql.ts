// Turns a parsed HistoryFilter into the WHERE / ORDER BY of the history queries. Only fixed SQL
// fragments are emitted; every value the user typed is a bound parameter.
import type { SQLInputValue } from 'node:sqlite';
import { z } from 'zod';
import type { HistoryFilter, HistorySort } from '../../shared/history';

export type SqlParams = Record<string, SQLInputValue>;
export type WhereSql = { clauses: string[]; params: SqlParams };

/**
 * Upper bound of a prefix range: every text that starts with `prefix` sorts below prefix + U+10FFFF in
 * SQLite's byte order. A range, unlike LIKE 'x%', is served by a plain BINARY index.
 */
const PREFIX_END = '\u{10FFFF}';
const TEXT_COLUMNS = ['merchant_trade_no', 'order_id', 'traceid', 'user_id'] as const;

export function whereSql(filter: Omit<HistoryFilter, 'sort' | 'limit'>): WhereSql {
  const clauses: string[] = [];
  const params: SqlParams = {};
  if (filter.text !== undefined) {
    params.textLow = filter.text;
    params.textHigh = filter.text + PREFIX_END;
    const terms = TEXT_COLUMNS.map((column) => `(${column} >= :textLow AND ${column} < :textHigh)`);
    if (/^\d{4}$/.test(filter.text)) {
      params.last4 = filter.text;
      terms.push('last4 = :last4');
    }
    clauses.push(`(${terms.join(' OR ')})`);
  }
  if (filter.kind !== undefined) {
    params.kind = filter.kind;
    clauses.push('kind = :kind');
  }
  if (filter.status !== undefined) {
    const names = filter.status.map((status, index) => {
      params[`status${index}`] = status;
      return `:status${index}`;
    });
    clauses.push(`status IN (${names.join(', ')})`);
  }
  if (filter.from !== undefined) {
    params.from = filter.from;
    clauses.push('created_at >= :from');
  }
  if (filter.to !== undefined) {
    params.to = filter.to;
    clauses.push('created_at < :to');
  }
  if (filter.profile !== undefined) {
    params.profile = filter.profile;
    clauses.push('profile = :profile');
  }
  return { clauses, params };
}

type SortSpec = { column: 'created_at' | 'amount_minor'; direction: 'ASC' | 'DESC' };

export const SORTS: Record<HistorySort, SortSpec> = {
  createdAt_desc: { column: 'created_at', direction: 'DESC' },
  createdAt_asc: { column: 'created_at', direction: 'ASC' },
  amount_desc: { column: 'amount_minor', direction: 'DESC' },
  amount_asc: { column: 'amount_minor', direction: 'ASC' },
};

export function orderBySql(sort: HistorySort): string {
  const { column, direction } = SORTS[sort];
  return `ORDER BY ${column} ${direction}, id ${direction}`;
}

/** A sort by amount lists pay-ins only: a batch has no amount, and NULL has no place in a keyset. */
export function sortClauses(sort: HistorySort): string[] {
  return SORTS[sort].column === 'amount_minor' ? ['amount_minor IS NOT NULL'] : [];
}

// The cursor is opaque to the renderer: the sort it belongs to, the last row's sort key and id. A key in
// digits must fit SQLite's int64, or binding it would throw instead of refusing the cursor.
const INT64_MAX = 9_223_372_036_854_775_807n;
const cursorKeyDigits = z
  .string()
  .refine((digits) => /^\d{1,19}$/.test(digits) && BigInt(digits) <= INT64_MAX);
const cursorSchema = z.tuple([z.string(), z.union([z.int(), cursorKeyDigits]), z.int().positive()]);

export function encodeCursor(sort: HistorySort, key: number | bigint, id: number): string {
  const keyValue = typeof key === 'bigint' ? key.toString() : key;
  return Buffer.from(JSON.stringify([sort, keyValue, id]), 'utf8').toString('base64url');
}

export class InvalidCursorError extends Error {
  override name = 'InvalidCursorError';
}

export function cursorClause(sort: HistorySort, cursor: string): WhereSql {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new InvalidCursorError('The page cursor is not one Paydesk issued.');
  }
  const parsed = cursorSchema.safeParse(decoded);
  if (!parsed.success || parsed.data[0] !== sort) {
    throw new InvalidCursorError('The page cursor belongs to another list or sort order.');
  }
  const [, key, id] = parsed.data;
  const { column, direction } = SORTS[sort];
  // Row-value comparison: SQLite seeks straight to it in the (column, id) index.
  return {
    clauses: [`(${column}, id) ${direction === 'DESC' ? '<' : '>'} (:cursorKey, :cursorId)`],
    params: { cursorKey: typeof key === 'string' ? BigInt(key) : key, cursorId: id },
  };
}
