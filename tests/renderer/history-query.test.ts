// What the History page asks main for (features/history/query.ts): the filter as the operator set it,
// turned into the contract's query (local days, an exclusive end, a "From" after "To" refused before
// asking); how many rows a refresh reloads; and which rows stay flagged as pages are read.

import {
  addFlags,
  EMPTY_FILTERS,
  type HistoryFilters,
  PAGE_SIZE,
  REFRESH_MAX,
  type RowFlag,
  refreshLimit,
  rowKey,
  toQuery,
  toTeamQuery,
} from '@renderer/features/history/query';
import type { HistoryPage, HistoryRow } from '@shared/history';
import { ipcChannels } from '@shared/ipc';
import type { TeamRow } from '@shared/team-history';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { speak } from './support/desk-language';

// The days are the operator's local days: the test pins the zone (this worker only) to one with a
// daylight-saving change, through Node's environment (these tests compile with the page's types).
const env = (globalThis as unknown as { process: { env: Record<string, string | undefined> } }).process.env;
const zoneBefore = env.TZ;
beforeAll(() => {
  env.TZ = 'Europe/Berlin';
  speak('en');
});
afterAll(() => {
  if (zoneBefore === undefined) delete env.TZ;
  else env.TZ = zoneBefore;
});

const filters = (patch: Partial<HistoryFilters>): HistoryFilters => ({ ...EMPTY_FILTERS, ...patch });

function queryOf(patch: Partial<HistoryFilters>) {
  const built = toQuery(filters(patch));
  if (!('query' in built)) throw new Error(`refused: ${built.problem}`);
  return built.query;
}

const HOUR = 3_600_000;

describe('the filter as the contract takes it', () => {
  it('asks for the view alone when nothing is set', () => {
    expect(toQuery(EMPTY_FILTERS)).toEqual({ query: { kind: 'payin' } });
    expect(toQuery(filters({ kind: 'kyc_batch' }))).toEqual({ query: { kind: 'kyc_batch' } });
  });

  it('sends the text trimmed and cut to the 64 characters main takes, and no text when only spaces', () => {
    expect(queryOf({ text: '  ORD-42  ' }).text).toBe('ORD-42');
    const long = `  ${'x'.repeat(80)}`;
    expect(queryOf({ text: long }).text).toBe('x'.repeat(64));
    expect(queryOf({ text: '   ' })).not.toHaveProperty('text');
  });

  it('sends statuses and the profile only when chosen', () => {
    expect(queryOf({ status: ['approved', 'declined'], profile: 'p-1' })).toEqual({
      kind: 'payin',
      status: ['approved', 'declined'],
      profile: 'p-1',
    });
    expect(queryOf({ status: [], profile: null })).toEqual({ kind: 'payin' });
  });

  it('reads the days as local days, "To" included: its end is the next local midnight', () => {
    const query = queryOf({ from: '2026-01-05', to: '2026-01-06' });
    // Berlin is UTC+1 in January.
    expect(query.from).toBe(Date.UTC(2026, 0, 4, 23));
    expect(query.to).toBe(Date.UTC(2026, 0, 6, 23));
  });

  it('gives the day the clocks go forward its 23 hours', () => {
    const query = queryOf({ from: '2026-03-29', to: '2026-03-29' });
    expect(query.to! - query.from!).toBe(23 * HOUR);
  });

  it('takes one end of the range alone', () => {
    expect(queryOf({ from: '2026-06-01' })).toEqual({ kind: 'payin', from: Date.UTC(2026, 4, 31, 22) });
    expect(queryOf({ to: '2026-06-01' })).toEqual({ kind: 'payin', to: Date.UTC(2026, 5, 1, 22) });
  });

  it('refuses a "From" day after the "To" day before asking main, and takes a single day', () => {
    expect(toQuery(filters({ from: '2026-02-10', to: '2026-02-09' }))).toEqual({
      problem: 'The "From" day is after the "To" day.',
    });
    expect(toQuery(filters({ from: '2026-02-10', to: '2026-02-10' }))).toHaveProperty('query');
  });

  it('builds queries that the contract accepts as they are', () => {
    const query = queryOf({
      text: ` ${'y'.repeat(70)}`,
      kind: 'kyc_batch',
      status: ['completed'],
      from: '2026-01-01',
      to: '2026-12-31',
      profile: 'sandbox',
    });
    expect(ipcChannels['history.query'].input.safeParse({ ...query, limit: PAGE_SIZE }).success).toBe(true);
  });
});

