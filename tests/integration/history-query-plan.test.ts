// Each query the UI makes must be served by its intended index: a full scan of history_rows grows with
// every payment ever taken and would make the list slower year after year.
import { DatabaseSync } from 'node:sqlite';
import type { HistoryFilterInput } from '@shared/history';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NAMED_SQL } from '../../src/main/history/search/history-queries';
import { MASTERCARD, payIn, type TempHistory, tempHistory } from '../support/history/history-fixtures';

let h: TempHistory;

beforeAll(() => {
  h = tempHistory();
  const statuses = ['approved', 'declined', 'processing', 'refused'] as const;
  for (let i = 0; i < 120; i += 1) {
    h.clock.advance(60_000);
    const id = h.store.insertPayIn(
      payIn({
        profile: i % 3 === 0 ? 'live' : 'sandbox',
        request: {
          merchantTradeNo: `PLAN-${i}`,
          userId: `user-${i % 7}`,
          amount: `${(i % 50) + 1}.${String(i % 100).padStart(2, '0')}`,
          ...(i % 2 ? { cardNumber: MASTERCARD } : {}),
        },
      }),
    );
    h.store.updatePayIn(id, { status: statuses[i % 4]!, orderId: `GW-${i}`, traceid: `tr-${i}` });
  }
  // What a long-used file looks like to the planner: statistics gathered.
  const db = new DatabaseSync(h.filePath);
  db.exec('ANALYZE');
  db.close();
});
afterAll(() => h.cleanup());

function fullScan(plan: readonly string[]): boolean {
  return plan.some((line) => /^SCAN history_rows(?! USING (COVERING )?INDEX)/.test(line));
}

function planOf(filter: HistoryFilterInput): string[] {
  return h.store.explainQuery(filter);
}

function namedPlan(sql: string): string[] {
  const db = new DatabaseSync(h.filePath, { readOnly: true });
  const plan = db
    .prepare(`EXPLAIN QUERY PLAN ${sql}`)
    .all({})
    .map((row) => String(row.detail));
  db.close();
  return plan;
}

