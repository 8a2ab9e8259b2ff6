// The channel × role table: every channel of the contract declares what it needs, and main's gate answers
// each role accordingly — `forbidden` (audited) for a role without the permission, `locked` for nobody
// signed in, and the call goes on to the dispatcher otherwise. Each call carries an input no channel takes,
// so nothing behind the gate runs whatever the answer: the table is walked without side effects.
import { type IpcError, ipcChannels, ipcFileChannels } from '@shared/ipc';
import { BUILT_IN_ROLES, type ChannelAccess, PERMISSIONS, ROLE_IDS } from '@shared/operators';

type RoleId = (typeof ROLE_IDS)[number];

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wordsIn } from '../../src/main/i18n/words';
import de from '../../src/shared/i18n/catalogs/de.json';
import type { MessageKey } from '../../src/shared/i18n/messages';
import { auditEvents } from '../support/app/audit-events';
import { type Fixture, startFixture } from '../support/app/paydesk-fixture';
import { expectWords } from '../support/app/refusal';
import { addAndSignIn, signIn, type TestOperator } from '../support/app/sign-in';

const CONTRACT: Record<string, { access: ChannelAccess }> = { ...ipcChannels, ...ipcFileChannels };
const PROBE = { __noChannelTakesThis: true };

let fx: Fixture;
const operators = new Map<RoleId, TestOperator>();
beforeAll(async () => {
  fx = await startFixture();
  operators.set('supervisor', fx.operator!);
  for (const role of ROLE_IDS.filter((id) => id !== 'supervisor')) {
    operators.set(
      role,
      await addAndSignIn(fx.call, {
        id: `${role}.one`,
        displayName: `${role} one`,
        passphrase: `${role} passphrase 1`,
        role,
      }),
    );
    await fx.data('session.signOut');
    await signIn(fx.call, fx.operator!);
  }
});
afterAll(() => fx.close());

function allowed(role: RoleId, access: ChannelAccess): boolean {
  return access === 'anyone' || access === 'signed-in' || BUILT_IN_ROLES[role].includes(access);
}

async function callAs(channel: string): Promise<{ ok: boolean; error?: IpcError }> {
  return channel in ipcFileChannels ? fx.paydesk.dispatchFile(channel, PROBE) : fx.call(channel, PROBE);
}

describe('every channel of the contract', () => {
  it('declares a permission, or that any signed-in operator or anyone may call it', () => {
    const known = new Set<string>([...PERMISSIONS, 'signed-in', 'anyone']);
    for (const [channel, { access }] of Object.entries(CONTRACT)) {
      expect(known.has(access), `${channel} declares ${String(access)}`).toBe(true);
    }
    // Only the sign-in screen's own calls are open to anyone.
    expect(
      Object.entries(CONTRACT)
        .filter(([, { access }]) => access === 'anyone')
        .map(([channel]) => channel)
        .sort(),
    ).toEqual([
      'app.info',
      // The sign-in screen speaks the desk's language.
      'language.get',
      'session.completeEnrolment',
      'session.createFirstSupervisor',
      'session.signIn',
      'session.signOut',
      'session.status',
    ]);
  });

  it.each(ROLE_IDS)('is answered to the %s role as its permissions say', async (role) => {
    await fx.data('session.signOut');
    await signIn(fx.call, operators.get(role)!);
    const table: string[] = [];
    for (const [channel, { access }] of Object.entries(CONTRACT)) {
      const answer = await callAs(channel);
      const forbidden = !answer.ok && answer.error?.kind === 'forbidden';
      table.push(`${channel}: ${forbidden ? 'forbidden' : 'reached'}`);
      expect(forbidden, `${role} → ${channel} (${access})`).toBe(!allowed(role, access));
      // Reached: the dispatcher refused the probe input, so nothing ran.
      if (!forbidden) expect(answer, channel).toMatchObject({ ok: false, error: { kind: 'invalid' } });
    }
    expect(table.length).toBe(Object.keys(CONTRACT).length);
  });

  it('is answered `locked` to nobody signed in, except the sign-in screen’s own calls', async () => {
    await fx.data('session.signOut');
    for (const [channel, { access }] of Object.entries(CONTRACT)) {
      const answer = await callAs(channel);
      if (access === 'anyone')
        expect(answer, channel).toMatchObject({ ok: false, error: { kind: 'invalid' } });
      else expect(answer, channel).toMatchObject({ ok: false, error: { kind: 'locked' } });
      if (access !== 'anyone') expectWords(answer.error!, 'refusal.session.signInFirst');
    }
    await signIn(fx.call, fx.operator!);
  });

  it('leaves an audit entry for each refusal of a role, naming the operator and the channel', async () => {
    await fx.data('session.signOut');
    await signIn(fx.call, operators.get('compliance')!);
    const refused = await fx.call('payin.submit', PROBE);
    await fx.data('session.signOut');
    // The role and the permission by their names: English in main's message, the reader's on the page.
    if (refused.ok) throw new Error('compliance sent a pay-in');
    expectWords(refused.error, 'refusal.session.forbidden');
    expect(refused.error.message).toBe(
      'Your role (Compliance) does not allow this (Send pay-ins, ask again, follow bank pages). A supervisor can do it, or change your role.',
    );
    expect(refused.error.words).toMatchObject({
      roles: { role: 'compliance' },
      permissions: { permission: 'payin.send' },
    });
    const german = await wordsIn('de');
    // As the page names them (renderer/src/i18n/named-values.ts): by their codes, in its language.
    const named = {
      role: german('role.compliance'),
      permission: german('settings.roles.permission.payin.send'),
    };
    expect(german(refused.error.words!.key as MessageKey, named)).toBe(
      `Ihre Rolle (Compliance) erlaubt das nicht (${de['settings.roles.permission.payin.send']}). Ein Supervisor kann es tun oder Ihre Rolle ändern.`,
    );
    await signIn(fx.call, fx.operator!);
    expect(
      auditEvents(fx)
        .filter((entry) => entry.event === 'session.forbidden')
        .at(-1),
    ).toMatchObject({
      operator: 'compliance.one',
      resource: 'payin.submit',
      detail: { permission: 'payin.send' },
    });
  });
});
