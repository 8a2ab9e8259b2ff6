// The team database as an administrator sets it up (docs/team/*.sql, then the migrations as the owner):
// each desk's role writes, and reads, only its own rows under a desk id registered to it; a supervisor
// reads everyone's and writes nothing; nobody deletes or rewrites audit entries; anchors only move
// forward; the duplicate check answers a desk about other desks without showing it their rows.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamSchemaVersion } from '../../src/main/team/apply-team-migrations';
import { migrateTeamDb, TEAM_MIGRATIONS, TEAM_SCHEMA_VERSION } from '../../src/main/team/team-migrations';
import { type PostgresCluster, startPostgresCluster } from '../support/team/postgres-cluster';
import {
  createTeamDatabase,
  type TeamDatabase,
  teamClients,
  twoDesksAndASupervisor,
} from '../support/team/team-database';

let cluster: PostgresCluster;
let team: TeamDatabase;
const clients = teamClients();
let deskA: pg.Client;
let deskB: pg.Client;
let supervisor: pg.Client;
let idA: string;
let idB: string;
const CARD_KEY = 'ab'.repeat(32);
const HASH = 'cd'.repeat(32);

function row(deskId: string, rowId: number, version: number, extra: Record<string, unknown> = {}) {
  return {
    desk_id: deskId,
    row_id: rowId,
    version,
    kind: 'payin',
    status: 'approved',
    created_at: 1_700_000_000_000,
    updated_at: 1_700_000_000_000,
    profile: 'Sandbox',
    operator: 'anna',
    merchant_trade_no: `T-${rowId}`,
    user_id: 'cust-1',
    masked_pan: '411111******1111',
    last4: '1111',
    amount: '10.00',
    amount_minor: 1000,
    currency: 'EUR',
    card_key: CARD_KEY,
    ...extra,
  };
}

async function insertRow(client: pg.Client, values: Record<string, unknown>, upsert = false) {
  const columns = Object.keys(values);
  const placeholders = columns.map((_, index) => `$${index + 1}`);
  const conflict = upsert
    ? ` ON CONFLICT (desk_id, row_id) DO UPDATE SET status = EXCLUDED.status, version = EXCLUDED.version`
    : '';
  return client.query(
    `INSERT INTO paydesk.history_rows (${columns.join(', ')}) VALUES (${placeholders.join(', ')})${conflict}`,
    Object.values(values),
  );
}

beforeAll(async () => {
  cluster = await startPostgresCluster();
  team = await createTeamDatabase(cluster);
  ({ deskA, deskB, supervisor, idA, idB } = await twoDesksAndASupervisor(team, clients));
  await insertRow(deskA, row(idA, 1, 1));
});

afterAll(async () => {
  await clients.endAll();
  await cluster?.destroy();
});

describe('the team schema', () => {
  it('is at the latest version, and migrating again changes nothing', async () => {
    const owner = await clients.connect(team.owner);
    expect(await teamSchemaVersion(owner)).toBe(TEAM_SCHEMA_VERSION);
    expect(await migrateTeamDb(owner)).toBe(TEAM_SCHEMA_VERSION);
    const { rows } = await owner.query('SELECT version FROM paydesk.schema_version ORDER BY version');
    expect(rows.map((r) => r.version)).toEqual(TEAM_MIGRATIONS.map((migration) => migration.version));
    // A desk can read the version (to check it) but cannot change the schema.
    expect(await teamSchemaVersion(deskA)).toBe(TEAM_SCHEMA_VERSION);
    await expect(deskA.query('CREATE TABLE paydesk.mine (x int)')).rejects.toThrow(/permission denied/);
    await expect(deskA.query('CREATE TABLE public.mine (x int)')).rejects.toThrow(/permission denied/);
  });
});

