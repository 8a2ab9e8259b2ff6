// A supervisor's own roles (issue 31 item 3: "a supervisor can copy a role and change it"), through the real
// app: a copy of a built-in role with a permission added grants it to its operators, a change to it counts
// at their next call, the built-in roles stay as they are, an unknown role is refused, and the roles are kept
// sealed with the accounts across a restart. Each save waits for a supervisor's approval (the fixture's
// supervisor, the desk's only one, gives it).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IpcResult } from '@shared/ipc';
import { BUILT_IN_ROLES } from '@shared/operators';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryVault } from '../../src/main/credentials/memory-vault';
import { auditEvents } from '../support/app/audit-events';
import { type Fixture, startFixture } from '../support/app/paydesk-fixture';
import { addAndSignIn, signIn } from '../support/app/sign-in';

const fixtures: Fixture[] = [];
const folders: string[] = [];
afterEach(async () => {
  for (const fx of fixtures.splice(0)) await fx.close();
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function kindOf(result: IpcResult<unknown>): string {
  return result.ok ? 'ok' : result.error.kind;
}

describe("a supervisor's own roles", () => {
  it('a copy of Agent that may check the audit trail grants it, and a change counts at the next call', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'paydesk-roles-'));
    folders.push(dataDir);
    const vault = createMemoryVault();
    const fx = await startFixture({ dataDir, vault });
    fixtures.push(fx);
    const sam = fx.operator!;

    // The save waits for an approval, and nothing is saved before it.
    const senior = {
      id: 'senior-agent',
      label: 'Senior agent',
      permissions: [...BUILT_IN_ROLES.agent, 'history.verify' as const],
      basedOn: 'agent',
    };
    expect(await fx.call('roles.save', senior)).toMatchObject({
      ok: false,
      error: { kind: 'approval_needed', approval: { action: 'operator.change' } },
    });
    expect((await fx.data('roles.list')).map((role) => role.id)).toEqual([
      'agent',
      'compliance',
      'reviewer',
      'supervisor',
    ]);
    const saved = await fx.data('roles.save', senior);
    expect(saved.find((role) => role.id === 'senior-agent')).toEqual({
      id: 'senior-agent',
      label: 'Senior agent',
      permissions: ['payin.send', 'payin.removeCard', 'receipt.issue', 'history.own', 'history.verify'],
      builtIn: false,
      basedOn: 'agent',
    });

    const bea = await addAndSignIn(fx.call, {
      id: 'bea.senior',
      displayName: 'Bea Senior',
      passphrase: 'senior passphrase 1',
      role: 'senior-agent',
    });
    expect(await fx.data('session.status')).toMatchObject({
      kind: 'signed-in',
      operator: {
        role: 'senior-agent',
        roleLabel: 'Senior agent',
        permissions: expect.arrayContaining(['history.verify']),
      },
    });
    expect(kindOf(await fx.call('history.verify'))).toBe('ok');
    expect(kindOf(await fx.call('operators.list'))).toBe('forbidden');

    // The supervisor takes the permission away again: Bea's next call is refused.
    await fx.data('session.signOut');
    await signIn(fx.call, sam);
    await fx.data('roles.save', { ...senior, permissions: [...BUILT_IN_ROLES.agent] });
    await fx.data('session.signOut');
    await signIn(fx.call, bea);
    expect(kindOf(await fx.call('history.verify'))).toBe('forbidden');

    const trail = auditEvents(fx).filter((entry) => entry.event.startsWith('role.'));
    expect(trail.map((entry) => [entry.event, entry.operator])).toEqual([
      ['role.created', sam.id],
      ['role.changed', sam.id],
    ]);
    expect(trail[1]!.detail).toMatchObject({ before: senior.permissions });

    // Kept with the accounts, sealed: after a restart the role and its operator are still there.
    await fx.close();
    fixtures.splice(0);
    const again = await startFixture({ dataDir, vault });
    fixtures.push(again);
    await signIn(again.call, sam);
    expect((await again.data('roles.list')).find((role) => role.id === 'senior-agent')).toMatchObject({
      label: 'Senior agent',
      permissions: [...BUILT_IN_ROLES.agent],
    });
  });

  it('the built-in roles stay as they are; a new role is a copy; an unknown role is refused, nothing changed', async () => {
    const fx = await startFixture();
    fixtures.push(fx);
    expect(
      await fx.call('roles.save', { id: 'agent', label: 'Agent', permissions: ['settings.manage'] }),
    ).toMatchObject({ ok: false, error: { kind: 'invalid', field: 'id' } });
    expect(await fx.call('roles.save', { id: 'night-shift', label: 'Night', permissions: [] })).toMatchObject(
      {
        ok: false,
        error: { kind: 'approval_needed' },
      },
    );
    await expect(
      fx.data('roles.save', { id: 'night-shift', label: 'Night', permissions: [] }),
    ).rejects.toThrow(/copy of another/);
    await expect(
      fx.data('operators.add', {
        id: 'nobody.role',
        displayName: 'No Role',
        role: 'no-such-role',
        temporaryPassphrase: 'temporary pass 123',
      }),
    ).rejects.toThrow(/no role no-such-role/);
    expect(fx.paydesk.session.accounts().has('nobody.role')).toBe(false);
    expect(fx.paydesk.session.roles.permissionsOf('agent')).toEqual(BUILT_IN_ROLES.agent);
  });
});
