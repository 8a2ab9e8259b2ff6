// `npm run team:migrate`: the database administrator applies Paydesk's team schema (src/main/team/
// team-migrations.ts) as the owner role made by docs/team/setup.sql. The connection comes from
// PAYDESK_TEAM_URL (postgres://paydesk_owner:…@host:5432/paydesk_team), or from the usual PG* variables;
// TLS with the certificate verified for any host that is not loopback, as the desks connect.
import { migrateTeamDb, TEAM_SCHEMA_VERSION } from '../src/main/team/team-migrations';
import { teamAdminClient } from './team-admin-client';

const client = teamAdminClient();
try {
  await client.connect();
  const version = await migrateTeamDb(client);
  console.log(
    `The team database is at schema version ${version} (this Paydesk needs ${TEAM_SCHEMA_VERSION}).`,
  );
} catch (error) {
  console.error(`team:migrate failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await client.end().catch(() => undefined);
}