describe('row-level security', () => {
  it('shows a desk its own rows only', async () => {
    await insertRow(deskB, row(idB, 1, 1, { operator: 'bruno', card_key: 'ef'.repeat(32) }));
    const a = await deskA.query('SELECT desk_id, operator FROM paydesk.history_rows');
    const b = await deskB.query('SELECT desk_id, operator FROM paydesk.history_rows');
    expect(a.rows).toEqual([{ desk_id: idA, operator: 'anna' }]);
    expect(b.rows).toEqual([{ desk_id: idB, operator: 'bruno' }]);
    const desks = await deskB.query('SELECT desk_id FROM paydesk.desks');
    expect(desks.rows).toEqual([{ desk_id: idB }]);
  });

  it('does not let desk B write under desk A, nor overwrite, change or delete desk A rows', async () => {
    // A new row claiming desk A's id.
    await expect(insertRow(deskB, row(idA, 99, 1))).rejects.toThrow(/row-level security/);
    // An upsert onto desk A's row 1, at a newer version.
    await expect(insertRow(deskB, row(idA, 1, 50, { status: 'declined' }), true)).rejects.toThrow(
      /row-level security/,
    );
    // A plain UPDATE and DELETE find nothing they may touch.
    const updated = await deskB.query(
      "UPDATE paydesk.history_rows SET status = 'declined' WHERE desk_id = $1",
      [idA],
    );
    expect(updated.rowCount).toBe(0);
    await expect(deskB.query('DELETE FROM paydesk.history_rows')).rejects.toThrow(/permission denied/);
    // Moving its own row over to desk A's id.
    await expect(
      deskB.query('UPDATE paydesk.history_rows SET desk_id = $1 WHERE desk_id = $2', [idA, idB]),
    ).rejects.toThrow(/row-level security/);
    // Nor can it take over desk A's registration.
    await expect(
      deskB.query(
        'INSERT INTO paydesk.desks (desk_id, desk_name) VALUES ($1, $2) ON CONFLICT (desk_id) DO UPDATE SET desk_name = EXCLUDED.desk_name',
        [idA, 'mine now'],
      ),
    ).rejects.toThrow(/row-level security/);
    await expect(
      deskB.query("INSERT INTO paydesk.desks (desk_id, db_role) VALUES ($1, 'desk_anna')", [randomUUID()]),
    ).rejects.toThrow(/row-level security/);

    const { rows } = await supervisor.query(
      'SELECT desk_id, row_id, version, status, db_role FROM paydesk.history_rows WHERE desk_id = $1',
      [idA],
    );
    expect(rows).toEqual([
      { desk_id: idA, row_id: '1', version: '1', status: 'approved', db_role: 'desk_anna' },
    ]);
    const name = await supervisor.query('SELECT desk_name FROM paydesk.desks WHERE desk_id = $1', [idA]);
    expect(name.rows).toEqual([{ desk_name: 'Front 1' }]);
  });

  it('lets a desk upsert its own rows', async () => {
    await insertRow(deskA, row(idA, 1, 2, { status: 'declined' }), true);
    const { rows } = await deskA.query('SELECT version, status FROM paydesk.history_rows WHERE row_id = 1');
    expect(rows).toEqual([{ version: '2', status: 'declined' }]);
    await insertRow(deskA, row(idA, 1, 3, { status: 'approved' }), true);
  });

  it('lets a supervisor read every desk and write nothing', async () => {
    const { rows } = await supervisor.query('SELECT desk_id FROM paydesk.history_rows ORDER BY desk_id');
    expect(rows.map((r) => r.desk_id).sort()).toEqual([idA, idB].sort());
    await expect(insertRow(supervisor, row(idA, 7, 1))).rejects.toThrow(/permission denied/);
    await expect(supervisor.query("UPDATE paydesk.history_rows SET status = 'declined'")).rejects.toThrow(
      /permission denied/,
    );
  });

  it('keeps audit entries append-only and anchors moving forward only', async () => {
    const entry = (seq: number) => [
      idA,
      seq,
      1,
      'anna',
      'payin.created',
      'success',
      'T-1',
      1,
      '{}',
      HASH,
      HASH,
    ];
    const insert = `INSERT INTO paydesk.audit_entries
      (desk_id, seq, at, operator, event, outcome, resource, row_id, detail_json, prev_hash, hash)
      VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`;
    await deskA.query(insert, entry(1));
    await expect(deskA.query("UPDATE paydesk.audit_entries SET operator = 'x'")).rejects.toThrow(
      /permission denied/,
    );
    await expect(deskA.query('DELETE FROM paydesk.audit_entries')).rejects.toThrow(/permission denied/);
    await expect(deskB.query(insert, entry(2))).rejects.toThrow(/row-level security/);

    await deskA.query('INSERT INTO paydesk.audit_anchors (desk_id, seq, hash) VALUES ($1, 5, $2)', [
      idA,
      HASH,
    ]);
    await expect(
      deskA.query('UPDATE paydesk.audit_anchors SET seq = 4 WHERE desk_id = $1', [idA]),
    ).rejects.toThrow(/only moves forward/);
    await expect(
      deskB.query('INSERT INTO paydesk.audit_anchors (desk_id, seq, hash) VALUES ($1, 9, $2)', [idA, HASH]),
    ).rejects.toThrow(/row-level security/);
  });
});

