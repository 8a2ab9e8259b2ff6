// The private cluster the team-mode tests stand on: it really starts, runs as an unprivileged user,
// takes password logins over loopback TCP only from roles that exist, and survives a stop and start.
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PostgresCluster, startPostgresCluster } from '../support/team/postgres-cluster';

let cluster: PostgresCluster;

beforeAll(async () => {
  cluster = await startPostgresCluster();
});

afterAll(async () => {
  await cluster?.destroy();
});

describe('the private PostgreSQL cluster', () => {
  it('runs as a user who is not root, on loopback', async () => {
    const client = await cluster.superuser();
    try {
      const { rows } = await client.query(
        "SELECT current_setting('listen_addresses') AS listen, current_setting('port') AS port, pg_backend_pid() AS pid",
      );
      expect(rows[0].listen).toBe('127.0.0.1');
      expect(Number(rows[0].port)).toBe(cluster.port);
      // The backend serving this connection, alive while it is open.
      const status = readFileSync(`/proc/${rows[0].pid}/status`, 'utf8');
      const uid = Number(/^Uid:\s+(\d+)/m.exec(status)?.[1]);
      expect(uid).toBeGreaterThan(0);
    } finally {
      await client.end();
    }
  });

  it('lets a login role in with its password over TCP, and nobody with a wrong one', async () => {
    await cluster.createDatabase('fixture_check');
    const desk = await cluster.createLoginRole('fixture_desk', 'right horse battery', 'fixture_check');
    const good = new pg.Client(desk);
    await good.connect();
    const { rows } = await good.query('SELECT current_user AS who, host(inet_server_addr()) AS addr');
    await good.end();
    expect(rows[0]).toEqual({ who: 'fixture_desk', addr: '127.0.0.1' });

    const bad = new pg.Client({ ...desk, password: 'wrong' });
    await expect(bad.connect()).rejects.toThrow(/password authentication failed/);
  });

  it('comes back after a stop, with what was written before', async () => {
    await cluster.sql('postgres', 'CREATE TABLE kept (n int)');
    await cluster.sql('postgres', 'INSERT INTO kept VALUES (42)');
    await cluster.stop();
    await expect(cluster.sql('postgres', 'SELECT 1')).rejects.toThrow();
    await cluster.start();
    const { rows } = await cluster.sql('postgres', 'SELECT n FROM kept');
    expect(rows).toEqual([{ n: 42 }]);
  });
});
