// Team replication against a real PostgreSQL: the desk's SQLite history stays the source of truth and its
// outbox reaches the team database in order, exactly once — after the history written before team mode,
// through a database that was down while pay-ins were written, and through a batch sent twice. The
// replicated audit chain verifies from PostgreSQL alone (links, anchor, each entry's Ed25519 signature and
// every row), and a pg_dump of the team database holds no card number, CVV, password or team key.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TeamOutbox } from '../../src/main/history/store/team-outbox';
import { cardKeyOf } from '../../src/main/team/card-key';
import { deskSigner, newSigningKeyPem } from '../../src/main/team/desk-signing';
import { startTeamStore, type TeamStore } from '../../src/main/team/team-store';
import { verifyTeamDesk } from '../../src/main/team/team-verify';
import { maskedSightings, scanForSecrets } from '../support/drills/secrets-scan';
import { CVV, payIn, type TempHistory, tempHistory, VISA } from '../support/history/history-fixtures';
import { type PostgresCluster, startPostgresCluster } from '../support/team/postgres-cluster';
import { createTeamDatabase, type TeamDatabase } from '../support/team/team-database';

const TEAM_KEY = '3f'.repeat(32);
const FAST = { idleMs: 20, backoffMs: 20, maxBackoffMs: 200 };

let cluster: PostgresCluster;
let team: TeamDatabase;
let supervisor: pg.Pool;
const open: { history: TempHistory; store?: TeamStore }[] = [];
let deskCount = 0;

