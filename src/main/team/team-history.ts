// Team History's reads of the team database: a page of rows, one row with its timeline, the daily totals,
// the CSV export, the outcome-unknown queue and which rows the role may read. Pure functions over a pg
// client or pool, every value a bound parameter, every row read back parsed with src/shared's schemas.
//
// Each page is a keyset page, newest first, on (created_at, desk_id, row_id): never OFFSET. A filter is
// answered as the union of one or more branches, each led by an equality that an index of team
// migration 2 puts first — the kind, a status, a search term — so every branch walks its index backwards
// from the cursor and stops after a page, however many rows the team has. A part of an identifier is
// looked for in the newest rows of the filter first, else among the rows that migration 6's trigram
// indexes say hold it (team-id-part-sql.ts). BENCHMARKS.md has the plans and the figures.
import { type DailyTotal, type HistoryRow, ID_PART_MIN, payInStatusSchema } from '@shared/history';
import {
  type OutcomeUnknownItem,
  outcomeUnknownItemSchema,
  type TeamDesk,
  type TeamHistoryDetail,
  type TeamHistoryFilter,
  type TeamHistoryFilterInput,
  type TeamHistoryPage,
  type TeamQueue,
  type TeamRow,
  type TeamRowRef,
  type TeamScope,
  teamDeskSchema,
  teamHistoryFilterSchema,
  teamRowSchema,
} from '@shared/team-history';
import type pg from 'pg';
import { z } from 'zod';
import { type CsvForm, MACHINE_FORM } from '../csv/csv-form';
import { CONTRACT_COLUMNS, teamColumnAs } from '../history/row-table/columns';
import { csvCells, csvHeader } from '../history/search/csv-export';
import { DAY_MS, isoDay } from '../history/search/daily-totals';
import { fromMinorUnits } from '../history/store/amount-minor';
import { type SqlRow, toRow } from '../history/store/row-mapping';
import { englishOf } from '../i18n/refuse';
import { WordedError } from '../i18n/worded';
import { idPartBranches } from './team-id-part-sql';

type TeamDb = Pick<pg.ClientBase, 'query'>;

const KEY_ORDER = 'created_at DESC, desk_id DESC, row_id DESC';
const HOUR_MS = 3_600_000;
/** Without a start day, the team's charts cover this many days back (History draws at most 62). */
const TEAM_CHART_DAYS = 62;
/** The team export stops after this many rows and says so. */
const TEAM_EXPORT_MAX = 100_000;
const EXPORT_PAGE = 500;

/**
 * The columns a row is read with: the desk, and the row table's columns the contract reads, under the
 * history file's names; never the card fingerprint, the role or the row's version.
 */
const ROW_COLUMNS = [
  'r.desk_id',
  'd.desk_name',
  ...CONTRACT_COLUMNS.map((name) => (name === 'id' ? 'r.row_id' : teamColumnAs(name, 'r.'))),
].join(', ');

/** A row PostgreSQL returned that does not read as a history row: the read fails, naming it. */
export class TeamRowError extends Error {
  override name = 'TeamRowError';
}

/** Bound parameters, numbered as they are added. */
class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

// The cursor is opaque to the renderer: the last row's time, desk and id.
const cursorSchema = z.tuple([z.int().nonnegative(), z.uuid(), z.int().positive()]);

export function encodeTeamCursor(row: { createdAt: number; deskId: string; id: number }): string {
  return Buffer.from(JSON.stringify([row.createdAt, row.deskId, row.id]), 'utf8').toString('base64url');
}

export class InvalidTeamCursorError extends Error {
  override name = 'InvalidTeamCursorError';
}

function decodeCursor(cursor: string): z.infer<typeof cursorSchema> {
  try {
    return cursorSchema.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
  } catch {
    throw new InvalidTeamCursorError(englishOf({ key: 'refusal.team.cursorUnknown' }));
  }
}

/** A search that reads as an amount ("12.50", "12,5", "300"): its minor units, as History reads it. */
function amountMinorOf(text: string): bigint | undefined {
  const match = /^(\d{1,15})(?:[.,](\d{1,2}))?$/.exec(text);
  if (!match) return undefined;
  return BigInt(match[1] ?? '0') * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
}

/** The text as a LIKE pattern matches it literally: its wildcards and the escape character escaped. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * Whether a search is looked for as a part of the identifiers (as the desk's History does: ID_PART_MIN
 * characters or more, no space), rather than as a whole value. It must hold a letter or a digit: the
 * trigram indexes hold nothing else, and a search of punctuation alone would read all of them.
 */
function searchesParts(text: string): boolean {
  return Array.from(text).length >= ID_PART_MIN && !/\s/u.test(text) && /[\p{L}\p{N}]/u.test(text);
}

