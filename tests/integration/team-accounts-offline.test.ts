// A team desk that cannot reach PostgreSQL signs in from its last copy of the team's accounts and says it
// is offline (issue 31 item 7): the session's `offline` flag, which the top bar shows. A supervisor's change
// waits for the database (the team's accounts are changed there only); once it is back, the next sign-in is
// proved against the team again and the flag goes.
import type { SessionState } from '@shared/operators';
import { describe, expect, it } from 'vitest';
import { signIn, withApproval } from '../support/app/sign-in';
import { teamForThisFile, waitUntil } from '../support/team/team-desk';

const setup = teamForThisFile();

const offlineOf = (state: SessionState) => (state.kind === 'signed-in' ? state.offline : 'not signed in');

describe('PostgreSQL down during a sign-in', () => {
  it("signs in from the desk's copy, says so, refuses account changes, and is online again once it is back", async () => {
    const leadRole = await setup.team.addDesk('desk_lead');
    await setup.team.grantSupervisor('desk_lead');
    await setup.team.turnOnTeamAccounts();
    const lead = await setup.desks.start(leadRole, 'Lena', 'Lead');
    const lena = lead.operator;
    if (!lena) throw new Error('the lead desk has no supervisor');
    const front = await setup.desks.start(await setup.team.addDesk('desk_front'), 'Front', 'Front', {
      signIn: false,
    });
    await waitUntil('the front desk has the team’s accounts', async () =>
      front.paydesk.session.accounts().has('lena'),
    );
    expect(offlineOf(await signIn(front.call, lena))).toBeUndefined();
    await front.data('session.signOut');

    await setup.cluster.stop();
    try {
      const offline = await signIn(front.call, lena);
      expect(offline).toMatchObject({ kind: 'signed-in', operator: { id: 'lena', role: 'supervisor' } });
      expect(offlineOf(offline)).toBe(true);
      expect(offlineOf(await front.data('session.status'))).toBe(true);
      const change = await withApproval(front.call, 'operators.add', {
        id: 'omar.off',
        displayName: 'Omar',
        role: 'agent',
        temporaryPassphrase: 'temporary omar pass',
      });
      // Approved by Lena herself (proved offline too), it needs the team database, which is not there.
      expect(change).toMatchObject({ ok: false, error: { kind: 'conflict' } });
      expect(!change.ok && change.error.message).toContain('The team database cannot be reached');
      expect(front.paydesk.session.accounts().has('omar.off')).toBe(false);
      await front.data('session.signOut');
    } finally {
      await setup.cluster.start();
    }
    expect(offlineOf(await signIn(front.call, lena))).toBeUndefined();
  });
});
