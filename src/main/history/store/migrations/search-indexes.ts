// History's search indexes beside the rows: the word index (5), the time span of each block of ids (8),
// the word index's prefixes (10), the identifiers by any part (11). Never edit a shipped migration.
import type { Migration } from '../apply-migrations';

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

/** Migration 5: the full-text word index history_words. */
export const wordIndex: Migration = {
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
};

/** A new or re-timed row's block widened to its time. Part of migration 8 as shipped: never change it. */
const WIDEN_NEW_BLOCK = `INSERT INTO history_time_blocks (block, min_created, max_created)
          VALUES (NEW.id >> 12, NEW.created_at, NEW.created_at)
          ON CONFLICT (block) DO UPDATE SET
            min_created = min(min_created, excluded.min_created),
            max_created = max(max_created, excluded.max_created);`;

/** Migration 8: the time span of each block of 4,096 row ids. */
export const wordTimeBlocks: Migration = {
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
        ${WIDEN_NEW_BLOCK}
      END;

      CREATE TRIGGER history_time_blocks_update AFTER UPDATE OF created_at ON history_rows
      BEGIN
        ${WIDEN_NEW_BLOCK}
      END;
    `,
};

/** Migration 10: the word index's prefix indexes. */
export const wordPrefixes: Migration = {
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
};

/** Migration 11: the identifiers' indexes history_ids_<column>. */
export const idIndexes: Migration = {
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
};
