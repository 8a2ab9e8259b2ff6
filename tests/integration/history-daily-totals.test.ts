// The chart's daily totals come from the trigger-kept 15-minute rollup (migration 2) when the filter
// allows, and from the rows otherwise: both must give the same figures, through inserts and status changes.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openHistoryStore } from '../../src/main/history/history-store';

const DAY = 86_400_000;
const START = Date.UTC(2026, 5, 1);
const dir = mkdtempSync(join(tmpdir(), 'paydesk-daily-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('daily totals', () => {
  let clock = START;
  const store = openHistoryStore(join(dir, 'history.sqlite'), { now: () => clock });
  const amounts = ['10.00', '0.01', '99.99', '1234.56', '7.35'];
  const ids: number[] = [];
  for (let i = 0; i < 120; i += 1) {
    // Spread over 5 days, some rows near midnight UTC so that a +5:30 offset moves them to the next day.
    clock = START + Math.floor(i / 24) * DAY + (i % 24) * 3_600_000 + (i % 3) * 20 * 60_000;
    ids.push(
      store.insertPayIn({
        profile: i % 4 === 0 ? 'Production' : 'Sandbox',
        operator: 'test',
        apiVersion: 'v2',
        currency: i % 5 === 0 ? 'USD' : 'EUR',
        request: {
          merchantTradeNo: `T${i}`,
          userId: `u${i}`,
          amount: amounts[i % amounts.length]!,
          cardNumber: '4242424242424242',
        },
      }),
    );
  }
  ids.forEach((id, i) => {
    store.updatePayIn(id, {
      status: i % 3 === 0 ? 'declined' : i % 7 === 0 ? 'outcome_unknown' : 'approved',
    });
  });

  const withText = (from: number, to: number, offset: number) =>
    // A text prefix every trade number has forces the row scan; everything else is the same.
    store.dailyTotals({ filter: { from, to, text: 'T' }, utcOffsetMinutes: offset });

  it.each([0, 330, -300, 345])('the rollup equals the row scan at UTC offset %i minutes', (offset) => {
    const from = START - DAY;
    const to = START + 7 * DAY;
    const fromBuckets = store.dailyTotals({ filter: { from, to }, utcOffsetMinutes: offset });
    expect(fromBuckets.length).toBeGreaterThan(10);
    expect(fromBuckets).toEqual(withText(from, to, offset));
  });

  it('counts each pay-in once, in its current status, with exact sums', () => {
    const totals = store.dailyTotals({});
    expect(totals.reduce((sum, day) => sum + day.count, 0)).toBe(120);
    expect(totals.some((day) => day.status === 'pending')).toBe(false);
    const declinedEur = totals.filter((day) => day.status === 'declined' && day.currency === 'EUR');
    expect(declinedEur.length).toBeGreaterThan(0);
  });

  it('filters by profile and status on the rollup too', () => {
    const production = store.dailyTotals({ filter: { profile: 'Production', status: ['approved'] } });
    const expected = store.dailyTotals({
      filter: { profile: 'Production', status: ['approved'], text: 'T' },
    });
    expect(production).toEqual(expected);
    expect(production.every((day) => day.status === 'approved')).toBe(true);
  });

  it('an offset that is not a whole number of buckets still gets exact days (from the rows)', () => {
    const from = START - DAY;
    const to = START + 7 * DAY;
    expect(store.dailyTotals({ filter: { from, to }, utcOffsetMinutes: 7 })).toEqual(withText(from, to, 7));
  });

  it('has nothing for KYC batches', () => {
    expect(store.dailyTotals({ filter: { kind: 'kyc_batch' } })).toEqual([]);
  });
});
