// The chart's daily totals come from trigger-kept rollups when the filter allows (local days per UTC
// offset, migration 3; 15-minute buckets for the part days at a range's ends, migration 2) and from the
// rows otherwise. Every answer is checked against totals worked out here from what was written, with
// big.js sums of the decimal amounts, and against the row scan.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { DailyTotal, HistoryFilterInput } from '@shared/history';
import { sumAmounts } from '@shared/money/amount';
import type { PayInStatus } from '@shared/payin-lifecycle';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionTrust } from '../../src/main/history/audit/audit-trust';
import { MAX_DAY_ROLLUP_OFFSETS } from '../../src/main/history/search/daily-totals';
import { type HistoryStore, openHistoryStore } from '../../src/main/history/store/history-store';
import { LATEST_SCHEMA_VERSION, MIGRATIONS, migrate } from '../../src/main/history/store/migrations';
import { testClock } from '../support/history/history-fixtures';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const START = Date.UTC(2026, 5, 1);
/** UTC+0, both ends of the range, and offsets of half and three-quarter hours. */
const OFFSETS = [0, 840, -840, 345, -210, 330, -300, 60];

const dir = mkdtempSync(join(tmpdir(), 'paydesk-daily-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let fileCounter = 0;
function newFile(): string {
  fileCounter += 1;
  return join(dir, `history-${fileCounter}.sqlite`);
}

type Written = {
  id: number;
  createdAt: number;
  profile: string;
  currency: string;
  amount: string;
  status: PayInStatus;
};

/** A store and what was written to it, kept here independently of SQL. */
class Ledger {
  readonly rows: Written[] = [];
  private readonly clock = testClock(START);
  readonly store: HistoryStore;
  private trade = 0;

  constructor(readonly filePath = newFile()) {
    this.store = openHistoryStore(filePath, { now: this.clock.now, trust: sessionTrust(START) });
  }

  add(createdAt: number, amount: string, options: { profile?: string; currency?: string } = {}): Written {
    this.clock.set(createdAt);
    this.trade += 1;
    const profile = options.profile ?? 'Sandbox';
    const currency = options.currency ?? 'EUR';
    const id = this.store.insertPayIn({
      profile,
      operator: 'test',
      apiVersion: 'v2',
      currency,
      request: { merchantTradeNo: `T${this.trade}`, userId: 'u1', amount, cardNumber: '4242424242424242' },
    });
    const row: Written = { id, createdAt, profile, currency, amount, status: 'pending' };
    this.rows.push(row);
    return row;
  }

  setStatus(row: Written, status: PayInStatus): void {
    this.store.updatePayIn(row.id, { status });
    row.status = status;
  }
}

type Query = { filter?: HistoryFilterInput; utcOffsetMinutes?: number };

/** What the chart should show, from the ledger: the day of each pay-in in the caller's offset. */
function expectedTotals(rows: readonly Written[], query: Query): DailyTotal[] {
  const { from, to, profile, status } = query.filter ?? {};
  const offset = query.utcOffsetMinutes ?? 0;
  const groups = new Map<string, { day: string; status: PayInStatus; currency: string; amounts: string[] }>();
  for (const row of rows) {
    if (from !== undefined && row.createdAt < from) continue;
    if (to !== undefined && row.createdAt >= to) continue;
    if (profile !== undefined && row.profile !== profile) continue;
    if (status !== undefined && !(status as string[]).includes(row.status)) continue;
    const day = new Date(row.createdAt + offset * MINUTE).toISOString().slice(0, 10);
    const key = `${day} ${row.status} ${row.currency}`;
    const group = groups.get(key) ?? { day, status: row.status, currency: row.currency, amounts: [] };
    group.amounts.push(row.amount);
    groups.set(key, group);
  }
  return [...groups.keys()].sort().map((key) => {
    const group = groups.get(key)!;
    return {
      day: group.day,
      status: group.status,
      currency: group.currency,
      count: group.amounts.length,
      amount: sumAmounts(group.amounts),
    };
  });
}

/** payin_days must equal, for every offset it keeps, the rows grouped by local day: no drift, no zeros. */
function expectDayRollupMatchesRows(filePath: string): number[] {
  const db = new DatabaseSync(filePath, { readOnly: true });
  try {
    const offsets = db
      .prepare('SELECT utc_offset_minutes FROM payin_day_offsets ORDER BY utc_offset_minutes')
      .all()
      .map((row) => Number(row.utc_offset_minutes));
    const rowsStatement = db.prepare(
      "SELECT created_at, profile, status, currency, amount_minor FROM history_rows WHERE kind = 'payin'",
    );
    // Amounts past 2^53 minor units are in the data on purpose.
    rowsStatement.setReadBigInts(true);
    const rows = rowsStatement.all();
    for (const offset of offsets) {
      const groups = new Map<string, { n: number; minor: bigint }>();
      for (const row of rows) {
        const day = Math.floor((Number(row.created_at) + offset * MINUTE) / DAY);
        const key = [day, row.profile, row.status, row.currency].join('|');
        const group = groups.get(key) ?? { n: 0, minor: 0n };
        group.n += 1;
        group.minor += row.amount_minor as bigint;
        groups.set(key, group);
      }
      const statement = db.prepare(
        'SELECT day, profile, status, currency, n, minor FROM payin_days WHERE utc_offset_minutes = ?',
      );
      statement.setReadBigInts(true);
      const kept = new Map(
        statement
          .all(offset)
          .map((row) => [
            [Number(row.day), row.profile, row.status, row.currency].join('|'),
            { n: Number(row.n), minor: row.minor as bigint },
          ]),
      );
      expect(kept, `payin_days at UTC offset ${offset} minutes`).toEqual(groups);
    }
    return offsets;
  } finally {
    db.close();
  }
}

function bySource(store: HistoryStore, query: Query): string {
  return store.explainDailyTotals(query).join('\n');
}

describe('daily totals from the rollups', () => {
  let ledger: Ledger;
  const amounts = ['10.00', '0.01', '99.99', '1234.56', '7.35', '90071992547409.93'];
  const minutes = [0, 7, 20, 44, 59];

  beforeAll(() => {
    ledger = new Ledger();
    // Kept before anything is written, so these offsets' days come from the triggers, not a backfill.
    for (const offset of [840, -840, 345]) ledger.store.dailyTotals({ utcOffsetMinutes: offset });
    for (let i = 0; i < 144; i += 1) {
      const at = START + Math.floor(i / 24) * DAY + (i % 24) * HOUR + minutes[i % minutes.length]! * MINUTE;
      ledger.add(at, amounts[i % amounts.length]!, {
        profile: i % 4 === 0 ? 'Production' : 'Sandbox',
        currency: i % 5 === 0 ? 'USD' : 'EUR',
      });
    }
    // Right on each offset's local midnight, and 1 ms before it (the previous bucket and local day).
    for (const offset of OFFSETS) {
      for (let day = 1; day <= 4; day += 1) {
        const midnight = START + day * DAY - offset * MINUTE;
        ledger.add(midnight, '3.33');
        ledger.add(midnight - 1, '4.44');
      }
    }
    ledger.rows.forEach((row, i) => {
      if (i % 11 === 0) return; // left pending
      if (i % 3 === 0) ledger.setStatus(row, 'declined');
      else if (i % 7 === 0) ledger.setStatus(row, 'outcome_unknown');
      else ledger.setStatus(row, 'approved');
    });
  });

  const ranges: [string, HistoryFilterInput][] = [
    ['everything', {}],
    ['whole UTC days', { from: START, to: START + 4 * DAY }],
    [
      'a range that starts and ends mid-day',
      { from: START + 7 * HOUR + 15 * MINUTE, to: START + 4 * DAY + 13 * HOUR + 45 * MINUTE },
    ],
    ['a start mid-day, no end', { from: START + DAY + 5 * HOUR + 30 * MINUTE }],
    ['no start, an end mid-day', { to: START + 2 * DAY + 20 * HOUR + 45 * MINUTE }],
    ['three hours', { from: START + DAY + 2 * HOUR, to: START + DAY + 5 * HOUR }],
  ];
  const cases = OFFSETS.flatMap((offset) => ranges.map(([name, filter]) => [offset, name, filter] as const));

  it.each(cases)(
    'UTC offset %i minutes, %s: exact totals, equal to the row scan',
    (offset, _name, filter) => {
      const query = { filter, utcOffsetMinutes: offset };
      const totals = ledger.store.dailyTotals(query);
      expect(totals.length).toBeGreaterThan(0);
      expect(totals).toEqual(expectedTotals(ledger.rows, query));
      // A text prefix every trade number has sends the same question to the rows.
      const rowsQuery = { filter: { ...filter, text: 'T' }, utcOffsetMinutes: offset };
      expect(bySource(ledger.store, query)).not.toContain('history_rows');
      expect(bySource(ledger.store, rowsQuery)).toContain('history_rows');
      expect(ledger.store.dailyTotals(rowsQuery)).toEqual(totals);
    },
  );

  it('sums past 2^53 minor units exactly, as decimal text', () => {
    const totals = ledger.store.dailyTotals({ utcOffsetMinutes: 345 });
    const big = totals.filter((day) => BigInt(day.amount.replace('.', '')) > BigInt(Number.MAX_SAFE_INTEGER));
    expect(big.length).toBeGreaterThan(0);
    expect(totals.every((day) => /^\d+\.\d{2}$/.test(day.amount))).toBe(true);
  });

  it('an empty range has no days', () => {
    const at = START + DAY + 15 * MINUTE;
    expect(ledger.store.dailyTotals({ filter: { from: at, to: at }, utcOffsetMinutes: 345 })).toEqual([]);
  });

  it('filters by profile and status on the rollups too', () => {
    for (const offset of [0, 345, -210]) {
      const query = {
        filter: {
          profile: 'Production',
          status: ['approved', 'declined'] as PayInStatus[],
          from: START + 9 * HOUR,
          to: START + 3 * DAY + 30 * MINUTE,
        },
        utcOffsetMinutes: offset,
      };
      const totals = ledger.store.dailyTotals(query);
      expect(totals.length).toBeGreaterThan(0);
      expect(totals).toEqual(expectedTotals(ledger.rows, query));
      expect(totals.every((day) => day.status === 'approved' || day.status === 'declined')).toBe(true);
    }
  });

  it('offsets and ranges off the 15-minute grid still get exact days (from the rows)', () => {
    for (const query of [
      { utcOffsetMinutes: 7 },
      { utcOffsetMinutes: -1, filter: { from: START + 3 * HOUR + 1, to: START + 3 * DAY - 1 } },
      { utcOffsetMinutes: 345, filter: { from: START + 10 * MINUTE } },
    ]) {
      expect(bySource(ledger.store, query)).toContain('history_rows');
      expect(ledger.store.dailyTotals(query)).toEqual(expectedTotals(ledger.rows, query));
    }
  });

  it('has nothing for KYC batches, and everything for kind payin', () => {
    expect(ledger.store.dailyTotals({ filter: { kind: 'kyc_batch' } })).toEqual([]);
    expect(ledger.store.dailyTotals({ filter: { kind: 'payin' }, utcOffsetMinutes: -210 })).toEqual(
      expectedTotals(ledger.rows, { utcOffsetMinutes: -210 }),
    );
  });

  it('keeps the day rollup equal to the rows for every offset it keeps', () => {
    const kept = expectDayRollupMatchesRows(ledger.filePath);
    expect(kept).toHaveLength(MAX_DAY_ROLLUP_OFFSETS);
  });
});

describe('daily totals through status changes', () => {
  it('a pay-in that moves from pending to approved moves between statuses in every kept offset', () => {
    const ledger = new Ledger();
    const offsets = [0, 345, -210, 840];
    // 23:50 UTC: the next day at +05:45 and +14:00, the same day at -03:30.
    const late = START + 23 * HOUR + 50 * MINUTE;
    const first = ledger.add(late, '10.10');
    const second = ledger.add(late + 2 * MINUTE, '0.20');
    ledger.setStatus(second, 'approved');
    // Ask in every offset first, so that the change below goes through the triggers, not a backfill.
    for (const offset of offsets) {
      expect(ledger.store.dailyTotals({ utcOffsetMinutes: offset })).toEqual(
        expectedTotals(ledger.rows, { utcOffsetMinutes: offset }),
      );
    }
    ledger.setStatus(first, 'processing');
    ledger.setStatus(first, 'approved');
    for (const offset of offsets) {
      const totals = ledger.store.dailyTotals({ utcOffsetMinutes: offset });
      expect(totals).toEqual(expectedTotals(ledger.rows, { utcOffsetMinutes: offset }));
      expect(totals).toEqual([
        { day: totals[0]!.day, status: 'approved', currency: 'EUR', count: 2, amount: '10.30' },
      ]);
    }
    expect(ledger.store.dailyTotals({ utcOffsetMinutes: 345 })[0]!.day).toBe('2026-06-02');
    expect(ledger.store.dailyTotals({ utcOffsetMinutes: -210 })[0]!.day).toBe('2026-06-01');
    // The emptied (day, pending) rows are gone rather than left at zero.
    expect(expectDayRollupMatchesRows(ledger.filePath)).toEqual([...offsets].sort((a, b) => a - b));
    ledger.store.close();
  });

  it('an offset dropped to make room is rebuilt, with what was written meanwhile', () => {
    const ledger = new Ledger();
    for (let i = 0; i < 30; i += 1) ledger.add(START + i * 3 * HOUR + 5 * MINUTE, `${i + 1}.25`);
    // UTC+0 is kept since migration 3; asking in MAX more offsets drops it, the oldest.
    const others = [60, 120, 180, 240, 300, 345].slice(0, MAX_DAY_ROLLUP_OFFSETS);
    for (const offset of others) ledger.store.dailyTotals({ utcOffsetMinutes: offset });
    expect(expectDayRollupMatchesRows(ledger.filePath)).toEqual(others);
    // Written while UTC+0 is not kept: its rebuild must include these.
    ledger.setStatus(ledger.rows[0]!, 'approved');
    ledger.add(START + 2 * DAY + 23 * HOUR + 59 * MINUTE, '5.00');
    expect(ledger.store.dailyTotals({ utcOffsetMinutes: 0 })).toEqual(
      expectedTotals(ledger.rows, { utcOffsetMinutes: 0 }),
    );
    expect(expectDayRollupMatchesRows(ledger.filePath)).toEqual(
      [0, ...others.slice(1)].sort((a, b) => a - b),
    );
    ledger.store.close();
  });
});

describe('migration 3 on a file with history', () => {
  it('backfills the UTC day rollup from what migration 2 kept, and answers every offset exactly', () => {
    const filePath = newFile();
    const db = new DatabaseSync(filePath);
    migrate(
      db,
      MIGRATIONS.filter((migration) => migration.version <= 2),
    );
    expect(Number(db.prepare('PRAGMA user_version').get()?.user_version)).toBe(2);
    const insert = db.prepare(
      `INSERT INTO history_rows (kind, status, created_at, updated_at, profile, operator, merchant_trade_no,
         amount, amount_minor, currency)
       VALUES ('payin', 'pending', :at, :at, :profile, 'old', :tradeNo, :amount, :minor, :currency)`,
    );
    const rows: Written[] = [];
    for (let i = 0; i < 60; i += 1) {
      const at = START + i * 2 * HOUR + 17 * MINUTE;
      const minor = 100 + i * 37;
      const amount = `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
      const row = { profile: i % 3 === 0 ? 'Production' : 'Sandbox', currency: i % 4 === 0 ? 'USD' : 'EUR' };
      const result = insert.run({ at, tradeNo: `OLD${i}`, amount, minor, ...row });
      rows.push({ id: Number(result.lastInsertRowid), createdAt: at, amount, status: 'pending', ...row });
    }
    // State changes and a deletion under migration 2: the backfill must see the current state.
    for (const row of rows.filter((_, i) => i % 2 === 0)) {
      db.prepare("UPDATE history_rows SET status = 'approved' WHERE id = ?").run(row.id);
      row.status = 'approved';
    }
    db.prepare('DELETE FROM history_rows WHERE id = ?').run(rows[5]!.id);
    rows.splice(5, 1);
    db.close();

    const store = openHistoryStore(filePath, { trust: sessionTrust() });
    const check = new DatabaseSync(filePath, { readOnly: true });
    expect(Number(check.prepare('PRAGMA user_version').get()?.user_version)).toBe(LATEST_SCHEMA_VERSION);
    expect(Number(check.prepare('SELECT COUNT(*) AS n FROM payin_days').get()?.n)).toBeGreaterThan(0);
    check.close();
    expect(expectDayRollupMatchesRows(filePath)).toEqual([0]);
    for (const offset of [0, 345, -840]) {
      for (const filter of [
        {},
        { from: START + 5 * HOUR + 45 * MINUTE, to: START + 4 * DAY + 30 * MINUTE },
      ]) {
        const query = { filter, utcOffsetMinutes: offset };
        expect(store.dailyTotals(query)).toEqual(expectedTotals(rows, query));
      }
    }
    // A row deleted behind Paydesk's back (verifyHistory reports it) leaves every kept offset's days.
    const outside = new DatabaseSync(filePath);
    outside.prepare('DELETE FROM history_rows WHERE id = ?').run(rows[0]!.id);
    outside.close();
    rows.splice(0, 1);
    expect(expectDayRollupMatchesRows(filePath)).toEqual([-840, 0, 345]);
    expect(store.dailyTotals({ utcOffsetMinutes: -840 })).toEqual(
      expectedTotals(rows, { utcOffsetMinutes: -840 }),
    );
    store.close();
  });
});
