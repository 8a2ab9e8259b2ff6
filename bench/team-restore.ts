// npm run bench:team-restore [-- --rows 2000 --load replicator|bulk]: how long a team desk takes to restore
// its history from the team database (src/main/team/team-restore.ts, as npm run team:restore runs it). With
// --load replicator (the default) a desk writes the pay-ins (sent, then settled: two entries each) and
// replicates them through the real replicator into a private PostgreSQL cluster; with --load bulk they are
// loaded straight in, signed as the replicator signs them (support/team-desk-load.ts: a million pay-ins
// through a desk would take hours). Then the restore into an empty folder is timed, whole, beside its first
// part alone (verifyTeamDesk: the chain checked as a supervisor checks it), which is its floor. Prints the
// figures and, last, `BENCH_RESULT {json}`.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { cardKeyOf } from '../src/main/team/card-key';
import { deskSigner, newSigningKeyPem } from '../src/main/team/desk-signing';
import { restoreDeskFromTeam } from '../src/main/team/team-restore';
import { startTeamStore } from '../src/main/team/team-store';
import { verifyTeamDesk } from '../src/main/team/team-verify';
import { payIn, tempHistory, VISA } from '../tests/support/history/history-fixtures';
import { startPostgresCluster } from '../tests/support/team/postgres-cluster';
import { createTeamDatabase } from '../tests/support/team/team-database';
import { loadLine, machineLine, printBenchResult, printTable } from './support/report';
import { loadSignedDesk } from './support/team-desk-load';

const { values } = parseArgs({
  options: { rows: { type: 'string', default: '2000' }, load: { type: 'string', default: 'replicator' } },
});
const ROWS = Number(values.rows);
if (values.load !== 'replicator' && values.load !== 'bulk') throw new Error('--load is replicator or bulk');
const BULK = values.load === 'bulk';
const TEAM_KEY = '3d'.repeat(32);
const command = `npm run bench:team-restore -- --rows ${ROWS}${BULK ? ' --load bulk' : ''}`;
const seconds = (ms: number) => Math.round(ms) / 1000;

console.log(machineLine());
console.log(`load before: ${loadLine()}`);
const cluster = await startPostgresCluster();
const history = tempHistory();
const folder = mkdtempSync(join(tmpdir(), 'paydesk-bench-restore-'));
try {
  const team = await createTeamDatabase(cluster);
  const role = await team.addDesk('desk_bench');
  const deskId = randomUUID();
  const connection = { ...role, deskName: 'Bench' };
  const signer = deskSigner(newSigningKeyPem());
  const loadStart = performance.now();
  if (BULK) {
    const owner = new pg.Client(team.owner);
    await owner.connect();
    try {
      await loadSignedDesk({ owner, deskId, deskName: 'Bench', dbRole: role.user, rows: ROWS, signer });
    } finally {
      await owner.end();
    }
  } else {
    const { teamOutbox: outbox } = history.store;
    const replication = { idleMs: 10, batchSize: 500 };
    const { password } = role;
    const store = startTeamStore({
      connection,
      password,
      teamKey: TEAM_KEY,
      signer,
      deskId,
      outbox,
      replication,
      deskName: 'Bench',
    });
    const cardKey = cardKeyOf(TEAM_KEY, { cardNumber: VISA });
    for (let i = 0; i < ROWS; i += 1) {
      const id = history.store.insertPayIn({ ...payIn(), cardKey });
      history.store.updatePayIn(id, { status: i % 10 === 0 ? 'outcome_unknown' : 'approved' });
    }
    while (history.store.teamOutbox.pending() > 0) await sleep(20);
    await store.close();
  }
  console.log(
    `${ROWS} pay-ins ${BULK ? 'loaded' : 'written and replicated'} in ${seconds(performance.now() - loadStart)} s`,
  );

  const client = new pg.Client(role);
  await client.connect();
  try {
    const verifyStart = performance.now();
    const verification = await verifyTeamDesk(client, deskId);
    const verifyMs = performance.now() - verifyStart;
    if (!verification.ok) throw new Error('The replicated desk does not verify.');
    const restoreStart = performance.now();
    const { notice } = await restoreDeskFromTeam({ client, dataDir: folder, desk: { id: deskId } });
    const restoreMs = performance.now() - restoreStart;
    if (notice.team?.rows !== ROWS) throw new Error(`Restored ${notice.team?.rows} rows of ${ROWS}.`);
    console.log(`load after: ${loadLine()}`);
    printTable(
      ['rows', 'entries', 'restore (verify, read, write the file)', 'verify alone (the floor)'],
      [[String(ROWS), String(verification.entries), `${seconds(restoreMs)} s`, `${seconds(verifyMs)} s`]],
    );
    printBenchResult({
      bench: 'team-restore',
      title: `Restore a team desk of ${ROWS.toLocaleString('en')} rows from PostgreSQL`,
      command,
      figure: `${seconds(restoreMs)} s`,
      peer: `verify alone ${seconds(verifyMs)} s`,
      ratio: `${(restoreMs / verifyMs).toFixed(2)}×`,
      goal: 'measured (no goal set)',
      met: true,
      quick: ROWS < 1_000_000,
      values: { rows: ROWS, entries: verification.entries, restoreMs, verifyMs },
    });
  } finally {
    await client.end();
  }
} finally {
  history.cleanup();
  rmSync(folder, { recursive: true, force: true });
  await cluster.destroy();
}
