// Schema of the team database (PostgreSQL), one numbered migration per change, like the history file's
// (history/store/migrations.ts). They are applied by the schema's owner role (`paydesk_owner`, made by
// docs/team/setup.sql) with `npm run team:migrate`, never by a desk: a desk's role owns nothing, so
// row-level security binds it. A desk only checks that the database is at the version it needs.
// `paydesk.schema_version` lists what was applied; each migration runs in its own transaction under an
// advisory lock, so two administrators running it at once apply each step once. Never edit a migration
// that has shipped: append a new one.
import { TEAM_QUEUE_COUNT_CAP } from '@shared/team-queue';
import type pg from 'pg';

import { applyTeamMigrations, type TeamMigration } from './apply-team-migrations';
import { TEAM_MIGRATION_ID_PARTS } from './team-migration-id-parts';

export const TEAM_MIGRATIONS: readonly TeamMigration[] = [
  {
    version: 1,
    description: 'desks, their history rows and audit entries, audit anchors; row-level security',
    up: `
      GRANT USAGE ON SCHEMA paydesk TO paydesk_desk, paydesk_supervisor;

      -- One row per desk (a Paydesk installation, desk_id generated in its data folder), bound to the
      -- database role that registered it: every other table's rows are accepted from that role only.
      CREATE TABLE paydesk.desks (
        desk_id text PRIMARY KEY CHECK (desk_id ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'),
        db_role name NOT NULL DEFAULT current_user,
        desk_name text NOT NULL DEFAULT '' CHECK (length(desk_name) <= 60),
        registered_at timestamptz NOT NULL DEFAULT now(),
        last_seen_at timestamptz NOT NULL DEFAULT now()
      );

      -- A desk's history_rows, as the desk wrote them (its SQLite file is the source of truth), each at
      -- its newest version: version is the desk's outbox seq of the write, so a late or repeated send of
      -- an older state never overwrites a newer one. Times are the desk's clock, in ms since 1970.
      -- Card data: the masked number only (first 6, last 4, checked below) and card_key, a keyed HMAC.
      CREATE TABLE paydesk.history_rows (
        desk_id text NOT NULL REFERENCES paydesk.desks (desk_id),
        row_id bigint NOT NULL CHECK (row_id > 0),
        version bigint NOT NULL CHECK (version > 0),
        db_role name NOT NULL DEFAULT current_user,
        replicated_at timestamptz NOT NULL DEFAULT now(),
        kind text NOT NULL CHECK (kind IN ('payin', 'kyc_batch')),
        status text NOT NULL,
        created_at bigint NOT NULL,
        updated_at bigint NOT NULL,
        created_time timestamptz GENERATED ALWAYS AS (to_timestamp(created_at / 1000.0)) STORED,
        profile text NOT NULL,
        operator text NOT NULL,
        api_version text,
        merchant_trade_no text,
        user_id text,
        masked_pan text CHECK (masked_pan ~ '^[0-9]{6}[*]{3,9}[0-9]{4}$'),
        brand text,
        last4 text CHECK (last4 ~ '^[0-9]{4}$'),
        amount text,
        amount_minor bigint,
        currency text,
        order_id text,
        traceid text,
        remark text,
        request_json text,
        response_raw text,
        error_json text,
        file_name text,
        sha256 text,
        counts_json text,
        chunks_json text,
        accepted_user_ids_json text,
        card_key text CHECK (card_key ~ '^[0-9a-f]{64}$'),
        PRIMARY KEY (desk_id, row_id)
      );
      CREATE INDEX history_rows_created ON paydesk.history_rows (created_at, desk_id, row_id);
      CREATE INDEX history_rows_duplicate ON paydesk.history_rows (card_key, amount_minor, created_at)
        WHERE kind = 'payin' AND card_key IS NOT NULL;

      -- A desk's audit trail, entry by entry as sealed on the desk (audit-chain.ts): append-only here too.
      CREATE TABLE paydesk.audit_entries (
        desk_id text NOT NULL REFERENCES paydesk.desks (desk_id),
        seq bigint NOT NULL CHECK (seq > 0),
        db_role name NOT NULL DEFAULT current_user,
        replicated_at timestamptz NOT NULL DEFAULT now(),
        at bigint NOT NULL,
        operator text NOT NULL,
        event text NOT NULL,
        outcome text NOT NULL CHECK (outcome IN ('success', 'failure')),
        resource text NOT NULL,
        row_id bigint,
        detail_json text NOT NULL,
        prev_hash text NOT NULL CHECK (prev_hash ~ '^[0-9a-f]{64}$'),
        hash text NOT NULL CHECK (hash ~ '^[0-9a-f]{64}$'),
        PRIMARY KEY (desk_id, seq)
      );

      -- Each desk's newest replicated link: entries missing below it (deleted, never sent) show against it.
      CREATE TABLE paydesk.audit_anchors (
        desk_id text PRIMARY KEY REFERENCES paydesk.desks (desk_id),
        db_role name NOT NULL DEFAULT current_user,
        seq bigint NOT NULL CHECK (seq > 0),
        hash text NOT NULL CHECK (hash ~ '^[0-9a-f]{64}$'),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE FUNCTION paydesk.anchor_only_forward() RETURNS trigger LANGUAGE plpgsql AS $fn$
      BEGIN
        IF NEW.seq < OLD.seq OR (NEW.seq = OLD.seq AND NEW.hash <> OLD.hash) THEN
          RAISE EXCEPTION 'an audit anchor only moves forward (desk %, seq % to %)', OLD.desk_id, OLD.seq, NEW.seq;
        END IF;
        RETURN NEW;
      END
      $fn$;
      CREATE TRIGGER audit_anchors_forward BEFORE UPDATE ON paydesk.audit_anchors
        FOR EACH ROW EXECUTE FUNCTION paydesk.anchor_only_forward();

      -- Row-level security. A desk's role reads and writes only what it wrote itself, and only under a desk
      -- id registered to it; a supervisor's role reads everything and writes nothing. Nobody deletes.
      ALTER TABLE paydesk.desks ENABLE ROW LEVEL SECURITY;
      ALTER TABLE paydesk.history_rows ENABLE ROW LEVEL SECURITY;
      ALTER TABLE paydesk.audit_entries ENABLE ROW LEVEL SECURITY;
      ALTER TABLE paydesk.audit_anchors ENABLE ROW LEVEL SECURITY;

      CREATE POLICY desk_own ON paydesk.desks FOR ALL TO paydesk_desk
        USING (db_role = current_user) WITH CHECK (db_role = current_user);
      CREATE POLICY supervisor_reads ON paydesk.desks FOR SELECT TO paydesk_supervisor USING (true);

      CREATE POLICY desk_reads_own ON paydesk.history_rows FOR SELECT TO paydesk_desk
        USING (db_role = current_user);
      CREATE POLICY desk_inserts_own ON paydesk.history_rows FOR INSERT TO paydesk_desk
        WITH CHECK (db_role = current_user AND EXISTS (
          SELECT 1 FROM paydesk.desks AS d WHERE d.desk_id = history_rows.desk_id AND d.db_role = current_user));
      CREATE POLICY desk_updates_own ON paydesk.history_rows FOR UPDATE TO paydesk_desk
        USING (db_role = current_user)
        WITH CHECK (db_role = current_user AND EXISTS (
          SELECT 1 FROM paydesk.desks AS d WHERE d.desk_id = history_rows.desk_id AND d.db_role = current_user));
      CREATE POLICY supervisor_reads ON paydesk.history_rows FOR SELECT TO paydesk_supervisor USING (true);

      CREATE POLICY desk_reads_own ON paydesk.audit_entries FOR SELECT TO paydesk_desk
        USING (db_role = current_user);
      CREATE POLICY desk_inserts_own ON paydesk.audit_entries FOR INSERT TO paydesk_desk
        WITH CHECK (db_role = current_user AND EXISTS (
          SELECT 1 FROM paydesk.desks AS d WHERE d.desk_id = audit_entries.desk_id AND d.db_role = current_user));
      CREATE POLICY supervisor_reads ON paydesk.audit_entries FOR SELECT TO paydesk_supervisor USING (true);

      CREATE POLICY desk_own ON paydesk.audit_anchors FOR ALL TO paydesk_desk
        USING (db_role = current_user)
        WITH CHECK (db_role = current_user AND EXISTS (
          SELECT 1 FROM paydesk.desks AS d WHERE d.desk_id = audit_anchors.desk_id AND d.db_role = current_user));
      CREATE POLICY supervisor_reads ON paydesk.audit_anchors FOR SELECT TO paydesk_supervisor USING (true);

      GRANT SELECT, INSERT ON paydesk.desks TO paydesk_desk;
      GRANT UPDATE (desk_name, last_seen_at) ON paydesk.desks TO paydesk_desk;
      GRANT SELECT, INSERT, UPDATE ON paydesk.history_rows TO paydesk_desk;
      -- Entries are never changed: no UPDATE, so a desk cannot rewrite what it already replicated.
      GRANT SELECT, INSERT ON paydesk.audit_entries TO paydesk_desk;
      GRANT SELECT, INSERT, UPDATE ON paydesk.audit_anchors TO paydesk_desk;
      GRANT SELECT ON paydesk.desks, paydesk.history_rows, paydesk.audit_entries, paydesk.audit_anchors
        TO paydesk_supervisor;

      -- The team duplicate check: a desk may not read other desks' rows, but may ask whether the same card
      -- (its keyed fingerprint: only a holder of the team key can ask), customer and amount were charged,
      -- or may have been, on another desk since a time; the answer is the newest such pay-in's desk,
      -- operator, time, order and status, nothing else. SECURITY DEFINER runs it as the owner, past the
      -- row security; search_path pinned so that nothing a caller creates can stand in for what it uses.
      CREATE FUNCTION paydesk.team_duplicate(
        p_card_key text, p_user_id text, p_amount_minor bigint, p_since bigint, p_exclude_desk text,
        p_no_charge_statuses text[])
      RETURNS TABLE (desk_id text, desk_name text, operator text, created_at bigint,
                     merchant_trade_no text, status text)
      LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp
      AS $fn$
        SELECT r.desk_id, d.desk_name, r.operator, r.created_at, r.merchant_trade_no, r.status
        FROM paydesk.history_rows AS r JOIN paydesk.desks AS d ON d.desk_id = r.desk_id
        WHERE r.kind = 'payin' AND r.card_key = p_card_key AND r.amount_minor = p_amount_minor
          AND r.created_at >= p_since AND r.user_id = p_user_id AND r.desk_id <> p_exclude_desk
          AND r.status <> ALL (p_no_charge_statuses)
        ORDER BY r.created_at DESC
        LIMIT 1
      $fn$;
      REVOKE ALL ON FUNCTION paydesk.team_duplicate(text, text, bigint, bigint, text, text[]) FROM PUBLIC;
      GRANT EXECUTE ON FUNCTION paydesk.team_duplicate(text, text, bigint, bigint, text, text[])
        TO paydesk_desk, paydesk_supervisor;
    `,
  },
  {
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
  },
  {
    version: 3,
    description:
      "the gateway's notifications, stored by the notification service, read by the desk that sent the order",
    up: `
      -- The notification service (src/notify) signs in as a login role in paydesk_notify, a group role an
      -- administrator makes (setup.sql, or notify-role.sql for a database set up before): the owner may
      -- not create roles, only grant to them.
      DO $do$
      BEGIN
        IF NOT EXISTS (SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = 'paydesk_notify') THEN
          RAISE EXCEPTION 'The role paydesk_notify is missing: an administrator runs docs/team/notify-role.sql once, then the migration again.';
        END IF;
        EXECUTE format('GRANT CONNECT ON DATABASE %I TO paydesk_notify', current_database());
      END
      $do$;
      GRANT USAGE ON SCHEMA paydesk TO paydesk_notify;

      -- Each notification the gateway posted to callBackURL, with its body as received: only a desk's own
      -- verification of the signature, with its own merchant secret, makes it the gateway's word; the
      -- columns beside the body are the service's reading of it, for routing only. A delivery repeated
      -- (the gateway's retries, two service instances) carries the same body (A23), so its hash is the
      -- identity: INSERT … ON CONFLICT DO NOTHING stores it once. The service's role may only insert;
      -- nobody reads the table but the owner and the functions below.
      CREATE TABLE paydesk.gateway_notifications (
        id bigserial PRIMARY KEY,
        merchant_id bigint NOT NULL,
        merchant_trade_no text NOT NULL,
        order_id text,
        order_status integer,
        content_type text NOT NULL,
        raw_body text NOT NULL,
        body_sha256 text NOT NULL CHECK (body_sha256 ~ '^[0-9a-f]{64}$'),
        received_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (merchant_id, body_sha256)
      );
      CREATE INDEX gateway_notifications_trade_no ON paydesk.gateway_notifications (merchant_trade_no, id);

      -- Wakes every listening desk (LISTEN paydesk_notifications) when the row commits; the payload is the
      -- id only, and a desk reads the row through desk_notifications, which shows it its own orders only.
      CREATE FUNCTION paydesk.gateway_notification_added() RETURNS trigger
      LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $fn$
      BEGIN
        PERFORM pg_notify('paydesk_notifications', NEW.id::text);
        RETURN NULL;
      END
      $fn$;
      REVOKE ALL ON FUNCTION paydesk.gateway_notification_added() FROM PUBLIC;
      CREATE TRIGGER gateway_notifications_added AFTER INSERT ON paydesk.gateway_notifications
        FOR EACH ROW EXECUTE FUNCTION paydesk.gateway_notification_added();

      GRANT INSERT ON paydesk.gateway_notifications TO paydesk_notify;
      GRANT USAGE ON SEQUENCE paydesk.gateway_notifications_id_seq TO paydesk_notify;

      -- A desk reads the notifications for orders it sent: a pay-in row its own role replicated with that
      -- merchantTradeNo. Inside SECURITY DEFINER current_user is the owner; session_user is the desk's login
      -- role, the one its rows carry in db_role (a SET ROLE does not change it). By id, after the desk's
      -- cursor: the keyset a desk catches up with after every (re)connect.
      CREATE FUNCTION paydesk.desk_notifications(p_after bigint, p_limit integer)
      RETURNS TABLE (id bigint, merchant_id bigint, merchant_trade_no text, content_type text, raw_body text,
                     received_at timestamptz)
      LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp
      AS $fn$
        SELECT n.id, n.merchant_id, n.merchant_trade_no, n.content_type, n.raw_body, n.received_at
        FROM paydesk.gateway_notifications AS n
        WHERE n.id > p_after AND EXISTS (
          SELECT 1 FROM paydesk.history_rows AS r
          WHERE r.kind = 'payin' AND r.merchant_trade_no = n.merchant_trade_no AND r.db_role = session_user)
        ORDER BY n.id
        LIMIT least(greatest(p_limit, 1), 1000)
      $fn$;
      -- The same, for the named orders whatever their id: a notification may commit before the desk's row
      -- for its order is replicated, and a cursor that moved past it meanwhile would never show it again.
      CREATE FUNCTION paydesk.desk_notifications_for_orders(p_trade_nos text[])
      RETURNS TABLE (id bigint, merchant_id bigint, merchant_trade_no text, content_type text, raw_body text,
                     received_at timestamptz)
      LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp
      AS $fn$
        SELECT n.id, n.merchant_id, n.merchant_trade_no, n.content_type, n.raw_body, n.received_at
        FROM paydesk.gateway_notifications AS n
        WHERE n.merchant_trade_no = ANY (p_trade_nos) AND EXISTS (
          SELECT 1 FROM paydesk.history_rows AS r
          WHERE r.kind = 'payin' AND r.merchant_trade_no = n.merchant_trade_no AND r.db_role = session_user)
        ORDER BY n.id
      $fn$;
      REVOKE ALL ON FUNCTION paydesk.desk_notifications(bigint, integer),
        paydesk.desk_notifications_for_orders(text[]) FROM PUBLIC;
      GRANT EXECUTE ON FUNCTION paydesk.desk_notifications(bigint, integer),
        paydesk.desk_notifications_for_orders(text[]) TO paydesk_desk;
    `,
  },
  {
    version: 4,
    description: "desks' Ed25519 public keys, pins, and signed audit entries and anchors",
    up: `
      -- Each desk signs every audit entry it replicates, and its anchor, with an Ed25519 key whose private
      -- half never leaves its keychain (team/desk-signing.ts); the public half is registered here, so a
      -- supervisor checks a desk's chain from this database alone (team/team-verify.ts). A desk may have
      -- had several keys (a keychain lost and a new key made): each signature names its key. key_id is
      -- the public key's own digest, checked here, so a key cannot be swapped under the same id.
      CREATE TABLE paydesk.desk_keys (
        desk_id text NOT NULL REFERENCES paydesk.desks (desk_id),
        key_id text NOT NULL,
        public_key text NOT NULL,
        db_role name NOT NULL DEFAULT current_user,
        registered_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (desk_id, key_id),
        CHECK (key_id = left(encode(sha256(decode(public_key, 'base64')), 'hex'), 32))
      );
      -- The key an administrator has pinned for a desk's role (add-desk.sql): once pinned, a signature
      -- under any other key is reported, whoever registered it.
      CREATE TABLE paydesk.desk_key_pins (
        db_role name PRIMARY KEY,
        key_id text NOT NULL,
        pinned_at timestamptz NOT NULL DEFAULT now()
      );
      ALTER TABLE paydesk.audit_entries ADD COLUMN key_id text, ADD COLUMN sig text;
      ALTER TABLE paydesk.audit_anchors ADD COLUMN key_id text, ADD COLUMN sig text;

      ALTER TABLE paydesk.desk_keys ENABLE ROW LEVEL SECURITY;
      CREATE POLICY desk_reads_own ON paydesk.desk_keys FOR SELECT TO paydesk_desk
        USING (db_role = current_user);
      CREATE POLICY desk_inserts_own ON paydesk.desk_keys FOR INSERT TO paydesk_desk
        WITH CHECK (db_role = current_user AND EXISTS (
          SELECT 1 FROM paydesk.desks AS d WHERE d.desk_id = desk_keys.desk_id AND d.db_role = current_user));
      CREATE POLICY supervisor_reads ON paydesk.desk_keys FOR SELECT TO paydesk_supervisor USING (true);
      -- Keys are registered, never changed or removed; pins are the administrator's alone.
      GRANT SELECT, INSERT ON paydesk.desk_keys TO paydesk_desk;
      GRANT SELECT ON paydesk.desk_keys, paydesk.desk_key_pins TO paydesk_supervisor;
    `,
  },
  {
    version: 5,
    description: 'notifications stored without a NOTIFY in the inserting transaction',
    up: `
      -- A NOTIFY queued by a transaction takes PostgreSQL's instance-wide notify lock at its commit and
      -- holds it through the WAL flush (async.c, PreCommit_Notify): with migration 3's row trigger no two
      -- storing commits shared a flush, and the service was held to a fraction of the disk's rate (issue
      -- 32). The service now says NOTIFY paydesk_notifications itself, after its COMMIT, in a transaction
      -- of its own that waits for no flush; the desks still read by keyset on every (re)connect and poll.
      DROP TRIGGER gateway_notifications_added ON paydesk.gateway_notifications;
      DROP FUNCTION paydesk.gateway_notification_added();
    `,
  },
  TEAM_MIGRATION_ID_PARTS,
];

export const TEAM_SCHEMA_VERSION = TEAM_MIGRATIONS[TEAM_MIGRATIONS.length - 1]?.version ?? 0;

/**
 * The oldest schema a desk replicates into: the tables and columns the replicator writes are migration 1's.
 * Later migrations so far only add what Team History reads (a desk updated before the administrator runs
 * them keeps replicating; its team view says the schema is old). Raise it with a migration that changes
 * what the replicator writes.
 */
export const REPLICATION_SCHEMA_VERSION = 1;

/** From this schema on, the replicator registers the desk's public key and signs what it sends (migration 4). */
export const SIGNING_SCHEMA_VERSION = 4;

/**
 * Brings the team database up to the latest schema, as its owner (apply-team-migrations.ts). Refuses a
 * database written by a newer Paydesk. Returns the version.
 */
export function migrateTeamDb(
  client: pg.ClientBase,
  migrations: readonly TeamMigration[] = TEAM_MIGRATIONS,
): Promise<number> {
  return applyTeamMigrations(client, migrations);
}
