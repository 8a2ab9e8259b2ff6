// Applying the history file's migrations (migrations.ts lists them): `PRAGMA user_version` holds the number
// of the last one applied; each runs in its own transaction, so a crash mid-migration leaves the file at the
// previous version.
import type { DatabaseSync } from 'node:sqlite';

/** `unless`: a query that finds a row where the change is already made (then only the version is set). */
export type Migration = { version: number; description: string; up: string; unless?: string };

function userVersion(db: DatabaseSync): number {
  const row = db.prepare('PRAGMA user_version').get();
  return Number(row?.user_version ?? 0);
}

/** Brings the file up to the last of `migrations`; refuses a file written by a newer Paydesk. */
export function applyMigrations(db: DatabaseSync, migrations: readonly Migration[]): number {
  const current = userVersion(db);
  const latest = migrations[migrations.length - 1]?.version ?? 0;
  if (current > latest) {
    throw new Error(
      `The history file has schema version ${current}, newer than this Paydesk knows (${latest}). ` +
        'Update Paydesk before opening it.',
    );
  }
  for (const migration of migrations) {
    if (migration.version <= current) continue;
    db.exec('BEGIN IMMEDIATE');
    try {
      if (!migration.unless || !db.prepare(migration.unless).get()) db.exec(migration.up);
      // PRAGMA takes no bound parameters; the version is an integer from the list above.
      db.exec(`PRAGMA user_version = ${Math.trunc(migration.version)}`);
      db.exec('COMMIT');
    } catch (error) {
      db.exec('ROLLBACK');
      throw error;
    }
  }
  return userVersion(db);
}
