// Team-mode drill: a desk killed (SIGKILL) mid-replication, then started again on the same data folder.
// Two desks, each the whole app in a child process (tests/support/drills/paydesk-child.ts: data folder,
// settings file, OS keychain), take pay-ins against their embedded sandbox and replicate to one private
// PostgreSQL, each through its own raw TCP proxy. Each desk is killed five times, in a seeded order, at these points:
// - after-commit: PostgreSQL has committed a batch and its answer is on the way (the proxy holds it), so the
//   desk never drops that batch from its outbox and sends it again after the restart;
// - mid-transaction: the batch's upsert has just gone out, inside its transaction;
// - anywhere: a random moment while pay-ins are being taken.
// After each kill the team database is read; in the end, each desk restarted and caught up, every row
// and audit entry of each desk is in PostgreSQL exactly once and equal to its file, nothing already applied
// was applied again (the tuples read after a kill keep their xmin unless the desk wrote a newer version
// since), and the team view (every row, as a supervisor) is the union of the two desks' histories.
// Replay a run with DRILL_SEED=<seed printed below>; keep the desks' files with DRILL_KEEP_ARTIFACTS=1.
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKeychainVault } from '../../src/main/credentials/keychain-vault';
import { probeKeychain } from '../../src/main/credentials/probe-keychain';
import { DESK_FILE } from '../../src/main/team/desk-identity';
import { v2Fields } from '../support/app/paydesk-fixture';
import { ChildGone, killStrayChildren, startChildApp } from '../support/drills/child-app';
import { type RawTcpProxy, startRawTcpProxy } from '../support/drills/raw-tcp-proxy';
import { drillSeed, type SeededRandom, seededRandom } from '../support/drills/seeded-random';
import { type PostgresCluster, startPostgresCluster } from '../support/team/postgres-cluster';
import { createTeamDatabase, type TeamDatabase } from '../support/team/team-database';
import { localState, teamState, teamView, waitUntil, withoutTeamColumns } from '../support/team/team-state';

const SEED = drillSeed();
console.info(`team desk-killed drill seed ${SEED} (replay with DRILL_SEED=${SEED})`);

const TEAM_KEY = '4d'.repeat(32);
const TEAM_TIMING = { replication: { idleMs: 20, backoffMs: 50, maxBackoffMs: 500, batchSize: 20 } };
type KillPoint = 'after-commit' | 'mid-transaction' | 'anywhere';
const KILL_POINTS: readonly KillPoint[] = ['after-commit', 'mid-transaction', 'anywhere'];
const DESKS = ['a', 'b'];

const root = mkdtempSync(join(tmpdir(), 'paydesk-team-kill-'));
// One keychain service per desk: the team password is one item per installation.
const keychainRun = `paydesk-team-drill-${randomUUID()}`;
const keychainServiceOf = (desk: string) => `${keychainRun}-${desk}`;
let cluster: PostgresCluster;
let team: TeamDatabase;
let supervisor: pg.Pool;
const proxies: RawTcpProxy[] = [];

beforeAll(async () => {
  const probe = await probeKeychain();
  if (!probe.available) {
    throw new Error(`this drill needs the OS keychain (run it with npm run drills): ${probe.reason}`);
  }
  cluster = await startPostgresCluster();
  team = await createTeamDatabase(cluster);
  supervisor = new pg.Pool(await team.addSupervisor('sup_kill'));
  supervisor.on('error', () => undefined);
});

afterAll(async () => {
  await killStrayChildren();
  for (const desk of DESKS) {
    const vault = createKeychainVault(keychainServiceOf(desk));
    await Promise.all([vault.deleteTeamItem('password'), vault.deleteTeamItem('key')]).catch(() => undefined);
  }
  for (const proxy of proxies) await proxy.close();
  await supervisor?.end();
  await cluster?.destroy();
  if (process.env.DRILL_KEEP_ARTIFACTS) console.info(`team drill files kept in ${root}`);
  else rmSync(root, { recursive: true, force: true });
});

