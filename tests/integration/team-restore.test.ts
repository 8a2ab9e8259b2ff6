// A team desk takes its own rows back from PostgreSQL (src/main/team/team-restore.ts): on a new PC by
// the operator's request (npm run team:restore's function), and at start when its history file is
// damaged (the app's start-up path: history-startup.ts, history-salvage.ts, history/salvage/team-copy.ts). The
// restored file equals what the desk had, row for row and entry for entry; the desk then carries on as the
// same desk, and PostgreSQL gets each new write once, above what it held, rewriting none of the old. A
// copy tampered with in PostgreSQL is refused, naming the desk, the row and the entry. Real PostgreSQL
// (the private cluster helper), the real app core.
import { existsSync, rmSync, statSync, truncateSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { pendingSalvageNotice } from '../../src/main/history/salvage/salvage-reports';
import { deskIdentity } from '../../src/main/team/desk-identity';
import { readTeamCopy, restoreDeskFromTeam, TeamRestoreRefusedError } from '../../src/main/team/team-restore';
import { verifyTeamDesk } from '../../src/main/team/team-verify';
import {
  drained,
  fileContents,
  freshVaultFor,
  restoreTeamForThisFile,
  writePayIns,
} from '../support/team/restore-desk';

const desks = restoreTeamForThisFile('restore');
const { held, folder, newDesk, start, close, teamRows, teamEntries } = desks;

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

  it('reads the copy page after page in the order of the ids, skipping none (a desk larger than a page)', async () => {
    const { desk, deskId, ids } = await replicatedDesk();
    const client = new pg.Client(desk.role);
    await client.connect();
    try {
      const whole = await readTeamCopy(client, deskId);
      // Pages of 3: past row 9, an order by text ("10" before "9") would skip rows between pages.
      const paged = await readTeamCopy(client, deskId, 3);
      expect([...paged.rows.keys()]).toEqual([...ids].sort((a, b) => a - b));
      expect([...paged.rows.keys()]).toEqual([...whole.rows.keys()]);
      expect([...paged.entries.keys()]).toEqual([...whole.entries.keys()]);
      expect(paged.entries.size).toBeGreaterThanOrEqual(40);
    } finally {
      await client.end();
    }
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
    const fx = await start(desk, newPc, await freshVaultFor(desk.role));
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
    const verification = await verifyTeamDesk(desks.supervisor(), deskId);
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
    expect((await verifyTeamDesk(desks.supervisor(), deskId)).problems).toEqual([]);
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

  it('a tampered PG row at start: the team copy is refused and named, the salvage goes on from the backup', async () => {
    const { desk, dataDir, historyFile, deskId, ids, before } = await replicatedDesk();
    await held.cluster.sql(
      held.team.database,
      `UPDATE paydesk.history_rows SET amount = '9999.00', amount_minor = 999900 WHERE desk_id = $1 AND row_id = $2`,
      [deskId, ids[3]],
    );
    const teamVersion = Math.max(...(await teamRows(deskId)).map((row) => Number(row.version)));
    truncateSync(historyFile, Math.floor(statSync(historyFile).size / 2));
    const fx = await start(desk, dataDir);
    const notice = pendingSalvageNotice(dataDir);
    expect(notice?.team).toMatchObject({ outcome: 'refused', rows: 0 });
    expect(notice?.team?.summary).toContain(`Desk "${desk.name}" (${deskId})`);
    expect(notice?.team?.summary).toMatch(new RegExp(`Row ${ids[3]} differs from what audit entry \\d+`));
    // The backup made at close is the base: nothing of the tampered copy came in.
    expect(fileContents(historyFile).rows).toEqual(before.rows);
    // Writes from now on are numbered above what the team holds, so they are not ignored there.
    const [added = 0] = writePayIns(fx, ['approved']);
    const queued = fx.paydesk.history.teamOutbox.peek(10_000).filter((entry) => entry.ref === added);
    expect(Math.min(...queued.map((entry) => entry.seq))).toBeGreaterThan(teamVersion);
  });
});