describe('query plans of the history list', () => {
  const cases: [string, HistoryFilterInput, string][] = [
    ['newest first', {}, 'idx_history_created'],
    ['oldest first', { sort: 'createdAt_asc' }, 'idx_history_created'],
    ['a date range', { from: 1, to: Date.now() }, 'idx_history_created'],
    ['one status', { status: ['approved'] }, 'idx_history_status_created'],
    [
      'one status in a date range',
      { status: ['declined'], from: 1, to: Date.now() },
      'idx_history_status_created',
    ],
    ['one kind', { kind: 'kyc_batch' }, 'idx_history_kind_created'],
    ['one profile', { profile: 'live' }, 'idx_history_profile_created'],
    ['by amount', { sort: 'amount_desc' }, 'idx_history_amount'],
  ];
  for (const [name, filter, index] of cases) {
    it(`${name}: ${index}, already in order`, () => {
      const plan = planOf(filter);
      expect(plan.join('\n')).toContain(index);
      expect(fullScan(plan)).toBe(false);
      expect(plan.join('\n')).not.toContain('TEMP B-TREE');
    });
  }

  it('the next keyset page seeks straight to the cursor', () => {
    const cursor = h.store.query({ limit: 10 }).nextCursor!;
    const plan = planOf({ limit: 10, cursor });
    // A SEARCH bounded by the cursor (not a SCAN from the start that skips rows), already in order; the
    // page's ids come from the index alone (covering), its rows are read by id.
    expect(plan.join('\n')).toMatch(
      /SEARCH history_rows USING (COVERING )?INDEX idx_history_created \(.*created_at.*<\?/,
    );
    expect(plan.join('\n')).not.toContain('TEMP B-TREE');
  });

  it('text search looks each searchable column up by index', () => {
    // Shorter than 4 characters: the start of each identifier, by its own index.
    const plan = planOf({ text: 'PL1' }).join('\n');
    expect(plan).toContain('MULTI-INDEX OR');
    for (const index of [
      'idx_history_trade_no',
      'idx_history_order_id',
      'idx_history_traceid',
      'idx_history_user_id',
    ]) {
      expect(plan).toContain(index);
    }
    expect(planOf({ text: '4444' }).join('\n')).toContain('idx_history_last4');
    expect(fullScan(planOf({ text: 'PL1' }))).toBe(false);
  });

  it("a text of 4 characters or more looks identifiers up in their runs' indexes, the traceid by its own", () => {
    const plan = planOf({ text: 'plan-1' }).join('\n');
    for (const column of ['merchant_trade_no', 'order_id', 'user_id'])
      expect(plan).toContain(`history_ids_${column} VIRTUAL TABLE`);
    expect(plan).toContain('idx_history_traceid');
    expect(plan).not.toContain('idx_history_trade_no');
    expect(fullScan(planOf({ text: 'plan-1' }))).toBe(false);
  });

  it('several statuses use the status index', () => {
    const plan = planOf({ status: ['approved', 'declined'] });
    expect(plan.join('\n')).toContain('idx_history_status_created');
    expect(fullScan(plan)).toBe(false);
  });
});

describe('query plans of the named lookups', () => {
  const cases: [keyof typeof NAMED_SQL, string][] = [
    ['findPayInByTradeNo', 'idx_history_trade_no (merchant_trade_no=? AND profile=?)'],
    [
      'recentDuplicate',
      'idx_history_duplicate (masked_pan=? AND user_id=? AND amount_minor=? AND created_at>?)',
    ],
    ['findKycBatchesBySha256', 'idx_history_sha256 (sha256=?)'],
    ['pendingRows', 'idx_history_status_created (status=?)'],
  ];
  for (const [name, expected] of cases) {
    it(`${name} uses ${expected.split(' ')[0]}`, () => {
      const plan = namedPlan(NAMED_SQL[name]);
      expect(plan.join('\n')).toContain(expected);
      expect(fullScan(plan)).toBe(false);
    });
  }
});

describe('query plans of the daily totals', () => {
  const DAY = 86_400_000;
  const midnight = Date.UTC(2025, 0, 15);
  const totalsPlan = (query: Parameters<TempHistory['store']['explainDailyTotals']>[0]) =>
    h.store.explainDailyTotals(query).join('\n');

  it('whole local days in any offset read payin_days by its key, and neither the rows nor the buckets', () => {
    for (const utcOffsetMinutes of [0, 345, -210, 840]) {
      const everything = totalsPlan({ utcOffsetMinutes });
      expect(everything).toContain('SEARCH payin_days USING PRIMARY KEY (utc_offset_minutes=?)');
      const days = totalsPlan({
        utcOffsetMinutes,
        filter: {
          from: midnight - utcOffsetMinutes * 60_000,
          to: midnight + 30 * DAY - utcOffsetMinutes * 60_000,
        },
      });
      expect(days).toContain(
        'SEARCH payin_days USING PRIMARY KEY (utc_offset_minutes=? AND day>? AND day<?)',
      );
      for (const plan of [everything, days]) {
        expect(plan).not.toContain('history_rows');
        expect(plan).not.toContain('payin_buckets');
        // Read in key order, so the days are summed without sorting them first.
        expect(plan).not.toContain('TEMP B-TREE');
      }
    }
  });

  it('a range that starts and ends mid-day adds its two part days from payin_buckets by bucket range', () => {
    const plan = totalsPlan({
      utcOffsetMinutes: 345,
      filter: { from: midnight + 7 * 3_600_000, to: midnight + 30 * DAY + 900_000, profile: 'live' },
    });
    expect(plan).toContain('SEARCH payin_days USING PRIMARY KEY (utc_offset_minutes=? AND day>? AND day<?)');
    expect(plan.match(/SEARCH payin_buckets USING PRIMARY KEY \(bucket>\? AND bucket<\?\)/g)).toHaveLength(2);
    expect(plan).not.toContain('history_rows');
  });

  it('text search, which the rollups cannot answer, still looks the rows up by index', () => {
    const plan = h.store.explainDailyTotals({ filter: { text: 'PL1' }, utcOffsetMinutes: 345 });
    expect(plan.join('\n')).toContain('idx_history_trade_no');
    expect(fullScan(plan)).toBe(false);
    const byPart = h.store.explainDailyTotals({ filter: { text: 'PLAN-1' }, utcOffsetMinutes: 345 });
    expect(byPart.join('\n')).toContain('history_ids_user_id VIRTUAL TABLE');
    expect(fullScan(byPart)).toBe(false);
  });
});
