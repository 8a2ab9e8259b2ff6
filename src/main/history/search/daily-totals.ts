// The SQL behind the History chart's daily totals. Three sources give the same figures:
// - payin_days (migration 3): one row per local day, profile, status and currency for each UTC offset
//   it keeps, so a range of whole local days reads one row per day and combination;
// - payin_buckets (migration 2): 15-minute buckets, for the part day at either end of a range that
//   starts or ends mid-day;
// - history_rows, when neither can answer: text search, or a range or offset off the 15-minute grid.
import type { DatabaseSync } from 'node:sqlite';
import type { HistoryFilter } from '@shared/history';
import { type SqlParams, whereSql } from './filter-sql';

/** The width of a payin_buckets bucket (migration 2). */
const BUCKET_MS = 900_000;
export const DAY_MS = 86_400_000;

/**
 * How many UTC offsets keep a day rollup. An operator needs one or two (summer and winter time); each
 * one kept costs every pay-in write one more row upsert, so the oldest is dropped beyond this.
 */
export const MAX_DAY_ROLLUP_OFFSETS = 6;

/** Every query below selects the same columns, in this order: day, status, currency, n, minor. */
type DailyTotalsSql =
  /** `day` is a day number (days since 1970-01-01, local); payin_days must hold `utcOffsetMinutes`. */
  | { source: 'rollup'; sql: string; params: SqlParams; utcOffsetMinutes: number }
  /** `day` is YYYY-MM-DD text. */
  | { source: 'rows'; sql: string; params: SqlParams }
  | { source: 'none' };

type Piece = { day: number; from: number; to: number };
type DaySplit = { whole?: { first?: number; end?: number }; partial: Piece[] };

/**
 * Splits [from, to) into whole local days (first inclusive, end exclusive; undefined = unbounded) and
 * the part days at its ends.
 */
function splitIntoLocalDays(range: { from?: number; to?: number }, offsetMs: number): DaySplit {
  const dayStart = (day: number) => day * DAY_MS - offsetMs;
  const { from, to } = range;
  // The first local midnight at or after `from`, the last at or before `to`.
  const first = from === undefined ? undefined : Math.ceil((from + offsetMs) / DAY_MS);
  const end = to === undefined ? undefined : Math.floor((to + offsetMs) / DAY_MS);
  if (from !== undefined && to !== undefined && first !== undefined && end !== undefined && first > end) {
    // No midnight in between: the whole range lies inside one local day.
    return { partial: from < to ? [{ day: end, from, to }] : [] };
  }
  const partial: Piece[] = [];
  if (from !== undefined && first !== undefined && dayStart(first) > from) {
    partial.push({ day: first - 1, from, to: dayStart(first) });
  }
  if (to !== undefined && end !== undefined && dayStart(end) < to) {
    partial.push({ day: end, from: dayStart(end), to });
  }
  const whole = first === undefined || end === undefined || first < end ? { first, end } : undefined;
  return { whole, partial };
}

function onBucketEdge(at: number | undefined): boolean {
  return at === undefined || at % BUCKET_MS === 0;
}

