// The account store damaged on a team desk (issue 31, "bad input"): in team mode with the team's accounts on,
// the desk's sealed operators.json is only its copy of them. Damaged while PostgreSQL answers, the desk
// rebuilds it from the team at start (the damaged file set aside, the rebuild audited) and starts to the
// ordinary sign-in, where a team operator signs in. Damaged while PostgreSQL is down, it starts to today's
// damaged-store screen and refuses every sign-in: it never starts unlocked.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SessionState } from '@shared/operators';
import { describe, expect, it } from 'vitest';
import { createMemoryVault } from '../../src/main/credentials/memory-vault';
import { ACCOUNTS_FILE } from '../../src/main/operators/account-store';
import { auditEvents } from '../support/app/audit-events';
import type { Fixture } from '../support/app/paydesk-fixture';
import { completeEnrolment, nextCode, type TestOperator } from '../support/app/sign-in';
import { startTeamDesk, teamForThisFile, waitUntil } from '../support/team/team-desk';
import { tempFolderForFile } from '../support/temp-folder';

const setup = teamForThisFile();
const FRONT_DIR = tempFolderForFile('paydesk-front-');

const AGENT = {
  id: 'ana.copy',
  displayName: 'Ana Copy',
  passphrase: 'ana copy passphrase',
  role: 'agent',
} as const;

/** Flips bytes in the middle of the sealed file: still JSON-shaped text, no longer what was sealed. */
function damage(file: string): void {
  const bytes = readFileSync(file);
  const middle = Math.floor(bytes.length / 2);
  for (let at = middle; at < middle + 4; at++) bytes[at] = bytes[at] === 0x41 ? 0x42 : 0x41;
  writeFileSync(file, bytes);
}

async function status(fx: Fixture): Promise<SessionState> {
  return fx.paydesk.session.status();
}

async function withDesk<T>(started: Promise<Fixture>, work: (fx: Fixture) => Promise<T>): Promise<T> {
  const fx = await started;
  try {
    return await work(fx);
  } finally {
    await fx.close();
  }
}

describe("a team desk's damaged copy of the team's accounts", () => {
  it('is rebuilt from the team while PostgreSQL answers, and shuts the desk while it does not', async () => {
    const leadRole = await setup.team.addDesk('desk_lead');
    await setup.team.grantSupervisor('desk_lead');
    await setup.team.turnOnTeamAccounts();
    const lead = await setup.desks.start(leadRole, 'Lena', 'Lead');
    await lead.data('operators.add', {
      id: AGENT.id,
      displayName: AGENT.displayName,
      role: AGENT.role,
      temporaryPassphrase: 'temporary ana pass',
    });
    const frontRole = await setup.team.addDesk('desk_front');
    const kept = { dataDir: FRONT_DIR, vault: createMemoryVault() };
    const file = join(kept.dataDir, ACCOUNTS_FILE);
    const front = () => startTeamDesk(frontRole, 'Front', 'Front', { signIn: false, kept });

    // The agent enrols at the front desk: its copy has her account, sealed under the desk's key.
    const agent: TestOperator = await withDesk(front(), async (fx) => {
      await waitUntil('the front desk has her account', () => fx.paydesk.session.accounts().has(AGENT.id));
      await fx.data('session.signIn', { operatorId: AGENT.id, passphrase: 'temporary ana pass' });
      return completeEnrolment(fx.call, { ...AGENT });
    });

    // Damaged while the desk is off; PostgreSQL answers at the next start.
    damage(file);
    await withDesk(front(), async (fx) => {
      await waitUntil(
        'the front desk rebuilt its copy',
        async () => (await status(fx)).kind === 'signed-out',
      );
      expect(auditEvents(fx)).toContainEqual(
        expect.objectContaining({
          event: 'operator.accounts_rebuilt',
          operator: 'desk',
          detail: expect.objectContaining({ from: 'team', found: 'changed', operators: 2 }),
        }),
      );
      const rebuilt = auditEvents(fx).find((entry) => entry.event === 'operator.accounts_rebuilt');
      const keptAs = String(rebuilt?.detail.keptAs);
      expect(keptAs).toMatch(/^damaged\/operators-.*\.json$/);
      expect(existsSync(join(kept.dataDir, keptAs))).toBe(true);
      const signedIn = await fx.data('session.signIn', {
        operatorId: AGENT.id,
        passphrase: AGENT.passphrase,
        code: await nextCode(agent.secret!),
      });
      expect(signedIn).toMatchObject({ kind: 'signed-in', operator: { id: AGENT.id, role: 'agent' } });
    });

    // Deleted while its key is in the keychain (damage, not a first start): rebuilt too, nothing to set aside.
    rmSync(file);
    await withDesk(front(), async (fx) => {
      await waitUntil(
        'the front desk rebuilt its copy',
        async () => (await status(fx)).kind === 'signed-out',
      );
      const rebuilt = auditEvents(fx).filter((entry) => entry.event === 'operator.accounts_rebuilt');
      expect(rebuilt.map((entry) => entry.detail.found)).toEqual(['changed', 'file missing']);
      expect(rebuilt[1]?.detail.keptAs).toBeUndefined();
      expect(fx.paydesk.session.accounts().get(AGENT.id)?.totp).not.toBeNull();
    });

    // Damaged again, and PostgreSQL down: the damaged-store screen, and nobody signs in.
    damage(file);
    await setup.cluster.stop();
    try {
      await withDesk(front(), async (fx) => {
        expect(await status(fx)).toMatchObject({ kind: 'damaged' });
        const refused = await fx.call('session.signIn', {
          operatorId: AGENT.id,
          passphrase: AGENT.passphrase,
          code: await nextCode(agent.secret!),
        });
        expect(refused).toMatchObject({ ok: false, error: { kind: 'locked' } });
        expect(await status(fx)).toMatchObject({ kind: 'damaged' });
        expect(await fx.call('history.get', { id: 1 })).toMatchObject({
          ok: false,
          error: { kind: 'locked' },
        });
        const rebuilds = auditEvents(fx).filter((entry) => entry.event === 'operator.accounts_rebuilt');
        expect(rebuilds).toHaveLength(2);
      });
    } finally {
      await setup.cluster.start();
    }
  });
});
