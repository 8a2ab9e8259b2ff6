// A supervisor's approval at the desk (four eyes, issue 31 item 4), through the real app: what waits for
// one and what does not, the approval bound to the very request and used once, a supervisor who cannot
// approve their own request (but a desk's only supervisor can, audited as the exception), an agent who
// cannot approve at all, wrong and replayed codes counted towards the approver's lockout, and requests
// that do not outlive the person who made them.
import type { IpcResult } from '@shared/ipc';
import { afterEach, describe, expect, it } from 'vitest';
import { auditEvents } from '../support/app/audit-events';
import { type Fixture, startFixture, v2Fields } from '../support/app/paydesk-fixture';
import { addAndSignIn, nextCode, signIn, TEST_AGENT, type TestOperator } from '../support/app/sign-in';

const ANA = TEST_AGENT;
const BEN = {
  id: 'ben.agent',
  displayName: 'Ben Agent',
  passphrase: 'agent passphrase 2',
  role: 'agent',
} as const;
const PAT = {
  id: 'pat.super',
  displayName: 'Pat Supervisor',
  passphrase: 'second supervisor pass',
  role: 'supervisor',
} as const;

const fixtures: Fixture[] = [];
afterEach(async () => {
  for (const fx of fixtures.splice(0)) await fx.close();
});

async function desk(): Promise<Fixture> {
  const fx = await startFixture();
  fixtures.push(fx);
  return fx;
}

type Refused = Extract<IpcResult<unknown>, { ok: false }>;
function refused(result: IpcResult<unknown>): Refused['error'] {
  if (result.ok) throw new Error('expected a refusal');
  return result.error;
}

async function grant(fx: Fixture, requestId: string, by: TestOperator) {
  return fx.call('approvals.grant', {
    requestId,
    supervisorId: by.id,
    passphrase: by.passphrase,
    code: await nextCode(by.secret!),
  });
}

/** What History holds, read through the contract (the agent's own rows). */
const payInRows = async (fx: Fixture) => (await fx.data('history.query', { kind: 'payin' })).rows.length;

describe('a pay-in above the limit', () => {
  it('waits for a supervisor, is sent once approved, and the audit names both people', async () => {
    const fx = await desk();
    const supervisor = fx.operator!;
    await fx.data('operators.setLimit', {
      scope: { kind: 'role', role: 'agent' },
      currency: 'EUR',
      amount: '1000',
    });
    await addAndSignIn(fx.call, ANA);
    const rowsBefore = await payInRows(fx);

    // At the limit: no approval.
    const atLimit = await fx.call('payin.submit', { version: 'v2', fields: v2Fields({ amount: '1000.00' }) });
    expect(atLimit.ok).toBe(true);

    const fields = v2Fields({ amount: '1500.00', merchantTradeNo: 'ORDER-OVER-1' });
    const first = refused(await fx.call('payin.submit', { version: 'v2', fields }));
    expect(first.kind).toBe('approval_needed');
    expect(first.approval).toMatchObject({
      action: 'payin.over_limit',
      requestedBy: { id: 'ana.agent', displayName: 'Ana Agent' },
      selfApprovalAllowed: false,
    });
    expect(first.approval!.summary).toContain('1500.00 EUR');
    expect(first.approval!.summary).toContain('1000.00 EUR for every Agent');
    expect(first.message).toMatch(/Nothing was done/);
    // Nothing went to the gateway, nothing was recorded but the one at the limit.
    expect(await payInRows(fx)).toBe(rowsBefore + 1);

    // Asking again before an approval gives the same request, not a second one.
    const again = refused(await fx.call('payin.submit', { version: 'v2', fields }));
    expect(again.approval!.id).toBe(first.approval!.id);

    // An approval for 1,500 does not let 9,999 through.
    expect(await grant(fx, first.approval!.id, supervisor)).toMatchObject({
      ok: true,
      data: { approvedBy: { id: supervisor.id } },
    });
    const bigger = refused(
      await fx.call('payin.submit', { version: 'v2', fields: { ...fields, amount: '9999.00' } }),
    );
    expect(bigger.kind).toBe('approval_needed');
    expect(bigger.approval!.id).not.toBe(first.approval!.id);

    const sent = await fx.call('payin.submit', { version: 'v2', fields });
    expect(sent).toMatchObject({ ok: true });
    const row = (await fx.data('history.query', { text: 'ORDER-OVER-1' })).rows[0];
    expect(row).toMatchObject({ operator: 'ana.agent', amount: '1500.00' });

    // Used once: the same pay-in again is a new request.
    expect(refused(await fx.call('payin.submit', { version: 'v2', fields })).kind).toBe('approval_needed');

    const trail = auditEvents(fx).filter(
      (entry) => entry.event.startsWith('approval.') && entry.detail?.action === 'payin.over_limit',
    );
    expect(trail.map((entry) => entry.event)).toEqual([
      'approval.requested',
      'approval.granted',
      'approval.requested',
      'approval.used',
      'approval.requested',
    ]);
    expect(trail[1]).toMatchObject({
      operator: 'ana.agent',
      detail: { approvedBy: supervisor.id, action: 'payin.over_limit' },
    });
    expect(trail[3]).toMatchObject({ operator: 'ana.agent', detail: { approvedBy: supervisor.id } });
  });

  it("an operator's own limit comes before their role's; a currency without a limit needs no approval", async () => {
    const fx = await desk();
    await fx.data('operators.setLimit', {
      scope: { kind: 'role', role: 'agent' },
      currency: 'EUR',
      amount: '100',
    });
    await addAgent(fx, ANA);
    await fx.data('session.signOut');
    await signIn(fx.call, fx.operator!);
    await fx.data('operators.setLimit', {
      scope: { kind: 'operator', operatorId: 'ana.agent' },
      currency: 'EUR',
      amount: '5000.5',
    });
    expect(await fx.data('operators.limits')).toEqual([
      { scope: { kind: 'role', role: 'agent' }, currency: 'EUR', amount: '100.00' },
      { scope: { kind: 'operator', operatorId: 'ana.agent' }, currency: 'EUR', amount: '5000.50' },
    ]);
    await fx.data('session.signOut');
    const ana = await signInAgain(fx, ANA);
    expect(ana).toBeDefined();
    expect(
      await fx.call('payin.submit', { version: 'v2', fields: v2Fields({ amount: '4000' }) }),
    ).toMatchObject({
      ok: true,
    });
    // GBP has no limit: nothing to approve.
    expect(
      await fx.call('payin.submit', {
        version: 'v1',
        fields: { ...v2Fields({ amount: '99999' }), email: 'a@example.com', iddCode: '44', currency: 'GBP' },
      }),
    ).toMatchObject({ ok: true });
  });
});

