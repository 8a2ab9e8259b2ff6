// Issue 35, item 2, on a team desk: the team database is paused while the customer finishes the 3-D Secure
// challenge, so the notification service cannot store the gateway's notification (it answers 503 until the
// gateway gives up, A34) and the desk's subscriber has nothing to catch up on when the database comes back.
// The desk asks the gateway again itself with the request it kept (A38), and the gateway's word settles the
// pay-in; once the database answers again the settled row reaches it. Real PostgreSQL, paused with SIGSTOP.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PayInResult } from '@shared/ipc';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { type Fixture, submitFirstForm, v2Fields } from '../support/app/paydesk-fixture';
import { connectAs, deskHome, startNotifiedDesk, THREE_DS_CARD } from '../support/notify-desk/notify-desk';
import { drained, teamForThisFile } from '../support/team/team-desk';

const setup = teamForThisFile();
const started: Fixture[] = [];
const folders: string[] = [];
afterEach(async () => {
  for (const fx of started.splice(0)) await fx.close();
});
afterAll(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** The customer completes the challenge; the browser's return goes to the service, which is unreachable. */
async function completeChallenge(fx: Fixture, bankPage: NonNullable<PayInResult['bankPage']>) {
  const page = await fetch(bankPage.url);
  const acsLink = await submitFirstForm(await page.text(), bankPage.url);
  const answer = await submitFirstForm(await acsLink.text(), acsLink.url || fx.paydesk.sandbox.url, {
    code: '1234',
  });
  expect(answer.status).toBe(303);
}

describe('a team desk whose database was paused while the customer finished the bank page', () => {
  it('settles the pay-in by asking the gateway again itself, and replicates it once the database is back', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'paydesk-paused-'));
    folders.push(folder);
    const home = await deskHome(await setup.team.addDesk('desk_paused'), 'Front P', folder);
    // Asks again after 200 ms without news (2 minutes in use).
    const fx = await startNotifiedDesk(home, { overdueAsk: { afterMs: 200, everyMs: 50 } });
    started.push(fx);
    const waiting = await fx.data('payin.submit', {
      version: 'v2',
      fields: v2Fields({ cardNumber: THREE_DS_CARD }),
    });
    expect(waiting.status).toBe('action_required');
    await drained(fx);

    setup.cluster.pause();
    try {
      await completeChallenge(fx, waiting.bankPage!);
      const settled = await fx.waitForStatus(waiting.historyId, 'approved');
      expect(settled.status).toBe('approved');
      const settledBy = fx.paydesk.history
        .auditTrail(waiting.historyId)
        .find((entry) => entry.detail.decided === 'approved');
      expect(settledBy).toMatchObject({ event: 'payin.ask_again', operator: 'system' });
    } finally {
      setup.cluster.resume();
    }
    // The database answers again: the desk's replication catches up with the settled row.
    await drained(fx);
    const owner = await connectAs(setup.team.owner);
    try {
      const { rows } = await owner.query(
        'SELECT status FROM paydesk.history_rows WHERE merchant_trade_no = $1',
        [waiting.merchantTradeNo],
      );
      expect(rows.map((row) => row.status)).toEqual(['approved']);
    } finally {
      await owner.end();
    }
  });
});