/** A tap that, once armed, holds the network at the kill point (blackhole) and says so. */
function killSwitch() {
  let armed: { point: KillPoint; fire: () => void } | undefined;
  let proxy: RawTcpProxy | undefined;
  return {
    tap(direction: 'to-target' | 'to-client', chunk: Buffer) {
      const hit =
        (armed?.point === 'after-commit' && direction === 'to-client' && chunk.includes('COMMIT\0')) ||
        (armed?.point === 'mid-transaction' &&
          direction === 'to-target' &&
          chunk.includes('INSERT INTO paydesk.history_rows'));
      if (!hit || !armed) return;
      const { fire } = armed;
      armed = undefined;
      void proxy?.blackhole();
      fire();
    },
    attach(to: RawTcpProxy) {
      proxy = to;
    },
    /** Resolves when the point is reached, the network already held there. */
    arm(point: KillPoint): Promise<void> {
      return new Promise((resolve) => {
        armed = { point, fire: resolve };
      });
    },
  };
}

interface Snapshot {
  point: KillPoint;
  rows: Map<string, { version: string; xmin: string }>;
  audit: Map<string, string>;
  pendingAfterKill: number;
}

/** One desk's lives: started, pay-ins taken until the kill point, killed; then a last life that catches up. */
async function runDesk(name: string, random: SeededRandom, kills: readonly KillPoint[]) {
  const dataDir = join(root, name);
  mkdirSync(dataDir, { recursive: true });
  const historyFile = join(dataDir, 'history.sqlite');
  const role = await team.addDesk(`desk_${name}`);
  const switchboard = killSwitch();
  const proxy = await startRawTcpProxy({ target: { port: cluster.port }, tap: switchboard.tap });
  switchboard.attach(proxy);
  proxies.push(proxy);
  const start = () =>
    startChildApp({
      dataDir,
      keychainService: keychainServiceOf(name),
      consoleFile: join(dataDir, 'console.log'),
      teamTiming: TEAM_TIMING,
    });

  const snapshots: Snapshot[] = [];
  let answered = 0;
  for (let life = 0; life <= kills.length; life += 1) {
    const app = await start();
    if (life === 0) {
      await app.data('settings.setTeam', {
        connection: {
          host: '127.0.0.1',
          port: proxy.port,
          database: role.database,
          user: role.user,
          deskName: `Desk ${name}`,
        },
      });
      // The password and the team key go to the OS keychain, as from Settings → Team.
      await app.data('secret.setTeam', { password: role.password, key: TEAM_KEY });
    }
    const point = kills[life];
    if (point === undefined) {
      // The last life: catch up, then close the ordinary way.
      await waitUntil(
        `desk ${name} has replicated everything`,
        () => localState(historyFile).outboxPending === 0,
      );
      await app.close();
      break;
    }
    let stop = false;
    const taking = (async () => {
      while (!stop) {
        const result = await app
          .call('payin.submit', {
            version: 'v2',
            fields: v2Fields({ amount: `${random.int(1, 480)}.${random.int(10, 99)}` }),
          })
          .catch((error: unknown) => {
            if (error instanceof ChildGone) return undefined;
            throw error;
          });
        if (result === undefined) return;
        expect(result.ok, JSON.stringify(result)).toBe(true);
        answered += 1;
      }
    })();
    // Some pay-ins first, so that the outbox holds a few batches' worth when the kill point comes.
    const enough = answered + random.int(5, 25);
    await waitUntil(`desk ${name} takes pay-ins`, () => answered >= enough, 20_000);
    if (point === 'anywhere') {
      await sleep(random.int(0, 300));
    } else {
      let timer: NodeJS.Timeout | undefined;
      const bound = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`desk ${name}: ${point} never came`)), 15_000);
      });
      try {
        await Promise.race([switchboard.arm(point), bound]);
      } finally {
        clearTimeout(timer);
      }
    }
    await app.kill();
    stop = true;
    await taking;
    const remote = await teamState(
      supervisor,
      JSON.parse(readFileSync(join(dataDir, DESK_FILE), 'utf8')).deskId,
    );
    snapshots.push({
      point,
      rows: new Map(remote.rows.map((row) => [row.row_id, { version: row.version, xmin: row.xmin }])),
      audit: new Map(remote.audit.map((entry) => [entry.seq, entry.xmin])),
      pendingAfterKill: localState(historyFile).outboxPending,
    });
    await proxy.restore();
  }
  const deskId: string = JSON.parse(readFileSync(join(dataDir, DESK_FILE), 'utf8')).deskId;
  return { name, deskId, historyFile, snapshots, answered };
}