/** The agents this file added, with their secrets (addAndSignIn's answer), by id. */
const enrolled = new Map<string, TestOperator>();
async function addAgent(fx: Fixture, operator: typeof ANA | typeof BEN | typeof PAT) {
  const added = await addAndSignIn(fx.call, operator);
  enrolled.set(operator.id, added);
  return added;
}
async function signInAgain(fx: Fixture, operator: { id: string }) {
  const known = enrolled.get(operator.id);
  if (known) await signIn(fx.call, known);
  return known;
}

describe('who may approve', () => {
  it('never the requester while another supervisor exists; the only supervisor may, audited as the exception', async () => {
    const fx = await desk();
    const sam = fx.operator!;
    // Sam is the desk's only supervisor: Sam's own request, approved by Sam.
    const own = refused(await fx.call('history.exportCsv', {}));
    expect(own.approval).toMatchObject({ action: 'export.personal_data', selfApprovalAllowed: true });
    expect(await grant(fx, own.approval!.id, sam)).toMatchObject({ ok: true });
    expect(await fx.call('history.exportCsv', {})).toMatchObject({ ok: true });
    expect(auditEvents(fx).find((entry) => entry.event === 'approval.granted')).toMatchObject({
      operator: sam.id,
      detail: { approvedBy: sam.id, selfApproved: true, exception: 'the only supervisor of this desk' },
    });

    // A second supervisor (added with Sam's own approval, the last time that exception applies).
    const pat = await addAgent(fx, PAT);
    await fx.data('session.signOut');
    await signIn(fx.call, sam);
    const next = refused(await fx.call('history.exportCsv', {}));
    expect(next.approval!.selfApprovalAllowed).toBe(false);
    expect(refused(await grant(fx, next.approval!.id, sam))).toMatchObject({
      kind: 'forbidden',
      message: expect.stringMatching(/cannot approve your own request/),
    });
    expect(await fx.call('history.exportCsv', {})).toMatchObject({ error: { kind: 'approval_needed' } });
    expect(await grant(fx, next.approval!.id, pat)).toMatchObject({
      ok: true,
      data: { approvedBy: { id: 'pat.super', displayName: 'Pat Supervisor' } },
    });
    expect(await fx.call('history.exportCsv', {})).toMatchObject({ ok: true });
  });

  it('not an agent; a wrong or replayed code is refused as a sign-in is and counts towards the lockout', async () => {
    const fx = await desk();
    const sam = fx.operator!;
    const ben = await addAgent(fx, BEN);
    await fx.data('session.signOut');
    const ana = await addAgentAs(fx, sam, ANA);
    const asked = refused(await fx.call('payin.forgetStoredCard', { ccStorageID: 'CS-NOT-THERE' }));
    expect(asked.approval!.action).toBe('card.remove');

    expect(refused(await grant(fx, asked.approval!.id, ben))).toMatchObject({
      kind: 'forbidden',
      message: expect.stringMatching(/only a supervisor/),
    });
    const wrong = refused(
      await fx.call('approvals.grant', {
        requestId: asked.approval!.id,
        supervisorId: sam.id,
        passphrase: sam.passphrase,
        code: '000000',
      }),
    );
    expect(wrong.message).toMatch(/do not sign anyone in/);
    const code = await nextCode(sam.secret!);
    const good = { requestId: asked.approval!.id, supervisorId: sam.id, passphrase: sam.passphrase, code };
    expect(await fx.call('approvals.grant', good)).toMatchObject({ ok: true });
    expect(refused(await fx.call('approvals.grant', good)).message).toMatch(/do not sign anyone in/);
    const refusedForSam = auditEvents(fx).filter(
      (entry) => entry.event === 'session.sign_in_refused' && entry.operator === sam.id,
    );
    expect(refusedForSam.map((entry) => entry.detail)).toEqual([
      expect.objectContaining({ reason: 'code', purpose: 'approval' }),
      expect.objectContaining({ reason: 'code used before', purpose: 'approval' }),
    ]);
    // The good code in between started the count again: the replay is the first of a new run.
    expect(fx.paydesk.session.accounts().get(sam.id)!.wrongInARow).toBe(1);
    // The card is not there: the approved call is refused by its own handler, the approval kept for a retry.
    expect(refused(await fx.call('payin.forgetStoredCard', { ccStorageID: 'CS-NOT-THERE' })).kind).toBe(
      'not_found',
    );
    expect(refused(await fx.call('payin.forgetStoredCard', { ccStorageID: 'CS-NOT-THERE' })).kind).toBe(
      'not_found',
    );
    expect(ana.id).toBe('ana.agent');
  });

  it('a request does not outlive the person who made it: the next operator cannot use it', async () => {
    const fx = await desk();
    const sam = fx.operator!;
    await fx.data('operators.setLimit', {
      scope: { kind: 'role', role: 'agent' },
      currency: 'EUR',
      amount: '10',
    });
    await addAgent(fx, ANA);
    const asked = refused(
      await fx.call('payin.submit', { version: 'v2', fields: v2Fields({ amount: '11' }) }),
    );
    await fx.data('session.signOut');
    await signIn(fx.call, sam);
    expect(refused(await grant(fx, asked.approval!.id, sam))).toMatchObject({ kind: 'not_found' });
  });
});