/**
 * A search's terms: one condition per term, each led by the column of its own index (a whole identifier
 * under ID_PART_MIN characters; the start of a traceid, as written; an amount; a card), and, for a search
 * of ID_PART_MIN characters or more, `part`: the LIKE pattern (a bound parameter) of any part of an order
 * number, orderId or customer id, in any case, which teamPageSql looks up through migration 6's indexes.
 */
function searchTerms(text: string, params: Params): { drivers: string[]; part?: string } {
  let added: string | undefined;
  const whole = () => {
    added ??= params.add(text);
    return added;
  };
  let drivers: string[];
  let part: string | undefined;
  if (searchesParts(text)) {
    part = params.add(`%${likeLiteral(text)}%`);
    drivers = [`traceid LIKE ${params.add(`${likeLiteral(text)}%`)}`];
  } else {
    drivers = ['merchant_trade_no', 'order_id', 'traceid', 'user_id'].map(
      (column) => `${column} = ${whole()}`,
    );
  }
  const amountMinor = amountMinorOf(text);
  if (amountMinor !== undefined) drivers.push(`amount_minor = ${params.add(amountMinor.toString())}`);
  if (/^\d{4}$/.test(text)) drivers.push(`last4 = ${whole()}`);
  const masked = /^(\d{6})\*+(\d{4})(?:\s*\(.*\))?$/.exec(text);
  if (masked) {
    drivers.push(`last4 = ${params.add(masked[2])} AND substr(masked_pan, 1, 6) = ${params.add(masked[1])}`);
  }
  return part === undefined ? { drivers } : { drivers, part };
}

/** The SQL of a page (one row more than the page, to tell whether another follows) and its parameters. */
function teamPageSql(filter: TeamHistoryFilter, scope: TeamScope): { text: string; values: unknown[] } {
  const params = new Params();
  const kind = params.add(filter.kind);
  // One desk's rows are led by its desk id; a desk's role, which reads only its own rows, says so to be
  // led by the db_role indexes.
  const lead =
    filter.deskId !== undefined
      ? `desk_id = ${params.add(filter.deskId)} AND `
      : scope === 'own'
        ? 'db_role = current_user AND '
        : '';
  const common: string[] = [`kind = ${kind}`];
  let drivers: string[];
  let part: string | undefined;
  if (filter.text !== undefined) {
    const search = searchTerms(filter.text, params);
    drivers = search.drivers.map((driver) => `${lead}${driver}`);
    part = search.part;
    if (filter.status) common.push(`status = ANY(${params.add(filter.status)}::text[])`);
  } else if (filter.status) {
    drivers = [...new Set(filter.status)].map((status) => `${lead}status = ${params.add(status)}`);
  } else {
    drivers = [`${lead}true`];
  }
  if (filter.from !== undefined) common.push(`created_at >= ${params.add(filter.from)}`);
  if (filter.to !== undefined) common.push(`created_at < ${params.add(filter.to)}`);
  if (filter.cursor !== undefined) {
    const [createdAt, deskId, rowId] = decodeCursor(filter.cursor);
    common.push(
      `(created_at, desk_id, row_id) < (${params.add(createdAt)}::bigint, ${params.add(deskId)}::text, ${params.add(rowId)}::bigint)`,
    );
  }
  const limit = params.add(filter.limit + 1);
  const branch = (from: string, driver: string) =>
    `(SELECT created_at, desk_id, row_id FROM ${from} WHERE ${driver} AND ${common.join(' AND ')} ORDER BY ${KEY_ORDER} LIMIT ${limit})`;
  const branches = drivers.map((driver) => branch('paydesk.history_rows', driver));
  let ctes = '';
  if (part !== undefined) {
    const found = idPartBranches({ part, lead, common, limit, params, keyOrder: KEY_ORDER });
    ctes = found.ctes;
    for (const { from, driver } of found.branches) branches.push(branch(from, driver));
  }
  const page =
    branches.length === 1
      ? (branches[0] ?? '').slice(1, -1)
      : `${branches.join(' UNION ')} ORDER BY ${KEY_ORDER} LIMIT ${limit}`;
  return {
    text: `WITH ${ctes}page AS (${page})
      SELECT ${ROW_COLUMNS} FROM page AS p
      JOIN paydesk.history_rows AS r ON r.desk_id = p.desk_id AND r.row_id = p.row_id
      JOIN paydesk.desks AS d ON d.desk_id = r.desk_id
      ORDER BY r.created_at DESC, r.desk_id DESC, r.row_id DESC`,
    values: params.values,
  };
}

