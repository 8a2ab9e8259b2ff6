// An operator's day read from the history file itself: the local day's edges in offsets east and west of
// UTC, the approvals an operator gave found by the approver's id in the entry, and each list's SQL held to
// an index (a full scan of audit_log would grow with every entry ever written).
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDayRange, OPERATOR_DAY_SQL } from '../../src/main/history/search/operator-day';
import { kycBatch, payIn, type TempHistory, tempHistory } from '../support/history/history-fixtures';

let h: TempHistory;

/** 22:30 and 23:30 UTC on 15 January 2025: 23:30 on the 15th and 00:30 on the 16th in Paris (UTC+1). */
const LATE = Date.UTC(2025, 0, 15, 22, 30);
const LATER = Date.UTC(2025, 0, 15, 23, 30);

function workAt(at: number, amount: string, status: 'approved' | 'declined') {
  h.clock.set(at);
  h.store.recordEvent({
    operator: 'alice',
    event: 'session.signed_in',
    outcome: 'success',
    resource: 'session',
    detail: {},
  });
  const id = h.store.insertPayIn(payIn({ operator: 'alice', request: { amount } }));
  h.store.updatePayIn(id, { status });
  h.store.recordEvent({
    operator: 'alice',
    event: 'session.forbidden',
    outcome: 'failure',
    resource: 'operators.list',
    detail: { permission: 'operators.manage', message: 'no' },
  });
  h.store.recordEvent({
    operator: 'alice',
    event: 'approval.granted',
    outcome: 'success',
    resource: 'approval',
    detail: { requestId: `r-${at}`, action: 'payin.over_limit', summary: amount, approvedBy: 'sam.super' },
  });
  h.store.recordEvent({
    operator: 'alice',
    event: 'session.locked',
    outcome: 'success',
    resource: 'session',
    detail: { reason: 'idle' },
  });
}

beforeAll(() => {
  h = tempHistory();
  workAt(LATE, '10.05', 'approved');
  workAt(LATER, '20.10', 'declined');
  h.clock.set(LATER + 60_000);
  h.store.insertKycBatch(kycBatch({ operator: 'alice', fileName: 'late.csv' }));
  // Someone else's work the same night is not alice's.
  h.store.insertPayIn(payIn({ operator: 'bob', request: { amount: '99.99' } }));
  h.store.recordEvent({
    operator: 'bob',
    event: 'session.signed_in',
    outcome: 'success',
    resource: 'session',
    detail: {},
  });
});
afterAll(() => h.cleanup());

const dayOf = (day: string, utcOffsetMinutes: number, operatorId = 'alice') =>
  h.store.operatorDay({ operatorId, day, utcOffsetMinutes });

describe("the local day's edges", () => {
  it('in UTC, both evenings are the 15th', () => {
    const day = dayOf('2025-01-15', 0);
    expect(day.sessions.map((moment) => moment.at)).toEqual([LATE, LATE, LATER, LATER]);
    expect(day.payIns).toEqual([
      { status: 'approved', currency: 'EUR', count: 1, amount: '10.05' },
      { status: 'declined', currency: 'EUR', count: 1, amount: '20.10' },
    ]);
  });

  it('an hour east of UTC, 23:30 UTC is already the 16th', () => {
    const first = dayOf('2025-01-15', 60);
    expect(first.from).toBe(Date.UTC(2025, 0, 14, 23, 0));
    expect(first.sessions).toEqual([
      { at: LATE, event: 'signed_in', outcome: 'success' },
      { at: LATE, event: 'locked', outcome: 'success', reason: 'idle' },
    ]);
    expect(first.payIns).toEqual([{ status: 'approved', currency: 'EUR', count: 1, amount: '10.05' }]);
    expect(first.refusedCalls).toEqual([
      { at: LATE, channel: 'operators.list', permission: 'operators.manage' },
    ]);
    expect(first.kycBatches).toEqual([]);

    const second = dayOf('2025-01-16', 60);
    expect(second.sessions.map((moment) => moment.at)).toEqual([LATER, LATER]);
    expect(second.payIns).toEqual([{ status: 'declined', currency: 'EUR', count: 1, amount: '20.10' }]);
    expect(second.approvalsAsked).toEqual([
      { at: LATER, event: 'granted', action: 'payin.over_limit', summary: '20.10', supervisor: 'sam.super' },
    ]);
    expect(second.kycBatches).toEqual([
      expect.objectContaining({ at: LATER + 60_000, fileName: 'late.csv', status: 'pending' }),
    ]);
  });

  it('five hours west of UTC, both are still the 15th, and the 16th is empty', () => {
    expect(dayOf('2025-01-15', -300).payIns.map((total) => total.amount)).toEqual(['10.05', '20.10']);
    expect(dayOf('2025-01-16', -300)).toMatchObject({
      sessions: [],
      payIns: [],
      kycBatches: [],
      refusedCalls: [],
    });
  });

  it('a day runs from local midnight to the next, the end not included', () => {
    expect(localDayRange('2025-01-16', 60)).toEqual({
      from: LATE + 30 * 60_000,
      to: LATE + 30 * 60_000 + 86_400_000,
    });
    expect(localDayRange('2025-01-15', -570)).toEqual({
      from: Date.UTC(2025, 0, 15, 9, 30),
      to: Date.UTC(2025, 0, 16, 9, 30),
    });
  });
});

describe('the approvals an operator gave', () => {
  it("are the grants whose approver is them, with the requester's name", () => {
    const day = dayOf('2025-01-15', 0, 'sam.super');
    expect(day.approvalsGiven).toEqual([
      { at: LATE, requester: 'alice', action: 'payin.over_limit', summary: '10.05' },
      { at: LATER, requester: 'alice', action: 'payin.over_limit', summary: '20.10' },
    ]);
    expect(day.approvalsAsked).toEqual([]);
    expect(dayOf('2025-01-15', 0, 'bob').approvalsGiven).toEqual([]);
  });
});

describe('query plans', () => {
  const INDEX_OF: Record<keyof typeof OPERATOR_DAY_SQL, string> = {
    ownEntries: 'idx_audit_operator_at',
    refusedCalls: 'idx_audit_operator_at',
    approvalsGiven: 'idx_audit_event_at',
    payInTotals: 'idx_history_created',
    kycBatches: 'idx_history_created',
  };
  it.each(Object.entries(INDEX_OF))('%s reads through %s, never a full scan', (name, index) => {
    const sql = OPERATOR_DAY_SQL[name as keyof typeof OPERATOR_DAY_SQL];
    const db = new DatabaseSync(h.filePath, { readOnly: true });
    const params = {
      operator: 'alice',
      from: 0,
      to: 1,
      limit: 10,
      eventFrom: 'session.',
      eventTo: 'session/',
    };
    const used = Object.fromEntries(Object.entries(params).filter(([key]) => sql.includes(`:${key}`)));
    const plan = db
      .prepare(`EXPLAIN QUERY PLAN ${sql}`)
      .all(used)
      .map((row) => String(row.detail));
    db.close();
    expect(
      plan.some((line) => /^SCAN (audit_log|history_rows)(?! USING)/.test(line)),
      plan.join('\n'),
    ).toBe(false);
    expect(plan.join('\n')).toContain(`USING INDEX ${index} `);
  });
});
