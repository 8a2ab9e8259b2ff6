// Notification drill under load (issue 32), every part real: notifications posted at 200 a second over https
// to Debian's nginx, in front of two service instances, into a private PostgreSQL cluster, heard by three
// whole desks (the app's core, in team mode, each its own desk role). During the run PostgreSQL is restarted
// once and one instance is SIGKILLed once. The sender retries every notification not answered 2xx (as the
// gateway does), with a backoff, until it is. Then:
// - every notification was stored once, and settled its pay-in on its own desk exactly once (one callback
//   audit entry, one change of status, the status the notification said);
// - none settled, touched or was refused on another desk (each desk handled exactly its own);
// - every desk's audit chain verifies.
// PAYDESK_DRILL_NOTIFICATIONS sets the count (5,000 by default; the desks open that many pay-ins first).
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { setTimeout as sleep } from 'node:timers/promises';
import type { PayInRow } from '@shared/history';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Fixture } from '../support/app/paydesk-fixture';
import { v2Fields } from '../support/app/paydesk-fixture';
import type { Nginx } from '../support/notify/nginx';
import {
  type NotifyInstance,
  sandboxMerchantService,
  startBehindNginx,
} from '../support/notify/notify-service';
import {
  deskHome,
  genuineNotification,
  startNotifiedDesk,
  THREE_DS_CARD,
} from '../support/notify-desk/notify-desk';
import { type PostgresCluster, startPostgresCluster } from '../support/team/postgres-cluster';
import { createTeamDatabase, type TeamDatabase } from '../support/team/team-database';
import { waitUntil } from '../support/team/team-desk';

const TOTAL = Number(process.env.PAYDESK_DRILL_NOTIFICATIONS ?? 5_000);
const RATE = 200;
const DESKS = 3;

let cluster: PostgresCluster;
let team: TeamDatabase;
let nginx: Nginx;
const instances: NotifyInstance[] = [];
const desks: Fixture[] = [];
const folders: string[] = [];

beforeAll(async () => {
  cluster = await startPostgresCluster();
  team = await createTeamDatabase(cluster);
  nginx = await startBehindNginx(instances, sandboxMerchantService(await team.addNotify('notify_load')));
  for (let d = 0; d < DESKS; d++) {
    const folder = mkdtempSync(join(tmpdir(), 'paydesk-load-drill-'));
    folders.push(folder);
    desks.push(
      await startNotifiedDesk(await deskHome(await team.addDesk(`desk_load_${d}`), `Load ${d}`, folder)),
    );
  }
}, 180_000);