describe('how many rows a refresh reloads', () => {
  it('is the whole pages on screen: at least one page, at most REFRESH_MAX rows', () => {
    expect(refreshLimit(0)).toBe(PAGE_SIZE);
    expect(refreshLimit(1)).toBe(PAGE_SIZE);
    expect(refreshLimit(PAGE_SIZE)).toBe(PAGE_SIZE);
    expect(refreshLimit(PAGE_SIZE + 1)).toBe(2 * PAGE_SIZE);
    expect(refreshLimit(REFRESH_MAX - 1)).toBe(REFRESH_MAX);
    expect(refreshLimit(10_000)).toBe(REFRESH_MAX);
  });
});

describe('the rows flagged as failing verification', () => {
  /** A page of rows with these ids (only the ids matter here) and the flags main found on it. */
  function page(ids: number[], flagged: HistoryPage['flagged'] = []): HistoryPage {
    return { rows: ids.map((id) => ({ id }) as HistoryRow), nextCursor: null, flagged };
  }

  it("a page's flags are added: a row without one has none, a flagged row has its reasons and words", () => {
    const flags = new Map<number, RowFlag>();
    const words = [{ key: 'audit.problem.rowChanged', values: { rowId: 2, seq: 4 } }];
    addFlags(flags, page([1, 2, 3], [{ rowId: 2, reasons: ['row changed'], words }]));
    expect([...flags]).toEqual([[2, expect.objectContaining({ reasons: ['row changed'], words })]]);
  });

  it('a further page keeps the flags of other rows, and a row read again takes its new reading', () => {
    const flags = new Map<number, RowFlag>([
      [90, { reasons: ['seal broken'] }],
      [5, { reasons: ['row changed'] }],
      [6, { reasons: ['row changed'] }],
    ]);
    addFlags(flags, page([5, 6, 7], [{ rowId: 6, reasons: ['not in the trail'] }]));
    expect(Object.fromEntries([...flags].map(([id, flag]) => [id, flag.reasons]))).toEqual({
      90: ['seal broken'],
      6: ['not in the trail'],
    });
  });
});

describe('the team view', () => {
  it('asks the same filter less the profile, in the form team.query takes', () => {
    const built = toTeamQuery(
      filters({
        text: ' PD-1 ',
        status: ['approved'],
        profile: 'Sandbox',
        from: '2026-03-01',
        to: '2026-03-01',
      }),
    );
    if (!('query' in built)) throw new Error(built.problem);
    expect(built.query).toEqual({
      kind: 'payin',
      text: 'PD-1',
      status: ['approved'],
      from: queryOf({ from: '2026-03-01' }).from,
      to: queryOf({ to: '2026-03-01' }).to,
    });
    expect(ipcChannels['team.query'].input.safeParse(built.query).success).toBe(true);
    const deskId = '5f0b0bd4-1c39-4a4c-9d39-2c1f0f6f7c11';
    expect(toTeamQuery(filters({ deskId }))).toEqual({ query: { kind: 'payin', deskId } });
    expect(queryOf({ deskId })).not.toHaveProperty('deskId');
    expect(toTeamQuery(filters({ from: '2026-03-02', to: '2026-03-01' }))).toEqual({
      problem: 'The "From" day is after the "To" day.',
    });
  });

  it("keys a team row by its desk and id, a desk's row by its id", () => {
    const deskId = '5f0b0bd4-1c39-4a4c-9d39-2c1f0f6f7c11';
    expect(rowKey({ id: 7, deskId } as TeamRow)).toBe(`${deskId}:7`);
    expect(rowKey({ id: 7 } as HistoryRow)).toBe('7');
  });
});