describe('what waits and what does not', () => {
  it('a production profile waits; a sandbox one and every read do not', async () => {
    const fx = await desk();
    await fx.data('profiles.save', {
      id: 'live',
      name: 'Live',
      environment: 'production',
      baseUrl: 'https://127.0.0.1:9',
      kycBaseUrl: 'https://127.0.0.1:9',
      merchantId: 900001,
    });
    const asked = refused(await fx.call('profiles.activate', { id: 'live' }));
    expect(asked.approval).toMatchObject({ action: 'profile.production' });
    expect(asked.approval!.summary).toContain('"Live"');
    expect(fx.paydesk.settings.activeProfile().id).toBe('sandbox');
    await grant(fx, asked.approval!.id, fx.operator!);
    expect(await fx.call('profiles.activate', { id: 'live' })).toMatchObject({ ok: true });
    expect(fx.paydesk.settings.activeProfile().id).toBe('live');
    expect(await fx.call('profiles.activate', { id: 'sandbox' })).toMatchObject({ ok: true });
    expect(await fx.call('history.query', {})).toMatchObject({ ok: true });
  });

  it('adding an operator and setting a limit wait, and nothing changes before the approval', async () => {
    const fx = await desk();
    const add = {
      id: 'cat.agent',
      displayName: 'Cat',
      role: 'agent',
      temporaryPassphrase: 'temporary cat pass',
    };
    const asked = refused(await fx.call('operators.add', add));
    expect(asked.approval).toMatchObject({ action: 'operator.change' });
    expect(fx.paydesk.session.accounts().has('cat.agent')).toBe(false);
    for (const [channel, input] of [
      ['operators.setLimit', { scope: { kind: 'role', role: 'agent' }, currency: 'EUR', amount: '1' }],
    ] as const) {
      expect(refused(await fx.call(channel, input)).kind).toBe('approval_needed');
    }
    expect(await fx.data('operators.limits')).toEqual([]);
  });

  it("disabling, resetting or changing an operator's role waits, and the account is unchanged before the approval", async () => {
    const fx = await desk();
    const ana = await addAndSignIn(fx.call, ANA);
    await fx.data('session.signOut');
    await signIn(fx.call, fx.operator!);
    const before = fx.paydesk.session.accounts().get(ana.id);
    for (const [channel, input] of [
      ['operators.setEnabled', { id: ana.id, enabled: false }],
      ['operators.setRole', { id: ana.id, role: 'reviewer' }],
      ['operators.reset', { id: ana.id, temporaryPassphrase: 'temporary ana pass 2' }],
    ] as const) {
      const asked = refused(await fx.call(channel, input));
      expect(asked.kind, channel).toBe('approval_needed');
      expect(asked.approval, channel).toMatchObject({ action: 'operator.change' });
    }
    expect(fx.paydesk.session.accounts().get(ana.id)).toEqual(before);
    // Ana's own passphrase and code still open her account: nothing was reset or disabled.
    await fx.data('session.signOut');
    await signIn(fx.call, ana);
    expect(await fx.data('session.status')).toMatchObject({ kind: 'signed-in', operator: { role: 'agent' } });
  });
});

async function addAgentAs(fx: Fixture, supervisor: TestOperator, operator: typeof ANA) {
  await signIn(fx.call, supervisor);
  return addAgent(fx, operator);
}
