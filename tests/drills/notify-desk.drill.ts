// Notification drill, the desk's side (issue 23), with every part real: a sandbox gateway of its own
// (posting as a remote gateway would, to an https callBackURL, trusting the test CA), Debian's nginx with
// that CA in front of two notification service instances, a private PostgreSQL cluster, and two whole
// desks (the app's core, in team mode) whose profile names the service.
// - Desk A is closed while its pay-ins settle at the gateway; started again, it catches up: every one settles.
// - Desk B, same merchant and secret, takes its own pay-ins meanwhile: A's notifications never settle or
//   touch anything on B, and B's never on A.
// - A notification row edited in PostgreSQL (a decline turned into an approval) is refused by the desk
//   and said so (audit event and log line); the pay-in stays open.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { PayInRow } from '@shared/history';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryVault } from '../../src/main/credentials/memory-vault';
import { DEFAULT_MERCHANT, type Sandbox, startSandbox } from '../../src/sandbox';
import {
  type Fixture,
  memoryStore,
  startFixture,
  submitFirstForm,
  v2Fields,
} from '../support/app/paydesk-fixture';
import type { Nginx } from '../support/notify/nginx';
import {
  type NotifyInstance,
  sandboxMerchantService,
  startBehindNginx,
} from '../support/notify/notify-service';
import { logLines, THREE_DS_CARD } from '../support/notify-desk/notify-desk';
import { type PostgresCluster, startPostgresCluster } from '../support/team/postgres-cluster';
import { createTeamDatabase, type TeamDatabase } from '../support/team/team-database';
import { TEAM_KEY, waitUntil } from '../support/team/team-desk';

const PAYINS_PER_DESK = 6;

let cluster: PostgresCluster;
let team: TeamDatabase;
let gateway: Sandbox;
let nginx: Nginx;
const instances: NotifyInstance[] = [];
const folders: string[] = [];

beforeAll(async () => {
  cluster = await startPostgresCluster();
  team = await createTeamDatabase(cluster);
  const notifyRole = await team.addNotify('notify_drill');
  nginx = await startBehindNginx(instances, sandboxMerchantService(notifyRole));
  gateway = await startSandbox({ port: 0, callbackBackoffMs: 50, callbackCa: nginx.ca.caPem });
}, 120_000);

