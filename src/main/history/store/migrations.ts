// Schema of the history file, one numbered migration per change. `PRAGMA user_version` holds the number
// of the last one applied; each runs in its own transaction, so a crash mid-migration leaves the file at
// the previous version. Never edit a migration that has shipped: append a new one.
import type { DatabaseSync } from 'node:sqlite';
import { columnMigrations } from '../row-table/column-migrations';
import { applyMigrations, type Migration } from './apply-migrations';
import { auditByOperatorAndEvent } from './migrations/audit-indexes';
import { payinBuckets, payinDays } from './migrations/daily-totals';
import { historyRowsAndAudit, keyedAudit, noteColumn } from './migrations/rows-and-audit';
import { idIndexes, wordIndex, wordPrefixes, wordTimeBlocks } from './migrations/search-indexes';
import { notificationCursor, teamOutbox } from './migrations/team';

/** In version order, each once: a file at version n has had the first n applied. Topics in migrations/. */
export const WRITTEN_MIGRATIONS: readonly Migration[] = [
  historyRowsAndAudit, // 1
  payinBuckets, // 2
  payinDays, // 3
  keyedAudit, // 4
  wordIndex, // 5
  teamOutbox, // 6
  notificationCursor, // 7
  wordTimeBlocks, // 8
  noteColumn, // 9
  wordPrefixes, // 10
  idIndexes, // 11
  auditByOperatorAndEvent, // 12
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
