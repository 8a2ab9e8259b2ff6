// Team desks for the restore tests and drill (src/main/team/team-restore.ts): each a whole Paydesk (the
// real app core) on a data folder of its own that outlives a restart, in team mode on the file's cluster,
// with what a test compares: the history file's every row and entry, and the desk's rows and entries in
// PostgreSQL read by a supervisor (xmin: the transaction that last wrote each).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { createMemoryVault } from '../../../src/main/credentials/memory-vault';
import type { CredentialVault } from '../../../src/main/credentials/vault';
import { cardKeyOf } from '../../../src/main/team/card-key';
import { type Fixture, memoryStore, startFixture } from '../app/paydesk-fixture';
import { payIn, VISA } from '../history/history-fixtures';
import type { DeskRoleConnection } from './postgres-cluster';
import { TEAM_KEY, teamForThisFile, waitUntil } from './team-desk';

type RestoreDesk = {
  role: DeskRoleConnection;
  name: string;
  settingsStore: ReturnType<typeof memoryStore>;
  vault: CredentialVault;
};

export type PayInOutcome = 'approved' | 'declined' | 'outcome_unknown';

/** Every column of every row, and every audit entry, as the file holds them. */
export function fileContents(historyFile: string) {
  const db = new DatabaseSync(historyFile, { readOnly: true });
  try {
    return {
      rows: db.prepare('SELECT * FROM history_rows ORDER BY id').all(),
      entries: db.prepare('SELECT * FROM audit_log ORDER BY seq').all(),
    };
  } finally {
    db.close();
  }
}

/** Pay-ins through the desk's history store (as the pay-in service writes them), each sent then settled. */
export function writePayIns(fx: Fixture, statuses: readonly PayInOutcome[]): number[] {
  const cardKey = cardKeyOf(TEAM_KEY, { cardNumber: VISA });
  return statuses.map((status) => {
    const id = fx.paydesk.history.insertPayIn({ ...payIn(), cardKey });
    fx.paydesk.history.updatePayIn(id, { status, operator: 'alice' });
    return id;
  });
}

export async function drained(fx: Fixture): Promise<void> {
  await waitUntil('the desk replicated everything', () => fx.paydesk.history.teamOutbox.pending() === 0);
}

/** A vault as a new PC's keychain has it: the team password and key typed in, nothing else. */
export async function freshVaultFor(role: DeskRoleConnection): Promise<CredentialVault> {
  const vault = createMemoryVault();
  await vault.setTeamItem('password', role.password);
  await vault.setTeamItem('key', TEAM_KEY);
  return vault;
}

/** The test file's cluster and team database, its desks, folders and supervisor, cleaned up after each test. */
export function restoreTeamForThisFile(prefix: string) {
  const held = teamForThisFile();
  const folders: string[] = [];
  const fixtures: Fixture[] = [];
  const supervisor: { pool?: pg.Pool } = {};
  let deskCount = 0;

  beforeAll(async () => {
    supervisor.pool = new pg.Pool(await held.team.addSupervisor(`sup_${prefix}`));
    // A test may stop the cluster: the idle connections end then, heard by no one else.
    supervisor.pool.on('error', () => undefined);
  });
  afterEach(async () => {
    for (const fx of fixtures.splice(0)) await fx.close().catch(() => undefined);
    for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  afterAll(async () => {
    await supervisor.pool?.end();
  });

  const reader = (): pg.Pool => {
    if (!supervisor.pool) throw new Error('The supervisor connects before all tests.');
    return supervisor.pool;
  };

  return {
    held,
    folder(): string {
      const dir = mkdtempSync(join(tmpdir(), `paydesk-${prefix}-`));
      folders.push(dir);
      return dir;
    },
    async newDesk(): Promise<RestoreDesk> {
      deskCount += 1;
      const role = await held.team.addDesk(`desk_${prefix}_${deskCount}`);
      const name = `${prefix} ${deskCount}`;
      const settingsStore = memoryStore();
      settingsStore.set('settings', {
        operatorName: 'alice',
        team: { host: role.host, port: role.port, database: role.database, user: role.user, deskName: name },
      });
      return { role, name, settingsStore, vault: await freshVaultFor(role) };
    },
    async start(desk: RestoreDesk, dataDir: string, vault = desk.vault): Promise<Fixture> {
      const fx = await startFixture({
        dataDir,
        settingsStore: desk.settingsStore,
        vault,
        teamTiming: {
          checkTimeoutMs: 10_000,
          replication: { idleMs: 20, backoffMs: 20, maxBackoffMs: 200 },
        },
      });
      fixtures.push(fx);
      return fx;
    },
    async close(fx: Fixture): Promise<void> {
      fixtures.splice(fixtures.indexOf(fx), 1);
      await fx.close();
    },
    supervisor: reader,
    async teamRows(deskId: string) {
      const { rows } = await reader().query(
        `SELECT row_id::text, version::text, status, updated_at::text, xmin::text
         FROM paydesk.history_rows WHERE desk_id = $1 ORDER BY history_rows.row_id`,
        [deskId],
      );
      return rows as { row_id: string; version: string; status: string; updated_at: string; xmin: string }[];
    },
    async teamEntries(deskId: string) {
      const { rows } = await reader().query(
        'SELECT seq::text, hash, xmin::text FROM paydesk.audit_entries WHERE desk_id = $1 ORDER BY audit_entries.seq',
        [deskId],
      );
      return rows as { seq: string; hash: string; xmin: string }[];
    },
  };
}
