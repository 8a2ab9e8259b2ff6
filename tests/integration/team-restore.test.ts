// A team desk takes its own rows back from PostgreSQL (src/main/team/team-restore.ts): on a new PC by
// the operator's request (npm run team:restore's function), and at start when its history file is
// damaged (the app's start-up path: history-startup.ts, history-salvage.ts, history/team-copy.ts). The
// restored file equals what the desk had, row for row and entry for entry; the desk then carries on as the
// same desk, and PostgreSQL gets each new write once, above what it held, rewriting none of the old. A
// copy tampered with in PostgreSQL is refused, naming the desk, the row and the entry. Real PostgreSQL
// (the private cluster helper), the real app core.
import { existsSync, mkdtempSync, rmSync, statSync, truncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryVault } from '../../src/main/credentials/memory-vault';
import type { CredentialVault } from '../../src/main/credentials/vault';
import { pendingSalvageNotice } from '../../src/main/history/history-salvage';
import { cardKeyOf } from '../../src/main/team/card-key';
import { deskIdentity } from '../../src/main/team/desk-identity';
import { restoreDeskFromTeam, TeamRestoreRefusedError } from '../../src/main/team/team-restore';
import { verifyTeamDesk } from '../../src/main/team/team-verify';
import { type Fixture, memoryStore, startFixture } from '../support/app/paydesk-fixture';
import { payIn, VISA } from '../support/history/history-fixtures';
import type { DeskRoleConnection } from '../support/team/postgres-cluster';
import { TEAM_KEY, teamForThisFile, waitUntil } from '../support/team/team-desk';

const held = teamForThisFile();
const folders: string[] = [];
const fixtures: Fixture[] = [];
let supervisor: pg.Pool;
let deskCount = 0;

beforeAll(async () => {
  supervisor = new pg.Pool(await held.team.addSupervisor('sup_restore'));
  // The cluster is stopped in one test: its idle connections end then, heard by no one else.
  supervisor.on('error', () => undefined);
});
afterEach(async () => {
  for (const fx of fixtures.splice(0)) await fx.close().catch(() => undefined);
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});
afterAll(async () => {
  await supervisor?.end();
});

function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-restore-'));
  folders.push(dir);
  return dir;
}

type Desk = {
  role: DeskRoleConnection;
  name: string;
  settingsStore: ReturnType<typeof memoryStore>;
  vault: CredentialVault;
};

async function newDesk(): Promise<Desk> {
  deskCount += 1;
  const role = await held.team.addDesk(`desk_restore_${deskCount}`);
  const name = `Restore ${deskCount}`;
  const settingsStore = memoryStore();
  settingsStore.set('settings', {
    operatorName: 'alice',
    team: { host: role.host, port: role.port, database: role.database, user: role.user, deskName: name },
  });
  const vault = createMemoryVault();
  await vault.setTeamItem('password', role.password);
  await vault.setTeamItem('key', TEAM_KEY);
  return { role, name, settingsStore, vault };
}

async function start(desk: Desk, dataDir: string, vault = desk.vault): Promise<Fixture> {
  const fx = await startFixture({
    dataDir,
    settingsStore: desk.settingsStore,
    vault,
    teamTiming: { checkTimeoutMs: 10_000, replication: { idleMs: 20, backoffMs: 20, maxBackoffMs: 200 } },
  });
  fixtures.push(fx);
  return fx;
}

async function close(fx: Fixture): Promise<void> {
  fixtures.splice(fixtures.indexOf(fx), 1);
  await fx.close();
}

/** Pay-ins through the desk's history store (as the pay-in service writes them), settled or open. */
function writePayIns(fx: Fixture, statuses: readonly ('approved' | 'declined' | 'outcome_unknown')[]) {
  const cardKey = cardKeyOf(TEAM_KEY, { cardNumber: VISA });
  const ids: number[] = [];
  for (const status of statuses) {
    const id = fx.paydesk.history.insertPayIn({ ...payIn(), cardKey });
    fx.paydesk.history.updatePayIn(id, { status, operator: 'alice' });
    ids.push(id);
  }
  return ids;
}

async function drained(fx: Fixture): Promise<void> {
  await waitUntil('the desk replicated everything', () => fx.paydesk.history.teamOutbox.pending() === 0);
}

