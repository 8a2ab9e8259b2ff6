// Schema of the history file, one numbered migration per change. `PRAGMA user_version` holds the number
// of the last one applied; each runs in its own transaction, so a crash mid-migration leaves the file at
// the previous version. Never edit a migration that has shipped: append a new one.
import type { DatabaseSync } from 'node:sqlite';
import { columnMigrations } from '../row-table/column-migrations';
import { applyMigrations, type Migration } from './apply-migrations';

/**
 * The identifiers found by any part (migration 11), each with its index history_ids_<column>. A migration's
 * list: never changed once shipped.
 */
export const ID_INDEXES = ['merchant_trade_no', 'order_id', 'user_id'] as const;

/**
 * SQL for the runs of 4 characters of `column`, lower-cased, each as its UTF-8 bytes in hex, in order and
 * separated by spaces (history_ids, migration 11; filter-sql.ts's idPartQuery builds a search's the same
 * way). A value shorter than 4 characters is one shorter run, which no search of 4 or more matches.
 */
function idRuns(column: string): string {
  return `(WITH RECURSIVE at (i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM at WHERE i < length(${column}) - 3)
    SELECT group_concat(hex(substr(lower(${column}), i, 4)), ' ' ORDER BY i) FROM at)`;
}

export const WRITTEN_MIGRATIONS: readonly Migration[] = [
  {
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
  },
  {
    version: 2,
    description: 'pay-in totals per 15-minute bucket, kept by triggers, for the daily chart',
    up: `
      -- The chart's daily totals read these instead of every row. 15 minutes so that a day in any real
      -- time zone (UTC+5:30 and +5:45 included) starts on a bucket edge. Kept by triggers in the same
      -- transaction as the row change, so it cannot drift from history_rows.
      CREATE TABLE payin_buckets (
        bucket INTEGER NOT NULL,
        profile TEXT NOT NULL,
        status TEXT NOT NULL,
        currency TEXT NOT NULL,
        n INTEGER NOT NULL,
        minor INTEGER NOT NULL,
        PRIMARY KEY (bucket, profile, status, currency)
      ) WITHOUT ROWID;

      INSERT INTO payin_buckets (bucket, profile, status, currency, n, minor)
        SELECT created_at / 900000, profile, status, currency, COUNT(*), SUM(amount_minor)
        FROM history_rows WHERE kind = 'payin' GROUP BY 1, 2, 3, 4;

      CREATE TRIGGER payin_buckets_insert AFTER INSERT ON history_rows WHEN NEW.kind = 'payin'
      BEGIN
        INSERT INTO payin_buckets (bucket, profile, status, currency, n, minor)
          VALUES (NEW.created_at / 900000, NEW.profile, NEW.status, NEW.currency, 1, NEW.amount_minor)
          ON CONFLICT DO UPDATE SET n = n + 1, minor = minor + excluded.minor;
      END;

      CREATE TRIGGER payin_buckets_update AFTER UPDATE OF status, amount_minor, currency, profile, created_at
        ON history_rows WHEN NEW.kind = 'payin'
      BEGIN
        UPDATE payin_buckets SET n = n - 1, minor = minor - OLD.amount_minor
          WHERE bucket = OLD.created_at / 900000 AND profile = OLD.profile AND status = OLD.status
            AND currency = OLD.currency;
        INSERT INTO payin_buckets (bucket, profile, status, currency, n, minor)
          VALUES (NEW.created_at / 900000, NEW.profile, NEW.status, NEW.currency, 1, NEW.amount_minor)
          ON CONFLICT DO UPDATE SET n = n + 1, minor = minor + excluded.minor;
        DELETE FROM payin_buckets WHERE n = 0 AND bucket = OLD.created_at / 900000 AND profile = OLD.profile
          AND status = OLD.status AND currency = OLD.currency;
      END;

      CREATE TRIGGER payin_buckets_delete AFTER DELETE ON history_rows WHEN OLD.kind = 'payin'
      BEGIN
        UPDATE payin_buckets SET n = n - 1, minor = minor - OLD.amount_minor
          WHERE bucket = OLD.created_at / 900000 AND profile = OLD.profile AND status = OLD.status
            AND currency = OLD.currency;
        DELETE FROM payin_buckets WHERE n = 0 AND bucket = OLD.created_at / 900000 AND profile = OLD.profile
          AND status = OLD.status AND currency = OLD.currency;
      END;
    `,
  },
  {
    version: 3,
    description: 'pay-in totals per local day for each UTC offset the chart asks for, kept by triggers',
    up: `
      -- The 300-day chart summed every 15-minute bucket of the range (93 ms at a million pay-ins); here a
      -- local day is one row per status, currency and profile. Local days are kept per UTC offset rather
      -- than composed from UTC days: a UTC day plus or minus the buckets between UTC and local midnight
      -- reads up to 48 buckets a day and combination (a prototype at a million pay-ins: 10 ms p50 at
      -- +01:00, 55 ms at +05:30, 95 ms at +10:00; 14-35 ms with an hourly rollup in between).
      -- UTC+0 is kept from now on; another offset from the first time the chart asks in it
      -- (daily-totals.ts), a handful at most. seq orders them oldest first, for dropping.
      CREATE TABLE payin_day_offsets (
        seq INTEGER PRIMARY KEY,
        utc_offset_minutes INTEGER NOT NULL UNIQUE
          CHECK (utc_offset_minutes BETWEEN -840 AND 840 AND utc_offset_minutes % 15 = 0)
      );

      -- day: whole days since 1970-01-01 in that offset's local time. (x + 86400000) / 86400000 - 1 is
      -- floor(x / 86400000) for any x > -86400000, which every time since 1970 plus an offset of at most
      -- 14 hours either way is; SQLite's integer division truncates towards zero instead.
      CREATE TABLE payin_days (
        utc_offset_minutes INTEGER NOT NULL,
        day INTEGER NOT NULL,
        profile TEXT NOT NULL,
        status TEXT NOT NULL,
        currency TEXT NOT NULL,
        n INTEGER NOT NULL,
        minor INTEGER NOT NULL,
        -- Key in the chart's GROUP BY order (profile last): whole days are summed as they are read.
        PRIMARY KEY (utc_offset_minutes, day, status, currency, profile)
      ) WITHOUT ROWID;

      INSERT INTO payin_day_offsets (utc_offset_minutes) VALUES (0);
      -- Backfill from the 15-minute rollup, which migration 2's triggers keep equal to the rows: every
      -- bucket lies in one local day, as the offset is a whole number of buckets.
      INSERT INTO payin_days (utc_offset_minutes, day, profile, status, currency, n, minor)
        SELECT 0, (bucket * 900000 + 86400000) / 86400000 - 1, profile, status, currency, SUM(n), SUM(minor)
        FROM payin_buckets WHERE n > 0 GROUP BY 2, 3, 4, 5;

      CREATE TRIGGER payin_days_insert AFTER INSERT ON history_rows WHEN NEW.kind = 'payin'
      BEGIN
        INSERT INTO payin_days (utc_offset_minutes, day, profile, status, currency, n, minor)
          SELECT o.utc_offset_minutes, (NEW.created_at + o.utc_offset_minutes * 60000 + 86400000) / 86400000 - 1,
                 NEW.profile, NEW.status, NEW.currency, 1, NEW.amount_minor
          FROM payin_day_offsets AS o WHERE true
          ON CONFLICT DO UPDATE SET n = n + 1, minor = minor + excluded.minor;
      END;

      CREATE TRIGGER payin_days_update AFTER UPDATE OF status, amount_minor, currency, profile, created_at
        ON history_rows WHEN NEW.kind = 'payin'
      BEGIN
        UPDATE payin_days SET n = n - 1, minor = minor - OLD.amount_minor
          WHERE (utc_offset_minutes, day, profile, status, currency) IN (
            SELECT o.utc_offset_minutes, (OLD.created_at + o.utc_offset_minutes * 60000 + 86400000) / 86400000 - 1,
                   OLD.profile, OLD.status, OLD.currency
            FROM payin_day_offsets AS o);
        INSERT INTO payin_days (utc_offset_minutes, day, profile, status, currency, n, minor)
          SELECT o.utc_offset_minutes, (NEW.created_at + o.utc_offset_minutes * 60000 + 86400000) / 86400000 - 1,
                 NEW.profile, NEW.status, NEW.currency, 1, NEW.amount_minor
          FROM payin_day_offsets AS o WHERE true
          ON CONFLICT DO UPDATE SET n = n + 1, minor = minor + excluded.minor;
        DELETE FROM payin_days WHERE n = 0
          AND (utc_offset_minutes, day, profile, status, currency) IN (
            SELECT o.utc_offset_minutes, (OLD.created_at + o.utc_offset_minutes * 60000 + 86400000) / 86400000 - 1,
                   OLD.profile, OLD.status, OLD.currency
            FROM payin_day_offsets AS o);
      END;

      CREATE TRIGGER payin_days_delete AFTER DELETE ON history_rows WHEN OLD.kind = 'payin'
      BEGIN
        UPDATE payin_days SET n = n - 1, minor = minor - OLD.amount_minor
          WHERE (utc_offset_minutes, day, profile, status, currency) IN (
            SELECT o.utc_offset_minutes, (OLD.created_at + o.utc_offset_minutes * 60000 + 86400000) / 86400000 - 1,
                   OLD.profile, OLD.status, OLD.currency
            FROM payin_day_offsets AS o);
        DELETE FROM payin_days WHERE n = 0
          AND (utc_offset_minutes, day, profile, status, currency) IN (
            SELECT o.utc_offset_minutes, (OLD.created_at + o.utc_offset_minutes * 60000 + 86400000) / 86400000 - 1,
                   OLD.profile, OLD.status, OLD.currency
            FROM payin_day_offsets AS o);
      END;
    `,
  },
  {
    version: 4,
    description: 'audit entries sealed with a keyed HMAC from here on',
    up: `
      -- Nothing in the tables changes: the version number is the mark. A file below this version was last
      -- written by a Paydesk whose audit entries were plain SHA-256, and only such a file has its entries
      -- adopted as legacy when no audit key is found (audit-trust.ts). Entries are keyed from now on.
    `,
  },
  {
    version: 5,
    description: 'words to search rows by: customer name, e-mail, decline reason, file name',
    up: `
      -- A full-text index beside the rows (contentless: tokens only, nothing readable), so that a search
      -- for "kowal" finds Anna Kowalska among a million rows without a scan. Kept by triggers in the row
      -- change's transaction; history_rows itself is untouched, so the audit digests of its rows hold.
      -- The words come from the request as sent (first and last name, e-mail), the gateway's remark (a
      -- decline reason) and a batch's file name.
      CREATE VIRTUAL TABLE history_words USING fts5(
        words,
        content = '',
        contentless_delete = 1,
        tokenize = 'unicode61 remove_diacritics 2'
      );

      CREATE VIEW history_words_source AS
        SELECT id,
               concat_ws(' ',
                 CASE WHEN json_valid(request_json) THEN json_extract(request_json, '$.firstName') END,
                 CASE WHEN json_valid(request_json) THEN json_extract(request_json, '$.lastName') END,
                 CASE WHEN json_valid(request_json) THEN json_extract(request_json, '$.email') END,
                 remark,
                 file_name) AS words
        FROM history_rows;

      INSERT INTO history_words (rowid, words) SELECT id, words FROM history_words_source;

      CREATE TRIGGER history_words_insert AFTER INSERT ON history_rows
      BEGIN
        INSERT INTO history_words (rowid, words) SELECT id, words FROM history_words_source WHERE id = NEW.id;
      END;

      CREATE TRIGGER history_words_update AFTER UPDATE OF remark, request_json, file_name ON history_rows
      BEGIN
        DELETE FROM history_words WHERE rowid = OLD.id;
        INSERT INTO history_words (rowid, words) SELECT id, words FROM history_words_source WHERE id = NEW.id;
      END;

      CREATE TRIGGER history_words_delete AFTER DELETE ON history_rows
      BEGIN
        DELETE FROM history_words WHERE rowid = OLD.id;
      END;
    `,
  },
  {
    version: 6,
    description: 'team mode: the outbox of changes to replicate, and the card key of each pay-in',
    up: `
      -- The keyed fingerprint of a pay-in's card (team/card-key.ts: HMAC under the team key, never the
      -- number), for the team's duplicate check. NULL without team mode. Not in the row digest's fixed
      -- column list (row-digest.ts), so existing rows keep their digests.
      ALTER TABLE history_rows ADD COLUMN card_key TEXT
        CHECK (card_key IS NULL OR (length(card_key) = 64 AND card_key NOT GLOB '*[^0-9a-f]*'));

      -- Present (one row) while this desk replicates to a team database; the triggers below fill the
      -- outbox only then, so a desk without team mode writes exactly what it wrote before.
      CREATE TABLE team_replication (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        enabled_at INTEGER NOT NULL
      );

      -- What is still to be sent, in the order it was written. AUTOINCREMENT: seq is the version of the
      -- row it carries (team/replicator.ts keys its upserts by desk, row and version), so it never goes back.
      -- payload is the row or entry as it was at that write, as JSON, card data already left out by the
      -- row's own columns (masked number, request without number or CVV).
      CREATE TABLE team_outbox (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        kind TEXT NOT NULL CHECK (kind IN ('row', 'audit')),
        ref INTEGER NOT NULL,
        payload TEXT NOT NULL
      );

      -- The one definition of what a replicated row and entry carry; amount_minor as text, since JSON
      -- numbers past 2^53 would not come back exact.
      CREATE VIEW team_row_payload AS
        SELECT id, json_object(
          'row_id', id, 'kind', kind, 'status', status, 'created_at', created_at, 'updated_at', updated_at,
          'profile', profile, 'operator', operator, 'api_version', api_version,
          'merchant_trade_no', merchant_trade_no, 'user_id', user_id, 'masked_pan', masked_pan,
          'brand', brand, 'last4', last4, 'amount', amount, 'amount_minor', CAST(amount_minor AS TEXT),
          'currency', currency, 'order_id', order_id, 'traceid', traceid, 'remark', remark,
          'request_json', request_json, 'response_raw', response_raw, 'error_json', error_json,
          'file_name', file_name, 'sha256', sha256, 'counts_json', counts_json, 'chunks_json', chunks_json,
          'accepted_user_ids_json', accepted_user_ids_json, 'card_key', card_key) AS payload
        FROM history_rows;

      CREATE VIEW team_audit_payload AS
        SELECT seq, json_object(
          'seq', seq, 'at', at, 'operator', operator, 'event', event, 'outcome', outcome,
          'resource', resource, 'row_id', row_id, 'detail_json', detail_json, 'prev_hash', prev_hash,
          'hash', hash) AS payload
        FROM audit_log;

      CREATE TRIGGER team_outbox_row_insert AFTER INSERT ON history_rows
        WHEN EXISTS (SELECT 1 FROM team_replication)
      BEGIN
        INSERT INTO team_outbox (kind, ref, payload)
          SELECT 'row', id, payload FROM team_row_payload WHERE id = NEW.id;
      END;

      CREATE TRIGGER team_outbox_row_update AFTER UPDATE ON history_rows
        WHEN EXISTS (SELECT 1 FROM team_replication)
      BEGIN
        INSERT INTO team_outbox (kind, ref, payload)
          SELECT 'row', id, payload FROM team_row_payload WHERE id = NEW.id;
      END;

      CREATE TRIGGER team_outbox_audit_insert AFTER INSERT ON audit_log
        WHEN EXISTS (SELECT 1 FROM team_replication)
      BEGIN
        INSERT INTO team_outbox (kind, ref, payload)
          SELECT 'audit', seq, payload FROM team_audit_payload WHERE seq = NEW.seq;
      END;
    `,
  },
  {
    version: 7,
    description: "team mode: how far this desk has read the gateway's notifications in each team database",
    up: `
      -- The id of the last notification (paydesk.gateway_notifications) this desk has handled, per team
      -- database and desk role (team/notification-subscriber.ts): a desk closed for a day catches up from
      -- here when it starts. Not part of the history's audit chain: losing it costs a re-read, never a
      -- settlement (a notification handled twice changes nothing, the lifecycle decides).
      CREATE TABLE team_notification_cursor (
        team TEXT PRIMARY KEY,
        last_id INTEGER NOT NULL CHECK (last_id >= 0),
        updated_at INTEGER NOT NULL
      );
    `,
  },
  {
    version: 8,
    description: 'the time span of each block of row ids, for word searches read newest first',
    up: `
      -- A word search walks the full-text index in its own rowid order (row ids, newest first) instead of
      -- reading every match to sort it (history-word-pages.ts). Row ids follow time only as far as the
      -- desk's clock did, so each block of 4,096 ids keeps the earliest and latest created_at of its rows:
      -- the walk stops once no block below it can hold a row newer than the page it has. Kept by triggers
      -- in the row's own transaction; a block's span only widens (a deleted row leaves it as it was).
      CREATE TABLE history_time_blocks (
        block INTEGER PRIMARY KEY,
        min_created INTEGER NOT NULL,
        max_created INTEGER NOT NULL
      );

      INSERT INTO history_time_blocks (block, min_created, max_created)
        SELECT id >> 12, min(created_at), max(created_at) FROM history_rows GROUP BY id >> 12;

      CREATE TRIGGER history_time_blocks_insert AFTER INSERT ON history_rows
      BEGIN
        INSERT INTO history_time_blocks (block, min_created, max_created)
          VALUES (NEW.id >> 12, NEW.created_at, NEW.created_at)
          ON CONFLICT (block) DO UPDATE SET
            min_created = min(min_created, excluded.min_created),
            max_created = max(max_created, excluded.max_created);
      END;

      CREATE TRIGGER history_time_blocks_update AFTER UPDATE OF created_at ON history_rows
      BEGIN
        INSERT INTO history_time_blocks (block, min_created, max_created)
          VALUES (NEW.id >> 12, NEW.created_at, NEW.created_at)
          ON CONFLICT (block) DO UPDATE SET
            min_created = min(min_created, excluded.min_created),
            max_created = max(max_created, excluded.max_created);
      END;
    `,
  },
  {
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
  },
  {
    version: 10,
    description: 'the word index keeps prefix indexes: a search word is read lazily, newest first',
    up: `
      -- A word of a search is a prefix ("kowal" finds Kowalska). Without a prefix index FTS5 answers a prefix
      -- by merging every term it starts into one list in memory before giving the first row: 2.4 ms for
      -- "insufficient" and 26 ms for "kowal" at a million rows, every time, however few rows the page needs.
      -- With an index for prefixes of 1 to 12 characters such a word is one term, read lazily newest first
      -- (0.1-0.3 ms), which is what history-word-pages.ts walks. A longer word is still merged, but matches
      -- few terms. The index grows from about 9 to 63 MB at a million rows; the rows are untouched.
      -- Migration 5's update and delete triggers stay: they name history_words, which a trigger looks up
      -- when it fires. The insert trigger is made again, to be paused (below).
      DROP TRIGGER history_words_insert;
      DROP TABLE history_words;

      CREATE VIRTUAL TABLE history_words USING fts5(
        words,
        content = '',
        contentless_delete = 1,
        tokenize = 'unicode61 remove_diacritics 2',
        prefix = '1 2 3 4 5 6 7 8 9 10 11 12'
      );

      INSERT INTO history_words (rowid, words) SELECT id, words FROM history_words_source;
      -- One segment rather than the dozens a bulk insert leaves: every term is then read from one place.
      INSERT INTO history_words (history_words) VALUES ('optimize');

      -- Present (one row) only inside a bulk writer's transaction (a salvage, a restore: word-index.ts), which
      -- builds the words of all its rows at once before it commits. Row by row, each insert into the index
      -- within one long transaction writes and merges a segment of its own, and a million rows took minutes.
      CREATE TABLE IF NOT EXISTS history_words_paused (id INTEGER PRIMARY KEY CHECK (id = 1));

      CREATE TRIGGER history_words_insert AFTER INSERT ON history_rows
        WHEN NOT EXISTS (SELECT 1 FROM history_words_paused)
      BEGIN
        INSERT INTO history_words (rowid, words) SELECT id, words FROM history_words_source WHERE id = NEW.id;
      END;
    `,
  },
  {
    version: 11,
    description:
      "identifiers found by any part of them, in any case: an index of each row's ids by 4 characters",
    up: `
      -- An agent reads back a customer id or the end of an order number in whatever case the customer wrote
      -- it; the rows' own indexes match a prefix in the case it was stored in. These indexes hold every run of
      -- 4 characters of the order number, the gateway's orderId and the customer id, lower-cased (ASCII:
      -- SQLite's lower(); other letters, accents included, stay as written), each run as one token (its
      -- UTF-8 bytes in hex, so that no character of an identifier is a separator), in order. A search of 4
      -- characters or more is the phrase of its own runs (filter-sql.ts), so it matches any part of an
      -- identifier exactly. Runs of 4 rather than FTS5's trigrams, and an index per identifier rather than
      -- one: on identifiers of few characters (digits, zero-padded numbers) every trigram of a search is in
      -- most rows, in one identifier or another, and the phrase was checked row by row (46 ms for a whole
      -- orderId at a million rows, against about 2 ms). Contentless, like the word index.
      -- Dropped first if there: the migration can run again on a file whose version was set back (a test
      -- re-runs migrations 9 to 11 on a renamed file), and builds the same indexes from the rows.
      DROP TRIGGER IF EXISTS history_ids_insert;
      DROP TRIGGER IF EXISTS history_ids_update;
      DROP TRIGGER IF EXISTS history_ids_delete;
      DROP VIEW IF EXISTS history_ids_source;
      ${ID_INDEXES.map((column) => `DROP TABLE IF EXISTS history_ids_${column};`).join('\n')}
      ${ID_INDEXES.map(
        (column) => `CREATE VIRTUAL TABLE history_ids_${column} USING fts5(
          runs, content = '', contentless_delete = 1, tokenize = 'ascii'
        );`,
      ).join('\n')}

      CREATE VIEW history_ids_source AS
        SELECT id, ${ID_INDEXES.map((column) => `${idRuns(column)} AS ${column}`).join(', ')}
        FROM history_rows;

      ${ID_INDEXES.map(
        (
          column,
        ) => `INSERT INTO history_ids_${column} (rowid, runs) SELECT id, ${column} FROM history_ids_source;
        INSERT INTO history_ids_${column} (history_ids_${column}) VALUES ('optimize');`,
      ).join('\n')}

      -- Paused with the word index (word-index.ts): a bulk writer builds them all at the end of its transaction.
      CREATE TRIGGER history_ids_insert AFTER INSERT ON history_rows
        WHEN NOT EXISTS (SELECT 1 FROM history_words_paused)
      BEGIN
        ${ID_INDEXES.map(
          (column) =>
            `INSERT INTO history_ids_${column} (rowid, runs) SELECT id, ${column} FROM history_ids_source WHERE id = NEW.id;`,
        ).join('\n')}
      END;

      -- A pay-in's orderId arrives with the gateway's answer, after the row was written.
      CREATE TRIGGER history_ids_update AFTER UPDATE OF merchant_trade_no, order_id, user_id ON history_rows
      BEGIN
        ${ID_INDEXES.map(
          (column) => `DELETE FROM history_ids_${column} WHERE rowid = OLD.id;
          INSERT INTO history_ids_${column} (rowid, runs) SELECT id, ${column} FROM history_ids_source WHERE id = NEW.id;`,
        ).join('\n')}
      END;

      CREATE TRIGGER history_ids_delete AFTER DELETE ON history_rows
      BEGIN
        ${ID_INDEXES.map((column) => `DELETE FROM history_ids_${column} WHERE rowid = OLD.id;`).join('\n')}
      END;
    `,
  },
];

/** The written migrations, then those adding the row table's later columns (row-table/). */
export const MIGRATIONS = [...WRITTEN_MIGRATIONS, ...columnMigrations(WRITTEN_MIGRATIONS)];

/** Files from this version on were written with keyed audit entries (audit-trust.ts). */
export const KEYED_AUDIT_SCHEMA_VERSION = 4;

export const LATEST_SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1]?.version ?? 0;

/** Brings the file up to the latest schema; refuses a file written by a newer Paydesk (apply-migrations.ts). */
export function migrate(db: DatabaseSync, migrations: readonly Migration[] = MIGRATIONS): number {
  return applyMigrations(db, migrations);
}
