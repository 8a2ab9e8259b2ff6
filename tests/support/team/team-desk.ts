// A whole Paydesk desk (the real core, tests/support/app) in team mode: a team connection in its settings
// and its role's password and the team key in its vault, as Settings → Team leaves them.
import { createMemoryVault } from '../../../src/main/credentials/memory-vault';
import { type Fixture, memoryStore, startFixture } from '../app/paydesk-fixture';
import type { DeskRoleConnection } from './postgres-cluster';

export const TEAM_KEY = '5a'.repeat(32);

export async function waitUntil(
  what: string,
  condition: () => boolean | Promise<boolean>,
  timeoutMs = 20_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export async function startTeamDesk(
  role: DeskRoleConnection,
  operatorName: string,
  deskName: string,
): Promise<Fixture> {
  const settingsStore = memoryStore();
  settingsStore.set('settings', {
    operatorName,
    team: { host: role.host, port: role.port, database: role.database, user: role.user, deskName },
  });
  const vault = createMemoryVault();
  await vault.setTeamItem('password', role.password);
  await vault.setTeamItem('key', TEAM_KEY);
  // The check's deadline is 300 ms in the app; here the question is what it says, not how fast, and a
  // busy test machine must not turn an answer into "skipped".
  return startFixture({ settingsStore, vault, teamTiming: { checkTimeoutMs: 10_000 } });
}

/** Waits until the desk's outbox is empty: everything it wrote is in the team database. */
export function drained(fx: Fixture): Promise<void> {
  return waitUntil('the desk has replicated everything', () => fx.paydesk.history.teamOutbox.pending() === 0);
}
