// A supervisor verifies a desk from PostgreSQL alone (src/main/team/team-verify.ts, npm run team:verify):
// nothing from the desk's keychain, only the Ed25519 public key it registered. An honest team verifies; a
// superuser's edit — an amount, an entry deleted or changed, a row inserted, the anchor moved back, a
// signature stripped, the public key swapped, a key other than the pinned one — is each found and named
// with the desk, the row and the entry.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cardKeyOf } from '../../src/main/team/card-key';
import { deskSigner, newSigningKeyPem } from '../../src/main/team/desk-signing';
import { startTeamStore, type TeamStore } from '../../src/main/team/team-store';
import { verifyTeam, verifyTeamDesk } from '../../src/main/team/team-verify';
import { payIn, type TempHistory, tempHistory, VISA } from '../support/history/history-fixtures';
import { expectWorded } from '../support/i18n/worded';
import { type PostgresCluster, startPostgresCluster } from '../support/team/postgres-cluster';
import { createTeamDatabase, type TeamDatabase } from '../support/team/team-database';
import { waitUntil } from '../support/team/team-desk';

const TEAM_KEY = '4e'.repeat(32);
const FAST = { idleMs: 20, backoffMs: 20, maxBackoffMs: 200 };
const root = join(import.meta.dirname, '..', '..');

let cluster: PostgresCluster;
let team: TeamDatabase;
let supervisor: pg.Pool;
let superuser: pg.Client;
let supervisorUrl: string;
const open: { history: TempHistory; store: TeamStore }[] = [];
let deskCount = 0;

/** A desk with three pay-ins (two settled, one outcome unknown) and an event, all replicated. */
async function replicatedDesk() {
  deskCount += 1;
  const history = tempHistory();
  const name = `Verify ${deskCount}`;
  const role = await team.addDesk(`desk_verify_${deskCount}`);
  const deskId = randomUUID();
  const signer = deskSigner(newSigningKeyPem());
  const store = startTeamStore({
    connection: { ...role, deskName: name },
    password: role.password,
    teamKey: TEAM_KEY,
    signer,
    deskId,
    deskName: name,
    outbox: history.store.teamOutbox,
    replication: FAST,
  });
  open.push({ history, store });
  const cardKey = cardKeyOf(TEAM_KEY, { cardNumber: VISA });
  const rows: number[] = [];
  for (const status of ['approved', 'outcome_unknown', 'approved'] as const) {
    const id = history.store.insertPayIn({ ...payIn(), cardKey });
    history.store.updatePayIn(id, { status, operator: 'alice' });
    rows.push(id);
  }
  history.store.recordEvent({
    operator: 'alice',
    event: 'settings.changed',
    outcome: 'success',
    resource: 'settings',
  });
  await waitUntil('the outbox is empty', () => history.store.teamOutbox.pending() === 0);
  return { deskId, name, role, rows, signer, history };
}

const kinds = (problems: { kind: string }[]) => problems.map((problem) => problem.kind);

/** The desk checked by a supervisor: every problem carries words that say its reason (issue 33). */
async function checked(deskId: string) {
  const result = await verifyTeamDesk(supervisor, deskId);
  expectWorded(result.problems.map(({ reason, words }) => ({ message: reason, words })));
  return result;
}

beforeAll(async () => {
  cluster = await startPostgresCluster();
  team = await createTeamDatabase(cluster);
  const connection = await team.addSupervisor('sup_verify');
  supervisor = new pg.Pool(connection);
  supervisorUrl = `postgres://${connection.user}:${connection.password}@${connection.host}:${connection.port}/${connection.database}`;
  superuser = await cluster.superuser(team.database);
});

afterEach(async () => {
  for (const { history, store } of open.splice(0)) {
    await store.close();
    history.cleanup();
  }
});

afterAll(async () => {
  await superuser?.end();
  await supervisor?.end();
  await cluster?.destroy();
});

