// Team History's reads against a real team database (docs/team/*.sql, the migrations as the owner): the
// keyset pages, the search, the filters, a row with its timeline, the daily totals kept by the triggers,
// the CSV export and the outcome-unknown queue — each as a supervisor (every desk) and as a desk's own
// role (row-level security: its own rows only, yet the whole team's queue).

import { randomUUID } from 'node:crypto';
import { HISTORY_STATUSES } from '@shared/history';
import { TEAM_QUEUE_COUNT_CAP } from '@shared/team-queue';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MACHINE_FORM, spreadsheetForm } from '../../src/main/csv/csv-form';
import { wordsIn } from '../../src/main/i18n/words';
import {
  encodeTeamCursor,
  explainTeamPage,
  InvalidTeamCursorError,
  TeamRowError,
  teamDailyTotals,
  teamDesks,
  teamHistoryCsv,
  teamHistoryPage,
  teamHistoryRow,
  teamOutcomeUnknown,
  teamScope,
} from '../../src/main/team/team-history';
import { teamClients, twoDesksAndASupervisor } from '../support/team/team-database';
import { teamForThisFile } from '../support/team/team-desk';

const setup = teamForThisFile();
const clients = teamClients();
/** Desk A's and desk B's roles and ids, and a supervisor: twoDesksAndASupervisor's. */
let the: Awaited<ReturnType<typeof twoDesksAndASupervisor>>;
/** 2026-03-02 10:00 UTC; rows are a minute apart from there. */
const T0 = Date.UTC(2026, 2, 2, 10);
const MINUTE = 60_000;

let version = 0;
function nextVersion(): number {
  version += 1;
  return version;
}
function payIn(rowId: number, minute: number, extra: Record<string, unknown> = {}) {
  return {
    row_id: rowId,
    version: nextVersion(),
    kind: 'payin',
    status: 'approved',
    created_at: T0 + minute * MINUTE,
    updated_at: T0 + minute * MINUTE,
    profile: 'Sandbox',
    operator: 'anna',
    api_version: 'v2',
    merchant_trade_no: `PD-${rowId}-${minute}`,
    user_id: `cust-${rowId}`,
    masked_pan: '411111******1111',
    brand: 'VISA',
    last4: '1111',
    amount: '10.00',
    amount_minor: 1000,
    currency: 'EUR',
    request_json: '{"amount":"10.00"}',
    response_raw: '{"code":0}',
    ...extra,
  };
}

/** Desk B's pay-in whose answer was lost. */
const LOST = {
  operator: 'bruno',
  status: 'outcome_unknown',
  merchant_trade_no: 'PD-LOST-1',
  masked_pan: '555555******4444',
  last4: '4444',
  amount: '500.01',
  amount_minor: 50001,
  order_id: null,
};

async function write(client: pg.Client, deskId: string, values: Record<string, unknown>) {
  const columns = Object.keys(values);
  // The replicator's upsert in short: a newer version replaces the row.
  await client.query(
    `INSERT INTO paydesk.history_rows (desk_id, ${columns.join(', ')})
     VALUES ($1, ${columns.map((_, index) => `$${index + 2}`).join(', ')})
     ON CONFLICT (desk_id, row_id) DO UPDATE SET ${columns.map((column) => `${column} = EXCLUDED.${column}`).join(', ')}
     WHERE paydesk.history_rows.version < EXCLUDED.version`,
    [deskId, ...Object.values(values)],
  );
}

