// A supervisor resets an operator while that operator is midway through an enrolment begun at another
// desk (issue 31, PCI DSS 8.3.5), through the whole app on a real cluster: the enrolment begun before the
// reset is refused when it completes (team migration 9), nothing of it is written to the team or to the
// desk's copy, the desk says why on its sign-in screen, and a fresh enrolment with the new one-time
// passphrase is taken.
import type { SessionState } from '@shared/operators';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { auditEvents } from '../support/app/audit-events';
import { completeEnrolment, nextCode, signIn } from '../support/app/sign-in';
import { teamForThisFile, waitUntil } from '../support/team/team-desk';

const setup = teamForThisFile();

const AGENT = {
  id: 'rita.reset',
  displayName: 'Rita Reset',
  passphrase: 'rita chose this one',
  role: 'agent',
} as const;

interface TeamRow {
  passphrase_hash: string;
  temporary_passphrase: boolean;
  totp_secret: string | null;
  changed_at: Date;
}

async function teamRow(id: string): Promise<TeamRow | undefined> {
  const owner = new pg.Client(setup.team.owner);
  await owner.connect();
  try {
    const { rows } = await owner.query<TeamRow>(
      `SELECT passphrase_hash, temporary_passphrase, totp_secret, changed_at FROM paydesk.team_operators
       WHERE operator_id = $1`,
      [id],
    );
    return rows[0];
  } finally {
    await owner.end();
  }
}

describe('a reset while the operator enrols at another desk', () => {
  it('refuses the enrolment begun before it, writes nothing, and takes a fresh one', async () => {
    const leadRole = await setup.team.addDesk('desk_lead');
    await setup.team.grantSupervisor('desk_lead');
    await setup.team.turnOnTeamAccounts();
    const lead = await setup.desks.start(leadRole, 'Lena', 'Lead');
    await waitUntil('the lead desk seeded the team', async () => (await teamRow('lena')) !== undefined);
    await lead.data('operators.add', {
      id: AGENT.id,
      displayName: AGENT.displayName,
      role: AGENT.role,
      temporaryPassphrase: 'first one-time pass',
    });
    const deskA = await setup.desks.start(await setup.team.addDesk('desk_front'), 'Front', 'Front', {
      signIn: false,
    });
    await waitUntil('desk A has the agent', () => deskA.paydesk.session.accounts().has(AGENT.id));

    // Desk A: she signs in with the first one-time passphrase; the enrolment starts there.
    const started = await deskA.data('session.signIn', {
      operatorId: AGENT.id,
      passphrase: 'first one-time pass',
    });
    expect(started.kind).toBe('enrolling');
    const enrolment = started.kind === 'enrolling' ? started.enrolment : undefined;

    // The supervisor's desk resets her meanwhile (the first passphrase leaked, say).
    await lead.data('operators.reset', { id: AGENT.id, temporaryPassphrase: 'second one-time pass' });
    const afterReset = await teamRow(AGENT.id);
    expect(afterReset).toMatchObject({ temporary_passphrase: true, totp_secret: null });

    // Desk A completes the enrolment begun before the reset: refused, and nothing written anywhere.
    const completed = await deskA.call('session.completeEnrolment', {
      passphrase: AGENT.passphrase,
      code: await nextCode(enrolment!.secret),
    });
    expect(completed).toMatchObject({
      ok: false,
      error: { kind: 'conflict', words: { key: 'refusal.team.enrolReset' } },
    });
    expect(await teamRow(AGENT.id)).toEqual(afterReset);
    const copy = deskA.paydesk.session.accounts().get(AGENT.id);
    expect(copy).toMatchObject({ passphraseHash: afterReset!.passphrase_hash, totp: null });
    expect(await deskA.data('session.status')).toEqual({
      kind: 'signed-out',
      enrolmentEnded: 'reset',
    } satisfies SessionState);
    expect(auditEvents(deskA)).toContainEqual(
      expect.objectContaining({
        event: 'session.enrolment_refused',
        operator: AGENT.id,
        detail: { reason: 'account reset since the enrolment started' },
      }),
    );
    expect(auditEvents(deskA).map((entry) => entry.event)).not.toContain('operator.enrolled');
    // Neither one-time passphrase is hers now, nor is what she chose then: the old one is refused.
    const old = await deskA.call('session.signIn', {
      operatorId: AGENT.id,
      passphrase: 'first one-time pass',
    });
    expect(old).toMatchObject({ ok: false, error: { kind: 'invalid' } });

    // A fresh enrolment from the new one-time passphrase is taken, at the team and on the desk.
    const again = await deskA.data('session.signIn', {
      operatorId: AGENT.id,
      passphrase: 'second one-time pass',
    });
    expect(again.kind).toBe('enrolling');
    const agent = await completeEnrolment(deskA.call, { ...AGENT });
    expect(await deskA.data('session.status')).toMatchObject({
      kind: 'signed-in',
      operator: { id: AGENT.id },
    });
    expect(await teamRow(AGENT.id)).toMatchObject({ temporary_passphrase: false });
    expect((await teamRow(AGENT.id))?.totp_secret).toMatch(/^tk1:/);
    // The lead's desk hears it and signs her in with what she chose and her new authenticator.
    await waitUntil('the lead desk has her authenticator', () => {
      const account = lead.paydesk.session.accounts().get(AGENT.id);
      return account?.totp !== null && account?.temporaryPassphrase === false;
    });
    await lead.data('session.signOut');
    expect(await signIn(lead.call, agent)).toMatchObject({ kind: 'signed-in', operator: { id: AGENT.id } });
  });
});