describe('team:verify, from PostgreSQL alone', () => {
  it('verifies an honest desk: every entry signed and linked, every row as its entry recorded', async () => {
    const desk = await replicatedDesk();
    const result = await checked(desk.deskId);
    expect(result).toMatchObject({
      deskName: desk.name,
      ok: true,
      entries: 7,
      unproved: 0,
      rows: 3,
      anchorSeq: 7,
      keyIds: [desk.signer.keyId],
      problems: [],
    });
  });

  it('finds an amount edited by a superuser, naming the row and the entry', async () => {
    const desk = await replicatedDesk();
    const edited = desk.rows[1];
    await superuser.query(
      `UPDATE paydesk.history_rows SET amount = '9999.00', amount_minor = 999900 WHERE desk_id = $1 AND row_id = $2`,
      [desk.deskId, edited],
    );
    const result = await checked(desk.deskId);
    expect(result.ok).toBe(false);
    expect(result.problems).toEqual([
      expect.objectContaining({
        kind: 'row_changed',
        rowId: edited,
        seq: 4,
        reason: expect.stringContaining(`Row ${edited}`),
      }),
    ]);
  });

  it('finds an entry deleted, an entry changed, and a signature stripped', async () => {
    const desk = await replicatedDesk();
    await superuser.query('DELETE FROM paydesk.audit_entries WHERE desk_id = $1 AND seq = 2', [desk.deskId]);
    await superuser.query(
      `UPDATE paydesk.audit_entries SET operator = 'mallory' WHERE desk_id = $1 AND seq = 5`,
      [desk.deskId],
    );
    await superuser.query(
      'UPDATE paydesk.audit_entries SET sig = NULL, key_id = NULL WHERE desk_id = $1 AND seq = 6',
      [desk.deskId],
    );
    const result = await checked(desk.deskId);
    expect(result.problems).toEqual([
      expect.objectContaining({ kind: 'entry_missing', seq: 2 }),
      expect.objectContaining({ kind: 'bad_signature', seq: 5 }),
      expect.objectContaining({ kind: 'signature_missing', seq: 6 }),
      // The first pay-in's newest entry is now its first: the row is no longer what that entry recorded.
      expect.objectContaining({ kind: 'row_changed', rowId: desk.rows[0], seq: 1 }),
    ]);
  });

  it('finds a row inserted by a superuser, and a row deleted', async () => {
    const desk = await replicatedDesk();
    await superuser.query(
      `INSERT INTO paydesk.history_rows (desk_id, row_id, version, kind, status, created_at, updated_at, profile, operator, amount)
       VALUES ($1, 99, 1, 'payin', 'approved', 1, 1, 'Sandbox', 'mallory', '5.00')`,
      [desk.deskId],
    );
    await superuser.query('DELETE FROM paydesk.history_rows WHERE desk_id = $1 AND row_id = $2', [
      desk.deskId,
      desk.rows[0],
    ]);
    const result = await checked(desk.deskId);
    expect(result.problems).toEqual([
      expect.objectContaining({ kind: 'row_without_entry', rowId: 99 }),
      expect.objectContaining({ kind: 'row_missing', rowId: desk.rows[0], seq: 1 }),
    ]);
  });

  it('finds the anchor moved back, past the trigger that keeps it going forward', async () => {
    const desk = await replicatedDesk();
    const older = (
      await superuser.query('SELECT seq, hash FROM paydesk.audit_entries WHERE desk_id = $1 AND seq = 3', [
        desk.deskId,
      ])
    ).rows[0];
    await superuser.query('ALTER TABLE paydesk.audit_anchors DISABLE TRIGGER audit_anchors_forward');
    try {
      await superuser.query('UPDATE paydesk.audit_anchors SET seq = $2, hash = $3 WHERE desk_id = $1', [
        desk.deskId,
        older.seq,
        older.hash,
      ]);
    } finally {
      await superuser.query('ALTER TABLE paydesk.audit_anchors ENABLE TRIGGER audit_anchors_forward');
    }
    const result = await checked(desk.deskId);
    // The signature was over entry 7: moved to 3, it no longer holds, and entries 4–7 lie beyond it.
    expect(kinds(result.problems)).toEqual(['anchor_bad_signature', 'anchor_behind']);
  });

  it('finds a public key swapped for another, and a key that is not the pinned one', async () => {
    const desk = await replicatedDesk();
    const other = deskSigner(newSigningKeyPem());
    await superuser.query('ALTER TABLE paydesk.desk_keys DROP CONSTRAINT desk_keys_check');
    try {
      await superuser.query('UPDATE paydesk.desk_keys SET public_key = $2 WHERE desk_id = $1', [
        desk.deskId,
        other.publicKey,
      ]);
      const swapped = await checked(desk.deskId);
      expect(kinds(swapped.problems)).toEqual([
        'key_mismatch',
        ...Array(7).fill('unknown_key'),
        'anchor_bad_signature',
      ]);
    } finally {
      await superuser.query('UPDATE paydesk.desk_keys SET public_key = $2 WHERE desk_id = $1', [
        desk.deskId,
        desk.signer.publicKey,
      ]);
      await superuser.query(
        `ALTER TABLE paydesk.desk_keys ADD CONSTRAINT desk_keys_check CHECK (key_id = left(encode(sha256(decode(public_key, 'base64')), 'hex'), 32))`,
      );
    }
    expect((await checked(desk.deskId)).ok).toBe(true);

    // add-desk.sql's pin, run again for the role with a key id that is not the desk's.
    await cluster.psql(team.database, readFileSync(join(root, 'docs/team/add-desk.sql'), 'utf8'), {
      desk_role: desk.role.user,
      key_id: other.keyId,
    });
    const pinned = await checked(desk.deskId);
    expect(kinds(pinned.problems)[0]).toBe('key_not_pinned');
    expect(pinned.ok).toBe(false);
    // Pinned to its own key, the desk verifies again.
    await cluster.psql(team.database, readFileSync(join(root, 'docs/team/add-desk.sql'), 'utf8'), {
      desk_role: desk.role.user,
      key_id: desk.signer.keyId,
    });
    expect(await checked(desk.deskId)).toMatchObject({
      ok: true,
      keyIds: [desk.signer.keyId],
    });
  });

  it('runs for an administrator as npm run team:verify, with exit status 0 for an honest desk and 1 with the problem named', async () => {
    const desk = await replicatedDesk();
    const run = promisify(execFile);
    const env = { ...process.env, PAYDESK_TEAM_URL: supervisorUrl };
    const honest = await run('npx', ['tsx', 'scripts/team-verify.ts', '--desk', desk.name], {
      cwd: root,
      env,
    });
    expect(honest.stdout).toContain(
      `Desk "${desk.name}" (${desk.deskId}): verified — 7 audit entries, 3 rows, anchor at 7`,
    );

    await superuser.query(
      `UPDATE paydesk.history_rows SET amount = '9999.00' WHERE desk_id = $1 AND row_id = $2`,
      [desk.deskId, desk.rows[2]],
    );
    const failed = await run('npx', ['tsx', 'scripts/team-verify.ts', '--desk', desk.name], {
      cwd: root,
      env,
    }).catch((error: { code: number; stdout: string }) => error);
    expect(failed).toMatchObject({ code: 1 });
    expect(failed.stdout).toContain(`Desk "${desk.name}" (${desk.deskId}): 1 problem(s)`);
    expect(failed.stdout).toContain(`Row ${desk.rows[2]} differs from what audit entry 6 recorded`);

    // Every desk at once: this one fails, and the check goes on to the others.
    const all = await verifyTeam(supervisor);
    expect(all.find((result) => result.deskId === desk.deskId)?.ok).toBe(false);
    expect(all.length).toBeGreaterThan(1);
  });
});