describe('a desk killed mid-replication', () => {
  it('catches up after each restart, nothing lost, nothing applied twice; the team view is the union of the desks', async () => {
    const random = seededRandom(SEED);
    const plans = DESKS.map((name) => {
      const kills = [...KILL_POINTS, 'after-commit', 'mid-transaction'] as KillPoint[];
      for (let i = kills.length - 1; i > 0; i -= 1) {
        const j = random.int(0, i);
        [kills[i], kills[j]] = [kills[j]!, kills[i]!];
      }
      return { name, kills, random: seededRandom(SEED + name.charCodeAt(0)) };
    });
    const desks = await Promise.all(plans.map((plan) => runDesk(plan.name, plan.random, plan.kills)));

    const union: { desk_id: string; row_id: string }[] = [];
    for (const desk of desks) {
      const local = localState(desk.historyFile);
      const remote = await teamState(supervisor, desk.deskId);
      console.info(
        `desk ${desk.name}: ${local.rows.length} rows, ${local.audit.length} audit entries, ${desk.answered} pay-ins answered; kills ${desk.snapshots
          .map((s) => `${s.point} (${s.pendingAfterKill} left in the outbox)`)
          .join(', ')}`,
      );
      // Nothing lost: every pay-in answered is in the file (and more: those killed before their answer).
      expect(local.rows.length).toBeGreaterThanOrEqual(desk.answered);
      expect(local.outboxPending).toBe(0);
      // Exactly once, equal to the file row by row and entry by entry.
      expect(remote.rows.map(withoutTeamColumns)).toEqual(local.rows);
      expect(remote.audit.map(({ seq, hash }) => ({ seq, hash }))).toEqual(local.audit);
      // A kill after COMMIT left the committed batch in the outbox, to be sent again.
      expect(desk.snapshots.find((s) => s.point === 'after-commit')?.pendingAfterKill).toBeGreaterThan(0);
      // Nothing applied twice: what PostgreSQL held after each kill is the same tuple now, unless the
      // desk wrote a newer version of that row since.
      const now = new Map(remote.rows.map((row) => [row.row_id, row]));
      const entriesNow = new Map(remote.audit.map((entry) => [entry.seq, entry.xmin]));
      for (const snapshot of desk.snapshots) {
        for (const [rowId, then] of snapshot.rows) {
          const row = now.get(rowId);
          expect(row, `row ${rowId}`).toBeDefined();
          if (row?.version === then.version) expect(row.xmin, `row ${rowId} rewritten`).toBe(then.xmin);
          else expect(Number(row?.version)).toBeGreaterThan(Number(then.version));
        }
        for (const [seq, xmin] of snapshot.audit) expect(entriesNow.get(seq), `entry ${seq}`).toBe(xmin);
      }
      union.push(...local.rows.map((row) => ({ desk_id: desk.deskId, ...row })));
    }
    const byDeskAndRow = (a: { desk_id: string; row_id: string }, b: { desk_id: string; row_id: string }) =>
      a.desk_id.localeCompare(b.desk_id) || Number(a.row_id) - Number(b.row_id);
    expect((await teamView(supervisor)).sort(byDeskAndRow)).toEqual(union.sort(byDeskAndRow));
  });
});