describe('the team duplicate check in the database', () => {
  const ask = (client: pg.Client, exclude: string, since = 0) =>
    client.query('SELECT * FROM paydesk.team_duplicate($1, $2, $3, $4, $5, $6)', [
      CARD_KEY,
      'cust-1',
      1000,
      since,
      exclude,
      ['declined', 'refused', 'not_sent'],
    ]);

  it("answers desk B about desk A's pay-in with its desk, operator and time only", async () => {
    const { rows, fields } = await ask(deskB, idB);
    expect(fields.map((field) => field.name)).toEqual([
      'desk_id',
      'desk_name',
      'operator',
      'created_at',
      'merchant_trade_no',
      'status',
    ]);
    expect(rows).toEqual([
      {
        desk_id: idA,
        desk_name: 'Front 1',
        operator: 'anna',
        created_at: '1700000000000',
        merchant_trade_no: 'T-1',
        status: 'approved',
      },
    ]);
  });

  it('leaves out the asking desk, pay-ins before the window, and pay-ins that moved no money', async () => {
    expect((await ask(deskA, idA)).rows).toEqual([]);
    expect((await ask(deskB, idB, 1_700_000_000_001)).rows).toEqual([]);
    await insertRow(deskA, row(idA, 1, 4, { status: 'declined' }), true);
    expect((await ask(deskB, idB)).rows).toEqual([]);
  });

  it('is not open to a role outside the team', async () => {
    const stranger = new pg.Client(await cluster.createLoginRole('stranger', 'pw-stranger', team.database));
    await expect(stranger.connect()).rejects.toThrow(/permission denied for database/);
  });
});