/** The query answering `filter` in local days of `utcOffsetMinutes`, from the cheapest source that can. */
export function dailyTotalsSql(filter: HistoryFilter, utcOffsetMinutes: number): DailyTotalsSql {
  if (filter.kind === 'kyc_batch') return { source: 'none' };
  const offsetMs = utcOffsetMinutes * 60_000;
  const fromRollups =
    filter.text === undefined &&
    filter.operator === undefined &&
    onBucketEdge(filter.from) &&
    onBucketEdge(filter.to) &&
    offsetMs % BUCKET_MS === 0;
  if (!fromRollups) {
    const where = whereSql(filter);
    // Unary + keeps the planner off idx_history_kind_created, which would walk every pay-in: the
    // filter's own terms (text, status, dates) name far fewer rows through their indexes.
    const clauses = ["+kind = 'payin'", ...where.clauses];
    return {
      source: 'rows',
      sql: `SELECT date((created_at + :offsetMs) / 1000, 'unixepoch') AS day, status, currency,
              COUNT(*) AS n, SUM(amount_minor) AS minor
            FROM history_rows WHERE ${clauses.join(' AND ')}
            GROUP BY day, status, currency ORDER BY day, status, currency`,
      params: { ...where.params, offsetMs },
    };
  }

  // Both rollups have the profile and status columns the filter names.
  const narrowing = whereSql({ profile: filter.profile, status: filter.status });
  const params: SqlParams = { ...narrowing.params };
  const and = narrowing.clauses.map((clause) => ` AND ${clause}`).join('');
  const split = splitIntoLocalDays(filter, offsetMs);
  const parts: string[] = [];
  if (split.whole) {
    params.offset = utcOffsetMinutes;
    let range = '';
    if (split.whole.first !== undefined) {
      params.firstDay = split.whole.first;
      range += ' AND day >= :firstDay';
    }
    if (split.whole.end !== undefined) {
      params.endDay = split.whole.end;
      range += ' AND day < :endDay';
    }
    parts.push(
      `SELECT day, status, currency, n, minor FROM payin_days WHERE utc_offset_minutes = :offset${range}${and}`,
    );
  }
  split.partial.forEach((piece, index) => {
    // BigInt: a bound number arrives as a REAL, and the day must group and read back as an integer.
    params[`partDay${index}`] = BigInt(piece.day);
    params[`partFrom${index}`] = piece.from / BUCKET_MS;
    params[`partTo${index}`] = piece.to / BUCKET_MS;
    parts.push(
      `SELECT :partDay${index} AS day, status, currency, n, minor FROM payin_buckets
       WHERE bucket >= :partFrom${index} AND bucket < :partTo${index}${and}`,
    );
  });
  if (parts.length === 0) return { source: 'none' };
  return {
    source: 'rollup',
    sql: `SELECT day, status, currency, SUM(n) AS n, SUM(minor) AS minor FROM (${parts.join(' UNION ALL ')})
          GROUP BY day, status, currency HAVING SUM(n) > 0 ORDER BY day, status, currency`,
    params,
    utcOffsetMinutes,
  };
}

export function hasDayRollup(db: DatabaseSync, utcOffsetMinutes: number): boolean {
  return (
    db.prepare('SELECT 1 FROM payin_day_offsets WHERE utc_offset_minutes = ?').get(utcOffsetMinutes) !==
    undefined
  );
}

/**
 * Starts keeping payin_days for one more offset (migration 3's triggers then keep it), dropping the
 * oldest beyond MAX_DAY_ROLLUP_OFFSETS. Run it inside a write transaction.
 */
export function addDayRollup(db: DatabaseSync, utcOffsetMinutes: number): void {
  if (hasDayRollup(db, utcOffsetMinutes)) return;
  // Keeps the newest MAX - 1 offsets, making room for this one.
  const dropped = `SELECT utc_offset_minutes FROM payin_day_offsets ORDER BY seq DESC LIMIT -1 OFFSET ${MAX_DAY_ROLLUP_OFFSETS - 1}`;
  db.prepare(`DELETE FROM payin_days WHERE utc_offset_minutes IN (${dropped})`).run();
  db.prepare(`DELETE FROM payin_day_offsets WHERE utc_offset_minutes IN (${dropped})`).run();
  db.prepare('INSERT INTO payin_day_offsets (utc_offset_minutes) VALUES (?)').run(BigInt(utcOffsetMinutes));
  // From the 15-minute rollup, as migration 3 does for UTC: each bucket lies in one local day. A bound
  // number arrives as a REAL, which would make the division fractional: hence the BigInt.
  db.prepare(
    `INSERT INTO payin_days (utc_offset_minutes, day, profile, status, currency, n, minor)
     SELECT :offset, (bucket * 900000 + :offset * 60000 + 86400000) / 86400000 - 1, profile, status, currency,
            SUM(n), SUM(minor)
     FROM payin_buckets WHERE n > 0 GROUP BY 2, 3, 4, 5`,
  ).run({ offset: BigInt(utcOffsetMinutes) });
}

/** YYYY-MM-DD of a day number. */
export function isoDay(dayNumber: number): string {
  return new Date(dayNumber * DAY_MS).toISOString().slice(0, 10);
}
