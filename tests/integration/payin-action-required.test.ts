// Issue 35, item 2: a 3-D Secure pay-in never stays "Action required" for ever. Through the real core (the
// dispatcher, the embedded sandbox over loopback HTTP, the SQLite history): the pay-in under way is main's
// to tell after a lock, its bank page is offered again while valid (A38), the gateway may be asked again
// about it, it can be marked for follow-up with a reason, and a pay-in whose notification never comes is
// asked about again by the desk itself (A38) until the gateway's word settles it.
import assert from 'node:assert';
import type { PayInResult } from '@shared/ipc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Fixture, startFixture, submitFirstForm, v2Fields } from '../support/app/paydesk-fixture';
import { addAndSignIn, signIn } from '../support/app/sign-in';

const THREE_DS_CARD = '4000000000003220';
/** Nothing listens on the discard port: every notification the gateway sends there is lost. */
const LOST = 'http://127.0.0.1:9/lost';

// The desk's own asking waits 2 minutes here, as in use: the agent's calls below never meet one.
let fx: Fixture;
beforeAll(async () => {
  fx = await startFixture();
});
afterAll(() => fx.close());

/** A 3-D Secure pay-in whose gateway notification and browser return both go nowhere. */
async function payInLeftWaiting(desk: Fixture = fx): Promise<PayInResult> {
  const started = await desk.data('payin.submit', {
    version: 'v2',
    fields: v2Fields({ cardNumber: THREE_DS_CARD, callBackURL: LOST, retURL: LOST }),
  });
  expect(started.status).toBe('action_required');
  expect(started.bankPage?.kind).toBe('3ds');
  return started;
}

/** The customer completes the challenge with `code`; the browser's return is never followed. */
async function completeChallenge(desk: Fixture, bankPageUrl: string, code: string): Promise<void> {
  const page = await fetch(bankPageUrl);
  const acsLink = await submitFirstForm(await page.text(), bankPageUrl);
  const answer = await submitFirstForm(await acsLink.text(), acsLink.url || desk.paydesk.sandbox.url, {
    code,
  });
  expect(answer.status).toBe(303);
}

async function timelineOf(historyId: number) {
  return (await fx.data('history.get', { id: historyId })).timeline;
}

describe('a pay-in whose notification is lost', () => {
  let desk: Fixture;
  beforeAll(async () => {
    // This desk asks again after 50 ms without news (2 minutes in use), then twice as long each time.
    desk = await startFixture({ overdueAsk: { afterMs: 50, everyMs: 20 } });
  });
  afterAll(() => desk.close());

  it('is asked about again by the desk, which the gateway settles, in the audit trail as the system', async () => {
    const started = await payInLeftWaiting(desk);
    await completeChallenge(desk, started.bankPage!.url, '1234');
    const row = await desk.waitForStatus(started.historyId, 'approved');
    expect(row.status).toBe('approved');
    const { timeline } = await desk.data('history.get', { id: started.historyId });
    const settledBy = timeline.find((entry) => entry.detail.decided === 'approved');
    expect(settledBy).toMatchObject({ event: 'payin.ask_again', operator: 'system' });
  });
});