/** Every column of every row, and every audit entry, as the file holds them. */
function fileContents(historyFile: string) {
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

async function teamRows(deskId: string) {
  const { rows } = await supervisor.query(
    `SELECT row_id::text, version::text, status, updated_at::text, xmin::text
     FROM paydesk.history_rows WHERE desk_id = $1 ORDER BY history_rows.row_id`,
    [deskId],
  );
  return rows as { row_id: string; version: string; status: string; updated_at: string; xmin: string }[];
}

async function teamEntries(deskId: string) {
  const { rows } = await supervisor.query(
    'SELECT seq::text, hash, xmin::text FROM paydesk.audit_entries WHERE desk_id = $1 ORDER BY audit_entries.seq',
    [deskId],
  );
  return rows as { seq: string; hash: string; xmin: string }[];
}

/**
 * A team desk that wrote twenty pay-ins (the last still outcome unknown), all replicated, then closed.
 * Each was written twice (sent, then settled): the team's versions run well past what a re-send of the
 * restored file from version 1 would number, so a restored desk that did not carry on above them would
 * see its next writes ignored there.
 */
async function replicatedDesk() {
  const desk = await newDesk();
  const dataDir = folder();
  const fx = await start(desk, dataDir);
  const settled = Array.from({ length: 19 }, (_, i): 'approved' | 'declined' =>
    i % 5 === 2 ? 'declined' : 'approved',
  );
  const ids = writePayIns(fx, [...settled, 'outcome_unknown']);
  await drained(fx);
  await close(fx);
  const historyFile = join(dataDir, 'history.sqlite');
  return {
    desk,
    dataDir,
    historyFile,
    ids,
    deskId: deskIdentity(dataDir),
    before: fileContents(historyFile),
  };
}

describe('a team desk restored from PostgreSQL', () => {
  it("a team desk's file destroyed, then restored from PostgreSQL, equals what it was", async () => {
    const { desk, dataDir, historyFile, deskId, before } = await replicatedDesk();
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${historyFile}${suffix}`, { force: true });
    expect(existsSync(historyFile)).toBe(false);
    // A new PC: an empty data folder, the desk's own role.
    const newPc = folder();
    const client = new pg.Client(desk.role);
    await client.connect();
    try {
      const restored = await restoreDeskFromTeam({ client, dataDir: newPc, desk: { name: desk.name } });
      expect(restored.deskId).toBe(deskId);
      expect(restored.notice.team).toMatchObject({ outcome: 'restored', rows: 20, localOnlyRows: 0 });
    } finally {
      await client.end();
    }
    expect(deskIdentity(newPc)).toBe(deskId);
    const after = fileContents(join(newPc, 'history.sqlite'));
    expect(after.rows).toEqual(before.rows);
    expect(after.entries).toEqual(before.entries);
    expect(before.rows).toHaveLength(20);
    // Nothing restored is waiting to be sent again.
    const db = new DatabaseSync(join(newPc, 'history.sqlite'), { readOnly: true });
    expect(db.prepare('SELECT count(*) AS n FROM team_outbox').get()?.n).toBe(0);
    db.close();
    expect(dataDir).not.toBe(newPc);
  });

  it('then the desk replicates a new pay-in and PostgreSQL has each row once', async () => {
    const { desk, historyFile, deskId, ids } = await replicatedDesk();
    rmSync(historyFile, { force: true });
    const newPc = folder();
    const client = new pg.Client(desk.role);
    await client.connect();
    try {
      await restoreDeskFromTeam({ client, dataDir: newPc, desk: { name: desk.name } });
    } finally {
      await client.end();
    }
    const rowsBefore = await teamRows(deskId);
    const entriesBefore = await teamEntries(deskId);
    const highestVersion = Math.max(...rowsBefore.map((row) => Number(row.version)));

    // The new PC's keychain holds neither the audit key nor the signing key: both are made anew.
    const fx = await start(desk, newPc, await freshVaultFor(desk));
    const notice = pendingSalvageNotice(newPc);
    expect(notice?.team).toMatchObject({ outcome: 'restored', auditKey: 'team' });
    expect(notice?.team?.summary).toContain('does not hold the audit key');
    // The restored outcome-unknown pay-in settles: a write to a restored row, which must reach PostgreSQL.
    fx.paydesk.history.updatePayIn(ids.at(-1) ?? 0, { status: 'approved', operator: 'alice' });
    const [added] = writePayIns(fx, ['approved']);
    await drained(fx);
    await close(fx);

    const local = fileContents(join(newPc, 'history.sqlite'));
    const rowsAfter = await teamRows(deskId);
    expect(rowsAfter.map((row) => row.row_id)).toEqual([...ids, added].map(String));
    // Each row as the desk has it now: the settled one too (a version below the team's would be ignored).
    expect(rowsAfter.map(({ row_id, status, updated_at }) => ({ row_id, status, updated_at }))).toEqual(
      local.rows.map((row) => ({
        row_id: String(row.id),
        status: row.status,
        updated_at: String(row.updated_at),
      })),
    );
    // Old rows and entries untouched, unless written again; new versions above the old.
    for (const row of rowsAfter) {
      const old = rowsBefore.find((candidate) => candidate.row_id === row.row_id);
      if (row.row_id === String(ids.at(-1)) || row.row_id === String(added)) {
        expect(Number(row.version)).toBeGreaterThan(highestVersion);
      } else {
        expect(row).toEqual(old);
      }
    }
    const entriesAfter = await teamEntries(deskId);
    expect(entriesAfter.slice(0, entriesBefore.length)).toEqual(entriesBefore);
    expect(entriesAfter.map(({ seq, hash }) => ({ seq, hash }))).toEqual(
      local.entries.map((entry) => ({ seq: String(entry.seq), hash: entry.hash })),
    );
    const verification = await verifyTeamDesk(supervisor, deskId);
    expect(verification.problems).toEqual([]);
    expect(verification.keyIds).toHaveLength(2);
  });

  it('a damaged file at start takes the rows back from PostgreSQL, with what only the desk had', async () => {
    const { desk, dataDir, historyFile, deskId, ids, before } = await replicatedDesk();
    // A pay-in written while the team database is down: only this desk (and its backup at close) has it.
    await held.cluster.stop();
    let localOnly = 0;
    try {
      const fx = await start(desk, dataDir);
      [localOnly = 0] = writePayIns(fx, ['outcome_unknown']);
      await close(fx);
    } finally {
      await held.cluster.start();
    }
    truncateSync(historyFile, Math.floor(statSync(historyFile).size / 2));

    const fx = await start(desk, dataDir);
    const notice = pendingSalvageNotice(dataDir);
    expect(notice?.team).toMatchObject({ outcome: 'restored', auditKey: 'here', localOnlyRows: 1 });
    const rows = fileContents(historyFile).rows;
    expect(rows.slice(0, before.rows.length)).toEqual(before.rows);
    expect(rows.map((row) => row.id)).toEqual([...ids, localOnly]);
    // The keychain still holds the audit key: History's own check proves the restored entries.
    const verification = await fx.paydesk.history.verifyAll();
    expect(verification).toMatchObject({ ok: true, unproved: null, problems: [] });
    const teamBefore = await teamRows(deskId);
    // A restored row written again: the write must reach PostgreSQL, above the version it holds.
    fx.paydesk.history.updatePayIn(ids.at(-1) ?? 0, { status: 'approved', operator: 'alice' });
    await drained(fx);
    const team = await teamRows(deskId);
    expect(team.map(({ row_id, status, updated_at }) => ({ row_id, status, updated_at }))).toEqual(
      fileContents(historyFile).rows.map((row) => ({
        row_id: String(row.id),
        status: row.status,
        updated_at: String(row.updated_at),
      })),
    );
    expect(team.map((row) => row.row_id)).toEqual([...ids, localOnly].map(String));
    expect(team.at(-1)?.status).toBe('outcome_unknown');
    // The rows PostgreSQL already had and nobody wrote again are not written again.
    for (const id of ids.slice(0, -1)) {
      const row = String(id);
      expect(team.find((t) => t.row_id === row)).toEqual(teamBefore.find((t) => t.row_id === row));
    }
    expect((await verifyTeamDesk(supervisor, deskId)).problems).toEqual([]);
  });

  it('a tampered PG row refuses the restore, naming desk/row/entry', async () => {
    const { desk, historyFile, deskId, ids } = await replicatedDesk();
    rmSync(historyFile, { force: true });
    await held.cluster.sql(
      held.team.database,
      `UPDATE paydesk.history_rows SET amount = '9999.00', amount_minor = 999900 WHERE desk_id = $1 AND row_id = $2`,
      [deskId, ids[3]],
    );
    const newPc = folder();
    const client = new pg.Client(desk.role);
    await client.connect();
    try {
      const refusal = await restoreDeskFromTeam({ client, dataDir: newPc, desk: { name: desk.name } }).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(refusal).toBeInstanceOf(TeamRestoreRefusedError);
      const message = (refusal as Error).message;
      expect(message).toContain(`Desk "${desk.name}" (${deskId})`);
      expect(message).toMatch(new RegExp(`Row ${ids[3]} differs from what audit entry \\d+ recorded`));
    } finally {
      await client.end();
    }
    // Nothing of it was taken: no history, no desk id.
    expect(existsSync(join(newPc, 'history.sqlite'))).toBe(false);
    expect(existsSync(join(newPc, 'team-desk.json'))).toBe(false);
  });
});

/** A vault as a new PC's keychain has it: the team password and key typed in, nothing else. */
async function freshVaultFor(desk: Desk): Promise<CredentialVault> {
  const vault = createMemoryVault();
  await vault.setTeamItem('password', desk.role.password);
  await vault.setTeamItem('key', TEAM_KEY);
  return vault;
}
