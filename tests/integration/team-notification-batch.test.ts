// A team desk settles the notifications that arrive together in one commit (issue 32, item 3): each row is
// still verified with the desk's own merchant secret (a forged one settles nothing, is audited, and does
// not hold the others back), the renderer hears of the batch in one event, and the batch commits whole or
// not at all: a history write that fails midway leaves the cursor before the batch and every row of it
// unwritten, and the next read settles them all once. The notifications of a batch are committed together
// (or stored while the desk is closed), so that it reads them in one go. Real PostgreSQL, the whole desk.
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { PayInRow } from '@shared/history';
import type { PayInResult } from '@shared/ipc';
import { NOTIFICATION_CHANNEL } from '@shared/notification-service';
import { describe, expect, it } from 'vitest';
import type { Fixture } from '../support/app/paydesk-fixture';
import { v2Fields } from '../support/app/paydesk-fixture';
import { notifiedDesksForThisFile } from '../support/notify-desk/notified-desks';
import {
  genuineNotification,
  insertNotification,
  notificationId,
  storeNotification,
  THREE_DS_CARD,
} from '../support/notify-desk/notify-desk';
import { drained, waitUntil } from '../support/team/team-desk';

const { home, start, stop, notifyRole } = notifiedDesksForThisFile({
  folderPrefix: 'paydesk-batch-',
  notifyRole: 'notify_batch',
});

async function waitingPayIn(fx: Fixture, amount: string): Promise<PayInRow> {
  const result = await fx.data('payin.submit', {
    version: 'v2',
    fields: v2Fields({ cardNumber: THREE_DS_CARD, amount }),
  });
  expect(result.status).toBe('action_required');
  const row = fx.paydesk.history.getById(result.historyId);
  if (row?.kind !== 'payin' || !row.orderId) throw new Error('no waiting pay-in with an orderId');
  return row;
}

/** The gateway's approval of `row` with a signature the gateway never made. */
function forgedNotification(row: PayInRow): string {
  const body = JSON.parse(genuineNotification(row, 'approved')) as { sign: string };
  return JSON.stringify({ ...body, sign: body.sign.replace(/^./, (c) => (c === '0' ? '1' : '0')) });
}

function historyFile(fx: Fixture, readOnly = true): DatabaseSync {
  return new DatabaseSync(join(fx.dataDir, 'history.sqlite'), { readOnly });
}

function cursorOf(fx: Fixture): number {
  const db = historyFile(fx);
  try {
    return Number(db.prepare('SELECT max(last_id) AS id FROM team_notification_cursor').get()?.id ?? 0);
  } finally {
    db.close();
  }
}

const callbackEvents = (fx: Fixture, historyId: number) =>
  fx.paydesk.history.auditTrail(historyId).filter((entry) => entry.event === 'payin.callback');

/** The payin.changed events that name any of `ids` (from the `from`th event on). */
function changedEvents(fx: Fixture, ids: number[], from = 0): PayInResult[][] {
  return fx.events
    .slice(from)
    .filter(({ event }) => event === 'payin.changed')
    .map(({ payload }) => payload as PayInResult[])
    .filter((results) => results.some((result) => ids.includes(result.historyId)));
}

