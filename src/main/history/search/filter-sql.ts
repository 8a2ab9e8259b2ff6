// Turns a parsed HistoryFilter into the WHERE / ORDER BY of the history queries. Only fixed SQL
// fragments are emitted; every value the user typed is a bound parameter.
import type { SQLInputValue } from 'node:sqlite';
import { type HistoryFilter, type HistorySort, ID_PART_MIN } from '@shared/history';
import { z } from 'zod';
import { englishOf } from '../../i18n/refuse';
import { ID_INDEXES } from '../store/migrations/search-indexes';

export type SqlParams = Record<string, SQLInputValue>;
type WhereSql = { clauses: string[]; params: SqlParams };

/**
 * Upper bound of a prefix range: every text that starts with `prefix` sorts below prefix + U+10FFFF in
 * SQLite's byte order. A range, unlike LIKE 'x%', is served by a plain BINARY index.
 */
const PREFIX_END = '\u{10FFFF}';
const TEXT_COLUMNS = ['merchant_trade_no', 'order_id', 'traceid', 'user_id'] as const;
/** The identifiers found by any part (their indexes: migration 11); the traceid keeps its prefix. */
const INDEXED_ID_COLUMNS = new Set<string>(ID_INDEXES);

/**
 * The row ids whose identifiers hold the search's part (`:idPart`, from idPartQuery) and pass `condition` on
 * the rowid, as one SELECT of `id` per identifier's index, to be joined by UNION.
 */
export function idPartMatches(condition = 'true'): string[] {
  return ID_INDEXES.map(
    (column) =>
      `SELECT rowid AS id FROM history_ids_${column} WHERE history_ids_${column} MATCH :idPart AND ${condition}`,
  );
}

/**
 * The same match read from the rows themselves (`:idText`, the search lower-cased as lowerAscii does), for a
 * few thousand rows by id: FTS5 reads a rowid range of a long doclist slowly (about 4 ms for a block of
 * 4,096 ids at 100,000 rows, growing with the rows), the rows' own B-tree in well under a millisecond.
 */
export function idPartInRows(condition: string): string {
  const holds = ID_INDEXES.map((column) => `instr(lower(${column}), :idText) > 0`).join(' OR ');
  return `SELECT id FROM history_rows WHERE ${condition} AND (${holds})`;
}

/** At most this many words of a search go to the full-text index (each narrows the match). */
const MAX_SEARCH_WORDS = 8;

/**
 * The words of a search as an FTS5 query: every word a prefix, all of them required ("anna kow" finds
 * Anna Kowalska). Each word is quoted, so nothing the operator types is FTS syntax.
 */
export function wordsQuery(text: string): string | undefined {
  const words = text.match(/[\p{L}\p{N}]+/gu)?.slice(0, MAX_SEARCH_WORDS) ?? [];
  return words.length === 0 ? undefined : words.map((word) => `"${word}"*`).join(' AND ');
}

/** Letters A-Z lower-cased, nothing else: what SQLite's lower() does, which history_ids_* were built with. */
export function lowerAscii(text: string): string {
  return text.replace(/[A-Z]/g, (letter) => letter.toLowerCase());
}

/**
 * A search of ID_PART_MIN characters or more with no space in it, as a query of the identifiers' index
 * (history_ids_<column>, migration 11): the phrase of its runs of 4 characters, each as that index holds them, so it
 * matches any part of an order number, orderId or customer id, without case ("cust-5005", the end of
 * "PD2026…"). The runs are hex digits: nothing the operator types is FTS syntax.
 */
export function idPartQuery(text: string): string | undefined {
  const characters = Array.from(lowerAscii(text));
  if (characters.length < ID_PART_MIN || /\s/u.test(text)) return undefined;
  const runs: string[] = [];
  for (let i = 0; i + ID_PART_MIN <= characters.length; i += 1) {
    runs.push(Buffer.from(characters.slice(i, i + ID_PART_MIN).join(''), 'utf8').toString('hex'));
  }
  return `"${runs.join(' ')}"`;
}

/** A search that reads as an amount ("12.50", "12,5", "300"): its exact minor units. */
function amountMinorOf(text: string): bigint | undefined {
  const match = /^(\d{1,15})(?:[.,](\d{1,2}))?$/.exec(text);
  if (!match) return undefined;
  return BigInt(match[1] ?? '0') * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
}

/** Which of a search's terms go to the full-text indexes (history-word-pages.ts walks those itself). */
type IndexTerms = { words: boolean; idParts: boolean };

/**
 * What a search matches: any part of 4 characters or more of the order number, orderId or userId, without
 * case (shorter, a prefix as written); a prefix of the traceid; a word (prefix) of the customer's name or
 * e-mail, the decline reason or the file name; an amount; the masked card as History shows it (first 6,
 * stars, last 4), or its last 4 digits.
 */
