// The team's operator accounts in PostgreSQL (team migration 7), as an administrator sets it up: every
// desk's login reads them, only a supervisor's login writes them (row-level security, and no privilege
// besides), nobody deletes one; the one write a desk makes is an operator's own enrolment, once; a code's
// step is taken once across the team, and wrong sign-ins are counted across it (migration 8); an enrolment
// completes only from the account's current passphrase hash, never across a reset (migration 9); every
// change NOTIFYs paydesk_accounts; and what the database holds
// (a pg_dump, a SELECT) has no authenticator secret anyone can compute a code from.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTeamSecret } from '../../src/main/team/account-secret';
import {
  type TeamAccounts,
  TeamAccountsRefused,
  TeamAccountsUntrusted,
  type TeamOperator,
  teamAccountsOn,
} from '../../src/main/team/team-accounts';
import { type PostgresCluster, startPostgresCluster } from '../support/team/postgres-cluster';
import { createTeamDatabase, type TeamDatabase } from '../support/team/team-database';
import { TEAM_KEY } from '../support/team/team-desk';

let cluster: PostgresCluster;
let team: TeamDatabase;
const pools: pg.Pool[] = [];
let desk: TeamAccounts;
let lead: TeamAccounts;
let deskPool: pg.Pool;

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const HASH = `scrypt$${'ab'.repeat(16)}$${'cd'.repeat(32)}`;

function operator(id: string, extra: Partial<TeamOperator> = {}): TeamOperator {
  return {
    id,
    displayName: id,
    role: 'agent',
    enabled: true,
    passphraseHash: HASH,
    temporaryPassphrase: false,
    totpSecret: SECRET,
    createdAt: '2026-11-29T07:00:00.000Z',
    createdBy: 'sam.super',
    ...extra,
  };
}

function poolOf(connection: pg.PoolConfig): pg.Pool {
  const pool = new pg.Pool(connection);
  pools.push(pool);
  return pool;
}

async function refusal(work: Promise<unknown>): Promise<string | undefined> {
  try {
    await work;
    return undefined;
  } catch (error) {
    return (error as { code?: string }).code;
  }
}

beforeAll(async () => {
  cluster = await startPostgresCluster();
  team = await createTeamDatabase(cluster);
  deskPool = poolOf(await team.addDesk('desk_front'));
  desk = teamAccountsOn(deskPool, TEAM_KEY);
  const leadRole = await team.addDesk('desk_lead');
  await team.grantSupervisor('desk_lead');
  lead = teamAccountsOn(poolOf(leadRole), TEAM_KEY);
});

afterAll(async () => {
  for (const pool of pools.splice(0)) await pool.end();
  await cluster?.destroy();
});

