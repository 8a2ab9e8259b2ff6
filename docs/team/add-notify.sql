-- Paydesk team mode: one login role for one notification service instance (src/notify), or for all of
-- them (each instance may share it; one role per host makes pg_stat_activity say which host is which).
-- Run as a role with CREATEROLE, after setup.sql and the migrations:
--
--   psql -h db.example.com -U postgres -v notify_role=notify_web1 -v notify_password='…' -f docs/team/add-notify.sql
--
-- The role may INSERT into paydesk.gateway_notifications and nothing else: it reads no table, not even
-- the notifications it stored. Its password goes into the service's credentials (README, "Notifications
-- in production"), never into its configuration file. The connection limit bounds the service's pool
-- (dbPoolSize in its configuration) times the instances that share the role. To remove it:
-- ALTER ROLE notify_web1 NOLOGIN.
\set ON_ERROR_STOP on
CREATE ROLE :"notify_role" LOGIN PASSWORD :'notify_password' CONNECTION LIMIT 40 IN ROLE paydesk_notify;
