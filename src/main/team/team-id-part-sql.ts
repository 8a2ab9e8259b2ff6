// Team History's search for a part of an identifier (team migration 6), as branches of a page's query
// (team-history.ts's teamPageSql). Which rows hold a part, PostgreSQL cannot estimate, and neither way is
// fast for every part, so the query tries them in turn, the second running only when the first did not
// answer (a one-time filter: the holders are not read when the newest rows answered):
// 1. the newest NEWEST_ROWS rows of the page's filter, walked by the time index: a part that many rows hold
//    ("cust", the "PD2026…" that every order number starts with, typed letter by letter) fills a page
//    there, in about a millisecond, where the trigram indexes would first gather every row that holds it;
// 2. else every row that holds it, read through the trigram indexes (paydesk.id_part_rows), sorted: a few
//    rows for the identifiers an agent reads back, more for a part many old rows hold (BENCHMARKS.md).
// PostgreSQL itself, left to choose, walked the time index for a part nobody has: the whole table.
import { idPartMatch } from './migrations/id-parts';

/** The newest rows a search first looks through for a part. */
const NEWEST_ROWS = 500;

export function idPartBranches(input: {
  /** The LIKE pattern's parameter. */
  part: string;
  /** The page's leading condition ("desk_id = $n AND ", or none) and its other conditions. */
  lead: string;
  common: string[];
  /** The page's LIMIT parameter (a page and one row). */
  limit: string;
  params: { add(value: unknown): string };
  keyOrder: string;
}): { ctes: string; branches: { from: string; driver: string }[] } {
  const { part, lead, common, limit, params, keyOrder } = input;
  const newest = params.add(NEWEST_ROWS);
  const ctes = [
    `newest AS MATERIALIZED (SELECT created_at, desk_id, row_id, db_role, kind, status, ${idPartMatch(part)} AS holds
      FROM paydesk.history_rows WHERE ${lead}${common.join(' AND ')} ORDER BY ${keyOrder} LIMIT ${newest}::int)`,
    `hits AS MATERIALIZED (SELECT * FROM paydesk.id_part_rows(${part}))`,
  ];
  const inNewest = `(SELECT count(*) FROM newest WHERE holds) >= ${limit}::int`;
  return {
    ctes: `${ctes.join(', ')}, `,
    branches: [
      { from: 'newest', driver: `holds AND ${inNewest}` },
      { from: 'hits', driver: `${lead}NOT ${inNewest}` },
    ],
  };
}
