// The history file's own tables, as the migrations made them: the rows and the audit trail (1), the mark of
// keyed entries (4), the row's note renamed (9). Never edit a shipped migration: append a new one.
import type { Migration } from '../apply-migrations';

/** Migration 1: history_rows, the hash-chained audit_log and its head. */
export const historyRowsAndAudit: Migration = {
  version: 1,
  description: 'history rows, hash-chained audit log and its head',
  up: `
      -- One table for pay-ins and KYC batches: the history list pages through both in one order.
      -- AUTOINCREMENT so that an id is never reused: audit entries name rows by id.
      CREATE TABLE history_rows (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        kind TEXT NOT NULL CHECK (kind IN ('payin', 'kyc_batch')),
        status TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        profile TEXT NOT NULL,
        operator TEXT NOT NULL,
        api_version TEXT CHECK (api_version IN ('v1', 'v2')),
        merchant_trade_no TEXT,
        user_id TEXT,
        masked_pan TEXT,
        brand TEXT,
        last4 TEXT,
        -- Money as canonical decimal text; amount_minor (exact integer cents) only for sorting and sums.
        amount TEXT,
        amount_minor INTEGER,
        currency TEXT,
        order_id TEXT,
        traceid TEXT,
        remark TEXT,
        request_json TEXT,
        response_raw TEXT,
        error_json TEXT,
        file_name TEXT,
        sha256 TEXT,
        counts_json TEXT,
        chunks_json TEXT,
        accepted_user_ids_json TEXT,
        CHECK (kind <> 'payin' OR (merchant_trade_no IS NOT NULL AND amount IS NOT NULL
                                   AND amount_minor IS NOT NULL AND typeof(amount) = 'text')),
        CHECK (kind <> 'kyc_batch' OR (file_name IS NOT NULL AND sha256 IS NOT NULL))
      );
      -- Every index ends in id: it is the keyset tie-breaker and makes each ORDER BY index-only.
      CREATE INDEX idx_history_created ON history_rows (created_at, id);
      CREATE INDEX idx_history_status_created ON history_rows (status, created_at, id);
      CREATE INDEX idx_history_kind_created ON history_rows (kind, created_at, id);
      CREATE INDEX idx_history_profile_created ON history_rows (profile, created_at, id);
      CREATE INDEX idx_history_amount ON history_rows (amount_minor, id);
      CREATE INDEX idx_history_trade_no ON history_rows (merchant_trade_no, profile, created_at, id);
      CREATE INDEX idx_history_order_id ON history_rows (order_id);
      CREATE INDEX idx_history_traceid ON history_rows (traceid);
      CREATE INDEX idx_history_user_id ON history_rows (user_id);
      CREATE INDEX idx_history_last4 ON history_rows (last4);
      CREATE INDEX idx_history_duplicate ON history_rows (masked_pan, user_id, amount_minor, created_at);
      CREATE INDEX idx_history_sha256 ON history_rows (sha256, created_at);

      -- PCI DSS 10.2/10.3: append-only, each entry chained to the previous one by SHA-256.
      CREATE TABLE audit_log (
        seq INTEGER PRIMARY KEY,
        at INTEGER NOT NULL,
        operator TEXT NOT NULL,
        event TEXT NOT NULL,
        outcome TEXT NOT NULL CHECK (outcome IN ('success', 'failure')),
        resource TEXT NOT NULL,
        row_id INTEGER,
        detail_json TEXT NOT NULL,
        prev_hash TEXT NOT NULL,
        hash TEXT NOT NULL
      );
      CREATE INDEX idx_audit_row ON audit_log (row_id, seq);
      -- The app never changes an entry; these stop a bug from doing it. (Someone with the file can drop
      -- them: the hash chain and the head below are what detect that.)
      CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
        BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END;
      CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
        BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END;

      -- The chain's last link, written in the same transaction as each entry: deleting the newest entries
      -- leaves a chain that is consistent in itself, and only this row shows it is short.
      CREATE TABLE audit_head (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        seq INTEGER NOT NULL,
        hash TEXT NOT NULL
      );
    `,
};

/** Migration 4: the version that marks audit entries keyed (HMAC) from here on. */
export const keyedAudit: Migration = {
  version: 4,
  description: 'audit entries sealed with a keyed HMAC from here on',
  up: `
      -- Nothing in the tables changes: the version number is the mark. A file below this version was last
      -- written by a Paydesk whose audit entries were plain SHA-256, and only such a file has its entries
      -- adopted as legacy when no audit key is found (audit-trust.ts). Entries are keyed from now on.
    `,
};

/** Migration 9: error_json named note_json. */
export const noteColumn: Migration = {
  version: 9,
  description: "the row's note for the agent: error_json is named note_json",
  up: `
      -- The column holds the note shown to the agent (why a row is in its status, what to do), not an
      -- error. RENAME COLUMN rewrites the views and triggers that name it. The row digest hashes values,
      -- not names (row-digest.ts), so every row keeps its digest and every audit entry still verifies.
      -- The team payload keeps its key 'error_json': it is the team database's column (team/replicator.ts),
      -- and payloads already queued in team_outbox carry that key.
      ALTER TABLE history_rows RENAME COLUMN error_json TO note_json;
    `,
};
