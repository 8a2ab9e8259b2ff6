// Team migration 4: each desk's Ed25519 public keys, the administrator's pins, and the signatures on
// replicated audit entries and anchors (team/desk-signing.ts, team/team-verify.ts). Never edit a shipped migration: append a new one.
import type { TeamMigration } from '../apply-team-migrations';
import { deskRowPolicies } from './desk-policies';

/** Migration 4: desks' Ed25519 public keys, pins, signed entries and anchors. */
export const deskKeys: TeamMigration = {
  version: 4,
  description: "desks' Ed25519 public keys, pins, and signed audit entries and anchors",
  up: `
      -- Each desk signs every audit entry it replicates, and its anchor, with an Ed25519 key whose private
      -- half never leaves its keychain (team/desk-signing.ts); the public half is registered here, so a
      -- supervisor checks a desk's chain from this database alone (team/team-verify.ts). A desk may have
      -- had several keys (a keychain lost and a new key made): each signature names its key. key_id is
      -- the public key's own digest, checked here, so a key cannot be swapped under the same id.
      CREATE TABLE paydesk.desk_keys (
        desk_id text NOT NULL REFERENCES paydesk.desks (desk_id),
        key_id text NOT NULL,
        public_key text NOT NULL,
        db_role name NOT NULL DEFAULT current_user,
        registered_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (desk_id, key_id),
        CHECK (key_id = left(encode(sha256(decode(public_key, 'base64')), 'hex'), 32))
      );
      -- The key an administrator has pinned for a desk's role (add-desk.sql): once pinned, a signature
      -- under any other key is reported, whoever registered it.
      CREATE TABLE paydesk.desk_key_pins (
        db_role name PRIMARY KEY,
        key_id text NOT NULL,
        pinned_at timestamptz NOT NULL DEFAULT now()
      );
      ALTER TABLE paydesk.audit_entries ADD COLUMN key_id text, ADD COLUMN sig text;
      ALTER TABLE paydesk.audit_anchors ADD COLUMN key_id text, ADD COLUMN sig text;

      ALTER TABLE paydesk.desk_keys ENABLE ROW LEVEL SECURITY;
      ${deskRowPolicies('desk_keys')}
      -- Keys are registered, never changed or removed; pins are the administrator's alone.
      GRANT SELECT, INSERT ON paydesk.desk_keys TO paydesk_desk;
      GRANT SELECT ON paydesk.desk_keys, paydesk.desk_key_pins TO paydesk_supervisor;
    `,
};
