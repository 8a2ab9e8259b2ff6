// A supervisor sees each operator's day (issue 31 item 5), through the real app: an agent's day made of
// calls (signing in, pay-ins approved and declined, one above the limit approved by the supervisor, a
// refused call, a lock and an unlock, signing out) and read back by the supervisor; an agent is refused.
import type { IpcResult } from '@shared/ipc';
import type { OperatorDay } from '@shared/operator-day';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../support/app/audit-events';
import { type Fixture, startFixture, v2Fields } from '../support/app/paydesk-fixture';
import { addAndSignIn, nextCode, signIn, TEST_AGENT, type TestOperator } from '../support/app/sign-in';

const ANA = TEST_AGENT;

let fx: Fixture;
let ana: TestOperator;
let supervisor: TestOperator;
let day: OperatorDay;
const today = () => new Date().toISOString().slice(0, 10);

const submit = (fields: ReturnType<typeof v2Fields>) => fx.call('payin.submit', { version: 'v2', fields });

function refusal(result: IpcResult<unknown>) {
  if (result.ok) throw new Error('expected a refusal');
  return result.error;
}

beforeAll(async () => {
  fx = await startFixture();
  supervisor = fx.operator!;
  await fx.data('operators.setLimit', {
    scope: { kind: 'role', role: 'agent' },
    currency: 'EUR',
    amount: '100',
  });
  ana = await addAndSignIn(fx.call, ANA);

  // Two approved (25.00 and 0.10: the total is exact decimal text, not 25.1 or 25.099999), one declined.
  expect(await submit(v2Fields({ amount: '25.00' }))).toMatchObject({
    ok: true,
    data: { status: 'approved' },
  });
  expect(await submit(v2Fields({ amount: '0.10' }))).toMatchObject({
    ok: true,
    data: { status: 'approved' },
  });
  const declined = await submit(v2Fields({ amount: '7.35', cardNumber: '4000000000009995' }));
  expect(declined).toMatchObject({ ok: true, data: { status: 'declined' } });

  // Above the limit: the supervisor approves at the desk, and it goes through.
  const over = v2Fields({ amount: '150.00', merchantTradeNo: 'DAY-OVER-1' });
  const asked = refusal(await submit(over));
  expect(asked.kind).toBe('approval_needed');
  const granted = await fx.call('approvals.grant', {
    requestId: asked.approval!.id,
    supervisorId: supervisor.id,
    passphrase: supervisor.passphrase,
    code: await nextCode(supervisor.secret!),
  });
  expect(granted.ok).toBe(true);
  expect(await submit(over)).toMatchObject({ ok: true, data: { status: 'approved' } });

  // A call the agent's role does not have, and the operator's day itself: both refused and audited.
  expect(refusal(await fx.call('operators.list')).kind).toBe('forbidden');
  const own = await fx.call('history.operatorDay', { operatorId: ANA.id, day: today(), utcOffsetMinutes: 0 });
  expect(refusal(own).kind).toBe('forbidden');

  // Locked, unlocked by the same person, then signed out; the supervisor signs in to look.
  await fx.data('session.lockNow');
  await signIn(fx.call, ana);
  await fx.data('session.signOut');
  await signIn(fx.call, supervisor);
  day = await fx.data('history.operatorDay', { operatorId: ANA.id, day: today(), utcOffsetMinutes: 0 });
});
afterAll(() => fx.close());

describe("an agent's day, as the supervisor reads it", () => {
  it('has the sessions in order: signed in, locked, unlocked, signed out', () => {
    expect(day.sessions.map((moment) => moment.event)).toEqual(
      expect.arrayContaining(['signed_in', 'locked', 'unlocked', 'signed_out']),
    );
    const order = ['signed_in', 'locked', 'unlocked', 'signed_out'].map((event) =>
      day.sessions.findIndex((moment) => moment.event === event),
    );
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(day.sessions.find((moment) => moment.event === 'locked')?.reason).toBe('operator');
  });

  it('totals the pay-ins by status and currency in exact decimal text', () => {
    expect(day.payIns).toEqual([
      { status: 'approved', currency: 'EUR', count: 3, amount: '175.10' },
      { status: 'declined', currency: 'EUR', count: 1, amount: '7.35' },
    ]);
  });

  it('has the approval asked for, with who approved it', () => {
    expect(day.approvalsAsked.map((entry) => entry.event)).toEqual(['requested', 'granted', 'used']);
    expect(day.approvalsAsked[1]).toMatchObject({ action: 'payin.over_limit', supervisor: supervisor.id });
    expect(day.approvalsGiven).toEqual([]);
  });

  it('has the refused calls, the operator day among them', () => {
    expect(day.refusedCalls.map(({ channel, permission }) => ({ channel, permission }))).toEqual([
      { channel: 'operators.list', permission: 'operators.manage' },
      { channel: 'history.operatorDay', permission: 'operators.activity' },
    ]);
    expect(day.capped).toEqual([]);
  });

  it("shows the supervisor's day the approval they gave", async () => {
    const own = await fx.data('history.operatorDay', {
      operatorId: supervisor.id,
      day: today(),
      utcOffsetMinutes: 0,
    });
    expect(own.approvalsGiven).toContainEqual(
      expect.objectContaining({ requester: ANA.id, action: 'payin.over_limit' }),
    );
    // Nothing of the agent's is the supervisor's.
    expect(own.payIns).toEqual([]);
    expect(own.refusedCalls).toEqual([]);
  });

  it('is itself audited: who read whose day', () => {
    expect(auditEvents(fx).filter((entry) => entry.event === 'history.operator_day_viewed')).toContainEqual({
      event: 'history.operator_day_viewed',
      operator: supervisor.id,
      resource: ANA.id,
      detail: { day: today(), utcOffsetMinutes: 0 },
    });
  });

  it('is empty for a day the agent did not work', async () => {
    const other = await fx.data('history.operatorDay', {
      operatorId: ANA.id,
      day: '2020-02-29',
      utcOffsetMinutes: 0,
    });
    expect(other).toMatchObject({ sessions: [], payIns: [], approvalsAsked: [], refusedCalls: [] });
  });

  it('refuses a day that is not a date, and an offset past 14 hours', async () => {
    for (const input of [
      { operatorId: ANA.id, day: '2026-02-30', utcOffsetMinutes: 0 },
      { operatorId: ANA.id, day: today(), utcOffsetMinutes: 15 * 60 },
    ]) {
      expect(refusal(await fx.call('history.operatorDay', input)).kind).toBe('invalid');
    }
  });
});
