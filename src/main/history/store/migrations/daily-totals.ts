// The daily chart's totals, kept by triggers beside the rows (search/daily-totals.ts reads them): per
// 15-minute bucket (2), per local day for each UTC offset asked for (3). Never edit a shipped migration.
import type { Migration } from '../apply-migrations';

/** How a totals table counts a pay-in in, out, and drops a total that came to nothing. */
interface Counts {
  /** A new or changed pay-in counted into its totals. */
  addNew: string;
  /** A changed or deleted pay-in taken out of the totals it was counted in. */
  takeOld: string;
  /** Those totals dropped once nothing is left in them. */
  dropOldIfEmpty: string;
}

/**
 * The triggers that keep a pay-in totals table equal to the rows, in the row change's own transaction: a
 * pay-in counted in when written, moved when what it is totalled by changes, taken out when deleted. The
 * text here and in the counts below is part of migrations 2 and 3 as shipped: never change it.
 */
function countingTriggers(table: string, counts: Counts): string {
  return `CREATE TRIGGER ${table}_insert AFTER INSERT ON history_rows WHEN NEW.kind = 'payin'
      BEGIN
        ${counts.addNew}
      END;

      CREATE TRIGGER ${table}_update AFTER UPDATE OF status, amount_minor, currency, profile, created_at
        ON history_rows WHEN NEW.kind = 'payin'
      BEGIN
        ${counts.takeOld}
        ${counts.addNew}
        ${counts.dropOldIfEmpty}
      END;

      CREATE TRIGGER ${table}_delete AFTER DELETE ON history_rows WHEN OLD.kind = 'payin'
      BEGIN
        ${counts.takeOld}
        ${counts.dropOldIfEmpty}
      END;`;
}

/** Per 15-minute bucket. */
const BUCKET_COUNTS: Counts = {
  addNew: `INSERT INTO payin_buckets (bucket, profile, status, currency, n, minor)
          VALUES (NEW.created_at / 900000, NEW.profile, NEW.status, NEW.currency, 1, NEW.amount_minor)
          ON CONFLICT DO UPDATE SET n = n + 1, minor = minor + excluded.minor;`,
  takeOld: `UPDATE payin_buckets SET n = n - 1, minor = minor - OLD.amount_minor
          WHERE bucket = OLD.created_at / 900000 AND profile = OLD.profile AND status = OLD.status
            AND currency = OLD.currency;`,
  dropOldIfEmpty: `DELETE FROM payin_buckets WHERE n = 0 AND bucket = OLD.created_at / 900000 AND profile = OLD.profile
          AND status = OLD.status AND currency = OLD.currency;`,
};

/** Migration 2: pay-in totals per 15-minute bucket. */
export const payinBuckets: Migration = {
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

      ${countingTriggers('payin_buckets', BUCKET_COUNTS)}
    `,
};

/** Per local day, in every UTC offset kept. */
const DAY_COUNTS: Counts = {
  addNew: `INSERT INTO payin_days (utc_offset_minutes, day, profile, status, currency, n, minor)
          SELECT o.utc_offset_minutes, (NEW.created_at + o.utc_offset_minutes * 60000 + 86400000) / 86400000 - 1,
                 NEW.profile, NEW.status, NEW.currency, 1, NEW.amount_minor
          FROM payin_day_offsets AS o WHERE true
          ON CONFLICT DO UPDATE SET n = n + 1, minor = minor + excluded.minor;`,
  takeOld: `UPDATE payin_days SET n = n - 1, minor = minor - OLD.amount_minor
          WHERE (utc_offset_minutes, day, profile, status, currency) IN (
            SELECT o.utc_offset_minutes, (OLD.created_at + o.utc_offset_minutes * 60000 + 86400000) / 86400000 - 1,
                   OLD.profile, OLD.status, OLD.currency
            FROM payin_day_offsets AS o);`,
  dropOldIfEmpty: `DELETE FROM payin_days WHERE n = 0
          AND (utc_offset_minutes, day, profile, status, currency) IN (
            SELECT o.utc_offset_minutes, (OLD.created_at + o.utc_offset_minutes * 60000 + 86400000) / 86400000 - 1,
                   OLD.profile, OLD.status, OLD.currency
            FROM payin_day_offsets AS o);`,
};

/** Migration 3: pay-in totals per local day for each UTC offset. */
export const payinDays: Migration = {
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

      ${countingTriggers('payin_days', DAY_COUNTS)}
    `,
};
