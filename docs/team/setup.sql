-- Paydesk team mode: the team database and its roles. Run once, as a PostgreSQL superuser (or a role
-- with CREATEROLE and CREATEDB), with psql:
--
--   psql -h db.example.com -U postgres -v owner_password='…' -f docs/team/setup.sql
--   (optional: -v database=paydesk_team, the default)
--
-- Then apply Paydesk's schema as the owner role (README, "Team mode"):
--   PAYDESK_TEAM_URL='postgres://paydesk_owner:…@db.example.com/paydesk_team' npm run team:migrate
-- and add one login role per desk (add-desk.sql) and per supervisor (add-supervisor.sql).
-- The migrations need the extension pg_trgm (team migration 6): as the database's owner, paydesk_owner
-- creates it itself on PostgreSQL 13 or later; where it cannot, a superuser runs pg_trgm.sql once.
--
-- The roles:
--   paydesk_owner       owns the schema and runs the migrations; Paydesk desks never use it. As the
--                       owner it is not bound by row-level security: keep its password with the DBA.
--   paydesk_desk        group role (no login) of every desk: writes, and reads, only its own rows.
--   paydesk_supervisor  group role (no login): reads every desk's rows, writes nothing but the team's
--                       operator accounts, roles and limits (team migration 7).
--   paydesk_notify      group role (no login) of the notification service (src/notify): inserts the
--                       gateway's notifications, reads nothing. Its login roles: add-notify.sql.
\set ON_ERROR_STOP on
\if :{?database}
\else
  \set database paydesk_team
\endif

CREATE ROLE paydesk_owner LOGIN PASSWORD :'owner_password';
CREATE ROLE paydesk_desk NOLOGIN;
CREATE ROLE paydesk_supervisor NOLOGIN;
CREATE ROLE paydesk_notify NOLOGIN;

CREATE DATABASE :"database" OWNER paydesk_owner ENCODING 'UTF8' TEMPLATE template0;
REVOKE ALL ON DATABASE :"database" FROM PUBLIC;
GRANT CONNECT ON DATABASE :"database" TO paydesk_desk, paydesk_supervisor, paydesk_notify;

\connect :"database"
-- Nobody but the owner creates anything in this database.
REVOKE ALL ON SCHEMA public FROM PUBLIC;
CREATE SCHEMA paydesk AUTHORIZATION paydesk_owner;
GRANT USAGE ON SCHEMA paydesk TO paydesk_desk, paydesk_supervisor, paydesk_notify;
