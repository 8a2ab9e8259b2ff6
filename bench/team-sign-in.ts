// A sign-in with the team's accounts, timed (issue 31 item 7; goal: sign-in ≤ 300 ms): the session reads
// the team's operators from PostgreSQL (a private cluster on this machine, loopback), proves the passphrase
// (scrypt) and the code, and takes the code's step across the team; its peer is the same sign-in on a desk
// with its own accounts only, interleaved in the same run.
// Run: npm run bench:team-sign-in [-- --signins N | --quick]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createMemoryVault } from '../src/main/credentials/memory-vault';
import { verifyPassphrase } from '../src/main/credentials/passphrase-hash';
import { accountStoreIn } from '../src/main/operators/account-store';
import { createOperatorAdmin } from '../src/main/operators/operator-admin';
import { createSessionService, type SessionService } from '../src/main/operators/session-service';
import { createTeamAccountsSync } from '../src/main/operators/team-accounts-sync';
import { codeAt } from '../src/main/operators/totp';
import { teamAccountsOn } from '../src/main/team/team-accounts';
import { teamPoolConfig } from '../src/main/team/team-connection';
import { startPostgresCluster } from '../tests/support/team/postgres-cluster';
import { createTeamDatabase } from '../tests/support/team/team-database';
import { loadLine, machineLine, median, percentile, printBenchResult, printTable } from './support/report';

const { values } = parseArgs({
  options: { signins: { type: 'string' }, quick: { type: 'boolean', default: false } },
});
const quick = values.quick;
const SIGNINS = Number(values.signins ?? (quick ? 10 : 40));
const command = quick ? 'npm run bench:team-sign-in -- --quick' : 'npm run bench:team-sign-in';
const GOAL_SIGN_IN_MS = 300;
const TEAM_KEY = '7b'.repeat(32);

const cluster = await startPostgresCluster();
const team = await createTeamDatabase(cluster);
await team.turnOnTeamAccounts();
const leadRole = await team.addDesk('desk_bench_lead');
await team.grantSupervisor('desk_bench_lead');
const frontRole = await team.addDesk('desk_bench_front');
const folders: string[] = [];
const pools: pg.Pool[] = [];
// One clock for every session, moved a code step per sign-in: no code is a replay, on any desk.
let wall = Date.now();
const log = { error: () => undefined };
/** The last team desk's read of the team's accounts (what a sign-in does first), to time on its own. */
let readTeam: () => Promise<void> = async () => undefined;
/** Statements the desks sent to PostgreSQL (each a round trip; a pool runs at most 2 at once). */
let statements = 0;

/** The pool with each query counted. */
function counted(pool: pg.Pool): pg.Pool {
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  (pool as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    statements += 1;
    return query(...args);
  };
  return pool;
}

async function desk(role?: typeof leadRole): Promise<SessionService> {
  const dataDir = mkdtempSync(join(tmpdir(), 'paydesk-bench-team-sign-in-'));
  folders.push(dataDir);
  const store = accountStoreIn(dataDir, createMemoryVault());
  let sync: ReturnType<typeof createTeamAccountsSync> | undefined;
  if (role) {
    const pool = new pg.Pool(teamPoolConfig({ ...role, deskName: 'Bench' }, role.password, 'accounts'));
    pools.push(pool);
    const accounts = teamAccountsOn(counted(pool), TEAM_KEY);
    sync = createTeamAccountsSync({ team: () => accounts, store, audit: () => undefined, log });
  }
  const session = await createSessionService({
    store,
    idleLockMinutes: () => 15,
    emit: () => undefined,
    audit: () => undefined,
    legacyOperatorName: () => undefined,
    retireLegacyPassphrase: async () => false,
    clock: { monotonicMs: () => performance.now(), wallMs: () => wall },
    ...(sync && { team: sync.hooks }),
  });
  sync?.attach(session);
  await sync?.refresh();
  if (sync) readTeam = sync.refresh;
  return session;
}

async function enrol(session: SessionService, passphrase: string): Promise<string> {
  const state = await session.state();
  if (state.kind !== 'enrolling') throw new Error(state.kind);
  wall += 30_000;
  await session.completeEnrolment({
    ...(state.enrolment.needsPassphrase && { passphrase }),
    code: codeAt(state.enrolment.secret, wall),
  });
  return state.enrolment.secret;
}

