-- Paydesk team mode: one login role for one desk (a Paydesk installation, or the agent who uses it).
-- Run as a role with CREATEROLE, after setup.sql:
--
--   psql -h db.example.com -U postgres -v desk_role=desk_anna -v desk_password='…' -f docs/team/add-desk.sql
--
-- The desk then enters this role and password in Settings → Team. Row-level security lets it write, and
-- read, only the rows it writes itself; the team duplicate check answers it about other desks' pay-ins
-- without showing it their rows. To remove a desk: ALTER ROLE desk_anna NOLOGIN (its rows stay).
--
-- Pinning the desk's signing key (README, "Verifying a desk"): once the desk has connected, its key id is
-- in `npm run team:verify` (and Settings → Team on the desk). Run this again with -v key_id=… (as the
-- owner paydesk_owner or a superuser; no password is needed for a role that exists): team:verify then
-- reports anything signed under any other key for this role.
\set ON_ERROR_STOP on
SELECT NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = :'desk_role') AS create_role \gset
\if :create_role
CREATE ROLE :"desk_role" LOGIN PASSWORD :'desk_password' CONNECTION LIMIT 10 IN ROLE paydesk_desk;
\endif
\if :{?key_id}
INSERT INTO paydesk.desk_key_pins (db_role, key_id) VALUES (:'desk_role', :'key_id')
  ON CONFLICT (db_role) DO UPDATE SET key_id = EXCLUDED.key_id, pinned_at = now();
\endif