afterAll(async () => {
  await gateway?.close();
  await nginx?.stop();
  for (const instance of instances.splice(0)) await instance.kill();
  await cluster?.destroy();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

interface Desk {
  start(): Promise<Fixture>;
}

/** A desk's home (folder, settings, keychain) that outlives a restart; its profile names the service. */
async function desk(role: string, deskName: string): Promise<Desk> {
  const connection = await team.addDesk(role);
  const dataDir = mkdtempSync(join(tmpdir(), 'paydesk-notify-drill-'));
  folders.push(dataDir);
  const settingsStore = memoryStore();
  settingsStore.set('settings', {
    operatorName: deskName,
    activeProfileId: 'gateway',
    profiles: [
      {
        id: 'gateway',
        name: 'Remote gateway',
        environment: 'test',
        baseUrl: gateway.url,
        kycBaseUrl: gateway.url,
        merchantId: DEFAULT_MERCHANT.merchantId,
        notificationService: { baseUrl: nginx.url },
      },
    ],
    team: {
      host: connection.host,
      port: connection.port,
      database: connection.database,
      user: connection.user,
      deskName,
    },
  });
  const vault = createMemoryVault();
  await vault.setSecret('gateway', DEFAULT_MERCHANT.secret);
  await vault.setTeamItem('password', connection.password);
  await vault.setTeamItem('key', TEAM_KEY);
  return {
    start: () =>
      startFixture({
        dataDir,
        settingsStore,
        vault,
        teamTiming: { checkTimeoutMs: 10_000, notifications: { backoffMs: 50, maxBackoffMs: 500 } },
      }),
  };
}

/** A 3-D Secure pay-in sent, its bank page read while the desk is up: the customer's step, for later. */
async function startedPayIn(fx: Fixture, amount: string) {
  const started = await fx.data('payin.submit', {
    version: 'v2',
    fields: v2Fields({ cardNumber: THREE_DS_CARD, amount }),
  });
  expect(started.status).toBe('action_required');
  const page = await fetch(started.bankPage!.url);
  const acs = await submitFirstForm(await page.text(), started.bankPage!.url);
  const acsPage = await acs.text();
  return {
    historyId: started.historyId,
    /** The customer types the code at the bank: the gateway decides and posts its notification. */
    finish: async (code: string) => {
      const answer = await submitFirstForm(acsPage, acs.url || gateway.url, { code });
      expect(answer.status).toBe(303);
      // The browser comes back to the service's return page (through nginx).
      expect(new URL(answer.headers.get('location') ?? '').origin).toBe(new URL(nginx.url).origin);
    },
  };
}

async function notificationsStored(count: number): Promise<void> {
  const owner = new pg.Client(team.owner);
  await owner.connect();
  try {
    await waitUntil(`${count} notifications are in the team database`, async () => {
      const { rows } = await owner.query('SELECT count(*)::int AS n FROM paydesk.gateway_notifications');
      return Number(rows[0]?.n) >= count;
    });
  } finally {
    await owner.end();
  }
}

const statusOf = (fx: Fixture, id: number) => (fx.paydesk.history.getById(id) as PayInRow).status;
const unknownOrders = (fx: Fixture) => {
  const db = new DatabaseSync(join(fx.dataDir, 'history.sqlite'), { readOnly: true });
  try {
    return Number(
      db.prepare(`SELECT count(*) AS n FROM audit_log WHERE event = 'payin.callback_unknown_order'`).get()?.n,
    );
  } finally {
    db.close();
  }
};

describe('desks hearing the gateway through the notification service', () => {
  it('a desk closed while its pay-ins settle catches up; the other desk settles only its own', async () => {
    const homeA = await desk('desk_drill_a', 'Drill A');
    const homeB = await desk('desk_drill_b', 'Drill B');
    let a = await homeA.start();
    const b = await homeB.start();
    try {
      const payInsA = [];
      const payInsB = [];
      for (let i = 0; i < PAYINS_PER_DESK; i++) {
        payInsA.push(await startedPayIn(a, `6${i}.00`));
        payInsB.push(await startedPayIn(b, `6${i}.00`));
      }
      await waitUntil('both desks replicated', () =>
        [a, b].every((fx) => fx.paydesk.history.teamOutbox.pending() === 0),
      );
      await a.close();

      // While A is closed: every customer finishes; odd ones with a wrong code (declined).
      for (const [i, payIn] of [...payInsA, ...payInsB].entries())
        await payIn.finish(i % 2 ? '0000' : '1234');
      await notificationsStored(2 * PAYINS_PER_DESK);
      for (const payIn of payInsB) {
        await b.waitForStatus(payIn.historyId, payInsB.indexOf(payIn) % 2 ? 'declined' : 'approved');
      }
      for (const payIn of payInsB) expect(statusOf(b, payIn.historyId)).not.toBe('action_required');

      a = await homeA.start();
      for (const [i, payIn] of payInsA.entries()) {
        await a.waitForStatus(payIn.historyId, i % 2 ? 'declined' : 'approved');
      }
      // Each desk handled its own notifications only: none was an order it never sent.
      expect(a.paydesk.team.current()?.notifications?.progress()).toMatchObject({ refused: 0 });
      expect(b.paydesk.team.current()?.notifications?.progress()).toMatchObject({
        handled: PAYINS_PER_DESK,
        refused: 0,
      });
      expect(unknownOrders(a)).toBe(0);
      expect(unknownOrders(b)).toBe(0);
    } finally {
      await a.close();
      await b.close();
    }
  }, 180_000);

  it('a notification row edited in PostgreSQL is refused and said so', async () => {
    const home = await desk('desk_drill_t', 'Drill T');
    let fx = await home.start();
    try {
      const payIn = await startedPayIn(fx, '77.00');
      await waitUntil('replicated', () => fx.paydesk.history.teamOutbox.pending() === 0);
      await fx.close();
      const owner = new pg.Client(team.owner);
      await owner.connect();
      const before = Number(
        (await owner.query('SELECT coalesce(max(id), 0) AS id FROM paydesk.gateway_notifications')).rows[0]
          ?.id,
      );
      await payIn.finish('0000');
      await waitUntil('the decline is stored', async () => {
        const { rows } = await owner.query(
          'SELECT count(*)::int AS n FROM paydesk.gateway_notifications WHERE id > $1',
          [before],
        );
        return Number(rows[0]?.n) === 1;
      });
      const edited = await owner.query(
        `UPDATE paydesk.gateway_notifications
           SET raw_body = replace(raw_body, '"orderStatus":15', '"orderStatus":2')
         WHERE id > $1 RETURNING id`,
        [before],
      );
      await owner.end();
      expect(edited.rowCount).toBe(1);
      const id = Number(edited.rows[0]?.id);

      fx = await home.start();
      await waitUntil(
        'the desk refused it',
        () => (fx.paydesk.team.current()?.notifications?.progress().refused ?? 0) === 1,
      );
      expect(statusOf(fx, payIn.historyId)).toBe('action_required');
      await waitUntil('the log says so', () =>
        logLines(fx).some((line) => line.notificationId === id && String(line.msg).includes('was refused')),
      );
      const db = new DatabaseSync(join(fx.dataDir, 'history.sqlite'), { readOnly: true });
      const said = db
        .prepare(`SELECT detail_json FROM audit_log WHERE event = 'payin.notification_refused'`)
        .all() as { detail_json: string }[];
      db.close();
      expect(said.map((entry) => JSON.parse(entry.detail_json).notificationId)).toEqual([id]);
    } finally {
      await fx.close();
    }
  }, 120_000);
});
