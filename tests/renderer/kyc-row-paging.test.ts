// The KYC grid's rows come from main a page at a time. A calm scroll asks for the pages in view at once;
// a wheel turned hard leaps past a screenful every frame, and then the grid waits for the rows to hold
// still before asking, and drops a page that comes back after the rows have left it. (A stand-in for
// window.paydesk answers kyc.rows when the test says so.)

import { LEAP_CALM_MS, leapt, nearRange, PAGE_ROWS } from '@renderer/features/kyc/row-pages';
import { useKycStore } from '@renderer/features/kyc/store';
import type { KycBatchSummary, KycCounts } from '@shared/kyc-batch';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Asked = { offset: number; answer: (result: unknown) => void };
let asked: Asked[] = [];

const TOTAL = 100_000;
const counts: KycCounts = {
  total: TOTAL,
  valid: TOTAL,
  invalid: 0,
  accepted: 0,
  rejected: 0,
  sending: 0,
  checking: 0,
  warnings: 0,
};

function rowsFrom(offset: number) {
  return Array.from({ length: PAGE_ROWS }, (_, i) => ({
    index: offset + i,
    row: offset + i + 2,
    record: { userId: `u${offset + i}` },
    errors: [],
    state: 'valid' as const,
    warnings: [],
  }));
}

/** Answers every kyc.rows call asked so far (oldest first). */
async function answerAll(): Promise<void> {
  const now = asked;
  asked = [];
  for (const call of now) {
    call.answer({
      ok: true,
      data: {
        batchId: 'b1',
        filter: 'all',
        offset: call.offset,
        total: TOTAL,
        rows: rowsFrom(call.offset),
        counts,
      },
    });
  }
  await vi.advanceTimersByTimeAsync(0);
}

const pagesAsked = () => asked.map((call) => call.offset / PAGE_ROWS);

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  asked = [];
  (globalThis as unknown as { window: unknown }).window = {
    paydesk: {
      invoke: (channel: string, input: { offset: number }) =>
        new Promise((answer) => {
          if (channel === 'kyc.rows') asked.push({ offset: input.offset, answer });
        }),
      on: () => () => undefined,
    },
  };
  useKycStore.setState({
    summary: { batchId: 'b1', fileName: 'f.csv' } as KycBatchSummary,
    counts,
    total: TOTAL,
    filter: 'all',
    pages: new Map(),
    version: 0,
    generation: 1,
  });
  // A new filter starts the grid's paging afresh (no range, no leap, nothing in flight).
  useKycStore.getState().setFilter('valid');
  useKycStore.getState().setFilter('all');
  // The first page, as a grid just opened has it.
  await answerAll();
  useKycStore.getState().want({ first: 0, last: 20 });
  await answerAll();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the pages a range needs', () => {
  it('tells a leap past the rows on screen from a scroll that keeps some of them', () => {
    expect(leapt({ first: 0, last: 20 }, { first: 15, last: 35 })).toBe(false);
    expect(leapt({ first: 0, last: 20 }, { first: 21, last: 41 })).toBe(false);
    expect(leapt({ first: 0, last: 20 }, { first: 22, last: 42 })).toBe(true);
    expect(leapt({ first: 500, last: 520 }, { first: 0, last: 20 })).toBe(true);
  });

  it('keeps the pages in view and one either side', () => {
    const range = { first: 250, last: 270 };
    expect([0, 1, 2, 3, 4].map((page) => nearRange(page, range))).toEqual([false, true, true, true, false]);
  });
});

describe('asking main for rows while the grid scrolls', () => {
  it('asks for a page coming into view at once while the scrolling is calm', async () => {
    const { want } = useKycStore.getState();
    for (let first = 20; first <= 200; first += 20) {
      vi.advanceTimersByTime(16);
      want({ first, last: first + 20 });
      if (pagesAsked().includes(2)) break;
    }
    expect(pagesAsked()).toContain(2);
  });

  it('asks at once after a single leap (Ctrl+End), but waits for calm while the leaps go on', async () => {
    const { want } = useKycStore.getState();
    vi.advanceTimersByTime(1_000);
    want({ first: 50_000, last: 50_020 });
    expect(pagesAsked()).toEqual([500]);
    await answerAll();
    // Then the pages either side, ahead of a calm scroll.
    expect(pagesAsked().sort()).toEqual([499, 501]);
    await answerAll();
    // A hard wheel: a leap every frame.
    for (let frame = 1; frame <= 10; frame++) {
      vi.advanceTimersByTime(16);
      want({ first: 50_000 + frame * 100, last: 50_020 + frame * 100 });
    }
    expect(pagesAsked()).toEqual([]);
    vi.advanceTimersByTime(LEAP_CALM_MS);
    expect(pagesAsked()).toEqual([510]);
  });

  it('does not keep a page that comes back after the rows have left it', async () => {
    const { want } = useKycStore.getState();
    vi.advanceTimersByTime(1_000);
    want({ first: 30_000, last: 30_020 });
    expect(pagesAsked()).toEqual([300]);
    const late = asked;
    asked = [];
    vi.advanceTimersByTime(1_000);
    want({ first: 70_000, last: 70_020 });
    expect(pagesAsked()).toEqual([700]);
    asked = late.concat(asked);
    await answerAll();
    const kept = [...useKycStore.getState().pages.keys()];
    expect(kept).toContain(700);
    expect(kept).not.toContain(300);
  });
});