beforeAll(async () => {
  the = await twoDesksAndASupervisor(setup.team, clients);
  // Desk A: rows 1..5 at minutes 0, 2, 4, 6, 8; desk B: rows 1..5 at minutes 1, 3, 5, 7, 9.
  for (let index = 0; index < 5; index += 1) {
    await write(the.deskA, the.idA, payIn(index + 1, index * 2));
    await write(the.deskB, the.idB, payIn(index + 1, index * 2 + 1, { operator: 'bruno' }));
  }
  await write(
    the.deskB,
    the.idB,
    payIn(6, 20, {
      operator: 'bruno',
      amount: '12.50',
      amount_minor: 1250,
      order_id: 'ORD-ABCDEF-77',
      traceid: 'Tr-7Fa9-0001',
    }),
  );
  await write(the.deskB, the.idB, payIn(7, 21, LOST));
  await write(the.deskA, the.idA, {
    row_id: 6,
    version: nextVersion(),
    kind: 'kyc_batch',
    status: 'completed',
    created_at: T0 + 30 * MINUTE,
    updated_at: T0 + 30 * MINUTE,
    profile: 'Sandbox',
    operator: 'anna',
    file_name: 'march.csv',
    sha256: 'ab'.repeat(32),
    counts_json: JSON.stringify({ total: 3, valid: 3, invalid: 0, accepted: 3, rejected: 0 }),
    chunks_json: '[]',
    accepted_user_ids_json: '["u1","u2","u3"]',
  });
  await the.deskA.query(
    `INSERT INTO paydesk.audit_entries (desk_id, seq, at, operator, event, outcome, resource, row_id,
       detail_json, prev_hash, hash) VALUES ($1, 1, $2, 'anna', 'payin.created', 'success', 'history', 1,
       '{"to":"pending"}', $3, $4), ($1, 2, $2, 'anna', 'payin.status', 'success', 'history', 1,
       '{"from":"pending","to":"approved"}', $4, $5)`,
    [the.idA, T0, '0'.repeat(64), '1'.repeat(64), '2'.repeat(64)],
  );
});

afterAll(async () => {
  await clients.endAll();
});

describe('who reads what', () => {
  it('knows a supervisor from a desk', async () => {
    expect(await teamScope(the.supervisor)).toBe('team');
    expect(await teamScope(the.deskA)).toBe('own');
  });

  it('pages every desk for a supervisor, newest first, each row once, naming its desk and operator', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await teamHistoryPage(
        the.supervisor,
        { kind: 'payin', limit: 3, ...(cursor && { cursor }) },
        'team',
      );
      expect(page.scope).toBe('team');
      for (const row of page.rows) {
        seen.push(`${row.deskName}/${row.operator}/${row.id}/${(row.createdAt - T0) / MINUTE}`);
      }
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual([
      'Front 2/bruno/7/21',
      'Front 2/bruno/6/20',
      'Front 2/bruno/5/9',
      'Front 1/anna/5/8',
      'Front 2/bruno/4/7',
      'Front 1/anna/4/6',
      'Front 2/bruno/3/5',
      'Front 1/anna/3/4',
      'Front 2/bruno/2/3',
      'Front 1/anna/2/2',
      'Front 2/bruno/1/1',
      'Front 1/anna/1/0',
    ]);
  });

  it("shows a desk's role its own rows only, however it asks", async () => {
    const own = await teamHistoryPage(the.deskA, { kind: 'payin' }, 'own');
    expect(own.rows.map((row) => `${row.deskId === the.idA}/${row.id}`)).toEqual([
      'true/5',
      'true/4',
      'true/3',
      'true/2',
      'true/1',
    ]);
    // Asking as if it were a supervisor changes nothing: row-level security decides.
    const asked = await teamHistoryPage(the.deskA, { kind: 'payin' }, 'team');
    expect(asked.rows.every((row) => row.deskId === the.idA)).toBe(true);
    expect(await teamHistoryRow(the.deskA, { deskId: the.idB, id: 7 })).toBeUndefined();
    await expect(
      teamDailyTotals(the.deskA, { filter: { kind: 'payin' }, utcOffsetMinutes: 0 }),
    ).rejects.toThrow(/permission denied/);
  });
});

