// One identity on every desk (issue 31 item 7), through the whole app on a real cluster: a team lead's
// desk (the supervisor grant) seeds the team with its accounts and adds an agent; the agent enrols at one
// desk and signs in at another with the same id, passphrase and code; disabling the account at the lead's
// desk signs the agent out on both, heard through LISTEN (the periodic read is every 30 s); and a desk's
// ordinary login cannot change the team's accounts, even for a supervisor signed in there; and ten wrong
// sign-ins spread over two desks lock the account at both.
import type { SessionState } from '@shared/operators';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { auditEvents } from '../support/app/audit-events';
import type { Fixture } from '../support/app/paydesk-fixture';
import { completeEnrolment, nextCode, signIn, type TestOperator, withApproval } from '../support/app/sign-in';
import { teamForThisFile, waitUntil } from '../support/team/team-desk';

const setup = teamForThisFile();

const AGENT = {
  id: 'ana.team',
  displayName: 'Ana Team',
  passphrase: 'ana team passphrase',
  role: 'agent',
} as const;

async function state(fx: Fixture): Promise<SessionState> {
  return fx.paydesk.session.status();
}

async function teamOperators(): Promise<{ operator_id: string; enabled: boolean }[]> {
  const owner = new pg.Client(setup.team.owner);
  await owner.connect();
  try {
    const { rows } = await owner.query(
      'SELECT operator_id, enabled FROM paydesk.team_operators ORDER BY operator_id',
    );
    return rows;
  } finally {
    await owner.end();
  }
}

/** A desk of the team, started signed out, once it has read the team's accounts. */
async function joiningDesk(role: string, name: string): Promise<Fixture> {
  const fx = await setup.desks.start(await setup.team.addDesk(role), name, name, { signIn: false });
  await waitUntil(
    `${name} has read the team's accounts`,
    async () => (await state(fx)).kind === 'signed-out',
  );
  return fx;
}

