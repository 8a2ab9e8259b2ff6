// Team migration 1: the desks, their replicated history rows and audit entries, the audit anchors, and
// the row-level security that keeps each desk to its own rows. Never edit a shipped migration: append a new one.
import type { TeamMigration } from '../apply-team-migrations';
import { deskRowPolicies, ownDeskCheck } from './desk-policies';

/** Migration 1: desks, their history rows and audit entries, audit anchors; row-level security. */
export const desksAndRows: TeamMigration = {
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

      ${deskRowPolicies('history_rows', { updates: true })}

      ${deskRowPolicies('audit_entries')}

      CREATE POLICY desk_own ON paydesk.audit_anchors FOR ALL TO paydesk_desk
        USING (db_role = current_user)
        ${ownDeskCheck('audit_anchors')};
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
};
