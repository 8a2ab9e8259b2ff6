// A team database set up the way README's "Team mode" tells an administrator to: docs/team/setup.sql run
// with psql as a superuser, the schema migrated by the owner role over TCP, desks and supervisors added
// with add-desk.sql and add-supervisor.sql, a desk's role given the supervisor grant with
// grant-supervisor.sql, a notification service's role with add-notify.sql. One per cluster (the roles
// are cluster-wide).
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import type { TeamMigration } from '../../../src/main/team/apply-team-migrations';
import { migrateTeamDb } from '../../../src/main/team/team-migrations';
import type { DeskRoleConnection, PostgresCluster } from './postgres-cluster';

const docs = join(import.meta.dirname, '..', '..', '..', 'docs', 'team');
const script = (name: string) => readFileSync(join(docs, name), 'utf8');

export interface TeamDatabase {
  database: string;
  owner: DeskRoleConnection;
  addDesk(role: string, password?: string): Promise<DeskRoleConnection>;
  addSupervisor(role: string, password?: string): Promise<DeskRoleConnection>;
  /** A login role for the notification service (add-notify.sql): INSERT on the notifications only. */
  addNotify(role: string, password?: string): Promise<DeskRoleConnection>;
  /** The supervisor grant for a desk's role (grant-supervisor.sql). */
  grantSupervisor(role: string): Promise<void>;
  /** One identity on every desk: the team's accounts turned on (team-accounts.sql). */
  turnOnTeamAccounts(): Promise<void>;
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
    async addNotify(role, password = `${role}-pw`) {
      await cluster.psql(database, script('add-notify.sql'), {
        notify_role: role,
        notify_password: password,
      });
      return { ...owner, user: role, password };
    },
    async grantSupervisor(role) {
      await cluster.psql(database, script('grant-supervisor.sql'), { desk_role: role });
    },
    async turnOnTeamAccounts() {
      await cluster.psql(database, script('team-accounts.sql'));
    },
  };
}

/** Connections a test file opens as the team's roles, all ended together in afterAll. */
export function teamClients() {
  const clients: pg.Client[] = [];
  return {
    async connect(connection: pg.ClientConfig): Promise<pg.Client> {
      const client = new pg.Client(connection);
      await client.connect();
      clients.push(client);
      return client;
    },
    async endAll(): Promise<void> {
      for (const client of clients.splice(0)) await client.end().catch(() => undefined);
    },
  };
}

/**
 * The roles most schema tests need: two desks registered under their own roles (`desk_anna` as "Front 1",
 * `desk_bruno` as "Front 2") and a supervisor (`sup_maria`), each on a connection of its own.
 */
export async function twoDesksAndASupervisor(team: TeamDatabase, clients: ReturnType<typeof teamClients>) {
  const deskA = await clients.connect(await team.addDesk('desk_anna'));
  const deskB = await clients.connect(await team.addDesk('desk_bruno'));
  const supervisor = await clients.connect(await team.addSupervisor('sup_maria'));
  const idA = randomUUID();
  const idB = randomUUID();
  await deskA.query('INSERT INTO paydesk.desks (desk_id, desk_name) VALUES ($1, $2)', [idA, 'Front 1']);
  await deskB.query('INSERT INTO paydesk.desks (desk_id, desk_name) VALUES ($1, $2)', [idB, 'Front 2']);
  return { deskA, deskB, supervisor, idA, idB };
}
