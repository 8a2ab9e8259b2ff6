// Issue 31, item 3, for what main pushes rather than what it answers: a pay-in's change (its masked card,
// amount, bank page) reaches only an operator who may read that row — its own agent, or a role with
// `history.all` — and no one while the desk is signed out; KYC progress only a role with `kyc.send`. Through
// the real core: the embedded sandbox's 3-D Secure page completed over loopback HTTP, its signed
// notification settling the row while another person is signed in.
import type { PayInResult } from '@shared/ipc';
import { ipcEventAccess, ipcEvents } from '@shared/ipc';
import { PERMISSIONS } from '@shared/operators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gateEvents } from '../../src/main/ipc/event-gate';
import { type Fixture, startFixture, submitFirstForm, v2Fields } from '../support/app/paydesk-fixture';
import { addAndSignIn, signIn, type TestOperator } from '../support/app/sign-in';

const THREE_DS_CARD = '4000000000003220';

let fx: Fixture;
const people = new Map<string, TestOperator>();
beforeAll(async () => {
  fx = await startFixture();
  for (const [id, role] of [
    ['ana.agent', 'agent'],
    ['ben.agent', 'agent'],
    ['rita.reviewer', 'reviewer'],
    ['carla.compliance', 'compliance'],
  ] as const) {
    people.set(
      id,
      await addAndSignIn(fx.call, { id, displayName: id, passphrase: `${id} passphrase 1`, role }),
    );
    await fx.data('session.signOut');
    await signIn(fx.call, fx.operator!);
  }
});
afterAll(() => fx.close());

async function as(id: string): Promise<void> {
  await fx.data('session.signOut');
  await signIn(fx.call, people.get(id)!);
}

/** Ana starts a 3-D Secure pay-in; its page is left for the customer to complete later. */
async function anasPayIn(): Promise<PayInResult> {
  await as('ana.agent');
  const started = await fx.data('payin.submit', {
    version: 'v2',
    fields: v2Fields({ cardNumber: THREE_DS_CARD }),
  });
  expect(started.status).toBe('action_required');
  return started;
}

/** The customer completes the challenge; the gateway's notification settles the row. What did the window get? */
async function settledWhile(started: PayInResult): Promise<PayInResult[]> {
  const from = fx.events.length;
  const page = await fetch(started.bankPage!.url);
  const acs = await submitFirstForm(await page.text(), started.bankPage!.url);
  await submitFirstForm(await acs.text(), acs.url || fx.paydesk.sandbox.url, { code: '1234' });
  await fx.waitForStatus(started.historyId, 'approved');
  return fx.events
    .slice(from)
    .filter(({ event }) => event === 'payin.changed')
    .flatMap(({ payload }) => payload as PayInResult[])
    .filter((result) => result.historyId === started.historyId);
}

describe("a pay-in's change", () => {
  it('reaches its own agent', async () => {
    const started = await anasPayIn();
    const heard = await settledWhile(started);
    expect(heard.map((result) => result.status)).toContain('approved');
  });

  it('does not reach another agent signed in at the desk, nor a compliance officer', async () => {
    for (const id of ['ben.agent', 'carla.compliance']) {
      const started = await anasPayIn();
      await as(id);
      expect(await settledWhile(started), id).toEqual([]);
    }
  });

  it('reaches a reviewer and a supervisor, who may read every row', async () => {
    const started = await anasPayIn();
    await as('rita.reviewer');
    expect((await settledWhile(started)).map((result) => result.status)).toContain('approved');
    const next = await anasPayIn();
    await fx.data('session.signOut');
    await signIn(fx.call, fx.operator!);
    expect((await settledWhile(next)).map((result) => result.status)).toContain('approved');
  });

  it('reaches no one while the desk is signed out, but the session change does', async () => {
    const started = await anasPayIn();
    const from = fx.events.length;
    await fx.data('session.signOut');
    expect(fx.events.slice(from).map(({ event }) => event)).toContain('session.changed');
    expect(await settledWhile(started)).toEqual([]);
    // Read again after the next sign-in, as the renderer does: the row is there, settled.
    await as('ana.agent');
    expect((await fx.data('history.get', { id: started.historyId })).row.status).toBe('approved');
  });
});

describe('every event', () => {
  it('declares who hears it', () => {
    const known = new Set<string>([...PERMISSIONS, 'signed-in', 'anyone', 'own-rows']);
    expect(Object.keys(ipcEventAccess).sort()).toEqual(Object.keys(ipcEvents).sort());
    for (const [event, access] of Object.entries(ipcEventAccess))
      expect(known.has(access), `${event}: ${access}`).toBe(true);
  });

  it('goes out by its access, for each kind of listener', () => {
    const sent: string[] = [];
    const listener = (permissions: string[] | 'locked', me = 'ana') => ({
      hears: (access: string) =>
        permissions !== 'locked' && (access === 'signed-in' || permissions.includes(access)),
      signedInId: () => (permissions === 'locked' ? undefined : me),
    });
    let session: ReturnType<typeof listener> | undefined;
    const emit = gateEvents((event) => sent.push(event), {
      session: () => session,
      ownerOf: () => 'ana',
    });
    const progress = { batchId: 'b' } as never;
    const send = () => {
      sent.length = 0;
      emit('kyc.progress', progress);
      emit('history.auditChanged', {} as never);
      emit('session.changed', {} as never);
      return [...sent];
    };
    session = undefined;
    expect(send()).toEqual(['session.changed']);
    session = listener('locked');
    expect(send()).toEqual(['session.changed']);
    session = listener(['payin.send', 'history.own']);
    expect(send()).toEqual(['history.auditChanged', 'session.changed']);
    session = listener(['kyc.send', 'history.own']);
    expect(send()).toEqual(['kyc.progress', 'history.auditChanged', 'session.changed']);
  });
});