describe("the gateway's notifications", () => {
  let notify: pg.Client;
  const body = (tradeNo: string, orderStatus = 10) =>
    JSON.stringify({ merchantId: 1001, merchantTradeNo: tradeNo, orderId: `O-${tradeNo}`, orderStatus });
  const store = (client: pg.Client, text: string, merchantId = 1001) =>
    client.query(
      `INSERT INTO paydesk.gateway_notifications
         (merchant_id, merchant_trade_no, order_id, order_status, content_type, raw_body, body_sha256)
       VALUES ($1, $2, $3, $4, 'application/json', $5, encode(sha256(convert_to($5, 'UTF8')), 'hex'))
       ON CONFLICT DO NOTHING`,
      [
        merchantId,
        JSON.parse(text).merchantTradeNo,
        JSON.parse(text).orderId,
        JSON.parse(text).orderStatus,
        text,
      ],
    );

  beforeAll(async () => {
    notify = await clients.connect(await team.addNotify('notify_web1'));
    await insertRow(deskA, row(idA, 20, 1, { merchant_trade_no: 'N-A', card_key: null }));
    await insertRow(deskB, row(idB, 20, 1, { merchant_trade_no: 'N-B', card_key: null }));
  });

  it("lets the service's role insert, once per body, and read or touch nothing else", async () => {
    expect((await store(notify, body('N-A'))).rowCount).toBe(1);
    expect((await store(notify, body('N-A'))).rowCount).toBe(0);
    expect((await store(notify, body('N-B'))).rowCount).toBe(1);
    // The same body from another merchant is another notification.
    expect((await store(notify, body('N-A'), 1002)).rowCount).toBe(1);
    const owner = await clients.connect(team.owner);
    const { rows } = await owner.query(
      'SELECT merchant_id, merchant_trade_no FROM paydesk.gateway_notifications ORDER BY id',
    );
    expect(rows).toEqual([
      { merchant_id: '1001', merchant_trade_no: 'N-A' },
      { merchant_id: '1001', merchant_trade_no: 'N-B' },
      { merchant_id: '1002', merchant_trade_no: 'N-A' },
    ]);
    await expect(notify.query('SELECT * FROM paydesk.gateway_notifications')).rejects.toThrow(
      /permission denied/,
    );
    await expect(
      notify.query(
        'INSERT INTO paydesk.gateway_notifications (merchant_id, merchant_trade_no, content_type, raw_body, body_sha256) VALUES (1, $1, $2, $3, $4) RETURNING id',
        ['X', 'a', 'b', 'ab'.repeat(32)],
      ),
    ).rejects.toThrow(/permission denied/);
    await expect(
      notify.query('UPDATE paydesk.gateway_notifications SET raw_body = $1', ['x']),
    ).rejects.toThrow(/permission denied/);
    await expect(notify.query('DELETE FROM paydesk.gateway_notifications')).rejects.toThrow(
      /permission denied/,
    );
    await expect(notify.query('SELECT * FROM paydesk.history_rows')).rejects.toThrow(/permission denied/);
    await expect(notify.query('SELECT * FROM paydesk.desks')).rejects.toThrow(/permission denied/);
    await expect(insertRow(notify, row(idA, 30, 1))).rejects.toThrow(/permission denied/);
    await expect(notify.query('SELECT * FROM paydesk.desk_notifications(0, 10)')).rejects.toThrow(
      /permission denied/,
    );
    await expect(notify.query('CREATE TABLE paydesk.mine (x int)')).rejects.toThrow(/permission denied/);
  });

  it('shows a desk, through both functions only, the notifications for its own orders', async () => {
    await expect(deskA.query('SELECT * FROM paydesk.gateway_notifications')).rejects.toThrow(
      /permission denied/,
    );
    await expect(supervisor.query('SELECT * FROM paydesk.gateway_notifications')).rejects.toThrow(
      /permission denied/,
    );
    const a = await deskA.query('SELECT * FROM paydesk.desk_notifications(0, 100)');
    expect(a.fields.map((field) => field.name)).toEqual([
      'id',
      'merchant_id',
      'merchant_trade_no',
      'content_type',
      'raw_body',
      'received_at',
    ]);
    expect(a.rows.map((r) => [r.merchant_id, r.merchant_trade_no, r.raw_body])).toEqual([
      ['1001', 'N-A', body('N-A')],
      ['1002', 'N-A', body('N-A')],
    ]);
    const b = await deskB.query('SELECT merchant_trade_no FROM paydesk.desk_notifications(0, 100)');
    expect(b.rows).toEqual([{ merchant_trade_no: 'N-B' }]);
    // Keyset: after the first id, and at most the limit.
    const first = Number(a.rows[0].id);
    const after = await deskA.query('SELECT merchant_id FROM paydesk.desk_notifications($1, 100)', [first]);
    expect(after.rows).toEqual([{ merchant_id: '1002' }]);
    const one = await deskA.query('SELECT merchant_id FROM paydesk.desk_notifications(0, 1)');
    expect(one.rows).toEqual([{ merchant_id: '1001' }]);
    // By order number: desk B asking for desk A's order hears nothing; a SET ROLE changes nothing.
    const mine = await deskA.query(
      'SELECT merchant_trade_no FROM paydesk.desk_notifications_for_orders($1)',
      [['N-A', 'N-B']],
    );
    expect(mine.rows).toEqual([{ merchant_trade_no: 'N-A' }, { merchant_trade_no: 'N-A' }]);
    const theirs = await deskB.query('SELECT * FROM paydesk.desk_notifications_for_orders($1)', [['N-A']]);
    expect(theirs.rows).toEqual([]);
    await deskB.query('SET ROLE paydesk_desk');
    try {
      expect((await deskB.query('SELECT * FROM paydesk.desk_notifications(0, 100)')).rows).toHaveLength(1);
      expect(
        (await deskB.query('SELECT * FROM paydesk.desk_notifications_for_orders($1)', [['N-A']])).rows,
      ).toEqual([]);
    } finally {
      await deskB.query('RESET ROLE');
    }
  });

  it('finds a notification stored before the desk replicated its order', async () => {
    await store(notify, body('N-late'));
    expect(
      (await deskA.query('SELECT * FROM paydesk.desk_notifications_for_orders($1)', [['N-late']])).rows,
    ).toEqual([]);
    await insertRow(deskA, row(idA, 21, 1, { merchant_trade_no: 'N-late', card_key: null }));
    const { rows } = await deskA.query(
      'SELECT merchant_trade_no FROM paydesk.desk_notifications_for_orders($1)',
      [['N-late']],
    );
    expect(rows).toEqual([{ merchant_trade_no: 'N-late' }]);
  });

  it('stores without a NOTIFY in the inserting transaction (the instance-wide lock at commit)', async () => {
    // Since migration 5 no trigger is left on the table: the service wakes the desks after its COMMIT.
    const owner = await clients.connect(team.owner);
    const { rows } = await owner.query(
      "SELECT tgname FROM pg_trigger WHERE tgrelid = 'paydesk.gateway_notifications'::regclass AND NOT tgisinternal",
    );
    expect(rows).toEqual([]);
    const listener = await clients.connect(await team.addDesk('desk_carla'));
    const heard: string[] = [];
    listener.on('notification', (message) => heard.push(message.channel));
    await listener.query('LISTEN paydesk_notifications');
    await store(notify, body('N-A', 15));
    // A round trip after the insert's commit: a notification queued for this session has arrived by now.
    await new Promise((r) => setTimeout(r, 200));
    await listener.query('SELECT 1');
    expect(heard).toEqual([]);
  });
});

