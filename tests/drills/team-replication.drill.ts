// Team-mode drill: PostgreSQL is SIGKILLed (the postmaster and every backend at once, no shutdown) at
// seeded random moments while a desk keeps writing pay-ins and its replicator keeps sending, then brought
// back through crash recovery. No write at the desk fails or waits on it; afterwards every row and audit
// entry of the desk is in PostgreSQL exactly once, as the desk has it, the replicated chain verifies with
// the desk's key, and Team History (its keyset pages, its hourly totals) shows exactly the desk's rows. Replay a run with DRILL_SEED=<seed printed below>.
import { randomUUID } from 'node:crypto';
import { DatabaseSync } from 'node:sqlite';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardKeyOf } from '../../src/main/team/card-key';
import { deskSigner, newSigningKeyPem } from '../../src/main/team/desk-signing';
import { teamDailyTotals, teamHistoryPage } from '../../src/main/team/team-history';
import { startTeamStore } from '../../src/main/team/team-store';
import { verifyTeamDesk } from '../../src/main/team/team-verify';
import { drillSeed, seededRandom } from '../support/drills/seeded-random';
import { payIn, type TempHistory, tempHistory, VISA } from '../support/history/history-fixtures';
import { type PostgresCluster, startPostgresCluster } from '../support/team/postgres-cluster';
import { createTeamDatabase, type TeamDatabase } from '../support/team/team-database';

const SEED = drillSeed();
console.info(`team replication drill seed ${SEED} (replay with DRILL_SEED=${SEED})`);

const TEAM_KEY = '7c'.repeat(32);
const PAY_INS = 400;
const KILLS = 4;

let cluster: PostgresCluster;
let team: TeamDatabase;
let supervisor: pg.Pool;
let history: TempHistory;

async function waitUntil(what: string, condition: () => boolean, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting until ${what}`);
    await sleep(20);
  }
}

beforeAll(async () => {
  cluster = await startPostgresCluster();
  team = await createTeamDatabase(cluster);
  supervisor = new pg.Pool(await team.addSupervisor('sup_drill'));
  supervisor.on('error', () => undefined);
  history = tempHistory();
});

afterAll(async () => {
  history?.cleanup();
  await supervisor?.end();
  await cluster?.destroy();
});

describe('PostgreSQL killed during replication', () => {
  it('loses nothing and applies nothing twice', async () => {
    const random = seededRandom(SEED);
    const role = await team.addDesk('desk_drill');
    const deskId = randomUUID();
    const store = startTeamStore({
      connection: { ...role, deskName: 'Drill' },
      password: role.password,
      teamKey: TEAM_KEY,
      signer: deskSigner(newSigningKeyPem()),
      deskId,
      deskName: 'Drill',
      outbox: history.store.teamOutbox,
      replication: { idleMs: 5, backoffMs: 20, maxBackoffMs: 300, batchSize: 25 },
    });
    const cardKey = cardKeyOf(TEAM_KEY, { cardNumber: VISA });
    const killAt = new Set(Array.from({ length: KILLS }, () => random.int(20, PAY_INS - 20)));
    let kills = 0;
    let down = false;
    try {
      for (let i = 0; i < PAY_INS; i += 1) {
        const id = history.store.insertPayIn({ ...payIn(), cardKey });
        history.store.updatePayIn(id, { status: random.chance(0.2) ? 'outcome_unknown' : 'approved' });
        if (killAt.has(i) && !down) {
          // Mid-batch, as often as not: wait until the replicator is sending, then kill.
          await waitUntil(
            'the replicator sends',
            () => store.replicator.state().kind !== 'idle',
            5_000,
          ).catch(() => undefined);
          await sleep(random.int(0, 15));
          await cluster.kill();
          kills += 1;
          down = true;
        } else if (down && random.chance(0.05)) {
          await cluster.start();
          down = false;
        }
        await sleep(random.chance(0.3) ? 2 : 0);
      }
      if (down) await cluster.start();
      await waitUntil('the outbox is empty', () => history.store.teamOutbox.pending() === 0);
    } finally {
      await store.close();
    }
    expect(kills).toBeGreaterThan(0);

    const db = new DatabaseSync(history.filePath, { readOnly: true });
    const localRows = db
      .prepare('SELECT id, status, updated_at FROM history_rows ORDER BY id')
      .all()
      .map((row) => ({ row_id: String(row.id), status: row.status, updated_at: String(row.updated_at) }));
    const localAudit = db
      .prepare('SELECT seq, hash FROM audit_log ORDER BY seq')
      .all()
      .map((entry) => ({ seq: String(entry.seq), hash: entry.hash }));
    db.close();
    const teamRows = await supervisor.query(
      'SELECT row_id::text, status, updated_at::text FROM paydesk.history_rows WHERE desk_id = $1 ORDER BY history_rows.row_id',
      [deskId],
    );
    const teamAudit = await supervisor.query(
      'SELECT seq::text, hash FROM paydesk.audit_entries WHERE desk_id = $1 ORDER BY audit_entries.seq',
      [deskId],
    );
    expect(localRows).toHaveLength(PAY_INS);
    expect(teamRows.rows).toEqual(localRows);
    expect(teamAudit.rows).toEqual(localAudit);
    expect(await verifyTeamDesk(supervisor, deskId)).toMatchObject({
      ok: true,
      entries: PAY_INS * 2,
    });

    // The team view is the desk's history: each row once through the keyset pages, and the hourly totals
    // the triggers kept through the kills add up to the rows, status by status.
    const viewed: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await teamHistoryPage(
        supervisor,
        { kind: 'payin', limit: 97, ...(cursor && { cursor }) },
        'team',
      );
      viewed.push(...page.rows.map((row) => `${row.id}:${row.status}`));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(viewed.sort()).toEqual(localRows.map((row) => `${row.row_id}:${row.status}`).sort());
    const counted = (statuses: unknown[]) =>
      statuses.reduce<Record<string, number>>((counts, status) => {
        counts[String(status)] = (counts[String(status)] ?? 0) + 1;
        return counts;
      }, {});
    const totals = await teamDailyTotals(supervisor, {
      filter: { kind: 'payin', from: 0 },
      utcOffsetMinutes: 0,
    });
    const totalled: Record<string, number> = {};
    for (const total of totals) totalled[total.status] = (totalled[total.status] ?? 0) + total.count;
    expect(totalled).toEqual(counted(localRows.map((row) => row.status)));
  });
});
