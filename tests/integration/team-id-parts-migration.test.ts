// Team migration 6 (src/main/team/migrations/id-parts.ts) needs pg_trgm. The owner of the team database creates it
// itself (a trusted extension); where it may not, the migration stops with what to do, leaves the schema as
// it was, and goes through once an administrator has run docs/team/pg_trgm.sql.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamSchemaVersion } from '../../src/main/team/apply-team-migrations';
import { teamHistoryPage } from '../../src/main/team/team-history';
import { migrateTeamDb, TEAM_MIGRATIONS, TEAM_SCHEMA_VERSION } from '../../src/main/team/team-migrations';
import { type PostgresCluster, startPostgresCluster } from '../support/team/postgres-cluster';
import { createTeamDatabase } from '../support/team/team-database';

let cluster: PostgresCluster;
const clusters: PostgresCluster[] = [];

beforeAll(async () => {
  cluster = await startPostgresCluster();
});

afterAll(async () => {
  await cluster?.destroy();
  for (const other of clusters) await other.destroy();
});

async function asOwner<T>(owner: pg.ClientConfig, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client(owner);
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

const partIndexes = (on: PostgresCluster, database: string) =>
  on.sql(
    database,
    "SELECT indexname FROM pg_indexes WHERE schemaname = 'paydesk' AND indexname LIKE '%\\_parts' ORDER BY 1",
  );

describe('pg_trgm for team migration 6', () => {
  it('is created by the owner itself, in the schema paydesk', async () => {
    const team = await createTeamDatabase(cluster, 'team_trusted');
    expect(TEAM_SCHEMA_VERSION).toBeGreaterThanOrEqual(6);
    const where = await cluster.sql(
      team.database,
      "SELECT n.nspname FROM pg_extension AS e JOIN pg_namespace AS n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'",
    );
    expect(where.rows).toEqual([{ nspname: 'paydesk' }]);
    expect((await partIndexes(cluster, team.database)).rows.map((row) => row.indexname)).toEqual([
      'history_rows_merchant_trade_no_parts',
      'history_rows_order_id_parts',
      'history_rows_user_id_parts',
    ]);
  });

  it('says what to do when the owner may not create it, and goes through after docs/team/pg_trgm.sql', async () => {
    // The roles are the cluster's: one team database per cluster.
    const other = await startPostgresCluster();
    clusters.push(other);
    const team = await createTeamDatabase(other, 'team_locked', TEAM_MIGRATIONS.slice(0, 5));
    await other.sql('postgres', 'REVOKE CREATE ON DATABASE team_locked FROM paydesk_owner');
    await expect(asOwner(team.owner, (client) => migrateTeamDb(client))).rejects.toThrow(
      /needs the PostgreSQL extension pg_trgm .* a superuser runs docs\/team\/pg_trgm\.sql there once, then npm run team:migrate again/,
    );
    expect(await asOwner(team.owner, teamSchemaVersion)).toBe(5);
    expect((await partIndexes(other, team.database)).rows).toEqual([]);
    // Meanwhile a search for a part names the missing function (42883), which the team view reads as an
    // old schema and asks for the migration (team-handlers.ts); a whole value is still found.
    await expect(
      asOwner(team.owner, (client) => teamHistoryPage(client, { kind: 'payin', text: 'cust-1' }, 'team')),
    ).rejects.toMatchObject({ code: '42883' });
    const whole = await asOwner(team.owner, (client) =>
      teamHistoryPage(client, { kind: 'payin', text: 'c1' }, 'team'),
    );
    expect(whole.rows).toEqual([]);

    const script = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'team', 'pg_trgm.sql'), 'utf8');
    await other.psql(team.database, script);
    expect(await asOwner(team.owner, (client) => migrateTeamDb(client))).toBe(TEAM_SCHEMA_VERSION);
    expect((await partIndexes(other, team.database)).rows).toHaveLength(3);
  });
});
