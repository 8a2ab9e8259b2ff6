// Team-mode drill: PostgreSQL down during a sign-in (issue 31 item 7). A front desk signs in with the team's
// accounts through a raw TCP proxy (tests/support/drills/raw-tcp-proxy.ts); in each round, at a seeded
// random order, one fault: the server SIGKILLed, the network cut (connections reset, new ones refused), or
// blackholed (connections accepted and held, nothing answered: the accounts pool's connect limit decides).
// During each fault:
// - the agent's right id, passphrase and code sign her in from the desk's copy, the session saying offline;
// - a wrong code is refused all the same (the copy is as strict as the team).
// Once healed, a sign-in is proved against the team again (no offline flag). At the end the desk's audit
// trail verifies and names every sign-in. Prints how long each offline sign-in took, per fault.
// Replay a run with DRILL_SEED=<seed printed below>.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeAt } from '../../src/main/operators/totp';
import { auditEvents } from '../support/app/audit-events';
import type { Fixture } from '../support/app/paydesk-fixture';
import { completeEnrolment, signIn, type TestOperator } from '../support/app/sign-in';
import { type RawTcpProxy, startRawTcpProxy } from '../support/drills/raw-tcp-proxy';
import { drillSeed, seededRandom } from '../support/drills/seeded-random';
import { type PostgresCluster, startPostgresCluster } from '../support/team/postgres-cluster';
import { createTeamDatabase, type TeamDatabase } from '../support/team/team-database';
import { startTeamDesk, waitUntil } from '../support/team/team-desk';

const SEED = drillSeed();
console.info(`team accounts drill seed ${SEED} (replay with DRILL_SEED=${SEED})`);
const random = seededRandom(SEED);

type Fault = 'kill' | 'cut' | 'blackhole';
const FAULTS: Fault[] = ['kill', 'cut', 'blackhole', 'kill', 'cut', 'blackhole'];

const AGENT = {
  id: 'ana.drill',
  displayName: 'Ana Drill',
  passphrase: 'ana drill passphrase',
  role: 'agent',
} as const;

let cluster: PostgresCluster;
let team: TeamDatabase;
let proxy: RawTcpProxy;
const desks: Fixture[] = [];

beforeAll(async () => {
  cluster = await startPostgresCluster();
  team = await createTeamDatabase(cluster);
  await team.turnOnTeamAccounts();
  proxy = await startRawTcpProxy({ target: { port: cluster.port } });
});

afterAll(async () => {
  for (const desk of desks.splice(0)) await desk.close();
  await proxy?.close();
  await cluster?.destroy();
});

async function teamHas(id: string): Promise<boolean> {
  const { rows } = await cluster.sql(
    team.database,
    'SELECT 1 FROM paydesk.team_operators WHERE operator_id = $1',
    [id],
  );
  return rows.length > 0;
}

/** A code that is not the agent's now (nor one step either side). */
function wrongCode(secret: string): string {
  const near = [-1, 0, 1].map((step) => codeAt(secret, Date.now() + step * 30_000));
  for (let n = 0; ; n += 1) {
    const code = String((Number(near[1]) + 1 + n * 7919) % 1_000_000).padStart(6, '0');
    if (!near.includes(code)) return code;
  }
}

async function fault(kind: Fault): Promise<void> {
  if (kind === 'kill') await cluster.kill();
  else if (kind === 'cut') await proxy.cut();
  else await proxy.blackhole();
}

async function heal(kind: Fault): Promise<void> {
  if (kind === 'kill') await cluster.start();
  else await proxy.restore();
}

describe('PostgreSQL down during a sign-in', () => {
  it("signs in from the desk's copy through every fault, says offline, refuses a wrong code, and is online after", async () => {
    const leadRole = await team.addDesk('desk_drill_lead');
    await team.grantSupervisor('desk_drill_lead');
    const lead = await startTeamDesk(leadRole, 'Lena', 'Lead');
    desks.push(lead);
    await waitUntil('the lead desk seeded the team', () => teamHas('lena'));
    await lead.data('operators.add', {
      id: AGENT.id,
      displayName: AGENT.displayName,
      role: AGENT.role,
      temporaryPassphrase: 'temporary drill pass',
    });
    await lead.close();
    desks.splice(desks.indexOf(lead), 1);

    const frontRole = await team.addDesk('desk_drill_front');
    const front = await startTeamDesk({ ...frontRole, port: proxy.port }, 'Front', 'Front', {
      signIn: false,
    });
    desks.push(front);
    await waitUntil('the front desk has the team’s accounts', () =>
      front.paydesk.session.accounts().has(AGENT.id),
    );
    await front.data('session.signIn', { operatorId: AGENT.id, passphrase: 'temporary drill pass' });
    const agent: TestOperator = await completeEnrolment(front.call, { ...AGENT });
    await front.data('session.signOut');

    const order = [...FAULTS].sort(() => random.next() - 0.5);
    const figures: { fault: Fault; offlineSignInMs: number }[] = [];
    let signedIn = 1;
    for (const kind of order) {
      await fault(kind);
      try {
        const started = performance.now();
        const state = await signIn(front.call, agent);
        figures.push({ fault: kind, offlineSignInMs: Math.round(performance.now() - started) });
        signedIn += 1;
        expect(state).toMatchObject({ kind: 'signed-in', operator: { id: AGENT.id }, offline: true });
        await front.data('session.signOut');
        const wrong = await front.call('session.signIn', {
          operatorId: AGENT.id,
          passphrase: AGENT.passphrase,
          code: wrongCode(agent.secret!),
        });
        expect(wrong).toMatchObject({ ok: false, error: { kind: 'invalid' } });
      } finally {
        await heal(kind);
      }
      // Healed: a sign-in is proved against the team again (a pool's dead connection may cost one try).
      await waitUntil(
        'a sign-in is online again',
        async () => {
          const state = await signIn(front.call, agent);
          signedIn += 1;
          await front.data('session.signOut');
          return state.kind === 'signed-in' && state.offline === undefined;
        },
        30_000,
      );
    }
    console.info(`offline sign-ins: ${JSON.stringify(figures)}`);

    const events = auditEvents(front);
    expect(
      events.filter((entry) => entry.event === 'session.signed_in' && entry.operator === AGENT.id),
    ).toHaveLength(signedIn);
    expect(events.filter((entry) => entry.event === 'session.sign_in_refused')).toHaveLength(FAULTS.length);
    expect((await front.paydesk.history.verifyAll()).ok).toBe(true);
    const pool = new pg.Pool(frontRole);
    try {
      const { rows } = await pool.query('SELECT operator_id, enabled FROM paydesk.team_operators ORDER BY 1');
      expect(rows).toEqual([
        { operator_id: AGENT.id, enabled: true },
        { operator_id: 'lena', enabled: true },
      ]);
    } finally {
      await pool.end();
    }
  });
});
