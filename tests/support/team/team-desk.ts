// A whole Paydesk desk (the real core, tests/support/app) in team mode: a team connection in its settings
// and its role's password and the team key in its vault, as Settings → Team leaves them.
import { afterAll, afterEach, beforeAll } from 'vitest';
import { createMemoryVault } from '../../../src/main/credentials/memory-vault';
import { type Fixture, memoryStore, startFixture } from '../app/paydesk-fixture';
import { type DeskRoleConnection, type PostgresCluster, startPostgresCluster } from './postgres-cluster';
import { createTeamDatabase, type TeamDatabase } from './team-database';

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

interface TeamDeskOptions {
  /** false: the desk is left as it starts (a desk joining a team whose accounts it will read). */
  signIn?: false;
  /** The desk's data folder and keychain (the accounts' key, the team's items), to start it again on them. */
  kept?: { dataDir: string; vault: ReturnType<typeof createMemoryVault> };
}

export async function startTeamDesk(
  role: DeskRoleConnection,
  operatorName: string,
  deskName: string,
  options: TeamDeskOptions = {},
): Promise<Fixture> {
  const settingsStore = memoryStore();
  settingsStore.set('settings', {
    operatorName,
    team: { host: role.host, port: role.port, database: role.database, user: role.user, deskName },
  });
  const vault = options.kept?.vault ?? createMemoryVault();
  await vault.setTeamItem('password', role.password);
  await vault.setTeamItem('key', TEAM_KEY);
  // The check's deadline is 300 ms in the app; here the question is what it says, not how fast, and a
  // busy test machine must not turn an answer into "skipped".
  return startFixture({
    settingsStore,
    vault,
    teamTiming: { checkTimeoutMs: 10_000 },
    supervisor: { id: operatorIdFor(operatorName), displayName: operatorName },
    ...(options.signIn === false && { signIn: false }),
    ...(options.kept && { dataDir: options.kept.dataDir }),
  });
}

/** The operator id a test desk's operator signs in with: their name in lower case ("Bruno" → bruno). */
function operatorIdFor(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9._-]+/g, '.');
}

/** Waits until the desk's outbox is empty: everything it wrote is in the team database. */
export function drained(fx: Fixture): Promise<void> {
  return waitUntil('the desk has replicated everything', () => fx.paydesk.history.teamOutbox.pending() === 0);
}

/** The desks a test file starts, to close after each test: `start` as startTeamDesk, `closeAll` in afterEach. */
function teamDesks() {
  const started: Fixture[] = [];
  return {
    async start(
      role: DeskRoleConnection,
      operatorName: string,
      deskName: string,
      options: TeamDeskOptions = {},
    ): Promise<Fixture> {
      const fx = await startTeamDesk(role, operatorName, deskName, options);
      started.push(fx);
      return fx;
    },
    /** Keeps a desk started otherwise (without team mode) to close with the rest. */
    keep(fx: Fixture): Fixture {
      started.push(fx);
      return fx;
    },
    async closeAll(): Promise<void> {
      for (const fx of started.splice(0)) await fx.close();
    },
  };
}

/**
 * A test file's team: a private cluster with the team database (before all), its desks closed after each
 * test, the cluster removed after all. Read `cluster` and `team` inside tests, once they exist.
 */
export function teamForThisFile() {
  const desks = teamDesks();
  const held: { cluster?: PostgresCluster; team?: TeamDatabase } = {};
  beforeAll(async () => {
    held.cluster = await startPostgresCluster();
    held.team = await createTeamDatabase(held.cluster);
  });
  afterEach(() => desks.closeAll());
  afterAll(async () => {
    await held.cluster?.destroy();
  });
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('The team cluster is not started yet (read it inside a test).');
    return value;
  };
  return {
    desks,
    get cluster(): PostgresCluster {
      return ready(held.cluster);
    },
    get team(): TeamDatabase {
      return ready(held.team);
    },
  };
}
