// The desk's own asking about a pay-in overdue for the gateway's word (A38): only a pay-in that waits for
// the gateway, only with its exact request still kept, never while a request is on its way, and less often
// each time.
import type { PayInRow } from '@shared/history';
import type { PayInStatus } from '@shared/payin-lifecycle';
import { afterEach, describe, expect, it } from 'vitest';
import { type OverdueAsk, startOverdueAsk } from '../../src/main/payin/overdue-ask';

const AFTER = 1_000;
let watch: OverdueAsk | undefined;
afterEach(() => watch?.stop());

function deskWith(rows: { id: number; status: PayInStatus; kept?: boolean; sending?: boolean }[]) {
  const asked: number[] = [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  watch = startOverdueAsk({
    history: {
      getById: (id) => {
        const row = byId.get(id);
        return row && ({ kind: 'payin', id, status: row.status, updatedAt: 0 } as unknown as PayInRow);
      },
    },
    inFlight: {
      unsettled: () => rows.map((row) => row.id),
      request: (id) => (byId.get(id)?.kept === false ? undefined : ({} as never)),
      isSending: (id) => byId.get(id)?.sending === true,
    },
    ask: async (id) => {
      asked.push(id);
    },
    now: () => 0,
    // Never on its own in this test: each look is the test's.
    timing: { afterMs: AFTER, everyMs: 3_600_000 },
  });
  return { asked, check: (at: number) => watch!.check(at) };
}

describe('the desk asking again by itself', () => {
  it('asks only about pay-ins that wait for the gateway, past the deadline, with their request kept', async () => {
    const desk = deskWith([
      { id: 1, status: 'action_required' },
      { id: 2, status: 'awaiting_confirmation' },
      { id: 3, status: 'processing' },
      { id: 4, status: 'outcome_unknown' },
      { id: 5, status: 'approved' },
      { id: 6, status: 'action_required', kept: false },
      { id: 7, status: 'action_required', sending: true },
    ]);
    expect(await desk.check(AFTER - 1)).toEqual([]);
    expect((await desk.check(AFTER)).sort()).toEqual([1, 2, 3]);
  });

  it('waits twice as long after each ask', async () => {
    const desk = deskWith([{ id: 1, status: 'action_required' }]);
    expect(await desk.check(AFTER)).toEqual([1]);
    // Next after 2 × AFTER from the first ask, then 4 × AFTER from the second.
    expect(await desk.check(AFTER + 2 * AFTER - 1)).toEqual([]);
    expect(await desk.check(AFTER + 2 * AFTER)).toEqual([1]);
    expect(await desk.check(3 * AFTER + 4 * AFTER - 1)).toEqual([]);
    expect(await desk.check(3 * AFTER + 4 * AFTER)).toEqual([1]);
    expect(desk.asked).toEqual([1, 1, 1]);
  });

  it('asks nothing once stopped', async () => {
    const desk = deskWith([{ id: 1, status: 'processing' }]);
    watch!.stop();
    expect(await desk.check(10 * AFTER)).toEqual([]);
    expect(desk.asked).toEqual([]);
  });
});
