// `npm run notify -- --check --config FILE`, against a real cluster: exit 0 and what the service would serve
// when its role can insert and not read; exit 2 with the reason when the password is wrong, when the role
// may read the table, or when it may not insert. The probe row is rolled back: nothing is stored.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runNotifyCheck, testConfig, testCredentials } from '../support/notify/notify-service';
import type { DeskRoleConnection } from '../support/team/postgres-cluster';
import { type PostgresCluster, startPostgresCluster } from '../support/team/postgres-cluster';
import { createTeamDatabase, type TeamDatabase } from '../support/team/team-database';

let cluster: PostgresCluster;
let team: TeamDatabase;
let database: DeskRoleConnection;

beforeAll(async () => {
  cluster = await startPostgresCluster();
  team = await createTeamDatabase(cluster);
  database = await team.addNotify('notify_check');
}, 90_000);

afterAll(async () => {
  await cluster?.destroy();
});

const check = (role: DeskRoleConnection, credentials = testCredentials(role)) =>
  runNotifyCheck({ config: testConfig(role), credentials });

async function asOwner(sql: string): Promise<unknown[]> {
  const owner = new pg.Client(team.owner);
  await owner.connect();
  try {
    return (await owner.query(sql)).rows;
  } finally {
    await owner.end();
  }
}

describe('notify --check', () => {
  it('passes for the INSERT-only role, says what it would serve, and stores nothing', async () => {
    const { code, output } = await check(database);
    expect(output).toContain('can INSERT into paydesk.gateway_notifications (probe rolled back)');
    expect(output).toContain('cannot SELECT from paydesk.gateway_notifications');
    expect(output).toContain('https://localhost/callback');
    expect(output).toContain('merchant: 1001, hmac-sha256, secret from credential "merchant-1001"');
    expect(output).toContain('check passed');
    expect(code).toBe(0);
    expect(await asOwner('SELECT id FROM paydesk.gateway_notifications')).toEqual([]);
    for (const secret of Object.values(testCredentials(database))) expect(output).not.toContain(secret);
  });

  it('exits 2 with the reason when the password is wrong', async () => {
    const { code, output } = await check(database, {
      ...testCredentials(database),
      'database-password': 'not-the-password',
    });
    expect(code).toBe(2);
    expect(output).toContain('check failed: cannot connect to PostgreSQL');
    expect(output).toContain('28P01');
  });

  it('exits 2 when the role may read the notifications', async () => {
    const reader = await team.addNotify('notify_reader');
    await asOwner('GRANT SELECT ON paydesk.gateway_notifications TO notify_reader');
    const { code, output } = await check(reader);
    expect(code).toBe(2);
    expect(output).toContain('check failed: the role notify_reader can SELECT');
  });

  it('exits 2 when the role may not insert', async () => {
    const desk = await team.addDesk('desk_not_notify');
    const { code, output } = await check(desk);
    expect(code).toBe(2);
    expect(output).toContain('check failed: the role desk_not_notify cannot INSERT');
  });
});