describe("the team's accounts", () => {
  it('are written by a supervisor’s login and read by every desk, the secret opened with the team key', async () => {
    expect(await desk.inUse()).toBe(false);
    expect(await desk.readInUse()).toBeUndefined();
    await team.turnOnTeamAccounts();
    expect(await desk.inUse()).toBe(true);
    expect(await desk.mayWrite()).toBe(false);
    expect(await lead.mayWrite()).toBe(true);
    await lead.putOperator(operator('ana.ruiz'));
    await lead.putRole({
      id: 'senior-agent',
      label: 'Senior agent',
      permissions: ['payin.send'],
      basedOn: 'agent',
      changedAt: '2026-11-29T07:00:00.000Z',
      changedBy: 'sam.super',
    });
    await lead.putLimit({ kind: 'role', role: 'agent' }, 'EUR', '100.00');
    // An id is never reused: adding it again changes nothing.
    expect(await lead.addOperator(operator('ana.ruiz', { role: 'supervisor', totpSecret: null }))).toBe(
      false,
    );
    const read = await desk.read();
    // The read before each sign-in (one round trip) finds the same as inUse and read.
    expect(await desk.readInUse()).toEqual(read);
    expect(read.operators).toEqual([operator('ana.ruiz')]);
    expect(read.roles.map((role) => [role.id, role.permissions])).toEqual([['senior-agent', ['payin.send']]]);
    expect(read.limits).toEqual([
      { scope: { kind: 'role', role: 'agent' }, currency: 'EUR', amount: '100.00' },
    ]);
  });

  it('refuse a write from a desk’s ordinary login (row-level security), and a delete from anyone', async () => {
    await lead.putOperator(operator('bo.desk'));
    await expect(desk.putOperator(operator('bo.desk', { role: 'supervisor' }))).rejects.toBeInstanceOf(
      TeamAccountsRefused,
    );
    await expect(desk.putLimit({ kind: 'role', role: 'agent' }, 'EUR', null)).rejects.toBeInstanceOf(
      TeamAccountsRefused,
    );
    // Straight SQL as the desk's login: refused with insufficient_privilege, row and all.
    expect(await refusal(deskPool.query("UPDATE paydesk.team_operators SET role = 'supervisor'"))).toBe(
      '42501',
    );
    expect(
      await refusal(
        deskPool.query(
          `INSERT INTO paydesk.team_operators (operator_id, display_name, role, enabled, passphrase_hash,
             temporary_passphrase, created_at, created_by) VALUES ('eve.x', 'Eve', 'supervisor', true, $1, false, now(), 'eve.x')`,
          [HASH],
        ),
      ),
    ).toBe('42501');
    // Even the owner's grant to supervisors does not let a supervisor's login pass a row as another login's.
    const leadPool = pools[1]!;
    expect(
      await refusal(leadPool.query("UPDATE paydesk.team_operators SET changed_by_role = 'desk_front'")),
    ).toBe('42501');
    expect(await refusal(leadPool.query('DELETE FROM paydesk.team_operators'))).toBe('42501');
    const after = await desk.read();
    expect(after.operators.find((op) => op.id === 'bo.desk')?.role).toBe('agent');
    expect(after.operators.map((op) => op.id)).not.toContain('eve.x');
    expect(after.limits).toHaveLength(1);
  });

  it('take an operator’s own enrolment from any desk, once, only while the account waits for it', async () => {
    await lead.putOperator(operator('cy.new', { totpSecret: null, temporaryPassphrase: true }));
    // A temporary passphrase must be replaced.
    expect(await desk.enrolled('cy.new', HASH, null, SECRET)).toBe('refused');
    const own = `scrypt$${'ee'.repeat(16)}$${'ff'.repeat(32)}`;
    expect(await desk.enrolled('cy.new', HASH, own, SECRET)).toBe('enrolled');
    expect(await desk.enrolled('cy.new', own, own, 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).toBe('refused');
    // An enrolled account's authenticator is not the desk's to replace.
    expect(await desk.enrolled('ana.ruiz', HASH, null, 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).toBe('refused');
    const read = await desk.read();
    expect(read.operators.find((op) => op.id === 'cy.new')).toMatchObject({
      passphraseHash: own,
      temporaryPassphrase: false,
      totpSecret: SECRET,
    });
    expect(read.operators.find((op) => op.id === 'ana.ruiz')?.totpSecret).toBe(SECRET);
  });

  it('refuse an enrolment begun before a supervisor’s reset, writing nothing, and take a fresh one (migration 9)', async () => {
    const given = `scrypt$${'01'.repeat(16)}$${'02'.repeat(32)}`;
    const givenAgain = `scrypt$${'03'.repeat(16)}$${'04'.repeat(32)}`;
    const own = `scrypt$${'05'.repeat(16)}$${'06'.repeat(32)}`;
    const waiting = { totpSecret: null, temporaryPassphrase: true };
    await lead.putOperator(operator('gil.reset', { ...waiting, passphraseHash: given }));
    // A desk proved `given` and started the enrolment; wrong sign-ins meanwhile locked the account.
    for (let attempt = 1; attempt <= 10; attempt++) await desk.signInWrong('gil.reset', 10, 30 * 60_000);
    expect(await desk.signInLockedUntil('gil.reset')).toBeDefined();
    // A supervisor resets it (a new one-time passphrase) before that enrolment completes.
    await lead.putOperator(operator('gil.reset', { ...waiting, passphraseHash: givenAgain }));
    // The reset of an account still waiting for its enrolment unlocks it on every desk too.
    expect(await desk.signInLockedUntil('gil.reset')).toBeUndefined();
    const rowOf = async () =>
      (await deskPool.query("SELECT * FROM paydesk.team_operators WHERE operator_id = 'gil.reset'")).rows[0];
    const before = await rowOf();
    expect(await desk.enrolled('gil.reset', given, own, SECRET)).toBe('reset');
    expect(await rowOf()).toEqual(before);
    // An enrolment started from the account as it is now is taken.
    expect(await desk.enrolled('gil.reset', givenAgain, own, SECRET)).toBe('enrolled');
    expect((await desk.read()).operators.find((op) => op.id === 'gil.reset')).toMatchObject({
      passphraseHash: own,
      temporaryPassphrase: false,
      totpSecret: SECRET,
    });
    // Migration 7's function, which named no start, is gone: no desk's login completes an enrolment without.
    await lead.putOperator(operator('hal.old', waiting));
    expect(
      await refusal(
        deskPool.query("SELECT paydesk.team_operator_enrolled('hal.old', $1, 'tk1:AAAA')", [own]),
      ),
    ).toBe('42883');
  });

  it('take a code’s step once across the team', async () => {
    const now = Math.floor(Date.now() / 30_000);
    expect(await desk.codeUsed('ana.ruiz', now)).toBe(true);
    expect(await lead.codeUsed('ana.ruiz', now)).toBe(false);
    expect(await desk.codeUsed('ana.ruiz', now - 1)).toBe(false);
    expect(await lead.codeUsed('ana.ruiz', now + 1)).toBe(true);
    expect(await desk.codeUsed('nobody.here', now + 2)).toBe(false);
    // A step far from the server's clock is not taken, so it cannot block the operator's next codes.
    expect(await desk.codeUsed('ana.ruiz', now + 1_000_000)).toBe(false);
    expect(await desk.codeUsed('ana.ruiz', now + 2)).toBe(true);
  });

  it('count wrong sign-ins across the team: ten from any desks lock the account, by the database’s clock', async () => {
    await lead.putOperator(operator('dee.count'));
    const lockMs = 30 * 60_000;
    const other = teamAccountsOn(poolOf(await team.addDesk('desk_other')), TEAM_KEY);
    for (let attempt = 1; attempt <= 9; attempt++) {
      // Odd attempts at this desk, even ones at the other: one count for the team.
      expect(await (attempt % 2 ? desk : other).signInWrong('dee.count', 10, lockMs)).toBeUndefined();
    }
    expect(await desk.signInLockedUntil('dee.count')).toBeUndefined();
    const before = Date.now();
    const ends = await other.signInWrong('dee.count', 10, lockMs);
    expect(ends).toBeGreaterThanOrEqual(before + lockMs - 5_000);
    expect(ends).toBeLessThanOrEqual(Date.now() + lockMs + 5_000);
    expect(await desk.signInLockedUntil('dee.count')).toBe(ends);
    // A desk's login cannot ask for a looser count or a shorter lockout than the floor, nor read the table.
    await lead.putOperator(operator('eve.floor'));
    for (let attempt = 1; attempt < 10; attempt++) await desk.signInWrong('eve.floor', 1000, 1);
    const floor = await desk.signInWrong('eve.floor', 1000, 1);
    expect(floor).toBeGreaterThanOrEqual(Date.now() + 29 * 60_000);
    expect(await refusal(deskPool.query('SELECT * FROM paydesk.team_sign_in_failures'))).toBe('42501');
    // A proof that passed starts the count again; an unknown id counts nothing.
    await lead.putOperator(operator('fay.ok'));
    for (let attempt = 1; attempt <= 9; attempt++) await desk.signInWrong('fay.ok', 10, lockMs);
    await desk.signInProved('fay.ok');
    expect(await desk.signInWrong('fay.ok', 10, lockMs)).toBeUndefined();
    // A step taken with the proof in one statement clears the count too; a step taken before clears nothing.
    for (let attempt = 2; attempt <= 9; attempt++) await desk.signInWrong('fay.ok', 10, lockMs);
    const step = Math.floor(Date.now() / 30_000);
    expect(await desk.codeUsedAndProved('fay.ok', step)).toBe(true);
    expect(await desk.signInWrong('fay.ok', 10, lockMs)).toBeUndefined();
    for (let attempt = 2; attempt <= 9; attempt++) await desk.signInWrong('fay.ok', 10, lockMs);
    expect(await desk.codeUsedAndProved('fay.ok', step)).toBe(false);
    expect(await desk.signInWrong('fay.ok', 10, lockMs)).toBeGreaterThan(Date.now());
    expect(await desk.signInWrong('nobody.here', 1, lockMs)).toBeUndefined();
    // A supervisor's reset (waiting for enrolment again) unlocks the account on every desk.
    await lead.putOperator(operator('dee.count', { totpSecret: null, temporaryPassphrase: true }));
    expect(await desk.signInLockedUntil('dee.count')).toBeUndefined();
  });

  it('NOTIFY paydesk_accounts at each change', async () => {
    const listener = new pg.Client(await team.addDesk('desk_listen'));
    await listener.connect();
    try {
      const heard = new Promise<string>((resolve) =>
        listener.on('notification', (message) => resolve(`${message.channel}:${message.payload}`)),
      );
      await listener.query('LISTEN paydesk_accounts');
      await lead.putOperator(operator('ana.ruiz', { enabled: false }));
      expect(await heard).toBe('paydesk_accounts:team_operators');
    } finally {
      await listener.end();
    }
  });

  it('hold no authenticator secret a pg_dump or a SELECT lets anyone compute a code from', async () => {
    const dump = await cluster.dump(team.database);
    expect(dump).toContain('ana.ruiz');
    expect(dump).not.toContain(SECRET);
    expect(dump.toLowerCase()).not.toContain(SECRET.toLowerCase());
    const { rows } = await deskPool.query<{ totp_secret: string }>(
      "SELECT totp_secret FROM paydesk.team_operators WHERE operator_id = 'ana.ruiz'",
    );
    const sealed = rows[0]!.totp_secret;
    expect(sealed).toMatch(/^tk1:/);
    expect(Buffer.from(sealed.slice(4), 'base64').toString('latin1')).not.toContain(SECRET);
    // Only the team key opens it, and only for the operator it was sealed for.
    expect(openTeamSecret(TEAM_KEY, 'ana.ruiz', sealed)).toBe(SECRET);
    expect(() => openTeamSecret('a5'.repeat(32), 'ana.ruiz', sealed)).toThrow();
    expect(() => openTeamSecret(TEAM_KEY, 'bo.desk', sealed)).toThrow();
    // A desk with another key does not believe the rows.
    await expect(teamAccountsOn(deskPool, '11'.repeat(32)).read()).rejects.toBeInstanceOf(
      TeamAccountsUntrusted,
    );
  });
});