/** A row as PostgreSQL returned it, parsed as a team row. */
function teamRowOf(raw: Record<string, unknown>): TeamRow {
  const where = `desk ${String(raw.desk_id)}, row ${String(raw.row_id)}`;
  let row: HistoryRow;
  try {
    row = toRow({ ...(raw as SqlRow), id: Number(raw.row_id) });
  } catch (error) {
    throw new TeamRowError(`A row in the team database cannot be read (${where}): ${String(error)}`);
  }
  const parsed = teamRowSchema.safeParse({ ...row, deskId: raw.desk_id, deskName: raw.desk_name ?? '' });
  if (!parsed.success) {
    throw new TeamRowError(
      `A row in the team database is not a history row (${where}): ${parsed.error.issues[0]?.message ?? ''}`,
    );
  }
  return parsed.data;
}

/** Which rows the connection's role reads: every desk's with the supervisor grant, else its own. */
export async function teamScope(db: TeamDb): Promise<TeamScope> {
  const { rows } = await db.query(
    "SELECT pg_has_role(current_user, 'paydesk_supervisor', 'USAGE') AS supervisor",
  );
  return rows[0]?.supervisor === true ? 'team' : 'own';
}

/** One page of the team's history, newest first. */
export async function teamHistoryPage(
  db: TeamDb,
  input: TeamHistoryFilterInput,
  scope: TeamScope,
): Promise<TeamHistoryPage> {
  const filter = teamHistoryFilterSchema.parse(input);
  const { text, values } = teamPageSql(filter, scope);
  const result = await db.query(text, values);
  const rows = result.rows.map(teamRowOf);
  const page = rows.slice(0, filter.limit);
  const last = rows.length > filter.limit ? page[page.length - 1] : undefined;
  return { rows: page, nextCursor: last ? encodeTeamCursor(last) : null, scope };
}

const auditRowSchema = z.object({
  seq: z.coerce.number().int(),
  at: z.coerce.number().int(),
  operator: z.string(),
  event: z.string(),
  outcome: z.string(),
  resource: z.string(),
  detail_json: z.string(),
});

/** One row and its replicated audit entries; undefined when the role cannot see it or it is not there. */
export async function teamHistoryRow(db: TeamDb, ref: TeamRowRef): Promise<TeamHistoryDetail | undefined> {
  const found = await db.query(
    `SELECT ${ROW_COLUMNS} FROM paydesk.history_rows AS r JOIN paydesk.desks AS d ON d.desk_id = r.desk_id
     WHERE r.desk_id = $1 AND r.row_id = $2`,
    [ref.deskId, ref.id],
  );
  const raw = found.rows[0];
  if (!raw) return undefined;
  const entries = await db.query(
    `SELECT seq, at, operator, event, outcome, resource, detail_json FROM paydesk.audit_entries
     WHERE desk_id = $1 AND row_id = $2 ORDER BY seq`,
    [ref.deskId, ref.id],
  );
  const timeline = entries.rows.map((entry) => {
    const { detail_json, ...fields } = auditRowSchema.parse(entry);
    const detail = z.record(z.string(), z.unknown()).safeParse(JSON.parse(detail_json));
    return { ...fields, detail: detail.success ? detail.data : {} };
  });
  return { row: teamRowOf(raw), timeline };
}

/** Thrown for a question the team's totals cannot answer (a search: the totals are kept per hour). */
export class TeamTotalsUnavailableError extends WordedError {
  override name = 'TeamTotalsUnavailableError';
}

const hourTotalSchema = z.object({
  day: z.coerce.number().int(),
  status: z.string(),
  currency: z.string(),
  n: z.coerce.number().int().nonnegative(),
  minor: z.string().regex(/^-?\d+$/),
});

/**
 * Pay-ins per local day, status and currency, from the hourly totals (supervisor grant): exact sums of
 * minor units. Local days are whole hours from UTC here, so an offset such as +05:30 counts its days from
 * the hour before. Without `from`, the TEAM_CHART_DAYS days before `to` (or now).
 */
export async function teamDailyTotals(
  db: TeamDb,
  input: { filter: TeamHistoryFilterInput; utcOffsetMinutes: number },
  now: number = Date.now(),
): Promise<DailyTotal[]> {
  const filter = teamHistoryFilterSchema.parse(input.filter);
  if (filter.text !== undefined) {
    throw new TeamTotalsUnavailableError('team.read.totalsNoSearch');
  }
  if (filter.deskId !== undefined) {
    throw new TeamTotalsUnavailableError('team.read.totalsNoDesk');
  }
  if (filter.kind !== 'payin') return [];
  const params = new Params();
  const offsetMs = params.add(input.utcOffsetMinutes * 60_000);
  const from = filter.from ?? (filter.to ?? now) - TEAM_CHART_DAYS * DAY_MS;
  const clauses = [`hour >= ${params.add(Math.floor(from / HOUR_MS))}`];
  if (filter.to !== undefined) clauses.push(`hour < ${params.add(Math.ceil(filter.to / HOUR_MS))}`);
  if (filter.status) clauses.push(`status = ANY(${params.add(filter.status)}::text[])`);
  const { rows } = await db.query(
    `SELECT (hour * ${HOUR_MS} + ${offsetMs}::bigint) / ${DAY_MS} AS day, status, currency,
            sum(n) AS n, sum(amount_minor)::text AS minor
     FROM paydesk.payin_hours WHERE ${clauses.join(' AND ')}
     GROUP BY 1, 2, 3 HAVING sum(n) > 0 ORDER BY 1, 2, 3`,
    params.values,
  );
  return rows.flatMap((raw) => {
    const row = hourTotalSchema.parse(raw);
    const status = payInStatusSchema.safeParse(row.status);
    if (!status.success) return [];
    return [
      {
        day: isoDay(row.day),
        status: status.data,
        currency: row.currency,
        count: row.n,
        amount: fromMinorUnits(BigInt(row.minor)),
      },
    ];
  });
}

