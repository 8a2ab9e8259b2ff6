// Team migration 2: what Team History reads (team/team-history.ts): keyset indexes, hourly pay-in totals,
// the outcome-unknown queue. Never edit a shipped migration: append a new one.
import { TEAM_QUEUE_COUNT_CAP } from '@shared/team-queue';
import type { TeamMigration } from '../apply-team-migrations';

/** Migration 2: keyset indexes, hourly pay-in totals, the outcome-unknown queue. */
export const teamHistory: TeamMigration = {
  version: 2,
  description: 'Team History: keyset indexes, hourly pay-in totals, the outcome-unknown queue',
  up: `
      -- Team History's pages are keyset pages, newest first: (created_at, desk_id, row_id) after a
      -- leading equality. Each query branch (team-history.ts) walks one of these backwards from the cursor
      -- and stops after a page, whatever the table's size. The db_role-led pair serves a desk's own role,
      -- which row-level security limits to its own rows: without them it would walk every desk's rows.
      CREATE INDEX history_rows_kind_time ON paydesk.history_rows (kind, created_at, desk_id, row_id);
      CREATE INDEX history_rows_kind_status_time
        ON paydesk.history_rows (kind, status, created_at, desk_id, row_id);
      CREATE INDEX history_rows_role_kind_time
        ON paydesk.history_rows (db_role, kind, created_at, desk_id, row_id);
      CREATE INDEX history_rows_role_kind_status_time
        ON paydesk.history_rows (db_role, kind, status, created_at, desk_id, row_id);
      -- One desk's pages (the desk filter).
      CREATE INDEX history_rows_desk_kind_time ON paydesk.history_rows (desk_id, kind, created_at, row_id);
      CREATE INDEX history_rows_desk_kind_status_time
        ON paydesk.history_rows (desk_id, kind, status, created_at, row_id);
      -- The search's terms: a whole identifier, an amount, the last 4 digits of a card. An order number,
      -- orderId or traceid names a row or two, sorted in no time; a customer, an amount or a card's last
      -- digits may name thousands, so those indexes keep them in page order.
      CREATE INDEX history_rows_trade_no ON paydesk.history_rows (merchant_trade_no)
        WHERE merchant_trade_no IS NOT NULL;
      CREATE INDEX history_rows_order_id ON paydesk.history_rows (order_id) WHERE order_id IS NOT NULL;
      CREATE INDEX history_rows_traceid ON paydesk.history_rows (traceid) WHERE traceid IS NOT NULL;
      CREATE INDEX history_rows_user_id_time ON paydesk.history_rows (user_id, created_at, desk_id, row_id)
        WHERE user_id IS NOT NULL;
      CREATE INDEX history_rows_amount_time ON paydesk.history_rows (amount_minor, created_at, desk_id, row_id)
        WHERE amount_minor IS NOT NULL;
      CREATE INDEX history_rows_last4_time ON paydesk.history_rows (last4, created_at, desk_id, row_id)
        WHERE last4 IS NOT NULL;
      -- The outcome-unknown queue reads only these rows, however many others there are.
      CREATE INDEX history_rows_outcome_unknown ON paydesk.history_rows (created_at, desk_id, row_id)
        WHERE kind = 'payin' AND status = 'outcome_unknown';
      -- A row's timeline in the team detail.
      CREATE INDEX audit_entries_row ON paydesk.audit_entries (desk_id, row_id, seq) WHERE row_id IS NOT NULL;

      -- Pay-ins per UTC hour, status and currency, kept by the statement triggers below in the same
      -- transaction as the rows: the team's charts read at most a few thousand of these, never the rows.
      -- One row per hour, not per desk and hour, so a chart's read does not grow with the team; the
      -- triggers add each statement's rows in key order, so two desks' batches wait for each other at
      -- worst, never deadlock. Only supervisors read it (team totals are everyone's rows).
      CREATE TABLE paydesk.payin_hours (
        hour bigint NOT NULL,
        status text NOT NULL,
        currency text NOT NULL,
        n bigint NOT NULL,
        amount_minor bigint NOT NULL,
        PRIMARY KEY (hour, status, currency)
      );
      INSERT INTO paydesk.payin_hours (hour, status, currency, n, amount_minor)
        SELECT created_at / 3600000, status, coalesce(currency, ''), count(*), coalesce(sum(amount_minor), 0)
        FROM paydesk.history_rows WHERE kind = 'payin' GROUP BY 1, 2, 3;

      CREATE FUNCTION paydesk.payin_hours_added() RETURNS trigger
      LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $fn$
      BEGIN
        INSERT INTO paydesk.payin_hours AS h (hour, status, currency, n, amount_minor)
          SELECT created_at / 3600000, status, coalesce(currency, ''), count(*), coalesce(sum(amount_minor), 0)
          FROM added WHERE kind = 'payin' GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
        ON CONFLICT (hour, status, currency) DO UPDATE
          SET n = h.n + EXCLUDED.n, amount_minor = h.amount_minor + EXCLUDED.amount_minor;
        RETURN NULL;
      END
      $fn$;
      CREATE FUNCTION paydesk.payin_hours_changed() RETURNS trigger
      LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $fn$
      BEGIN
        INSERT INTO paydesk.payin_hours AS h (hour, status, currency, n, amount_minor)
          SELECT hour, status, currency, sum(n), sum(amount_minor) FROM (
            SELECT created_at / 3600000 AS hour, status, coalesce(currency, '') AS currency,
                   1 AS n, coalesce(amount_minor, 0) AS amount_minor
            FROM after_rows WHERE kind = 'payin'
            UNION ALL
            SELECT created_at / 3600000, status, coalesce(currency, ''), -1, -coalesce(amount_minor, 0)
            FROM before_rows WHERE kind = 'payin'
          ) AS delta
          GROUP BY 1, 2, 3 HAVING sum(n) <> 0 OR sum(amount_minor) <> 0 ORDER BY 1, 2, 3
        ON CONFLICT (hour, status, currency) DO UPDATE
          SET n = h.n + EXCLUDED.n, amount_minor = h.amount_minor + EXCLUDED.amount_minor;
        RETURN NULL;
      END
      $fn$;
      -- Desks cannot delete; an administrator who does keeps the totals right.
      CREATE FUNCTION paydesk.payin_hours_removed() RETURNS trigger
      LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $fn$
      BEGIN
        UPDATE paydesk.payin_hours AS h SET n = h.n - gone.n, amount_minor = h.amount_minor - gone.amount_minor
        FROM (SELECT created_at / 3600000 AS hour, status, coalesce(currency, '') AS currency, count(*) AS n,
                     coalesce(sum(amount_minor), 0) AS amount_minor
              FROM removed WHERE kind = 'payin' GROUP BY 1, 2, 3) AS gone
        WHERE h.hour = gone.hour AND h.status = gone.status AND h.currency = gone.currency;
        RETURN NULL;
      END
      $fn$;
      REVOKE ALL ON FUNCTION paydesk.payin_hours_added(), paydesk.payin_hours_changed(),
        paydesk.payin_hours_removed() FROM PUBLIC;
      CREATE TRIGGER history_rows_hours_removed AFTER DELETE ON paydesk.history_rows
        REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION paydesk.payin_hours_removed();
      CREATE TRIGGER history_rows_hours_added AFTER INSERT ON paydesk.history_rows
        REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION paydesk.payin_hours_added();
      CREATE TRIGGER history_rows_hours_changed AFTER UPDATE ON paydesk.history_rows
        REFERENCING OLD TABLE AS before_rows NEW TABLE AS after_rows
        FOR EACH STATEMENT EXECUTE FUNCTION paydesk.payin_hours_changed();
      GRANT SELECT ON paydesk.payin_hours TO paydesk_supervisor;

      -- The team's outcome-unknown queue, for every desk: a desk's role may not read other desks' rows,
      -- yet every agent must see what another desk has not settled before charging the customer again.
      -- Like team_duplicate, it runs as the owner and answers only these columns (no customer, no
      -- request, no answer, no card fingerprint), newest first, with how many there are in all — counted
      -- up to ${TEAM_QUEUE_COUNT_CAP} only: a count of every one read 200,000 index entries in 450 ms at
      -- 10 million rows (bench:team), on every desk every few seconds.
      CREATE FUNCTION paydesk.team_outcome_unknown(p_limit integer)
      RETURNS TABLE (desk_id text, desk_name text, row_id bigint, operator text, created_at bigint,
                     amount text, currency text, masked_pan text, merchant_trade_no text, order_id text,
                     total bigint)
      LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp
      AS $fn$
        SELECT r.desk_id, d.desk_name, r.row_id, r.operator, r.created_at, r.amount, r.currency,
               r.masked_pan, r.merchant_trade_no, r.order_id,
               (SELECT count(*) FROM (SELECT 1 FROM paydesk.history_rows AS c
                  WHERE c.kind = 'payin' AND c.status = 'outcome_unknown' LIMIT ${TEAM_QUEUE_COUNT_CAP}) AS capped)
        FROM paydesk.history_rows AS r JOIN paydesk.desks AS d ON d.desk_id = r.desk_id
        WHERE r.kind = 'payin' AND r.status = 'outcome_unknown'
        ORDER BY r.created_at DESC, r.desk_id DESC, r.row_id DESC
        LIMIT least(greatest(p_limit, 1), 200)
      $fn$;
      REVOKE ALL ON FUNCTION paydesk.team_outcome_unknown(integer) FROM PUBLIC;
      GRANT EXECUTE ON FUNCTION paydesk.team_outcome_unknown(integer) TO paydesk_desk, paydesk_supervisor;
    `,
};
