// npm run bench:team-verify [-- --rows 1000000]: how long a supervisor's check of a desk from the team
// database takes (src/main/team/team-verify.ts). One desk's rows and their audit entries (a created entry
// and a settled entry per pay-in, each with the row's hash, linked and signed with a real Ed25519 key as
// the replicator signs them) are loaded into a private PostgreSQL cluster, then checked. Peers in the same
// run: PostgreSQL reading the same rows and entries with nothing checked (the floor of any check), and
// Node verifying the same number of Ed25519 signatures with nothing read (the check's own arithmetic).
// Prints the figures and, last, `BENCH_RESULT {json}`.
import { parseArgs } from 'node:util';
import pg from 'pg';
import { GENESIS_HASH, type RawEntry } from '../src/main/history/audit/audit-chain';
import {
  deskSigner,
  entryStatement,
  newSigningKeyPem,
  publicKeyOf,
  signatureHolds,
  signatureHoldsOffThread,
} from '../src/main/team/desk-signing';
import { verifyTeamDesk } from '../src/main/team/team-verify';
import { startPostgresCluster } from '../tests/support/team/postgres-cluster';
import { createTeamDatabase } from '../tests/support/team/team-database';
import { loadLine, machineLine, printBenchResult, printTable } from './support/report';
import { addCopiedDesks, loadSignedDesk } from './support/team-desk-load';

const { values } = parseArgs({
  // --peer-entries N: the two signature peers time N verifications and are scaled to the check's count (at
  // 10,000,000 rows each would take over an hour by itself); by default they verify as many as the check.
  // --team-rows N: the team database holds N rows in all: the desk checked, and copies of it under other
  // desks' ids (support/team-desk-load.ts), so that the check of one desk runs among a team's worth of rows.
  options: {
    rows: { type: 'string', default: '1000000' },
    'peer-entries': { type: 'string' },
    'team-rows': { type: 'string' },
  },
});
const ROWS = Number(values.rows);
const TEAM_ROWS = Number(values['team-rows'] ?? ROWS);
const DESK = '9b2c7f0e-3d41-4a57-8c6e-1f0a2b3c4d5e';
const command = `npm run bench:team-verify -- --rows ${ROWS}${values['peer-entries'] ? ` --peer-entries ${values['peer-entries']}` : ''}${TEAM_ROWS > ROWS ? ` --team-rows ${TEAM_ROWS}` : ''}`;

const seconds = (ms: number) => Math.round(ms) / 1000;

console.log(machineLine());
console.log(`load before: ${loadLine()}`);
const cluster = await startPostgresCluster({ shared_buffers: '512MB' });
const team = await createTeamDatabase(cluster);
const owner = new pg.Client(team.owner);
await owner.connect();
const supervisor = new pg.Client(await team.addSupervisor('sup_bench'));
await supervisor.connect();

