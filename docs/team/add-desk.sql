-- Paydesk team mode: one login role for one desk (a Paydesk installation, or the agent who uses it).
-- Run as a role with CREATEROLE, after setup.sql:
--
--   psql -h db.example.com -U postgres -v desk_role=desk_anna -v desk_password='…' -f docs/team/add-desk.sql
--
-- The desk then enters this role and password in Settings → Team. Row-level security lets it write, and
-- read, only the rows it writes itself; the team duplicate check answers it about other desks' pay-ins
-- without showing it their rows. To remove a desk: ALTER ROLE desk_anna NOLOGIN (its rows stay).
\set ON_ERROR_STOP on
CREATE ROLE :"desk_role" LOGIN PASSWORD :'desk_password' CONNECTION LIMIT 10 IN ROLE paydesk_desk;
