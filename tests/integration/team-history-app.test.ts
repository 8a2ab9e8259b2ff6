// Team History through the app's IPC (composition root, embedded sandbox, real PostgreSQL): desks that
// replicate, one desk's role reading only its own rows until the supervisor grant shows it every desk, the
// outcome-unknown queue seen from any desk, the replication status, and a team database that cannot be
// reached — the team view says so and pay-ins go on.
import type { RefusalWords } from '@shared/ipc-error';
import { describe, expect, it } from 'vitest';
import { type Fixture, startFixture, v2Fields } from '../support/app/paydesk-fixture';
import { expectWorded } from '../support/i18n/worded';
import { drained, teamForThisFile, waitUntil } from '../support/team/team-desk';

/** A team read without an answer says why in words whose English is its message (issue 33). */
function expectAnswerWorded(answer: { ok: boolean; message?: string; words?: RefusalWords }, key: string) {
  expect(answer.ok).toBe(false);
  expect(expectWorded([{ message: answer.message ?? '', words: answer.words }])).toEqual([key]);
}

const setup = teamForThisFile();
const { desks } = setup;

async function desk(role: string, operator: string, deskName: string, port?: number): Promise<Fixture> {
  const connection = await setup.team.addDesk(role);
  return desks.start({ ...connection, ...(port && { port }) }, operator, deskName);
}