try {
  const signer = deskSigner(newSigningKeyPem());
  const loadStart = performance.now();
  const seq = await loadSignedDesk({
    owner,
    deskId: DESK,
    deskName: 'Bench desk',
    dbRole: 'paydesk_owner',
    rows: ROWS,
    signer,
  });
  const loadMs = performance.now() - loadStart;
  console.log(
    `loaded ${ROWS.toLocaleString()} rows and ${seq.toLocaleString()} signed entries in ${seconds(loadMs)} s`,
  );
  if (TEAM_ROWS > ROWS) {
    const copyStart = performance.now();
    const teamRows = await addCopiedDesks(owner, DESK, Math.ceil((TEAM_ROWS - ROWS) / ROWS));
    console.log(
      `the team database holds ${teamRows.toLocaleString()} rows (${Math.ceil((TEAM_ROWS - ROWS) / ROWS)} copied desks, ${seconds(performance.now() - copyStart)} s)`,
    );
  }

  // Peer 1: PostgreSQL reading the same pages the check reads, nothing checked.
  const readStart = performance.now();
  for (const table of ['audit_entries', 'history_rows']) {
    await supervisor.query(
      `SELECT count(*), sum(length(${table === 'audit_entries' ? 'detail_json' : 'request_json'})) FROM paydesk.${table} WHERE desk_id = $1`,
      [DESK],
    );
  }
  const readMs = performance.now() - readStart;

  // Peer 2: the same number of Ed25519 verifications, nothing read.
  const sample: { statement: string; sig: string }[] = [];
  for (let i = 1; i <= 1_000; i += 1) {
    const entry: RawEntry = {
      seq: i,
      at: i,
      operator: 'bench',
      event: 'payin.created',
      outcome: 'success',
      resource: 'x',
      row_id: i,
      detail_json: '{}',
      prev_hash: GENESIS_HASH,
      hash: GENESIS_HASH,
    };
    sample.push({ statement: entryStatement(DESK, entry), sig: signer.signEntry(DESK, entry) });
  }
  const publicKey = publicKeyOf(signer.publicKey);
  if (!publicKey) throw new Error('the bench key is not Ed25519');
  const peerEntries = Math.min(seq, Number(values['peer-entries'] ?? seq));
  const scaled = seq / peerEntries;
  const verifyStart = performance.now();
  for (let i = 0; i < peerEntries; i += 1) {
    const { statement, sig } = sample[i % sample.length] as { statement: string; sig: string };
    if (!signatureHolds(publicKey, statement, sig)) throw new Error('a sample signature did not hold');
  }
  const signaturesMs = (performance.now() - verifyStart) * scaled;
  // Peer 3: the same verifications on libuv's pool, a page of 5,000 at a time, as the check makes them.
  const poolStart = performance.now();
  for (let from = 0; from < peerEntries; from += 5_000) {
    const page = Array.from({ length: Math.min(5_000, peerEntries - from) }, (_, i) => {
      const { statement, sig } = sample[(from + i) % sample.length] as { statement: string; sig: string };
      return signatureHoldsOffThread(publicKey, statement, sig);
    });
    if ((await Promise.all(page)).includes(false)) throw new Error('a sample signature did not hold');
  }
  const poolMs = (performance.now() - poolStart) * scaled;
  if (scaled > 1) {
    console.log(
      `the signature peers timed ${peerEntries.toLocaleString()} verifications, scaled ×${scaled.toFixed(1)}`,
    );
  }

  const rssBefore = process.memoryUsage().rss;
  const checkStart = performance.now();
  const result = await verifyTeamDesk(supervisor, DESK);
  const checkMs = performance.now() - checkStart;
  const rssAfter = process.memoryUsage().rss;
  if (!result.ok)
    throw new Error(`the honest desk did not verify: ${JSON.stringify(result.problems.slice(0, 3))}`);

  printTable(
    ['what', 'seconds', 'per second'],
    [
      [
        'team:verify of the desk',
        String(seconds(checkMs)),
        `${Math.round(ROWS / (checkMs / 1000)).toLocaleString()} rows, ${Math.round(seq / (checkMs / 1000)).toLocaleString()} entries`,
      ],
      ['peer: PostgreSQL reads the same tables', String(seconds(readMs)), ''],
      [
        'peer: Node verifies as many Ed25519 signatures, one after another',
        String(seconds(signaturesMs)),
        `${Math.round(seq / (signaturesMs / 1000)).toLocaleString()} signatures`,
      ],
      [
        'peer: the same on the thread pool, 5,000 at a time',
        String(seconds(poolMs)),
        `${Math.round(seq / (poolMs / 1000)).toLocaleString()} signatures`,
      ],
    ],
  );
  console.log(
    `check / signatures alone on the pool: ${(checkMs / poolMs).toFixed(2)}×, one after another: ${(checkMs / signaturesMs).toFixed(2)}×; RSS ${Math.round(rssBefore / 2 ** 20)} → ${Math.round(rssAfter / 2 ** 20)} MB`,
  );
  console.log(`load after: ${loadLine()}`);
  printBenchResult({
    bench: 'team-verify',
    title: `team:verify, one desk of ${ROWS.toLocaleString()} rows${TEAM_ROWS > ROWS ? ` in a team database of ${TEAM_ROWS.toLocaleString()}` : ''}`,
    command,
    figure: `${seconds(checkMs)} s`,
    peer: `${seconds(poolMs)} s to verify the signatures alone on the thread pool`,
    ratio: `${(checkMs / poolMs).toFixed(2)}×`,
    goal: 'a figure (issue 25): no goal set',
    met: true,
    quick: Math.max(ROWS, TEAM_ROWS) < 1_000_000,
    values: {
      rows: ROWS,
      teamRows: TEAM_ROWS,
      entries: seq,
      checkMs,
      readPeerMs: readMs,
      signaturePeerMs: signaturesMs,
      signaturePoolPeerMs: poolMs,
      rssMb: Math.round(rssAfter / 2 ** 20),
    },
  });
} finally {
  await supervisor.end();
  await owner.end();
  await cluster.destroy();
}
