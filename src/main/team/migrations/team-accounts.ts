// Team migration 7: one identity on every desk (issue 31 item 7). The team's operator accounts, roles and
// pay-in limits, which every desk reads and only a supervisor's login writes (row-level security), with
// each authenticator secret encrypted under a key derived from the team key, which is in each desk's
// keychain and never in this database (team/account-secret.ts): a pg_dump lets nobody compute a code.
// Never edit a shipped migration: append a new one.
import type { TeamMigration } from '../apply-team-migrations';

/** Migration 7: the team's operators, roles and limits; desks read them, supervisors' logins write them. */
export const teamAccounts: TeamMigration = {
  version: 7,
  description: "the team's operator accounts, roles and pay-in limits; desks read, supervisors' logins write",
  up: `
      -- One row per person of the team. operator_id never changes and is never reused: nobody may DELETE
      -- (a supervisor disables). The passphrase is a salted scrypt hash (credentials/passphrase-hash.ts);
      -- totp_secret is the authenticator's secret sealed with AES-256-GCM under a key derived from the team
      -- key, bound to the operator id, or NULL while the account waits for its owner to enrol.
      CREATE TABLE paydesk.team_operators (
        operator_id text PRIMARY KEY CHECK (operator_id ~ '^[a-z][a-z0-9._-]{1,39}$'),
        display_name text NOT NULL CHECK (length(display_name) BETWEEN 1 AND 60),
        role text NOT NULL CHECK (role ~ '^[a-z][a-z0-9-]{1,39}$'),
        enabled boolean NOT NULL,
        passphrase_hash text NOT NULL CHECK (passphrase_hash LIKE 'scrypt$%'),
        temporary_passphrase boolean NOT NULL,
        totp_secret text CHECK (totp_secret ~ '^tk1:[A-Za-z0-9+/]+=*$'),
        created_at timestamptz NOT NULL,
        created_by text NOT NULL,
        changed_at timestamptz NOT NULL DEFAULT now(),
        -- The database login that wrote the row last (a supervisor's, or a desk's through the enrolment).
        changed_by_role name NOT NULL DEFAULT session_user
      );

      -- A supervisor's own roles (the four built in are the app's, never stored).
      CREATE TABLE paydesk.team_roles (
        role_id text PRIMARY KEY CHECK (role_id ~ '^[a-z][a-z0-9-]{1,39}$'),
        label text NOT NULL CHECK (length(label) BETWEEN 1 AND 40),
        permissions text[] NOT NULL,
        based_on text,
        changed_at timestamptz NOT NULL,
        changed_by text NOT NULL,
        changed_by_role name NOT NULL DEFAULT session_user
      );

      -- Pay-in limits per role or operator and currency; amount NULL is a limit taken away (no DELETE).
      CREATE TABLE paydesk.team_limits (
        scope_kind text NOT NULL CHECK (scope_kind IN ('role', 'operator')),
        scope_id text NOT NULL,
        currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
        amount text CHECK (amount ~ '^(0|[1-9][0-9]*)[.][0-9]{2}$'),
        changed_at timestamptz NOT NULL DEFAULT now(),
        changed_by_role name NOT NULL DEFAULT session_user,
        PRIMARY KEY (scope_kind, scope_id, currency)
      );

      -- Whether the team's desks use these accounts: off until an administrator turns it on
      -- (docs/team/team-accounts.sql), so that a team upgraded to this schema goes on with each desk's own
      -- accounts until it decides; then the first desk with the supervisor grant seeds them.
      CREATE TABLE paydesk.team_accounts_on (
        singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
        on_since timestamptz NOT NULL DEFAULT now(),
        turned_on_by name NOT NULL DEFAULT session_user
      );

      -- The last authenticator step each operator used, on any desk: a code is taken once across the team.
      -- Nobody reads or writes it but the function below.
      CREATE TABLE paydesk.team_operator_steps (
        operator_id text PRIMARY KEY REFERENCES paydesk.team_operators (operator_id),
        last_step bigint NOT NULL
      );

      -- Row-level security: every desk and supervisor reads the accounts; only paydesk_supervisor (a
      -- supervisor's login, or a team lead's desk given the supervisor grant) inserts or updates, each row
      -- naming the login that wrote it. Two layers refuse a desk's ordinary login: it has no INSERT or
      -- UPDATE privilege, and no policy would let its row in.
      ALTER TABLE paydesk.team_operators ENABLE ROW LEVEL SECURITY;
      ALTER TABLE paydesk.team_roles ENABLE ROW LEVEL SECURITY;
      ALTER TABLE paydesk.team_limits ENABLE ROW LEVEL SECURITY;
      ALTER TABLE paydesk.team_operator_steps ENABLE ROW LEVEL SECURITY;
      ALTER TABLE paydesk.team_accounts_on ENABLE ROW LEVEL SECURITY;
      CREATE POLICY team_reads ON paydesk.team_accounts_on FOR SELECT TO paydesk_desk, paydesk_supervisor USING (true);
      CREATE POLICY team_reads ON paydesk.team_operators FOR SELECT TO paydesk_desk, paydesk_supervisor USING (true);
      CREATE POLICY supervisor_adds ON paydesk.team_operators FOR INSERT TO paydesk_supervisor
        WITH CHECK (changed_by_role = session_user);
      CREATE POLICY supervisor_changes ON paydesk.team_operators FOR UPDATE TO paydesk_supervisor
        USING (true) WITH CHECK (changed_by_role = session_user);
      CREATE POLICY team_reads ON paydesk.team_roles FOR SELECT TO paydesk_desk, paydesk_supervisor USING (true);
      CREATE POLICY supervisor_adds ON paydesk.team_roles FOR INSERT TO paydesk_supervisor
        WITH CHECK (changed_by_role = session_user);
      CREATE POLICY supervisor_changes ON paydesk.team_roles FOR UPDATE TO paydesk_supervisor
        USING (true) WITH CHECK (changed_by_role = session_user);
      CREATE POLICY team_reads ON paydesk.team_limits FOR SELECT TO paydesk_desk, paydesk_supervisor USING (true);
      CREATE POLICY supervisor_adds ON paydesk.team_limits FOR INSERT TO paydesk_supervisor
        WITH CHECK (changed_by_role = session_user);
      CREATE POLICY supervisor_changes ON paydesk.team_limits FOR UPDATE TO paydesk_supervisor
        USING (true) WITH CHECK (changed_by_role = session_user);
      GRANT SELECT ON paydesk.team_operators, paydesk.team_roles, paydesk.team_limits, paydesk.team_accounts_on
        TO paydesk_desk, paydesk_supervisor;
      GRANT INSERT, UPDATE ON paydesk.team_operators, paydesk.team_roles, paydesk.team_limits
        TO paydesk_supervisor;

      -- An operator enrols at whichever desk they sign in first after a supervisor added or reset them: the
      -- one write a desk's login makes to an account, only while it waits for enrolment (no authenticator),
      -- once. The passphrase is their own from then on (NULL keeps the hash, for an account that has one).
      CREATE FUNCTION paydesk.team_operator_enrolled(p_id text, p_passphrase_hash text, p_totp_secret text)
      RETURNS boolean LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, pg_temp
      AS $fn$
        WITH done AS (
          UPDATE paydesk.team_operators
          SET totp_secret = p_totp_secret, passphrase_hash = coalesce(p_passphrase_hash, passphrase_hash),
              temporary_passphrase = false, changed_at = now(), changed_by_role = session_user
          WHERE operator_id = p_id AND enabled AND totp_secret IS NULL
            AND (p_passphrase_hash IS NOT NULL OR NOT temporary_passphrase)
          RETURNING 1)
        SELECT EXISTS (SELECT 1 FROM done)
      $fn$;
      -- Takes an authenticator step for an operator: true when it is newer than every step used before on
      -- any desk (the code is not a replay), false otherwise. Only a step within a day of the server's clock
      -- is taken: a desk's login cannot push an operator's last step years ahead and so refuse their codes.
      CREATE FUNCTION paydesk.team_operator_code_used(p_id text, p_step bigint)
      RETURNS boolean LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, pg_temp
      AS $fn$
        WITH taken AS (
          INSERT INTO paydesk.team_operator_steps AS s (operator_id, last_step)
          SELECT p_id, p_step WHERE EXISTS (SELECT 1 FROM paydesk.team_operators WHERE operator_id = p_id)
            AND abs(p_step - floor(extract(epoch FROM clock_timestamp()) / 30)) <= 2880
          ON CONFLICT (operator_id) DO UPDATE SET last_step = EXCLUDED.last_step
            WHERE s.last_step < EXCLUDED.last_step
          RETURNING 1)
        SELECT EXISTS (SELECT 1 FROM taken)
      $fn$;
      REVOKE ALL ON FUNCTION paydesk.team_operator_enrolled(text, text, text),
        paydesk.team_operator_code_used(text, bigint) FROM PUBLIC;
      GRANT EXECUTE ON FUNCTION paydesk.team_operator_enrolled(text, text, text),
        paydesk.team_operator_code_used(text, bigint) TO paydesk_desk, paydesk_supervisor;

      -- Every desk LISTENs on paydesk_accounts: a change reaches them all at its commit (an operator
      -- disabled is signed out everywhere). Account writes are rare: a statement trigger's NOTIFY costs
      -- nothing that matters here (unlike the notifications' rate, migration 5).
      CREATE FUNCTION paydesk.team_accounts_changed() RETURNS trigger
      LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $fn$
      BEGIN
        PERFORM pg_notify('paydesk_accounts', TG_TABLE_NAME);
        RETURN NULL;
      END
      $fn$;
      REVOKE ALL ON FUNCTION paydesk.team_accounts_changed() FROM PUBLIC;
      CREATE TRIGGER team_operators_changed AFTER INSERT OR UPDATE ON paydesk.team_operators
        FOR EACH STATEMENT EXECUTE FUNCTION paydesk.team_accounts_changed();
      CREATE TRIGGER team_roles_changed AFTER INSERT OR UPDATE ON paydesk.team_roles
        FOR EACH STATEMENT EXECUTE FUNCTION paydesk.team_accounts_changed();
      CREATE TRIGGER team_limits_changed AFTER INSERT OR UPDATE ON paydesk.team_limits
        FOR EACH STATEMENT EXECUTE FUNCTION paydesk.team_accounts_changed();
      CREATE TRIGGER team_accounts_turned_on AFTER INSERT ON paydesk.team_accounts_on
        FOR EACH STATEMENT EXECUTE FUNCTION paydesk.team_accounts_changed();
    `,
};