describe("the team's accounts on every desk", () => {
  it('one agent enrols at one desk, signs in at another, and is signed out on both when disabled', async () => {
    const leadRole = await setup.team.addDesk('desk_lead');
    await setup.team.grantSupervisor('desk_lead');
    const lead = await setup.desks.start(leadRole, 'Lena', 'Lead');
    // Until an administrator turns the team's accounts on, each desk keeps its own.
    await lead.data('session.status');
    expect(await teamOperators()).toEqual([]);
    await setup.team.turnOnTeamAccounts();
    await waitUntil('the lead desk seeded the team', async () =>
      (await teamOperators()).some((row) => row.operator_id === 'lena'),
    );
    expect(auditEvents(lead).map((entry) => entry.event)).toContain('operator.team_seeded');
    await lead.data('operators.add', {
      id: AGENT.id,
      displayName: AGENT.displayName,
      role: AGENT.role,
      temporaryPassphrase: 'temporary ana pass',
    });
    expect((await teamOperators()).map((row) => row.operator_id)).toEqual(['ana.team', 'lena']);

    // Enrolled at desk A: the passphrase she chose and her authenticator go to the team.
    const deskA = await joiningDesk('desk_team_a', 'Front A');
    await deskA.data('session.signIn', { operatorId: AGENT.id, passphrase: 'temporary ana pass' });
    // A change in the team while she enrols (a limit) reaches desk A and leaves her enrolment alone.
    await lead.data('operators.setLimit', {
      scope: { kind: 'role', role: 'agent' },
      currency: 'EUR',
      amount: '500.00',
    });
    await waitUntil('desk A has the new limit', () =>
      deskA.paydesk.session.limits().some((limit) => limit.amount === '500.00'),
    );
    const agent: TestOperator = await completeEnrolment(deskA.call, { ...AGENT });
    const atA = await state(deskA);
    expect(atA).toMatchObject({ kind: 'signed-in', operator: { id: AGENT.id, role: 'agent' } });
    expect(atA.kind === 'signed-in' && atA.offline).toBeFalsy();

    // Desk B never saw her enrol: the same id, passphrase and code sign her in there.
    const deskB = await joiningDesk('desk_team_b', 'Front B');
    await waitUntil('desk B has her authenticator', () => {
      const account = deskB.paydesk.session.accounts().get(AGENT.id);
      return account?.totp !== null && account?.temporaryPassphrase === false;
    });
    const code = await nextCode(agent.secret!);
    const atB = await deskB.data('session.signIn', {
      operatorId: AGENT.id,
      passphrase: AGENT.passphrase,
      code,
    });
    expect(atB).toMatchObject({ kind: 'signed-in', operator: { id: AGENT.id } });
    // A code is taken once across the team: the one desk B took does not sign her in at desk A (which
    // never saw it), and counts there as a wrong attempt.
    await deskA.data('session.signOut');
    const replayed = await deskA.call('session.signIn', {
      operatorId: AGENT.id,
      passphrase: AGENT.passphrase,
      code,
    });
    expect(replayed).toMatchObject({ ok: false, error: { kind: 'invalid' } });
    expect(auditEvents(deskA)).toContainEqual(
      expect.objectContaining({
        event: 'session.sign_in_refused',
        detail: expect.objectContaining({ reason: 'code used before' }),
      }),
    );
    await signIn(deskA.call, agent);

    // Disabled at the lead's desk: both desks sign her out without her making a call.
    await lead.data('operators.setEnabled', { id: AGENT.id, enabled: false });
    await waitUntil(
      'both desks signed the disabled agent out',
      async () => (await state(deskA)).kind === 'signed-out' && (await state(deskB)).kind === 'signed-out',
      10_000,
    );
    for (const desk of [deskA, deskB]) {
      expect(auditEvents(desk)).toContainEqual(
        expect.objectContaining({
          event: 'session.signed_out',
          operator: AGENT.id,
          detail: { reason: 'account changed in the team' },
        }),
      );
      expect(await desk.call('history.get', { id: 1 })).toMatchObject({
        ok: false,
        error: { kind: 'locked' },
      });
    }
    // And she cannot sign in again anywhere.
    const refused = await deskB.call('session.signIn', {
      operatorId: AGENT.id,
      passphrase: AGENT.passphrase,
      code: '123456',
    });
    expect(refused).toMatchObject({ ok: false, error: { kind: 'invalid' } });

    // A desk's ordinary login cannot change the team's accounts, even for the team's supervisor there.
    const before = await teamOperators();
    const front = deskA;
    // Lena, the team's supervisor, signs in at the front desk with what her phone shows since the lead's desk.
    const lena = lead.operator;
    if (!lena) throw new Error('the lead desk has no supervisor');
    await signIn(front.call, lena);
    const added = await withApproval(front.call, 'operators.add', {
      id: 'mallory.x',
      displayName: 'Mallory',
      role: 'supervisor',
      temporaryPassphrase: 'temporary mallory pass',
    });
    expect(added).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    expect(!added.ok && added.error.message).toContain('supervisor grant');
    expect(front.paydesk.session.accounts().has('mallory.x')).toBe(false);
    expect(await teamOperators()).toEqual(before);

    // Wrong sign-ins count across the team: five at each front desk lock Lena's account at both (and a
    // desk that never saw a wrong attempt refuses her right passphrase and code too).
    await front.data('session.signOut');
    for (let attempt = 1; attempt <= 10; attempt++) {
      const wrong = await (attempt % 2 ? deskA : deskB).call('session.signIn', {
        operatorId: lena.id,
        passphrase: 'not her passphrase at all',
        code: '000000',
      });
      expect(wrong).toMatchObject({ ok: false, error: { kind: 'invalid' } });
    }
    expect(auditEvents(deskB)).toContainEqual(
      expect.objectContaining({
        event: 'session.account_locked',
        operator: lena.id,
        detail: expect.objectContaining({ acrossTeam: true }),
      }),
    );
    const lenaCode = await nextCode(lena.secret!);
    for (const desk of [deskA, deskB]) {
      const locked = await desk.call('session.signIn', {
        operatorId: lena.id,
        passphrase: lena.passphrase,
        code: lenaCode,
      });
      expect(locked).toMatchObject({ ok: false, error: { kind: 'locked' } });
    }
  });
});
