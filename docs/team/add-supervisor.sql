-- Paydesk team mode: one login role for a supervisor or compliance officer, who may read every desk's
-- rows, audit entries and anchors, and write nothing but the team's operator accounts, roles and limits
-- (team migration 7; Paydesk itself writes them from a desk with the supervisor grant). Run as a role with CREATEROLE, after setup.sql:
--
--   psql -h db.example.com -U postgres -v supervisor_role=sup_maria -v supervisor_password='…' \
--     -f docs/team/add-supervisor.sql
\set ON_ERROR_STOP on
CREATE ROLE :"supervisor_role" LOGIN PASSWORD :'supervisor_password' CONNECTION LIMIT 10 IN ROLE paydesk_supervisor;
