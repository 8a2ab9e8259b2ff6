-- Paydesk team mode: the supervisor grant for a desk's own role (add-desk.sql), so that the agent at that
-- desk — a team lead who also takes pay-ins — sees every desk's rows, totals and charts in History → Team.
-- The role keeps writing only its own rows, and may now write the team's operator accounts, roles and
-- limits (team migration 7): a supervisor signed in at that desk manages them for every desk of the team. Run as a role with CREATEROLE (or ADMIN on paydesk_supervisor):
--
--   psql -h db.example.com -U postgres -d paydesk_team -v desk_role=desk_maria -f docs/team/grant-supervisor.sql
--
-- The desk sees the change when team mode next starts (Paydesk restarted, or any save in Settings → Team).
-- To take it back: REVOKE paydesk_supervisor FROM desk_maria;
\set ON_ERROR_STOP on
GRANT paydesk_supervisor TO :"desk_role";
