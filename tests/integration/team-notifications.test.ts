// The gateway's notification reaching team desks through the team database (issue 23, the desk's half):
// a notification stored by the notification service's role settles the desk's pay-in through LISTEN, its
// signature verified by the desk with its own merchant secret; a desk closed meanwhile catches up when it
// starts (and does not handle again what it handled before); desk A's order never settles anything on
// desk B; a row edited in PostgreSQL settles nothing and the desk says so (audit and log); a notification
// stored before the desk's own row reached PostgreSQL still settles it. Real PostgreSQL, the whole desk.
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { PayInRow } from '@shared/history';
import { describe, expect, it } from 'vitest';
import type { Fixture } from '../support/app/paydesk-fixture';
import { v2Fields } from '../support/app/paydesk-fixture';
import { notifiedDesksForThisFile } from '../support/notify-desk/notified-desks';
import {
  genuineNotification,
  logLines,
  storeNotification,
  THREE_DS_CARD,
} from '../support/notify-desk/notify-desk';
import { drained, waitUntil } from '../support/team/team-desk';

const { home, start, stop, notifyRole, ownerRole } = notifiedDesksForThisFile({
  folderPrefix: 'paydesk-notified-',
  notifyRole: 'notify_tests',
});

/** A 3-D Secure pay-in left waiting for the bank (action_required, with the gateway's orderId). */
async function waitingPayIn(fx: Fixture, amount = '25.00'): Promise<PayInRow> {
  const result = await fx.data('payin.submit', {
    version: 'v2',
    fields: v2Fields({ cardNumber: THREE_DS_CARD, amount }),
  });
  expect(result.status).toBe('action_required');
  const row = fx.paydesk.history.getById(result.historyId);
  if (row?.kind !== 'payin' || !row.orderId) throw new Error('no waiting pay-in with an orderId');
  return row;
}

/** The notification cursor the desk keeps in its history file. */
function cursorIn(fx: Fixture): number {
  const db = new DatabaseSync(join(fx.dataDir, 'history.sqlite'), { readOnly: true });
  try {
    return Number(db.prepare('SELECT max(last_id) AS id FROM team_notification_cursor').get()?.id ?? 0);
  } finally {
    db.close();
  }
}

const callbackEvents = (fx: Fixture, historyId: number) =>
  fx.paydesk.history.auditTrail(historyId).filter((entry) => entry.event === 'payin.callback');