function textTerms(
  text: string,
  params: SqlParams,
  options: IndexTerms = { words: true, idParts: true },
): string[] {
  params.textLow = text;
  params.textHigh = text + PREFIX_END;
  const idPart = idPartQuery(text);
  const prefixColumns = TEXT_COLUMNS.filter(
    (column) => idPart === undefined || !INDEXED_ID_COLUMNS.has(column),
  );
  const terms = prefixColumns.map((column) => `(${column} >= :textLow AND ${column} < :textHigh)`);
  if (idPart !== undefined && options.idParts) {
    params.idPart = idPart;
    terms.push(`id IN (${idPartMatches().join(' UNION ALL ')})`);
  }
  if (/^\d{4}$/.test(text)) {
    params.last4 = text;
    terms.push('last4 = :last4');
  }
  const masked = /^(\d{6})\*+(\d{4})(?:\s*\(.*\))?$/.exec(text);
  if (masked) {
    params.maskedPrefix = masked[1] ?? '';
    params.last4 = masked[2] ?? '';
    terms.push('(last4 = :last4 AND substr(masked_pan, 1, 6) = :maskedPrefix)');
  }
  const amountMinor = amountMinorOf(text);
  if (amountMinor !== undefined) {
    params.amountMinor = amountMinor;
    terms.push('amount_minor = :amountMinor');
  }
  const words = options.words ? wordsQuery(text) : undefined;
  if (words !== undefined) {
    params.words = words;
    terms.push('id IN (SELECT rowid FROM history_words WHERE history_words MATCH :words)');
  }
  return terms;
}

/**
 * For each identifier column matched by prefix, SQL that counts the rows whose value starts with the search,
 * up to `:many` (bounded: at most that many index entries are read), with the parameters it takes. None for a
 * search the identifiers' indexes answer (history-word-pages.ts walks them newest first).
 */
export function prefixCounts(text: string): { sql: string[]; params: SqlParams } {
  return {
    sql: (idPartQuery(text) === undefined ? TEXT_COLUMNS : []).map(
      (column) =>
        `SELECT count(*) AS n FROM (SELECT 1 FROM history_rows WHERE ${column} >= :textLow AND ${column} < :textHigh LIMIT :many)`,
    ),
    params: { textLow: text, textHigh: text + PREFIX_END },
  };
}

/** What a search matches, as one SQL condition (its parameters added to `params`). */
export function textCondition(text: string, params: SqlParams): string {
  return `(${textTerms(text, params).join(' OR ')})`;
}

/**
 * What a search matches other than through the full-text indexes (identifiers by prefix, the card, the
 * amount): history-word-pages.ts walks the indexes' own matches.
 */
export function textConditionWithoutIndexes(text: string, params: SqlParams): string {
  // Never empty: the traceid is always matched by prefix.
  return `(${textTerms(text, params, { words: false, idParts: false }).join(' OR ')})`;
}

export function whereSql(filter: Omit<HistoryFilter, 'sort' | 'limit'>): WhereSql {
  const clauses: string[] = [];
  const params: SqlParams = {};
  if (filter.text !== undefined) clauses.push(textCondition(filter.text, params));
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
  if (filter.operator !== undefined) {
    params.operator = filter.operator;
    clauses.push('operator = :operator');
  }
  return { clauses, params };
}

/** The WHERE of a filter (the cursor's part too, for a page), as SQL text and its parameters. */
export function filterWhere(filter: HistoryFilter, paged: boolean): { whereText: string; params: SqlParams } {
  const where = whereSql(filter);
  const clauses = [...where.clauses, ...sortClauses(filter.sort)];
  const params: SqlParams = { ...where.params };
  if (paged && filter.cursor !== undefined) {
    const cursor = cursorClause(filter.sort, filter.cursor);
    clauses.push(...cursor.clauses);
    Object.assign(params, cursor.params);
  }
  return { whereText: clauses.length > 0 ? `WHERE ${clauses.join(' AND ')}` : '', params };
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

/** A cursor Paydesk did not issue for this list: its refusal's words (history-handlers.ts) by `key`. */
export class InvalidCursorError extends Error {
  override name = 'InvalidCursorError';
  constructor(readonly key: 'refusal.history.cursorUnknown' | 'refusal.history.cursorOtherList') {
    super(englishOf({ key }));
  }
}

/** The sort key and id of the last row before the page a cursor asks for. */
export function decodeCursor(sort: HistorySort, cursor: string): { key: number | bigint; id: number } {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new InvalidCursorError('refusal.history.cursorUnknown');
  }
  const parsed = cursorSchema.safeParse(decoded);
  if (!parsed.success || parsed.data[0] !== sort) {
    throw new InvalidCursorError('refusal.history.cursorOtherList');
  }
  const [, key, id] = parsed.data;
  return { key: typeof key === 'string' ? BigInt(key) : key, id };
}

function cursorClause(sort: HistorySort, cursor: string): WhereSql {
  const { key, id } = decodeCursor(sort, cursor);
  const { column, direction } = SORTS[sort];
  // Row-value comparison: SQLite seeks straight to it in the (column, id) index.
  return {
    clauses: [`(${column}, id) ${direction === 'DESC' ? '<' : '>'} (:cursorKey, :cursorId)`],
    params: { cursorKey: key, cursorId: id },
  };
}
