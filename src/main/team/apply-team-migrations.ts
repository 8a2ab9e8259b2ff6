// Applying the team database's migrations (team-migrations.ts lists them), as the schema's owner: one at a
// time, each in its own transaction with its row in paydesk.schema_version, under an advisory lock so that
// two desks' administrators cannot run them at once.
import type pg from 'pg';

export type TeamMigration = { version: number; description: string; up: string };

/** The key the migrations' advisory lock is taken on ("paydesk" in ASCII, as a bigint's text). */
const MIGRATION_LOCK = BigInt('0x7061796465736b').toString();

type Queryable = Pick<pg.ClientBase, 'query'>;

/** The schema version the team database is at: 0 when Paydesk's schema is not there at all. */
export async function teamSchemaVersion(client: Queryable): Promise<number> {
  const exists = await client.query("SELECT to_regclass('paydesk.schema_version') IS NOT NULL AS there");
  if (!exists.rows[0]?.there) return 0;
  const { rows } = await client.query(
    'SELECT coalesce(max(version), 0) AS version FROM paydesk.schema_version',
  );
  return Number(rows[0]?.version ?? 0);
}

/**
 * Brings the team database up to the latest schema, as its owner (one client, not a pool: the advisory
 * lock belongs to the session). Refuses a database written by a newer Paydesk. Returns the version.
 */
export async function applyTeamMigrations(
  client: pg.ClientBase,
  migrations: readonly TeamMigration[],
): Promise<number> {
  await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
  try {
    // Asked first: CREATE SCHEMA IF NOT EXISTS wants the right to create in the database even when the
    // schema is there (setup.sql makes it), and the owner needs that right for nothing else but pg_trgm.
    const schema = await client.query("SELECT to_regnamespace('paydesk') IS NOT NULL AS there");
    if (!schema.rows[0]?.there) await client.query('CREATE SCHEMA paydesk');
    await client.query(`CREATE TABLE IF NOT EXISTS paydesk.schema_version (
      version integer PRIMARY KEY,
      description text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now(),
      applied_by name NOT NULL DEFAULT current_user)`);
    // Desks check the version before they replicate (team-store.ts).
    await client.query('GRANT SELECT ON paydesk.schema_version TO paydesk_desk, paydesk_supervisor');
    const current = await teamSchemaVersion(client);
    const latest = migrations[migrations.length - 1]?.version ?? 0;
    if (current > latest) {
      throw new Error(
        `The team database has schema version ${current}, newer than this Paydesk knows (${latest}). Update Paydesk before migrating it.`,
      );
    }
    for (const migration of migrations) {
      if (migration.version <= current) continue;
      await client.query('BEGIN');
      try {
        await client.query(migration.up);
        await client.query('INSERT INTO paydesk.schema_version (version, description) VALUES ($1, $2)', [
          migration.version,
          migration.description,
        ]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      }
    }
    return teamSchemaVersion(client);
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
  }
}