describe('migration 3 on a database set up before the notification service', () => {
  it('stops, naming the script, until notify-role.sql has made the role; the script may run twice', async () => {
    // A second team database in this cluster, as setup.sql made it before paydesk_notify existed.
    await cluster.sql('postgres', 'ALTER ROLE paydesk_notify RENAME TO paydesk_notify_elsewhere');
    await cluster.sql('postgres', 'CREATE DATABASE paydesk_old OWNER paydesk_owner');
    await cluster.sql('paydesk_old', 'REVOKE ALL ON SCHEMA public FROM PUBLIC');
    await cluster.sql('paydesk_old', 'CREATE SCHEMA paydesk AUTHORIZATION paydesk_owner');
    const owner = await clients.connect({ ...team.owner, database: 'paydesk_old' });
    await expect(migrateTeamDb(owner)).rejects.toThrow(
      'The role paydesk_notify is missing: an administrator runs docs/team/notify-role.sql once, then the migration again.',
    );
    expect(await teamSchemaVersion(owner)).toBe(2);
    const script = readFileSync(
      join(import.meta.dirname, '..', '..', 'docs', 'team', 'notify-role.sql'),
      'utf8',
    );
    await cluster.psql('paydesk_old', script);
    await cluster.psql('paydesk_old', script);
    expect(await migrateTeamDb(owner)).toBe(TEAM_SCHEMA_VERSION);
  });
});