/**
 * The filter's rows as CSV in `form` (History's columns after the desk's), page by page, at most
 * TEAM_EXPORT_MAX: `truncated` says when more matched.
 */
export async function teamHistoryCsv(
  db: TeamDb,
  input: TeamHistoryFilterInput,
  scope: TeamScope,
  form: CsvForm = MACHINE_FORM,
  maxRows: number = TEAM_EXPORT_MAX,
): Promise<{ csv: string; rows: number; truncated: boolean }> {
  const filter = teamHistoryFilterSchema.parse({ ...input, cursor: undefined, limit: EXPORT_PAGE });
  const lines = [form.start, form.line(['deskId', 'deskName', ...csvHeader(form)])];
  let cursor: string | undefined;
  let count = 0;
  for (;;) {
    const page = await teamHistoryPage(db, { ...filter, ...(cursor && { cursor }) }, scope);
    const taken = page.rows.slice(0, maxRows - count);
    for (const row of taken) lines.push(form.line([row.deskId, row.deskName, ...csvCells(row, form)]));
    count += taken.length;
    const more = page.nextCursor !== null || taken.length < page.rows.length;
    if (!more || count >= maxRows || !page.nextCursor) {
      return { csv: lines.join(''), rows: count, truncated: more };
    }
    cursor = page.nextCursor;
  }
}

const queueRowSchema = z.object({
  desk_id: z.string(),
  desk_name: z.string(),
  row_id: z.coerce.number().int(),
  operator: z.string(),
  created_at: z.coerce.number().int(),
  amount: z.string().nullable(),
  currency: z.string().nullable(),
  masked_pan: z.string().nullable(),
  merchant_trade_no: z.string().nullable(),
  order_id: z.string().nullable(),
  total: z.coerce.number().int(),
});

/**
 * The pay-ins whose outcome is unknown on any desk, newest first (paydesk.team_outcome_unknown: any
 * desk's role may ask, and learns only these columns).
 */
export async function teamOutcomeUnknown(db: TeamDb, limit = 20): Promise<TeamQueue> {
  const { rows } = await db.query('SELECT * FROM paydesk.team_outcome_unknown($1)', [limit]);
  let total = 0;
  const items: OutcomeUnknownItem[] = rows.map((raw) => {
    const row = queueRowSchema.parse(raw);
    total = row.total;
    return outcomeUnknownItemSchema.parse({
      deskId: row.desk_id,
      deskName: row.desk_name,
      id: row.row_id,
      operator: row.operator,
      createdAt: row.created_at,
      amount: row.amount,
      currency: row.currency ?? '',
      maskedPan: row.masked_pan,
      merchantTradeNo: row.merchant_trade_no ?? '',
      orderId: row.order_id,
    });
  });
  return { items, total };
}

const deskRowSchema = z.object({ desk_id: z.string(), desk_name: z.string() });

/** The desks the role may see (every desk with the supervisor grant), by name: the desk filter's choices. */
export async function teamDesks(db: TeamDb): Promise<TeamDesk[]> {
  const { rows } = await db.query('SELECT desk_id, desk_name FROM paydesk.desks ORDER BY desk_name, desk_id');
  return rows.map((raw) => {
    const row = deskRowSchema.parse(raw);
    return teamDeskSchema.parse({ deskId: row.desk_id, deskName: row.desk_name });
  });
}

/** For the tests and the benchmark: PostgreSQL's plan of a page's query, as EXPLAIN prints it. */
export async function explainTeamPage(
  db: TeamDb,
  input: TeamHistoryFilterInput,
  scope: TeamScope,
  options: { analyze?: boolean } = {},
): Promise<string[]> {
  const { text, values } = teamPageSql(teamHistoryFilterSchema.parse(input), scope);
  const how = options.analyze ? '(ANALYZE, BUFFERS)' : '';
  const { rows } = await db.query(`EXPLAIN ${how} ${text}`, values);
  return rows.map((row) => String(row['QUERY PLAN']));
}
