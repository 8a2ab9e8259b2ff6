// A team database set up the way README's "Team mode" tells an administrator to: docs/team/setup.sql run
// with psql as a superuser, the schema migrated by the owner role over TCP, desks and supervisors added
// with add-desk.sql and add-supervisor.sql, a desk's role given the supervisor grant with
// grant-supervisor.sql. One per cluster (the roles are cluster-wide).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { migrateTeamDb, type TeamMigration } from '../../../src/main/team/team-migrations';
import type { DeskRoleConnection, PostgresCluster } from './postgres-cluster';

const docs = join(import.meta.dirname, '..', '..', '..', 'docs', 'team');
const script = (name: string) => readFileSync(join(docs, name), 'utf8');

export interface TeamDatabase {
  database: string;
  owner: DeskRoleConnection;
  addDesk(role: string, password?: string): Promise<DeskRoleConnection>;
  addSupervisor(role: string, password?: string): Promise<DeskRoleConnection>;
  /** The supervisor grant for a desk's role (grant-supervisor.sql). */
  grantSupervisor(role: string): Promise<void>;
}

export async function createTeamDatabase(
  cluster: PostgresCluster,
  database = 'paydesk_team',
  /** The schema as an older Paydesk left it: only these migrations applied. */
  migrations?: readonly TeamMigration[],
): Promise<TeamDatabase> {
  const ownerPassword = 'owner-pw-for-tests';
  await cluster.psql('postgres', script('setup.sql'), { owner_password: ownerPassword, database });
  const owner: DeskRoleConnection = {
    host: '127.0.0.1',
    port: cluster.port,
    database,
    user: 'paydesk_owner',
    password: ownerPassword,
  };
  const client = new pg.Client(owner);
  await client.connect();
  try {
    await migrateTeamDb(client, migrations);
  } finally {
    await client.end();
  }
  return {
    database,
    owner,
    async addDesk(role, password = `${role}-pw`) {
      await cluster.psql(database, script('add-desk.sql'), { desk_role: role, desk_password: password });
      return { ...owner, user: role, password };
    },
    async addSupervisor(role, password = `${role}-pw`) {
      await cluster.psql(database, script('add-supervisor.sql'), {
        supervisor_role: role,
        supervisor_password: password,
      });
      return { ...owner, user: role, password };
    },
    async grantSupervisor(role) {
      await cluster.psql(database, script('grant-supervisor.sql'), { desk_role: role });
    },
  };
}
