// Schema of the team database (PostgreSQL), one numbered migration per change, like the history file's
// (history/store/migrations.ts). They are applied by the schema's owner role (`paydesk_owner`, made by
// docs/team/setup.sql) with `npm run team:migrate`, never by a desk: a desk's role owns nothing, so
// row-level security binds it. A desk only checks that the database is at the version it needs.
// `paydesk.schema_version` lists what was applied; each migration runs in its own transaction under an
// advisory lock, so two administrators running it at once apply each step once. Never edit a migration
// that has shipped: append a new one.
import type pg from 'pg';
import { applyTeamMigrations, type TeamMigration } from './apply-team-migrations';
import { deskKeys } from './migrations/desk-keys';
import { desksAndRows } from './migrations/desks-and-rows';
import { TEAM_MIGRATION_ID_PARTS } from './migrations/id-parts';
import { notifications, notifyAfterCommit } from './migrations/notifications';
import { teamAccounts } from './migrations/team-accounts';
import { teamEnrolmentFrom } from './migrations/team-enrolment-from';
import { teamHistory } from './migrations/team-history';
import { teamSignInFailures } from './migrations/team-sign-in-failures';

/** In version order, each once: a database at version n has had the first n applied. Topics in migrations/. */
export const TEAM_MIGRATIONS: readonly TeamMigration[] = [
  desksAndRows, // 1
  teamHistory, // 2
  notifications, // 3
  deskKeys, // 4
  notifyAfterCommit, // 5
  TEAM_MIGRATION_ID_PARTS, // 6
  teamAccounts, // 7
  teamSignInFailures, // 8
  teamEnrolmentFrom, // 9
];

export const TEAM_SCHEMA_VERSION = TEAM_MIGRATIONS[TEAM_MIGRATIONS.length - 1]?.version ?? 0;

/**
 * The oldest schema a desk replicates into: the tables and columns the replicator writes are migration 1's.
 * Later migrations so far only add what Team History reads (a desk updated before the administrator runs
 * them keeps replicating; its team view says the schema is old). Raise it with a migration that changes
 * what the replicator writes.
 */
export const REPLICATION_SCHEMA_VERSION = 1;

/** From this schema on, the replicator registers the desk's public key and signs what it sends (migration 4). */
export const SIGNING_SCHEMA_VERSION = 4;

/** From this schema on, a desk's operators, roles and limits are the team's (migration 7, team-accounts.ts). */
export const ACCOUNTS_SCHEMA_VERSION = 7;

/** From this schema on, an enrolment names the passphrase hash it started from (migration 9). */
export const ENROLMENT_FROM_SCHEMA_VERSION = 9;

/**
 * Brings the team database up to the latest schema, as its owner (apply-team-migrations.ts). Refuses a
 * database written by a newer Paydesk. Returns the version.
 */
export function migrateTeamDb(
  client: pg.ClientBase,
  migrations: readonly TeamMigration[] = TEAM_MIGRATIONS,
): Promise<number> {
  return applyTeamMigrations(client, migrations);
}