describe('the pay-in under way, after a lock', () => {
  it('comes back from main with its bank page, and not while locked', async () => {
    const started = await payInLeftWaiting();
    // The page was shown (the return listener serves it once per offer).
    expect((await fetch(started.bankPage!.url)).status).toBe(200);
    expect((await fetch(started.bankPage!.url)).status).toBe(410);
    await fx.data('session.lockNow');
    const whileLocked = await fx.call('payin.underWay');
    expect(whileLocked).toMatchObject({ ok: false, error: { kind: 'locked' } });
    await signIn(fx.call, fx.operator!);

    const underWay = await fx.data('payin.underWay');
    const again = underWay.find((result) => result.historyId === started.historyId);
    expect(again).toMatchObject({ status: 'action_required', bankPage: started.bankPage });
    // Offered again, it is served again: the customer's challenge can go on.
    const page = await fetch(again!.bankPage!.url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('form');
    // Newest first: it is what the Pay-in page shows.
    expect(underWay[0]?.historyId).toBe(started.historyId);
  });

  it('reopens the bank page while the pay-in waits for it, and refuses once the step is over', async () => {
    const started = await payInLeftWaiting();
    const reopened = await fx.data('payin.reopenBankPage', { historyId: started.historyId });
    expect(reopened.bankPage).toEqual(started.bankPage);

    await fx.data('payin.cancelBankPage', { historyId: started.historyId });
    const refused = await fx.call('payin.reopenBankPage', { historyId: started.historyId });
    expect(refused).toMatchObject({ ok: false, error: { kind: 'conflict' } });
    const underWay = await fx.data('payin.underWay');
    expect(underWay.map((result) => result.historyId)).not.toContain(started.historyId);
  });
});

describe('asking the gateway again about a pay-in that waits for its bank page', () => {
  it('answers with the bank page again while the order is open, then with its outcome', async () => {
    const started = await payInLeftWaiting();
    const asked = await fx.data('payin.askAgain', { historyId: started.historyId });
    expect(asked.status).toBe('action_required');
    expect(asked.bankPage?.kind).toBe('3ds');

    await completeChallenge(fx, asked.bankPage!.url, '0000');
    const settled = await fx.data('payin.askAgain', { historyId: started.historyId });
    expect(settled.status).toBe('declined');
    const row = await fx.waitForStatus(started.historyId, 'declined');
    expect(row.remark).toMatch(/3-D Secure/);
    const { timeline } = await fx.data('history.get', { id: started.historyId });
    expect(timeline.find((entry) => entry.detail.decided === 'declined')?.event).toBe('payin.ask_again');
  });
});

describe('the pay-in under way, when the desk changes hands', () => {
  it("is the operator's own: the next person is not shown the last one's", async () => {
    const started = await payInLeftWaiting();
    const mine = () => fx.data('payin.underWay').then((list) => list.map((result) => result.historyId));
    expect(await mine()).toContain(started.historyId);
    await addAndSignIn(fx.call, {
      id: 'bea.agent',
      displayName: 'Bea Agent',
      passphrase: 'agent passphrase 2',
      role: 'agent',
    });
    expect(await mine()).not.toContain(started.historyId);
    await fx.data('session.signOut');
    await signIn(fx.call, fx.operator!);
    expect(await mine()).toContain(started.historyId);
  });
});

describe('marking a pay-in for follow-up', () => {
  it('records the reason and the operator in its audit trail', async () => {
    await addAndSignIn(fx.call, {
      id: 'ana.agent',
      displayName: 'Ana Agent',
      passphrase: 'agent passphrase 1',
      role: 'agent',
    });
    const started = await payInLeftWaiting();
    const marked = await fx.data('payin.markFollowUp', {
      historyId: started.historyId,
      reason: '  Customer will call back after the bank unblocks the card.  ',
    });
    expect(marked).toMatchObject({
      historyId: started.historyId,
      operator: 'ana.agent',
      reason: 'Customer will call back after the bank unblocks the card.',
    });
    const entry = (await timelineOf(started.historyId)).find((item) => item.event === 'payin.follow_up');
    expect(entry).toMatchObject({
      operator: 'ana.agent',
      detail: { reason: 'Customer will call back after the bank unblocks the card.' },
    });
    const detail = await fx.data('history.get', { id: started.historyId });
    expect(detail.audit.state).toBe('verified');
  });

  it('refuses a reason too short or too long, and a settled pay-in, writing nothing', async () => {
    const started = await payInLeftWaiting();
    const before = (await timelineOf(started.historyId)).length;
    const short = await fx.call('payin.markFollowUp', { historyId: started.historyId, reason: ' ok ' });
    expect(short).toMatchObject({ ok: false, error: { kind: 'invalid', field: 'reason' } });
    const long = await fx.call('payin.markFollowUp', {
      historyId: started.historyId,
      reason: 'x'.repeat(501),
    });
    expect(long).toMatchObject({ ok: false, error: { kind: 'invalid', field: 'reason' } });
    expect(await timelineOf(started.historyId)).toHaveLength(before);

    const approved = await fx.data('payin.submit', { version: 'v2', fields: v2Fields() });
    assert(approved.status === 'approved');
    const settled = await fx.call('payin.markFollowUp', { historyId: approved.historyId, reason: 'why not' });
    expect(settled).toMatchObject({ ok: false, error: { kind: 'conflict' } });
  });
});
