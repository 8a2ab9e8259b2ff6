-- Paydesk team mode: the notification service's group role, for a team database set up before Paydesk
-- had the service (setup.sql makes it now). Run once, as a role with CREATEROLE, before the migration
-- that adds the notifications table (npm run team:migrate says so when the role is missing):
--
--   psql -h db.example.com -U postgres -d paydesk_team -f docs/team/notify-role.sql
--
-- The migration grants it CONNECT, the schema, and INSERT on paydesk.gateway_notifications: nothing else.
\set ON_ERROR_STOP on
SELECT NOT EXISTS (SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = 'paydesk_notify') AS notify_role_missing \gset
\if :notify_role_missing
  CREATE ROLE paydesk_notify NOLOGIN;
\endif