describe('notifications that arrive together settle together', () => {
  it('settles the genuine ones of a batch, refuses the forged one, and tells the renderer once', async () => {
    const deskHomeOf = await home('desk_batch_forged', 'Front B1');
    const fx = await start(deskHomeOf);
    const first = await waitingPayIn(fx, '41.00');
    const forged = await waitingPayIn(fx, '42.00');
    const third = await waitingPayIn(fx, '43.00');
    await drained(fx);

    // Three notifications committed together, then one wake-up, while the supervisor is signed in (a desk
    // that is signed out tells no window: tests/integration/event-gate.test.ts).
    const roles = await notifyRole();
    const eventsBefore = fx.events.length;
    const bodies = [
      genuineNotification(first, 'approved'),
      forgedNotification(forged),
      genuineNotification(third, 'declined'),
    ];
    await roles.notify.query('BEGIN');
    for (const body of bodies) await insertNotification(roles.notify, body);
    await roles.notify.query('COMMIT');
    const [, forgedId, lastId] = await Promise.all(bodies.map((body) => notificationId(roles.owner, body)));
    await roles.owner.query(`NOTIFY ${NOTIFICATION_CHANNEL}`);

    await fx.waitForStatus(first.id, 'approved');
    await fx.waitForStatus(third.id, 'declined');
    await waitUntil('the desk has handled the batch', () => cursorOf(fx) === lastId);
    expect(fx.paydesk.team.current()?.notifications?.progress()).toMatchObject({ handled: 3, refused: 1 });
    expect(fx.paydesk.history.getById(forged.id)?.status).toBe('action_required');
    expect(callbackEvents(fx, forged.id)).toHaveLength(0);
    expect(callbackEvents(fx, first.id)).toHaveLength(1);
    expect(callbackEvents(fx, third.id)).toHaveLength(1);
    const db = historyFile(fx);
    const refused = db
      .prepare("SELECT resource, detail_json FROM audit_log WHERE event = 'payin.notification_refused'")
      .all() as { resource: string; detail_json: string }[];
    db.close();
    expect(refused.map((entry) => entry.resource)).toEqual([forged.merchantTradeNo]);
    expect(JSON.parse(refused[0]?.detail_json ?? '{}')).toMatchObject({ notificationId: forgedId });

    // One event for the batch, naming both pay-ins it settled (and not the refused one).
    const events = changedEvents(fx, [first.id, forged.id, third.id], eventsBefore);
    expect(events).toHaveLength(1);
    expect(events[0]?.map((result) => result.historyId).sort()).toEqual([first.id, third.id].sort());
    expect((await fx.paydesk.history.verifyAll()).ok).toBe(true);
  });

  it('commits a batch whole or not at all: a write that fails midway leaves the cursor before it', async () => {
    const deskHomeOf = await home('desk_batch_fails', 'Front B2');
    let fx = await start(deskHomeOf);
    const payIns = [
      await waitingPayIn(fx, '51.00'),
      await waitingPayIn(fx, '52.00'),
      await waitingPayIn(fx, '53.00'),
    ];
    await drained(fx);
    await stop(fx);
    const cursorBefore = cursorOf(fx);
    const middle = payIns[1]!;
    // The history file refuses the middle pay-in's change (as a full disk or an I/O error would).
    const writer = historyFile(fx, false);
    writer.exec(`CREATE TRIGGER batch_test_refuses BEFORE UPDATE OF status ON history_rows
                   WHEN NEW.id = ${middle.id} BEGIN SELECT RAISE(ABORT, 'the disk said no'); END`);
    let ids: number[] = [];
    try {
      ids = [
        await storeNotification(await notifyRole(), genuineNotification(payIns[0]!, 'approved')),
        await storeNotification(await notifyRole(), genuineNotification(middle, 'approved')),
        await storeNotification(await notifyRole(), genuineNotification(payIns[2]!, 'approved')),
      ];
      fx = await start(deskHomeOf);
      await waitUntil(
        'the desk has failed the batch',
        () => fx.paydesk.team.current()?.notifications?.progress().lastError != null,
      );
      // Tried again after the first failure: still nothing of it written.
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(fx.paydesk.team.current()?.notifications?.progress().lastError?.message).toContain(
        'the disk said no',
      );
      expect(cursorOf(fx)).toBe(cursorBefore);
      for (const row of payIns) {
        expect(fx.paydesk.history.getById(row.id)?.status).toBe('action_required');
        expect(callbackEvents(fx, row.id)).toHaveLength(0);
      }
      expect(
        changedEvents(
          fx,
          payIns.map((row) => row.id),
        ),
      ).toEqual([]);
      expect(fx.paydesk.team.current()?.notifications?.progress().handled).toBe(0);
    } finally {
      writer.exec('DROP TRIGGER IF EXISTS batch_test_refuses');
      writer.close();
    }

    // The fault gone, the next read settles the whole batch, each pay-in once.
    for (const row of payIns) await fx.waitForStatus(row.id, 'approved');
    await waitUntil('the cursor has passed the batch', () => cursorOf(fx) === ids.at(-1));
    for (const row of payIns) expect(callbackEvents(fx, row.id)).toHaveLength(1);
    expect(fx.paydesk.team.current()?.notifications?.progress().handled).toBe(3);
    expect((await fx.paydesk.history.verifyAll()).ok).toBe(true);
  });
});
