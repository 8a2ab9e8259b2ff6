// Team drill: a team desk's history file destroyed (overwritten with random bytes, its WAL and every backup
// gone), then the desk started again through the app's own start-up path (app.ts → history-startup.ts →
// history-salvage.ts with the team copy from team/team-restore.ts). It comes back equal to what it was,
// every row and audit entry, from PostgreSQL alone, its chain verified there; the outcome-unknown pay-ins
// are among them; the start-up notice says so; and the desk carries on as the same desk: new writes and a
// restored row settled reach PostgreSQL once each, nothing it already held is written again, and the
// team's chain still verifies. Replay a run with DRILL_SEED=<seed printed below>.
import { randomBytes } from 'node:crypto';
import { rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { backupsDirOf } from '../../src/main/history/backups/history-backups';
import { pendingSalvageNotice } from '../../src/main/history/salvage/salvage-reports';
import { deskIdentity } from '../../src/main/team/desk-identity';
import { verifyTeamDesk } from '../../src/main/team/team-verify';
import { drillSeed, seededRandom } from '../support/drills/seeded-random';
import {
  drained,
  fileContents,
  type PayInOutcome,
  restoreTeamForThisFile,
  writePayIns,
} from '../support/team/restore-desk';

const SEED = drillSeed();
console.info(`team restore drill seed ${SEED} (replay with DRILL_SEED=${SEED})`);
const PAY_INS = 300;

const { folder, newDesk, start, close, teamRows, teamEntries, supervisor } =
  restoreTeamForThisFile('drill_restore');

describe('a team desk whose history file is destroyed', () => {
  it('starts, restored from PostgreSQL, equal to what it was, and carries on as the same desk', async () => {
    const random = seededRandom(SEED);
    const desk = await newDesk();
    const dataDir = folder();
    const historyFile = join(dataDir, 'history.sqlite');
    let fx = await start(desk, dataDir);
    const outcomes: PayInOutcome[] = Array.from({ length: PAY_INS }, () =>
      random.chance(0.1) ? 'outcome_unknown' : random.chance(0.2) ? 'declined' : 'approved',
    );
    const ids = writePayIns(fx, outcomes);
    await drained(fx);
    await close(fx);
    const before = fileContents(historyFile);
    const deskId = deskIdentity(dataDir);
    const teamBefore = await teamRows(deskId);
    const entriesBefore = await teamEntries(deskId);
    expect(teamBefore).toHaveLength(PAY_INS);

    // Destroyed: the file's bytes random, its WAL and every backup gone. Only PostgreSQL has the rows.
    writeFileSync(historyFile, randomBytes(statSync(historyFile).size));
    for (const suffix of ['-wal', '-shm']) rmSync(`${historyFile}${suffix}`, { force: true });
    rmSync(backupsDirOf(dataDir), { recursive: true, force: true });

    fx = await start(desk, dataDir);
    const after = fileContents(historyFile);
    expect(after.rows).toEqual(before.rows);
    // The salvage's own entry follows the restored chain, then the supervisor's sign-in after the start.
    expect(after.entries.slice(0, before.entries.length)).toEqual(before.entries);
    expect(after.entries.slice(before.entries.length).map((entry) => entry.event)).toEqual([
      'history.salvaged',
      'session.signed_in',
    ]);
    const notice = pendingSalvageNotice(dataDir);
    expect(notice?.team).toMatchObject({
      deskId,
      outcome: 'restored',
      rows: PAY_INS,
      localOnlyRows: 0,
      auditKey: 'here',
    });
    const open = ids.filter((_, i) => outcomes[i] === 'outcome_unknown');
    expect(open.length).toBeGreaterThan(0);
    expect(notice?.openPayIns.map((ref) => ref.historyId)).toEqual(open);
    const verification = await fx.paydesk.history.verifyAll();
    expect(verification).toMatchObject({ ok: true, unproved: null, problems: [] });

    // The desk carries on: an open pay-in settled, new pay-ins written.
    const settled = open[open.length - 1] ?? 0;
    fx.paydesk.history.updatePayIn(settled, { status: 'approved', operator: 'alice' });
    const added = writePayIns(fx, ['approved', 'outcome_unknown']);
    await drained(fx);
    const local = fileContents(historyFile);
    await close(fx);

    const teamAfter = await teamRows(deskId);
    expect(teamAfter.map((row) => row.row_id)).toEqual([...ids, ...added].map(String));
    expect(teamAfter.map(({ row_id, status, updated_at }) => ({ row_id, status, updated_at }))).toEqual(
      local.rows.map((row) => ({
        row_id: String(row.id),
        status: row.status,
        updated_at: String(row.updated_at),
      })),
    );
    // Nothing PostgreSQL held was written again: every old row but the settled one, every old entry, as was.
    expect(teamAfter.filter((row) => row.row_id !== String(settled)).slice(0, PAY_INS - 1)).toEqual(
      teamBefore.filter((row) => row.row_id !== String(settled)),
    );
    const entriesAfter = await teamEntries(deskId);
    expect(entriesAfter.slice(0, entriesBefore.length)).toEqual(entriesBefore);
    expect(entriesAfter.map(({ seq, hash }) => ({ seq, hash }))).toEqual(
      local.entries.map((entry) => ({ seq: String(entry.seq), hash: entry.hash })),
    );
    const team = await verifyTeamDesk(supervisor(), deskId);
    expect(team.problems).toEqual([]);
    expect(team.rows).toBe(PAY_INS + added.length);
  });
});
