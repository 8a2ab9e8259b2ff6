// Team migration 8: wrong sign-ins counted across the team (issue 31, PCI DSS 8.3.4). With one identity on
// every desk (migration 7), ten wrong attempts at each desk must not be ten per desk: the count and the
// lockout are kept here, by the database's clock, and every desk asks before it checks a passphrase. A
// desk's login changes them only through these functions; a supervisor's reset (the account waiting for
// its owner to enrol again) clears them. Never edit a shipped migration: append a new one.
import type { TeamMigration } from '../apply-team-migrations';

export const teamSignInFailures: TeamMigration = {
  version: 8,
  description: 'wrong sign-ins and lockouts counted across the team',
  up: `
      CREATE TABLE paydesk.team_sign_in_failures (
        operator_id text PRIMARY KEY REFERENCES paydesk.team_operators (operator_id),
        wrong_in_a_row integer NOT NULL CHECK (wrong_in_a_row >= 0),
        locked_until timestamptz
      );
      -- No policy: nobody reads or writes the table but the functions below.
      ALTER TABLE paydesk.team_sign_in_failures ENABLE ROW LEVEL SECURITY;

      -- Counts one wrong attempt for an operator on any desk; at p_limit in a row (at most 10) the account
      -- is locked for p_lock_seconds (at least 30 minutes) from the database's clock, and that end is
      -- returned. NULL: not locked by this attempt.
      CREATE FUNCTION paydesk.team_sign_in_wrong(p_id text, p_limit integer, p_lock_seconds integer)
      RETURNS timestamptz LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, pg_temp
      AS $fn$
      DECLARE
        wrong integer;
        ends timestamptz;
      BEGIN
        IF NOT EXISTS (SELECT 1 FROM paydesk.team_operators WHERE operator_id = p_id) THEN
          RETURN NULL;
        END IF;
        INSERT INTO paydesk.team_sign_in_failures AS f (operator_id, wrong_in_a_row)
        VALUES (p_id, 1)
        ON CONFLICT (operator_id) DO UPDATE SET wrong_in_a_row = f.wrong_in_a_row + 1
        RETURNING f.wrong_in_a_row INTO wrong;
        IF wrong < least(greatest(p_limit, 1), 10) THEN
          RETURN NULL;
        END IF;
        ends := clock_timestamp() + make_interval(secs => greatest(p_lock_seconds, 1800));
        UPDATE paydesk.team_sign_in_failures SET wrong_in_a_row = 0, locked_until = ends
        WHERE operator_id = p_id;
        RETURN ends;
      END
      $fn$;

      -- The end of the operator's lockout across the team, or NULL when they are not locked.
      CREATE FUNCTION paydesk.team_sign_in_locked_until(p_id text)
      RETURNS timestamptz LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp
      AS $fn$
        SELECT locked_until FROM paydesk.team_sign_in_failures
        WHERE operator_id = p_id AND locked_until > clock_timestamp()
      $fn$;

      -- A proof that passed (on any desk): the count of wrong attempts starts again.
      CREATE FUNCTION paydesk.team_sign_in_proved(p_id text)
      RETURNS void LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, pg_temp
      AS $fn$
        UPDATE paydesk.team_sign_in_failures SET wrong_in_a_row = 0
        WHERE operator_id = p_id AND wrong_in_a_row > 0
      $fn$;

      REVOKE ALL ON FUNCTION paydesk.team_sign_in_wrong(text, integer, integer),
        paydesk.team_sign_in_locked_until(text), paydesk.team_sign_in_proved(text) FROM PUBLIC;
      GRANT EXECUTE ON FUNCTION paydesk.team_sign_in_wrong(text, integer, integer),
        paydesk.team_sign_in_locked_until(text), paydesk.team_sign_in_proved(text)
        TO paydesk_desk, paydesk_supervisor;

      -- A supervisor's reset (the account waits for its owner to enrol again) unlocks it everywhere.
      CREATE FUNCTION paydesk.team_sign_in_reset() RETURNS trigger
      LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $fn$
      BEGIN
        DELETE FROM paydesk.team_sign_in_failures WHERE operator_id = NEW.operator_id;
        RETURN NULL;
      END
      $fn$;
      REVOKE ALL ON FUNCTION paydesk.team_sign_in_reset() FROM PUBLIC;
      CREATE TRIGGER team_operator_reset AFTER UPDATE ON paydesk.team_operators
        FOR EACH ROW WHEN (NEW.totp_secret IS NULL AND OLD.totp_secret IS NOT NULL)
        EXECUTE FUNCTION paydesk.team_sign_in_reset();
    `,
};