describe("a team desk hears the gateway's notification through the team database", () => {
  it('settles the pay-in through LISTEN, verified with its own merchant secret', async () => {
    const fx = await start(await home('desk_listen', 'Front 1'));
    const row = await waitingPayIn(fx);
    await drained(fx);
    await storeNotification(await notifyRole(), genuineNotification(row, 'approved'));
    const settled = await fx.waitForStatus(row.id, 'approved');
    expect(settled.orderId).toBe(row.orderId);
    expect(callbackEvents(fx, row.id)).toHaveLength(1);
    // Nothing reached the desk's loopback listener: the sandbox's own notification went to the service's
    // address, which does not resolve here.
    const declined = await waitingPayIn(fx, '26.00');
    await drained(fx);
    await storeNotification(await notifyRole(), genuineNotification(declined, 'declined'));
    expect((await fx.waitForStatus(declined.id, 'declined')).remark).toBe('Insufficient funds');
  });

  it('catches up when it starts again, from where it stopped', async () => {
    const deskHomeOf = await home('desk_closed', 'Front 2');
    let fx = await start(deskHomeOf);
    const first = await waitingPayIn(fx);
    const second = await waitingPayIn(fx, '27.00');
    await drained(fx);
    const firstId = await storeNotification(await notifyRole(), genuineNotification(first, 'approved'));
    await fx.waitForStatus(first.id, 'approved');
    // Settled by a read by order number (rows replicated at that moment) the cursor stays, and moves past it
    // at the next read after the cursor: what is claimed below is what the kept cursor does.
    await waitUntil('the cursor has passed the first notification', () => cursorIn(fx) >= firstId);
    await stop(fx);

    // Closed while the second pay-in settles at the gateway.
    await storeNotification(await notifyRole(), genuineNotification(second, 'declined'));
    fx = await start(deskHomeOf);
    await fx.waitForStatus(second.id, 'declined');
    // The first was handled before it closed: not again (its cursor was kept in the history file).
    await waitUntil('the desk has read everything', () => {
      const progress = fx.paydesk.team.current()?.notifications?.progress();
      return progress?.connected === true && progress.handled >= 1;
    });
    expect(callbackEvents(fx, first.id)).toHaveLength(1);
    expect(fx.paydesk.team.current()?.notifications?.progress().handled).toBe(1);
  });

  it("never settles anything on desk B with desk A's order", async () => {
    const deskA = await start(await home('desk_iso_a', 'Front A'));
    const deskB = await start(await home('desk_iso_b', 'Front B'));
    const ordered = await waitingPayIn(deskA);
    const otherOpen = await waitingPayIn(deskB, ordered.amount);
    await drained(deskA);
    await drained(deskB);
    await storeNotification(await notifyRole(), genuineNotification(ordered, 'approved'));
    await deskA.waitForStatus(ordered.id, 'approved');
    // Desk B, same merchant and secret, heard the wake-up but reads only its own orders.
    await waitUntil('desk B has read after the wake-up', () =>
      Boolean(deskB.paydesk.team.current()?.notifications?.progress().connected),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(deskB.paydesk.team.current()?.notifications?.progress().handled).toBe(0);
    expect(deskB.paydesk.history.getById(otherOpen.id)?.status).toBe('action_required');
    expect(
      deskB.paydesk.history.findPayInByTradeNo(ordered.profile, ordered.merchantTradeNo),
    ).toBeUndefined();
  });

  it('refuses a row edited in PostgreSQL, settles nothing, and says so', async () => {
    const deskHomeOf = await home('desk_tamper', 'Front T');
    let fx = await start(deskHomeOf);
    const row = await waitingPayIn(fx);
    await drained(fx);
    await stop(fx);
    // The gateway declined it; someone with the owner's rights turns the stored body into an approval.
    const id = await storeNotification(await notifyRole(), genuineNotification(row, 'declined'));
    const owner = await ownerRole();
    const edited = await owner.query(
      `UPDATE paydesk.gateway_notifications
         SET raw_body = replace(replace(raw_body, '"orderStatus":15', '"orderStatus":2'), '"remark":"Insufficient funds"', '"remark":""')
       WHERE id = $1`,
      [id],
    );
    expect(edited.rowCount).toBe(1);

    fx = await start(deskHomeOf);
    await waitUntil(
      'the desk has refused the edited notification',
      () => (fx.paydesk.team.current()?.notifications?.progress().refused ?? 0) >= 1,
    );
    expect(fx.paydesk.history.getById(row.id)?.status).toBe('action_required');
    expect(callbackEvents(fx, row.id)).toHaveLength(0);
    const db = new DatabaseSync(join(fx.dataDir, 'history.sqlite'), { readOnly: true });
    const said = db
      .prepare(
        `SELECT resource, outcome, detail_json FROM audit_log WHERE event = 'payin.notification_refused'`,
      )
      .all() as { resource: string; outcome: string; detail_json: string }[];
    db.close();
    expect(said).toHaveLength(1);
    expect(said[0]).toMatchObject({ resource: row.merchantTradeNo, outcome: 'failure' });
    expect(JSON.parse(said[0]?.detail_json ?? '{}')).toMatchObject({ notificationId: id });
    await waitUntil('the refusal is in the log', () =>
      logLines(fx).some((line) => line.notificationId === id && String(line.msg).includes('was refused')),
    );
  });

  it("settles a pay-in whose notification was stored before the desk's row reached PostgreSQL", async () => {
    const fx = await start(await home('desk_early', 'Front E'));
    const earlier = await waitingPayIn(fx);
    await drained(fx);
    // The team store takes no rows for a while (a long transaction holds them): the desk's next pay-in
    // waits in its outbox.
    const owner = await ownerRole();
    await owner.query('BEGIN');
    await owner.query('LOCK TABLE paydesk.history_rows IN EXCLUSIVE MODE');
    let locked = true;
    try {
      const early = await waitingPayIn(fx, '31.00');
      expect(fx.paydesk.history.teamOutbox.pending()).toBeGreaterThan(0);
      // Its notification is stored first; then another order's moves the desk's cursor past it.
      const earlyId = await storeNotification(await notifyRole(), genuineNotification(early, 'approved'));
      const laterId = await storeNotification(await notifyRole(), genuineNotification(earlier, 'approved'));
      expect(laterId).toBeGreaterThan(earlyId);
      await fx.waitForStatus(earlier.id, 'approved');
      expect(fx.paydesk.history.getById(early.id)?.status).toBe('action_required');
      await owner.query('COMMIT');
      locked = false;
      await fx.waitForStatus(early.id, 'approved');
    } finally {
      if (locked) await owner.query('ROLLBACK');
    }
  });
});