afterAll(async () => {
  for (const fx of desks.splice(0)) await fx.close().catch(() => undefined);
  await nginx?.stop();
  for (const instance of instances.splice(0)) await instance.kill('SIGKILL').catch(() => undefined);
  await cluster?.destroy();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** One desk's pay-in and the notification that settles it. */
interface Notified {
  desk: number;
  row: PayInRow;
  said: 'approved' | 'declined';
  body: string;
  /** Answers other than 2xx (or no answer) before the 2xx. */
  failedAttempts: number;
  answered: boolean;
}

/** 3-D Secure pay-ins left open on desk `d` (action_required, with the gateway's orderId). */
async function openPayIns(d: number, count: number): Promise<PayInRow[]> {
  const fx = desks[d]!;
  const rows: PayInRow[] = [];
  for (let i = 0; i < count; i++) {
    // An amount of its own per desk: no pay-in looks like another desk's duplicate.
    const amount = `${100 * (d + 1) + Math.floor(i / 100)}.${String(i % 100).padStart(2, '0')}`;
    const started = await fx.data('payin.submit', {
      version: 'v2',
      fields: v2Fields({ cardNumber: THREE_DS_CARD, amount }),
    });
    expect(started.status).toBe('action_required');
    rows.push(fx.paydesk.history.getById(started.historyId) as PayInRow);
  }
  return rows;
}

function post(agent: Agent, url: URL, body: string): Promise<boolean> {
  return new Promise((resolve) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent,
        timeout: 15_000,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        response.resume();
        response.on('end', () => resolve(status >= 200 && status < 300));
        response.on('error', () => resolve(false));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', () => resolve(false));
    req.end(body);
  });
}

/** Posts one until it is answered 2xx, as the gateway retries: 250 ms, doubled to 4 s at most. */
async function deliver(agent: Agent, url: URL, notified: Notified, deadline: number): Promise<void> {
  let wait = 250;
  while (Date.now() < deadline) {
    if (await post(agent, url, notified.body)) {
      notified.answered = true;
      return;
    }
    notified.failedAttempts += 1;
    await sleep(wait);
    wait = Math.min(wait * 2, 4_000);
  }
}

/** The desk's callback audit entries per row: how many, and how many changed the status. */
function callbacksByRow(fx: Fixture): Map<number, { heard: number; changed: number }> {
  const db = new DatabaseSync(join(fx.dataDir, 'history.sqlite'), { readOnly: true });
  try {
    const byRow = new Map<number, { heard: number; changed: number }>();
    const entries = db
      .prepare(`SELECT row_id, detail_json FROM audit_log WHERE event = 'payin.callback'`)
      .all() as { row_id: number | bigint; detail_json: string }[];
    for (const entry of entries) {
      const detail = JSON.parse(entry.detail_json) as { from: string; to: string };
      const id = Number(entry.row_id);
      const seen = byRow.get(id) ?? { heard: 0, changed: 0 };
      seen.heard += 1;
      if (detail.from !== detail.to) seen.changed += 1;
      byRow.set(id, seen);
    }
    return byRow;
  } finally {
    db.close();
  }
}

const eventCount = (fx: Fixture, event: string) => {
  const db = new DatabaseSync(join(fx.dataDir, 'history.sqlite'), { readOnly: true });
  try {
    return Number(db.prepare('SELECT count(*) AS n FROM audit_log WHERE event = ?').get(event)?.n);
  } finally {
    db.close();
  }
};

describe('three desks under 200 notifications a second, PostgreSQL restarted and an instance killed', () => {
  it('settles every notification on its own desk exactly once', async () => {
    const perDesk = Math.ceil(TOTAL / DESKS);
    const opening = performance.now();
    const rowsByDesk = await Promise.all(
      desks.map((_, d) => openPayIns(d, Math.min(perDesk, TOTAL - d * perDesk))),
    );
    console.log(
      `opened ${TOTAL} pay-ins on ${DESKS} desks in ${((performance.now() - opening) / 1000).toFixed(0)} s`,
    );
    await waitUntil(
      'every desk has replicated its pay-ins and listens',
      () =>
        desks.every(
          (fx) =>
            fx.paydesk.history.teamOutbox.pending() === 0 &&
            fx.paydesk.team.current()?.notifications?.progress().connected === true,
        ),
      300_000,
    );
    // The desks' notifications interleaved, every other one a decline.
    const notified: Notified[] = [];
    for (let i = 0; i < perDesk; i++) {
      for (let d = 0; d < DESKS; d++) {
        const row = rowsByDesk[d]![i];
        if (!row) continue;
        const said = notified.length % 2 ? 'declined' : 'approved';
        const body = genuineNotification(row, said);
        notified.push({ desk: d, row, said, body, failedAttempts: 0, answered: false });
      }
    }

    const agent = new Agent({ ca: nginx.ca.caPem, keepAlive: true, maxSockets: 64 });
    const url = new URL('/callback', nginx.url);
    const seconds = TOTAL / RATE;
    const started = performance.now();
    const deadline = Date.now() + seconds * 1000 + 180_000;
    const faults = (async () => {
      await sleep(seconds * 300);
      const restart = performance.now();
      await cluster.stop();
      await sleep(1_000);
      await cluster.start();
      console.log(
        `PostgreSQL restarted at ${((restart - started) / 1000).toFixed(1)} s, down ${((performance.now() - restart) / 1000).toFixed(1)} s`,
      );
      await sleep(Math.max(0, started + seconds * 600 - performance.now()));
      await instances[0]!.kill('SIGKILL');
      console.log(`instance 1 SIGKILLed at ${((performance.now() - started) / 1000).toFixed(1)} s`);
    })();
    await Promise.all([
      faults,
      ...notified.map(async (one, index) => {
        await sleep(Math.max(0, started + (index * 1000) / RATE - performance.now()));
        await deliver(agent, url, one, deadline);
      }),
    ]);
    agent.destroy();
    const retried = notified.filter((one) => one.failedAttempts > 0);
    console.log(
      `posted ${TOTAL} in ${((performance.now() - started) / 1000).toFixed(1)} s; ${retried.length} answered other than 2xx at first (${retried.reduce((sum, one) => sum + one.failedAttempts, 0)} failed attempts), then retried`,
    );
    expect(notified.filter((one) => !one.answered)).toEqual([]);

    await waitUntil(
      'every notified pay-in has settled on its desk',
      () =>
        notified.every(
          (one) => desks[one.desk]!.paydesk.history.getById(one.row.id)?.status !== 'action_required',
        ),
      300_000,
    );
    console.log(`all settled ${((performance.now() - started) / 1000).toFixed(1)} s after the first post`);

    const owner = new pg.Client(team.owner);
    await owner.connect();
    const stored = Number(
      (await owner.query('SELECT count(*)::int AS n FROM paydesk.gateway_notifications')).rows[0]?.n,
    );
    await owner.end();
    expect(stored).toBe(TOTAL);

    for (const [d, fx] of desks.entries()) {
      const own = notified.filter((one) => one.desk === d);
      const callbacks = callbacksByRow(fx);
      // Exactly once each, as said; nothing heard about any other row.
      expect(own.filter((one) => fx.paydesk.history.getById(one.row.id)?.status !== one.said)).toEqual([]);
      expect(
        own.filter(
          (one) => callbacks.get(one.row.id)?.heard !== 1 || callbacks.get(one.row.id)?.changed !== 1,
        ),
      ).toEqual([]);
      expect(callbacks.size).toBe(own.length);
      // Another desk's order never reached it: handled are its own, none refused or unknown.
      expect(fx.paydesk.team.current()?.notifications?.progress()).toMatchObject({
        handled: own.length,
        refused: 0,
      });
      expect(eventCount(fx, 'payin.callback_unknown_order')).toBe(0);
      expect(eventCount(fx, 'payin.notification_refused')).toBe(0);
      expect((await fx.paydesk.history.verifyAll()).ok).toBe(true);
    }
  }, 1_800_000);
});
