-- Paydesk team mode: one identity on every desk (README, "Operators and roles"). Run once, as the owner
-- (paydesk_owner) or a superuser, after `npm run team:migrate` has applied team migration 7:
--
--   psql -h db.example.com -U paydesk_owner -d paydesk_team -f docs/team/team-accounts.sql
--
-- From then on the team's operators, roles and pay-in limits are kept in this database: the first desk with
-- the supervisor grant (grant-supervisor.sql) that connects gives the team its own accounts, and every desk
-- of the team signs in with them (a desk's own accounts that the team has not are gone from it). Until this
-- is run, each desk keeps its own accounts, as before migration 7.
\set ON_ERROR_STOP on
INSERT INTO paydesk.team_accounts_on DEFAULT VALUES ON CONFLICT DO NOTHING;
