// Team migration 9: an enrolment completes only from the account's current state (issue 31, PCI DSS
// 8.3.5). Migration 7's paydesk.team_operator_enrolled completed any enrolment while the account waited for
// one, so an enrolment begun with a one-time passphrase before a supervisor's reset (made because that
// passphrase leaked, say) could still complete after it. The desk now names the passphrase hash its
// sign-in proved when the enrolment started: a reset gives the account a new hash (a new salt at least),
// and the enrolment is refused ('reset') without writing anything. Migration 7's function goes, so that no
// desk's login can complete an enrolment without naming where it started. Never edit a shipped migration:
// append a new one.
import type { TeamMigration } from '../apply-team-migrations';

export const teamEnrolmentFrom: TeamMigration = {
  version: 9,
  description: "an enrolment completes only from the account's current passphrase hash (not across a reset)",
  up: `
      DROP FUNCTION paydesk.team_operator_enrolled(text, text, text);

      -- The operator's own enrolment, from the account state it started from (p_started_from: the
      -- passphrase hash the desk proved at that sign-in). 'enrolled': taken. 'reset': the account waits
      -- for an enrolment but its passphrase was reset since this one started; nothing written.
      -- 'refused': the account does not wait for one (enrolled at another desk, disabled, unknown), or a
      -- one-time passphrase was not replaced; nothing written.
      CREATE FUNCTION paydesk.team_operator_enrolled(
        p_id text, p_started_from text, p_passphrase_hash text, p_totp_secret text)
      RETURNS text LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, pg_temp
      AS $fn$
      DECLARE
        current_hash text;
      BEGIN
        -- FOR UPDATE: a supervisor's reset committing meanwhile is waited for and then seen.
        SELECT passphrase_hash INTO current_hash FROM paydesk.team_operators
        WHERE operator_id = p_id AND enabled AND totp_secret IS NULL
        FOR UPDATE;
        IF NOT FOUND THEN
          RETURN 'refused';
        END IF;
        IF current_hash IS DISTINCT FROM p_started_from THEN
          RETURN 'reset';
        END IF;
        UPDATE paydesk.team_operators
        SET totp_secret = p_totp_secret, passphrase_hash = coalesce(p_passphrase_hash, passphrase_hash),
            temporary_passphrase = false, changed_at = now(), changed_by_role = session_user
        WHERE operator_id = p_id AND (p_passphrase_hash IS NOT NULL OR NOT temporary_passphrase);
        RETURN CASE WHEN FOUND THEN 'enrolled' ELSE 'refused' END;
      END
      $fn$;
      REVOKE ALL ON FUNCTION paydesk.team_operator_enrolled(text, text, text, text) FROM PUBLIC;
      GRANT EXECUTE ON FUNCTION paydesk.team_operator_enrolled(text, text, text, text)
        TO paydesk_desk, paydesk_supervisor;

      -- A reset of an account still waiting for its enrolment (a new one-time passphrase) unlocks it on
      -- every desk too: migration 8's trigger saw only a reset that took an authenticator away.
      CREATE TRIGGER team_operator_reset_waiting AFTER UPDATE ON paydesk.team_operators
        FOR EACH ROW WHEN (NEW.totp_secret IS NULL AND OLD.totp_secret IS NULL AND NEW.temporary_passphrase
          AND NEW.passphrase_hash IS DISTINCT FROM OLD.passphrase_hash)
        EXECUTE FUNCTION paydesk.team_sign_in_reset();
    `,
};