async function waitUntil(what: string, condition: () => boolean | Promise<boolean>, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A desk: its own history file and role; team mode started on it with `outbox` (the history's, or a wrapper). */
async function newDesk(
  options: { before?: (history: TempHistory) => void; outbox?: (o: TeamOutbox) => TeamOutbox } = {},
) {
  deskCount += 1;
  const history = tempHistory();
  options.before?.(history);
  const role = await team.addDesk(`desk_${deskCount}`);
  const deskId = randomUUID();
  const entry: { history: TempHistory; store?: TeamStore } = { history };
  open.push(entry);
  const store = startTeamStore({
    connection: { ...role, deskName: `Desk ${deskCount}` },
    password: role.password,
    teamKey: TEAM_KEY,
    signer: deskSigner(newSigningKeyPem()),
    deskId,
    deskName: `Desk ${deskCount}`,
    outbox: options.outbox ? options.outbox(history.store.teamOutbox) : history.store.teamOutbox,
    replication: FAST,
  });
  entry.store = store;
  return { history, store, deskId, role };
}

function drained(history: TempHistory) {
  return waitUntil('the outbox is empty', () => history.store.teamOutbox.pending() === 0);
}

/** What the desk's own file holds, to compare the team database with. */
function localState(history: TempHistory) {
  const db = new DatabaseSync(history.filePath, { readOnly: true });
  try {
    const rows = db
      .prepare('SELECT id, status, operator, masked_pan, amount, card_key FROM history_rows ORDER BY id')
      .all()
      .map((row) => ({
        row_id: String(row.id),
        status: row.status,
        operator: row.operator,
        masked_pan: row.masked_pan,
        amount: row.amount,
        card_key: row.card_key,
      }));
    const audit = db
      .prepare('SELECT seq, hash FROM audit_log ORDER BY seq')
      .all()
      .map((entry) => ({ seq: String(entry.seq), hash: entry.hash }));
    const head = db.prepare('SELECT seq, hash FROM audit_head').get();
    return { rows, audit, head: head ? { seq: String(head.seq), hash: head.hash } : undefined };
  } finally {
    db.close();
  }
}

async function teamState(deskId: string) {
  const rows = await supervisor.query(
    `SELECT row_id::text, status, operator, masked_pan, amount, card_key FROM paydesk.history_rows
     WHERE desk_id = $1 ORDER BY history_rows.row_id`,
    [deskId],
  );
  const audit = await supervisor.query(
    'SELECT seq::text, hash FROM paydesk.audit_entries WHERE desk_id = $1 ORDER BY audit_entries.seq',
    [deskId],
  );
  const anchor = await supervisor.query(
    'SELECT seq::text, hash FROM paydesk.audit_anchors WHERE desk_id = $1',
    [deskId],
  );
  return { rows: rows.rows, audit: audit.rows, head: anchor.rows[0] };
}

/** A pay-in written and then answered, as the pay-in service does: two row writes, two audit entries. */
function payAndSettle(history: TempHistory, status: 'approved' | 'outcome_unknown' = 'approved') {
  const cardKey = cardKeyOf(TEAM_KEY, { cardNumber: VISA });
  const id = history.store.insertPayIn({ ...payIn(), cardKey });
  history.store.updatePayIn(id, { status, operator: 'alice' });
  return id;
}

beforeAll(async () => {
  cluster = await startPostgresCluster();
  team = await createTeamDatabase(cluster);
  // A pool: its connections die with the server when a test stops it, and come back after.
  supervisor = new pg.Pool(await team.addSupervisor('sup_audit'));
  supervisor.on('error', () => undefined);
});

afterEach(async () => {
  for (const { history, store } of open.splice(0)) {
    await store?.close();
    history.cleanup();
  }
});

afterAll(async () => {
  await supervisor?.end();
  await cluster?.destroy();
});

describe('team replication', () => {
  it('sends the history written before team mode and everything after, with the audit anchor', async () => {
    const { history, deskId } = await newDesk({
      before: (h) => {
        payAndSettle(h);
        payAndSettle(h, 'outcome_unknown');
      },
    });
    payAndSettle(history);
    history.store.recordEvent({
      operator: 'alice',
      event: 'settings.changed',
      outcome: 'success',
      resource: 'settings',
    });
    await drained(history);
    const local = localState(history);
    expect(local.rows).toHaveLength(3);
    expect(await teamState(deskId)).toEqual(local);
    const check = await verifyTeamDesk(supervisor, deskId);
    expect(check).toMatchObject({
      ok: true,
      entries: local.audit.length,
      unproved: 0,
      rows: 3,
      anchorSeq: local.audit.length,
      problems: [],
    });
  });

  it('never blocks a write while the database is down, and catches up after with nothing lost or doubled', async () => {
    const { history, store, deskId } = await newDesk();
    payAndSettle(history);
    await drained(history);

    await cluster.stop();
    const written: number[] = [];
    for (let i = 0; i < 25; i += 1)
      written.push(payAndSettle(history, i % 5 === 0 ? 'outcome_unknown' : 'approved'));
    expect(written).toHaveLength(25);
    expect(history.store.teamOutbox.pending()).toBe(25 * 4);
    await waitUntil('the replicator retries', () => store.replicator.state().kind === 'retrying');
    expect(history.store.teamOutbox.pending()).toBe(25 * 4);

    await cluster.start();
    await drained(history);
    const local = localState(history);
    expect(local.rows).toHaveLength(26);
    expect(await teamState(deskId)).toEqual(local);
    const counts = await supervisor.query(
      `SELECT (SELECT count(*) FROM paydesk.history_rows WHERE desk_id = $1)::int AS rows,
              (SELECT count(*) FROM paydesk.audit_entries WHERE desk_id = $1)::int AS entries`,
      [deskId],
    );
    expect(counts.rows[0]).toEqual({ rows: 26, entries: 26 * 2 });
    expect((await verifyTeamDesk(supervisor, deskId)).ok).toBe(true);
  });

  it('changes nothing when a committed batch is sent again (the desk stopped before dropping it)', async () => {
    let forgetOnce = true;
    const { history, deskId } = await newDesk({
      // The first batch commits in PostgreSQL, but the desk "crashes" before it drops it from the outbox.
      outbox: (outbox) => ({
        ...outbox,
        acknowledge: (seq) => {
          if (forgetOnce) {
            forgetOnce = false;
            return;
          }
          outbox.acknowledge(seq);
        },
      }),
      before: (h) => {
        payAndSettle(h);
        payAndSettle(h);
      },
    });
    await drained(history);
    expect(forgetOnce).toBe(false);
    expect(await teamState(deskId)).toEqual(localState(history));
    // Sent twice, applied once: every row and entry is still the tuple the first transaction wrote (an
    // upsert that changed it, even to the same values, would have written a new one, with a new xmin).
    const writers = await supervisor.query(
      `SELECT count(DISTINCT xmin::text)::int AS transactions, count(*)::int AS tuples FROM (
         SELECT xmin FROM paydesk.history_rows WHERE desk_id = $1
         UNION ALL SELECT xmin FROM paydesk.audit_entries WHERE desk_id = $1
         UNION ALL SELECT xmin FROM paydesk.audit_anchors WHERE desk_id = $1) AS written`,
      [deskId],
    );
    expect(writers.rows[0]).toEqual({ transactions: 1, tuples: 2 + 4 + 1 });
  });

  it('replicates a newer state over an older one only', async () => {
    const { history, deskId } = await newDesk();
    const id = history.store.insertPayIn(payIn());
    history.store.updatePayIn(id, { status: 'processing' });
    history.store.updatePayIn(id, { status: 'approved' });
    await drained(history);
    const { rows } = await supervisor.query(
      'SELECT status, version::int FROM paydesk.history_rows WHERE desk_id = $1 AND row_id = $2',
      [deskId, id],
    );
    expect(rows[0].status).toBe('approved');
    // Team mode off and on again queues the whole history anew, at newer versions: same content.
    history.store.teamOutbox.disable();
    history.store.teamOutbox.enable();
    await drained(history);
    expect(await teamState(deskId)).toEqual(localState(history));
  });

  it('leaves no card number, CVV, password or team key in a pg_dump of the team database', async () => {
    const { history, role } = await newDesk();
    for (let i = 0; i < 3; i += 1) payAndSettle(history);
    history.store.insertPayIn(payIn({ request: { cardNumber: '5555555555554444', cvv: '4096' } }));
    await drained(history);
    const dump = await cluster.dump(team.database);
    const folder = mkdtempSync(join(tmpdir(), 'paydesk-pgdump-'));
    try {
      const file = join(folder, 'team.sql');
      writeFileSync(file, dump);
      const result = scanForSecrets([file], {
        cardNumbers: [VISA, '5555555555554444'],
        cvvs: [CVV, '4096'],
        merchantSecrets: [role.password, TEAM_KEY],
      });
      expect(result.findings).toEqual([]);
      // The scan looked at card data: the masked numbers are there.
      expect(maskedSightings(result, /team\.sql$/)).toBeGreaterThan(0);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
    expect(dump).not.toContain(VISA);
    expect(dump).not.toMatch(/"cvv"/i);
  });
});
