-- Paydesk team mode: the pg_trgm extension, for team migration 6 (Team History finds an order number, an
-- orderId or a customer id by any part of 4 characters or more, in any case, through trigram indexes).
--
-- `npm run team:migrate` creates it itself as paydesk_owner, who owns the team database: pg_trgm is a trusted
-- extension from PostgreSQL 13 on, which a database owner may create. Run this once, as a superuser, only
-- when the migration stops with "Team migration 6 needs the PostgreSQL extension pg_trgm": a server older
-- than 13, a managed service that lists its allowed extensions, or a database whose CREATE right was taken
-- from its owner. Then run the migration again.
--
--   psql -h db.example.com -U postgres -d paydesk_team -f docs/team/pg_trgm.sql
--
-- The extension's files come with PostgreSQL itself (its contrib modules: the postgresql-contrib package on
-- older Debian/Ubuntu and RHEL-style installations). Where it lives does not matter: the migration finds it.
\set ON_ERROR_STOP on
CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA paydesk;