describe('the filters', () => {
  const ids = async (filter: Parameters<typeof teamHistoryPage>[1]) =>
    (await teamHistoryPage(the.supervisor, filter, 'team')).rows.map((row) => `${row.deskName}#${row.id}`);

  it('finds an identifier by any part of 4 characters or more, in any case, and amounts and cards', async () => {
    expect(await ids({ kind: 'payin', text: 'PD-LOST-1' })).toEqual(['Front 2#7']);
    expect(await ids({ kind: 'payin', text: 'pd-lost' })).toEqual(['Front 2#7']);
    expect(await ids({ kind: 'payin', text: 'LOST-1' })).toEqual(['Front 2#7']);
    expect(await ids({ kind: 'payin', text: 'CUST-3' })).toEqual(['Front 2#3', 'Front 1#3']);
    expect(await ids({ kind: 'payin', text: 'cdef-7' })).toEqual(['Front 2#6']);
    // Under 4 characters, a whole value only, as written; LIKE's wildcards are the characters typed.
    expect(await ids({ kind: 'payin', text: 'ost' })).toEqual([]);
    expect(await ids({ kind: 'payin', text: 'PD_L' })).toEqual([]);
    expect(await ids({ kind: 'payin', text: 'PD%1' })).toEqual([]);
    // A traceid by its start, as written (as the desk's History).
    expect(await ids({ kind: 'payin', text: 'Tr-7Fa9' })).toEqual(['Front 2#6']);
    expect(await ids({ kind: 'payin', text: 'tr-7fa9' })).toEqual([]);
    expect(await ids({ kind: 'payin', text: '7Fa9-0001' })).toEqual([]);
    expect(await ids({ kind: 'payin', text: '12.5' })).toEqual(['Front 2#6']);
    expect(await ids({ kind: 'payin', text: '4444' })).toEqual(['Front 2#7']);
    expect(await ids({ kind: 'payin', text: '555555******4444' })).toEqual(['Front 2#7']);
    expect(await ids({ kind: 'payin', text: '411111******4444' })).toEqual([]);
    // A desk's own role: the same search, its own rows only.
    const own = await teamHistoryPage(the.deskB, { kind: 'payin', text: 'cust-3' }, 'own');
    expect(own.rows.map((row) => `${row.deskName}#${row.id}`)).toEqual(['Front 2#3']);
  });

  it('filters by status, kind and time', async () => {
    expect(await ids({ kind: 'payin', status: ['outcome_unknown', 'declined'] })).toEqual(['Front 2#7']);
    expect(await ids({ kind: 'payin', status: ['approved'], text: '4444' })).toEqual([]);
    expect(await ids({ kind: 'kyc_batch' })).toEqual(['Front 1#6']);
    expect(await ids({ kind: 'payin', from: T0 + 3 * MINUTE, to: T0 + 6 * MINUTE })).toEqual([
      'Front 2#3',
      'Front 1#3',
      'Front 2#2',
    ]);
  });

  it("shows one desk's rows with the desk filter, and offers the desks the role may see", async () => {
    expect(await ids({ kind: 'payin', deskId: the.idA, limit: 3 })).toEqual([
      'Front 1#5',
      'Front 1#4',
      'Front 1#3',
    ]);
    expect(await ids({ kind: 'payin', deskId: the.idB, status: ['outcome_unknown'] })).toEqual(['Front 2#7']);
    expect(await ids({ kind: 'payin', deskId: the.idA, text: 'cust-3' })).toEqual(['Front 1#3']);
    // Keyset pages within one desk.
    const first = await teamHistoryPage(the.supervisor, { kind: 'payin', deskId: the.idB, limit: 4 }, 'team');
    const next = await teamHistoryPage(
      the.supervisor,
      { kind: 'payin', deskId: the.idB, limit: 4, cursor: first.nextCursor ?? '' },
      'team',
    );
    expect([...first.rows, ...next.rows].map((row) => row.id)).toEqual([7, 6, 5, 4, 3, 2, 1]);
    expect(next.nextCursor).toBeNull();
    expect(await teamDesks(the.supervisor)).toEqual([
      { deskId: the.idA, deskName: 'Front 1' },
      { deskId: the.idB, deskName: 'Front 2' },
    ]);
    expect(await teamDesks(the.deskA)).toEqual([{ deskId: the.idA, deskName: 'Front 1' }]);
    await expect(
      teamDailyTotals(the.supervisor, { filter: { kind: 'payin', deskId: the.idA }, utcOffsetMinutes: 0 }),
    ).rejects.toThrow(/whole team's/);
  });

  it('refuses a cursor it did not issue', async () => {
    await expect(
      teamHistoryPage(the.supervisor, { kind: 'payin', cursor: 'bm90IG1pbmU' }, 'team'),
    ).rejects.toThrow(InvalidTeamCursorError);
  });
});

describe('one row', () => {
  it('reads a row with its replicated timeline, and a KYC batch with its counts', async () => {
    const detail = await teamHistoryRow(the.supervisor, { deskId: the.idA, id: 1 });
    expect(detail?.row).toMatchObject({ kind: 'payin', deskName: 'Front 1', merchantTradeNo: 'PD-1-0' });
    expect(detail?.timeline.map((entry) => [entry.seq, entry.event, entry.detail])).toEqual([
      [1, 'payin.created', { to: 'pending' }],
      [2, 'payin.status', { from: 'pending', to: 'approved' }],
    ]);
    const batch = await teamHistoryRow(the.supervisor, { deskId: the.idA, id: 6 });
    expect(batch?.row).toMatchObject({ kind: 'kyc_batch', fileName: 'march.csv', counts: { accepted: 3 } });
  });

  it('refuses a row that does not read as a history row', async () => {
    await write(the.deskA, the.idA, payIn(40, -60, { status: 'charged_maybe' }));
    try {
      await expect(teamHistoryRow(the.supervisor, { deskId: the.idA, id: 40 })).rejects.toThrow(TeamRowError);
      await expect(teamHistoryPage(the.supervisor, { kind: 'payin', to: T0 }, 'team')).rejects.toThrow(
        /not a history row/,
      );
    } finally {
      await setup.cluster.sql(
        setup.team.database,
        'DELETE FROM paydesk.history_rows WHERE desk_id = $1 AND row_id = 40',
        [the.idA],
      );
    }
  });
});

describe('the daily totals', () => {
  it('sums the pay-ins per local day, status and currency, and follows a status change', async () => {
    const totals = () =>
      teamDailyTotals(the.supervisor, { filter: { kind: 'payin' }, utcOffsetMinutes: 120 }, T0 + MINUTE);
    expect(await totals()).toEqual([
      { day: '2026-03-02', status: 'approved', currency: 'EUR', count: 11, amount: '112.50' },
      { day: '2026-03-02', status: 'outcome_unknown', currency: 'EUR', count: 1, amount: '500.01' },
    ]);
    // Desk B learns the lost pay-in was approved: the totals move with the row, in its transaction.
    await write(the.deskB, the.idB, payIn(7, 21, { ...LOST, status: 'approved' }));
    expect(await totals()).toEqual([
      { day: '2026-03-02', status: 'approved', currency: 'EUR', count: 12, amount: '612.51' },
    ]);
    // At UTC-11 the morning's pay-ins were made the evening before.
    expect(
      await teamDailyTotals(
        the.supervisor,
        { filter: { kind: 'payin', status: ['approved'] }, utcOffsetMinutes: -11 * 60 },
        T0,
      ),
    ).toEqual([{ day: '2026-03-01', status: 'approved', currency: 'EUR', count: 12, amount: '612.51' }]);
    await expect(
      teamDailyTotals(the.supervisor, { filter: { kind: 'payin', text: 'x' }, utcOffsetMinutes: 0 }),
    ).rejects.toThrow(/search/);
    // Put it back as it was for the queue's tests.
    await write(the.deskB, the.idB, payIn(7, 21, LOST));
  });
});

describe('the CSV export', () => {
  it("names each row's desk, and says when it stopped at its limit", async () => {
    const all = await teamHistoryCsv(the.supervisor, { kind: 'payin' }, 'team');
    expect(all.rows).toBe(12);
    expect(all.truncated).toBe(false);
    const lines = all.csv.trim().split(/\r?\n/);
    expect(lines[0]).toMatch(/^"?deskId"?,"?deskName"?,"?id"?,/);
    expect(lines[1]).toContain('Front 2');
    expect(lines[1]).toContain('PD-LOST-1');
    const cut = await teamHistoryCsv(the.supervisor, { kind: 'payin' }, 'team', MACHINE_FORM, 5);
    expect(cut).toMatchObject({ rows: 5, truncated: true });
  });

  it("in the spreadsheet form for a German Excel: a BOM, the desk first, then History's cells in German terms", async () => {
    const t = await wordsIn('de');
    const german = spreadsheetForm('de', 'Europe/Berlin', t);
    const file = await teamHistoryCsv(the.supervisor, { kind: 'payin' }, 'team', german);
    expect(file.rows).toBe(12);
    expect(file.csv.startsWith('\uFEFF"deskId";"deskName";"id";"createdAt";')).toBe(true);
    const [header = '', first = ''] = file.csv.slice(1).split('\r\n');
    expect(header.endsWith(';"customerName";"utcOffset"')).toBe(true);
    const cells = first.slice(1, -1).split('";"');
    expect(cells).toHaveLength(header.split(';').length);
    expect(cells[3]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(cells.at(-1)).toMatch(/^UTC\+0[12]:00$/);
    // Amounts with a decimal comma and no grouping, never the dot of the machine-readable form.
    expect(cells[13]).toMatch(/^\d+,\d\d$/);
    expect(HISTORY_STATUSES.map((status) => t(`status.${status}`))).toContain(cells[5]);
  });
});

/** A desk of its own in the team database, on desk_anna's role, for rows generated straight in SQL. */
async function deskOfAnna(deskName: string): Promise<string> {
  const deskId = randomUUID();
  await setup.cluster.sql(
    setup.team.database,
    "INSERT INTO paydesk.desks (desk_id, db_role, desk_name) VALUES ($1, 'desk_anna', $2)",
    [deskId, deskName],
  );
  return deskId;
}

describe('the outcome-unknown queue', () => {
  it("shows every desk's unsettled pay-ins to a desk's role, and nothing else of those rows", async () => {
    const queue = await teamOutcomeUnknown(the.deskA);
    expect(queue).toEqual({
      total: 1,
      items: [
        {
          deskId: the.idB,
          deskName: 'Front 2',
          id: 7,
          operator: 'bruno',
          createdAt: T0 + 21 * MINUTE,
          amount: '500.01',
          currency: 'EUR',
          maskedPan: '555555******4444',
          merchantTradeNo: 'PD-LOST-1',
          orderId: null,
        },
      ],
    });
    // The function answers; the table still does not.
    const direct = await the.deskA.query(
      'SELECT count(*)::int AS n FROM paydesk.history_rows WHERE desk_id = $1',
      [the.idB],
    );
    expect(direct.rows[0]?.n).toBe(0);
    const columns = await the.deskA.query('SELECT * FROM paydesk.team_outcome_unknown(1)');
    expect(columns.fields.map((field) => field.name)).not.toContain('user_id');
    expect(columns.fields.map((field) => field.name)).not.toContain('card_key');
  });

  it('counts up to its cap, and still lists the newest', async () => {
    const deskId = await deskOfAnna('Many unknown');
    const many = TEAM_QUEUE_COUNT_CAP + 200;
    await setup.cluster.sql(
      setup.team.database,
      `INSERT INTO paydesk.history_rows (desk_id, row_id, version, db_role, kind, status, created_at, updated_at,
         profile, operator, api_version, merchant_trade_no, user_id, last4, amount, amount_minor, currency,
         request_json)
       SELECT $1, 50000 + g, 1, 'desk_anna', 'payin', 'outcome_unknown', $2::bigint + g, $2::bigint + g,
         'Sandbox', 'gen', 'v2', 'UNK-' || g, 'u' || g, '0000', '1.00', 100, 'EUR', '{}'
       FROM generate_series(1, $3::int) AS g`,
      [deskId, T0 + 86_400_000, many],
    );
    const queue = await teamOutcomeUnknown(the.deskB, 20);
    expect(queue.total).toBe(TEAM_QUEUE_COUNT_CAP);
    expect(queue.items.map((item) => item.merchantTradeNo)).toEqual(
      Array.from({ length: 20 }, (_, i) => `UNK-${many - i}`),
    );
  });
});

describe('the plans at more rows', () => {
  it('walks a keyset index for each kind of page, never the whole table', async () => {
    const deskId = await deskOfAnna('Generated');
    await setup.cluster.sql(
      setup.team.database,
      `INSERT INTO paydesk.history_rows (desk_id, row_id, version, db_role, kind, status, created_at, updated_at,
         profile, operator, api_version, merchant_trade_no, user_id, last4, amount, amount_minor, currency,
         request_json)
       SELECT $1, 1000 + g, 1000 + g, 'desk_anna', 'payin',
         CASE WHEN g % 500 = 0 THEN 'outcome_unknown' WHEN g % 3 = 0 THEN 'declined' ELSE 'approved' END,
         $2::bigint - g * 1000, $2::bigint - g * 1000, 'Sandbox', 'gen', 'v2', 'GEN-' || g, 'c' || (g % 997),
         lpad((g % 10000)::text, 4, '0'), '1.00', 100 + g % 5000, 'EUR', '{}'
       FROM generate_series(1, 30000) AS g`,
      [deskId, T0 - 86_400_000],
    );
    await setup.cluster.sql(setup.team.database, 'ANALYZE paydesk.history_rows');
    // Nearly every row is a pay-in: the newest pay-ins may walk migration 1's (created_at, …) index as well.
    const cases: [Parameters<typeof explainTeamPage>[1], RegExp][] = [
      [{ kind: 'payin' }, /Scan Backward using history_rows_(kind_time|created)/],
      [{ kind: 'kyc_batch' }, /Scan Backward using history_rows_kind_time/],
      [{ kind: 'payin', status: ['outcome_unknown', 'declined'] }, /history_rows_kind_status_time/],
      [{ kind: 'payin', text: 'c5' }, /history_rows_user_id_time/],
      [{ kind: 'payin', text: '12.34' }, /history_rows_amount_time/],
      [{ kind: 'payin', deskId: the.idB }, /history_rows_desk_kind_time/],
      [{ kind: 'payin', deskId: the.idB, status: ['declined'] }, /history_rows_desk_kind_status_time/],
    ];
    // What runs: a search of 4 characters or more (an amount too) has a branch that runs only for a part
    // of an identifier held by many rows, planned but never executed.
    const executedPlan = async (filter: Parameters<typeof explainTeamPage>[1]) =>
      (await explainTeamPage(the.supervisor, filter, 'team', { analyze: true }))
        .filter((line) => !line.includes('never executed'))
        .join('\n');
    for (const [filter, index] of cases) {
      const plan = await executedPlan(filter);
      expect(plan, plan).toMatch(index);
      expect(plan, plan).not.toMatch(/Seq Scan on history_rows/);
    }
    // A part of an identifier: the rows that hold it from paydesk.id_part_rows (the trigram indexes), a
    // traceid's start from its own index; the time index walked only for a part that many rows hold.
    const parts: [string, RegExp][] = [
      ['gen-2999', /Function Scan on id_part_rows[\s\S]*history_rows_traceid_start/],
      ['C996', /Function Scan on id_part_rows .*actual.* rows=30 loops/],
      ['GEN-', /Index Scan Backward using history_rows_(kind_time|created) .*actual.* rows=\d+ loops=1/],
    ];
    for (const [text, index] of parts) {
      const plan = await executedPlan({ kind: 'payin', text });
      expect(plan, plan).toMatch(index);
      expect(plan, plan).not.toMatch(/Seq Scan on history_rows/);
    }
    // Either way, the newest rows that hold the part, a page at a time.
    const held = await teamHistoryPage(the.supervisor, { kind: 'payin', text: 'gen-', limit: 20 }, 'team');
    expect(held.rows.map((row) => (row.kind === 'payin' ? row.merchantTradeNo : ''))).toEqual(
      Array.from({ length: 20 }, (_, index) => `GEN-${index + 1}`),
    );
    expect(held.nextCursor).not.toBeNull();
    const few = await teamHistoryPage(the.supervisor, { kind: 'payin', text: 'C996', limit: 50 }, 'team');
    expect(few.rows.map((row) => (row.kind === 'payin' ? row.userId : ''))).toEqual(Array(30).fill('c996'));
    expect(few.nextCursor).toBeNull();
    // Past the newest rows, a part 11,111 older rows hold: all of them from the trigram indexes, sorted.
    const cursor = encodeTeamCursor({ createdAt: T0 - 86_400_000 - 1000 * 1000, deskId, id: 2000 });
    const older = await teamHistoryPage(
      the.supervisor,
      { kind: 'payin', text: 'GEN-2', limit: 20, cursor },
      'team',
    );
    expect(older.rows.map((row) => (row.kind === 'payin' ? row.merchantTradeNo : ''))).toEqual(
      Array.from({ length: 20 }, (_, index) => `GEN-${2000 + index}`),
    );
    const olderPlan = await executedPlan({ kind: 'payin', text: 'GEN-2', cursor });
    expect(olderPlan, olderPlan).toMatch(/Function Scan on id_part_rows .*actual.* rows=11111 loops/);
    expect(olderPlan, olderPlan).not.toMatch(/Seq Scan on history_rows/);
    // Desk B's few rows among desk A's many: its role's page is led by db_role.
    const own = (await explainTeamPage(the.deskB, { kind: 'payin' }, 'own')).join('\n');
    expect(own, own).toContain('history_rows_role_kind_time');
    expect(own, own).not.toMatch(/Seq Scan on history_rows/);
  });
});