async function addAgent(session: SessionService): Promise<string> {
  await session.createFirstSupervisor({
    id: 'sam.super',
    displayName: 'Sam',
    passphrase: 'supervisor passphrase',
  });
  await enrol(session, 'supervisor passphrase');
  await createOperatorAdmin(session, () => undefined).add({
    id: 'ana.agent',
    displayName: 'Ana',
    role: 'agent',
    temporaryPassphrase: 'temporary passphrase',
  });
  await session.signOut();
  return 'temporary passphrase';
}

// The team: the lead's desk seeds it and adds the agent; she enrols at the front desk.
const lead = await desk(leadRole);
await addAgent(lead);
const front = await desk(frontRole);
await front.signIn({ operatorId: 'ana.agent', passphrase: 'temporary passphrase' });
const teamSecret = await enrol(front, 'agent passphrase 1');
// The peer: a desk of its own, the same agent.
const alone = await desk();
await addAgent(alone);
await alone.signIn({ operatorId: 'ana.agent', passphrase: 'temporary passphrase' });
const aloneSecret = await enrol(alone, 'agent passphrase 1');

async function timedSignIn(session: SessionService, secret: string): Promise<number> {
  await session.lockNow();
  wall += 30_000;
  const code = codeAt(secret, wall);
  const started = performance.now();
  const state = await session.signIn({ operatorId: 'ana.agent', passphrase: 'agent passphrase 1', code });
  const ms = performance.now() - started;
  if (state.kind !== 'signed-in' || state.offline) throw new Error(`sign-in ended ${state.kind}`);
  return ms;
}

const teamMs: number[] = [];
const aloneMs: number[] = [];
let teamStatements = 0;
// Where a team sign-in's time goes: the read of the team's accounts, and the passphrase's scrypt hash (its
// parameters are the security table's), each timed alone between the sign-ins.
const readMs: number[] = [];
const hashMs: number[] = [];
const agentHash = front.accounts().get('ana.agent')!.passphraseHash;
for (let i = 0; i < SIGNINS; i++) {
  const before = statements;
  teamMs.push(await timedSignIn(front, teamSecret));
  teamStatements += statements - before;
  aloneMs.push(await timedSignIn(alone, aloneSecret));
  let started = performance.now();
  await readTeam();
  readMs.push(performance.now() - started);
  started = performance.now();
  await verifyPassphrase('agent passphrase 1', agentHash);
  hashMs.push(performance.now() - started);
}
const perSignIn = teamStatements / SIGNINS;
for (const session of [lead, front, alone]) session.stopIdleClock();
for (const pool of pools) await pool.end();
await cluster.destroy();
for (const folder of folders) rmSync(folder, { recursive: true, force: true });

const sorted = (list: number[]) => [...list].sort((a, b) => a - b);
const f = (ms: number) => ms.toFixed(1);
const teamP95 = percentile(sorted(teamMs), 95);
const aloneP95 = percentile(sorted(aloneMs), 95);
console.log(machineLine());
console.log(loadLine());
console.log(`statements to PostgreSQL per team sign-in: ${perSignIn}`);
console.log(
  `alone, p50: the team's accounts read ${f(median(readMs))} ms, the passphrase's scrypt ${f(median(hashMs))} ms`,
);
printTable(
  ['sign-in', 'p50', 'p95', 'max', 'goal'],
  [
    [
      `team's accounts (${SIGNINS})`,
      `${f(median(teamMs))} ms`,
      `${f(teamP95)} ms`,
      `${f(Math.max(...teamMs))} ms`,
      `≤ ${GOAL_SIGN_IN_MS} ms`,
    ],
    [
      `desk's own (${SIGNINS})`,
      `${f(median(aloneMs))} ms`,
      `${f(aloneP95)} ms`,
      `${f(Math.max(...aloneMs))} ms`,
      '',
    ],
  ],
);
printBenchResult({
  bench: 'team-sign-in',
  title: "Sign-in with the team's accounts",
  command,
  figure: `team sign-in p50 ${f(median(teamMs))} ms, p95 ${f(teamP95)} ms, ${perSignIn} statements to PostgreSQL each`,
  peer: `the desk's own accounts, interleaved: p50 ${f(median(aloneMs))} ms, p95 ${f(aloneP95)} ms`,
  ratio: `${(median(teamMs) / median(aloneMs)).toFixed(2)}× at p50`,
  goal: `sign-in ≤ ${GOAL_SIGN_IN_MS} ms`,
  met: teamP95 <= GOAL_SIGN_IN_MS,
  quick,
  values: {
    teamP50: median(teamMs),
    teamP95,
    aloneP50: median(aloneMs),
    aloneP95,
    statements: perSignIn,
    readP50: median(readMs),
    hashP50: median(hashMs),
  },
});
