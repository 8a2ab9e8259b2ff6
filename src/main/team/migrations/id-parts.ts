// Team migration 6: Team History finds an order number, the gateway's orderId or a customer id by any
// part of ID_PART_MIN characters or more, in any case, as the desk's History does (history migration 11),
// and a traceid by its start. Never edit a shipped migration: append a new one.
import type { TeamMigration } from '../apply-team-migrations';

/** The identifiers found by any part, each with its trigram index history_rows_<column>_parts. */
const TEAM_ID_PART_COLUMNS = ['merchant_trade_no', 'order_id', 'user_id'] as const;

/** SQL: any identifier (of the row `alias`, when given) holds the part, `pattern` a LIKE pattern. */
export function idPartMatch(pattern: string, alias = ''): string {
  const holds = TEAM_ID_PART_COLUMNS.map((column) => `lower(${alias}${column}) LIKE lower(${pattern})`);
  return `(${holds.join(' OR ')})`;
}

/** What the migration says when it cannot make pg_trgm: the deployment requirement, and where it is written. */
const NO_TRGM =
  'Team migration 6 needs the PostgreSQL extension pg_trgm (shipped with PostgreSQL, trusted since PostgreSQL 13) and the right to create it in the team database: a superuser runs docs/team/pg_trgm.sql there once, then npm run team:migrate again.';

export const TEAM_MIGRATION_ID_PARTS: TeamMigration = {
  version: 6,
  description: 'identifiers found by any part of 4 characters or more, in any case (pg_trgm indexes)',
  up: `
    -- An agent reads back a customer id or the end of an order number in whatever case the customer wrote
    -- it. A trigram index (pg_trgm's GIN operator class) on each identifier lower-cased answers
    -- lower(column) LIKE '%part%' from the index, rechecking each candidate row, so a search names the rows
    -- that hold the part without reading the others (team-history.ts's searchDrivers). pg_trgm is a trusted
    -- extension: the owner of the database (paydesk_owner, setup.sql) creates it without a superuser,
    -- in the schema paydesk unless an administrator created it elsewhere before.
    DO $do$
    DECLARE
      trgm_schema name;
    BEGIN
      IF NOT EXISTS (SELECT 1 FROM pg_catalog.pg_extension WHERE extname = 'pg_trgm') THEN
        BEGIN
          CREATE EXTENSION pg_trgm SCHEMA paydesk;
        EXCEPTION WHEN insufficient_privilege OR undefined_file OR feature_not_supported THEN
          RAISE EXCEPTION '${NO_TRGM.replaceAll("'", "''")}' USING DETAIL = SQLERRM;
        END;
      END IF;
      SELECT n.nspname INTO trgm_schema FROM pg_catalog.pg_extension AS e
        JOIN pg_catalog.pg_namespace AS n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm';
      ${TEAM_ID_PART_COLUMNS.map(
        (column) =>
          `EXECUTE format('CREATE INDEX history_rows_${column}_parts ON paydesk.history_rows USING gin (lower(${column}) %I.gin_trgm_ops)', trgm_schema);`,
      ).join('\n      ')}
    END
    $do$;

    -- The rows whose identifiers hold a part (a LIKE pattern), in no order, with what a page sorts and
    -- filters them by, read through the trigram indexes only. PostgreSQL cannot tell how many rows hold a
    -- part; guessing many, it walked the time index instead, which reads the whole table for a part nobody
    -- has (580 ms at a million rows). Planning settings scoped to the function keep it to the indexes;
    -- SECURITY INVOKER, so a desk's role still reads its own rows only (team-id-part-sql.ts pages them).
    CREATE FUNCTION paydesk.id_part_rows(p_pattern text)
    RETURNS TABLE (created_at bigint, desk_id text, row_id bigint, db_role name, kind text, status text)
    LANGUAGE sql STABLE ROWS 100
    SET search_path = pg_catalog, pg_temp SET enable_seqscan = off SET enable_indexscan = off
      SET enable_indexonlyscan = off
    AS $fn$
      SELECT r.created_at, r.desk_id, r.row_id, r.db_role, r.kind, r.status FROM paydesk.history_rows AS r
      WHERE ${idPartMatch('p_pattern', 'r.')}
    $fn$;
    REVOKE ALL ON FUNCTION paydesk.id_part_rows(text) FROM PUBLIC;
    GRANT EXECUTE ON FUNCTION paydesk.id_part_rows(text) TO paydesk_desk, paydesk_supervisor;

    -- A traceid is found by its start, as written (the desk's History does the same): text_pattern_ops
    -- answers LIKE 'start%' and equality alike, so it replaces migration 2's index of whole traceids.
    CREATE INDEX history_rows_traceid_start ON paydesk.history_rows (traceid text_pattern_ops)
      WHERE traceid IS NOT NULL;
    DROP INDEX paydesk.history_rows_traceid;
  `,
};