describe('Team History through IPC', () => {
  it("shows a desk its own rows, every desk's with the supervisor grant, and the team's unknown outcomes", async () => {
    const lead = await desk('desk_lead', 'Lena', 'Lead desk');
    const front = await desk('desk_front', 'Felix', 'Front desk');
    const mine = await lead.data('payin.submit', { version: 'v2', fields: v2Fields({ amount: '20.00' }) });
    // The sandbox answers 500.01 with a lost answer: outcome unknown.
    const lost = await front.data('payin.submit', { version: 'v2', fields: v2Fields({ amount: '500.01' }) });
    expect(lost.status).toBe('outcome_unknown');
    await Promise.all([drained(lead), drained(front)]);

    const status = await lead.data('team.status');
    expect(status).toMatchObject({ mode: 'on', pending: 0, lastError: null });
    expect(status.lastReplicatedAt).toBeGreaterThan(0);
    expect(status.deskId).toBe(lead.paydesk.team.current()?.deskId);

    // A desk's own role: its own rows, no team totals, yet the whole team's queue.
    const own = await lead.data('team.query', { kind: 'payin' });
    expect(own.ok && own.data.scope).toBe('own');
    expect(own.ok && own.data.rows.map((row) => row.kind === 'payin' && row.merchantTradeNo)).toEqual([
      mine.merchantTradeNo,
    ]);
    const totals = await lead.data('team.dailyTotals', { filter: { kind: 'payin' }, utcOffsetMinutes: 0 });
    expect(totals).toMatchObject({ ok: false, reason: 'forbidden' });
    expectAnswerWorded(totals, 'team.read.forbiddenTotals');
    const queue = await lead.data('team.outcomeUnknown');
    expect(queue.ok && queue.data).toMatchObject({
      total: 1,
      items: [
        {
          deskName: 'Front desk',
          operator: 'felix',
          amount: '500.01',
          merchantTradeNo: lost.merchantTradeNo,
        },
      ],
    });

    // The supervisor grant, seen once team mode starts again.
    await setup.team.grantSupervisor('desk_lead');
    await lead.paydesk.team.restart();
    const all = await lead.data('team.query', { kind: 'payin' });
    expect(all.ok && all.data.scope).toBe('team');
    expect(
      all.ok &&
        all.data.rows.map((row) => [row.deskName, row.operator, row.kind === 'payin' && row.merchantTradeNo]),
    ).toEqual([
      ['Front desk', 'felix', lost.merchantTradeNo],
      ['Lead desk', 'lena', mine.merchantTradeNo],
    ]);
    const other = all.ok ? all.data.rows[0] : undefined;
    const detail = await lead.data('team.get', { deskId: other?.deskId ?? '', id: other?.id ?? 0 });
    expect(detail.ok && detail.data?.row.status).toBe('outcome_unknown');
    expect(detail.ok && detail.data?.timeline.length).toBeGreaterThan(0);
    const charted = await lead.data('team.dailyTotals', { filter: { kind: 'payin' }, utcOffsetMinutes: 0 });
    expect(charted.ok && charted.data.map((total) => [total.status, total.count, total.amount])).toEqual([
      ['approved', 1, '20.00'],
      ['outcome_unknown', 1, '500.01'],
    ]);

    // The export names each desk, and is audited on the desk that exported (then replicated with it).
    const file = await lead.data('team.exportCsv', { filter: { kind: 'payin' } });
    expect(file.ok && file.data.rows).toBe(2);
    expect(file.ok && file.data.csv).toContain('Front desk');
    await drained(lead);
    const audited = await setup.cluster.sql(
      setup.team.database,
      "SELECT operator, detail_json FROM paydesk.audit_entries WHERE event = 'history.team_exported'",
    );
    expect(audited.rows).toHaveLength(1);
    expect(audited.rows[0]?.operator).toBe('lena');

    // A cursor Paydesk did not issue is bad input.
    const bad = await lead.call('team.query', { kind: 'payin', cursor: 'bm9wZQ' });
    expect(bad).toMatchObject({ ok: false, error: { kind: 'invalid', field: 'cursor' } });
  });

  it('says the team database cannot be reached, while pay-ins and the local history go on', async () => {
    // A port nothing listens on.
    const offline = await desk('desk_cut', 'Otto', 'Cut off', 1);
    const paid = await offline.data('payin.submit', { version: 'v2', fields: v2Fields() });
    expect(paid.status).toBe('approved');
    expect(offline.paydesk.history.count()).toBe(1);
    const page = await offline.data('team.query', { kind: 'payin' });
    expect(page).toMatchObject({ ok: false, reason: 'unavailable' });
    expect(page.ok ? '' : page.message).toMatch(/^The team database did not answer \(.+\)\.$/);
    expectAnswerWorded(page, 'team.read.noAnswer');
    await waitUntil('the replication has failed once', async () => {
      const status = await offline.data('team.status');
      return status.lastError !== null;
    });
    const status = await offline.data('team.status');
    expect(status).toMatchObject({ mode: 'on', state: 'retrying', lastReplicatedAt: null });
    expect(status.pending).toBeGreaterThan(0);
    expect((await offline.data('team.outcomeUnknown')).ok).toBe(false);
  });

  it('gives up on a slow team database within seconds, and a pay-in sent meanwhile goes through', async () => {
    const slow = await desk('desk_slow', 'Sara', 'Slow desk');
    // Every read of the rows waits behind this lock, as behind a server that does not answer.
    const locker = await setup.cluster.superuser(setup.team.database);
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE paydesk.history_rows IN ACCESS EXCLUSIVE MODE');
    try {
      const started = Date.now();
      const [page, paid] = await Promise.all([
        slow.data('team.query', { kind: 'payin' }),
        slow.data('payin.submit', { version: 'v2', fields: v2Fields({ amount: '31.00' }) }),
      ]);
      expect(paid.status).toBe('approved');
      expect(paid.teamCheck?.state).toBe('skipped');
      expect(
        expectWorded([{ message: paid.teamCheck?.message ?? '', words: paid.teamCheck?.words }]),
      ).toEqual([expect.stringMatching(/^team\.duplicate\.skipped/)]);
      expect(page).toMatchObject({ ok: false, reason: 'unavailable' });
      expect(page.ok ? '' : page.message).toMatch(/timeout/);
      expect(Date.now() - started).toBeLessThan(8_000);
    } finally {
      await locker.query('ROLLBACK');
      await locker.end();
    }
    // Once the database answers again, so does the team view.
    await drained(slow);
    const page = await slow.data('team.query', { kind: 'payin' });
    expect(page.ok && page.data.rows).toHaveLength(1);
  });

  it('answers "off" without a team connection', async () => {
    const alone = desks.keep(await startFixture());
    expect(await alone.data('team.status')).toEqual({
      mode: 'off',
      pending: 0,
      lastReplicatedAt: null,
      lastError: null,
    });
    const off = await alone.data('team.query', { kind: 'payin' });
    expect(off).toMatchObject({ ok: false, reason: 'off' });
    expectAnswerWorded(off, 'team.read.off');
  });
});
