// A word search's pages walked along the full-text index (src/main/history/search/history-word-pages.ts) must be
// exactly the matching rows in time order, page after page, whatever order the rows' times are in: ids that
// follow time, a first block of rows newer than everything after them (a desk whose history was restored
// under older rows), a block whose times were set back mid-way (a clock changed), and rows that share a
// time. Each layout is checked against a plain filter over every row, for both time sorts, several page
// sizes, and with another condition (a status) beside the words.
import { DatabaseSync } from 'node:sqlite';
import type { HistorySort } from '@shared/history';
import type { PayInStatus } from '@shared/payin-lifecycle';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TempHistory, tempHistory } from '../support/history/history-fixtures';

const ROWS = 12_000;
const START = Date.UTC(2026, 0, 1);
const MINUTE = 60_000;

type Made = { id: number; index: number; createdAt: number; status: string; words: string };
let h: TempHistory;
const made: Made[] = [];

/** A seeded generator, so a failure can be replayed. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/** The time of row i: mostly in id order, but not everywhere. */
function createdAtOf(i: number, next: () => number): number {
  if (i < 1_500) return START + 400 * 24 * 60 * MINUTE + i * MINUTE; // newer than every row after them
  if (i >= 5_000 && i < 5_300) return START + Math.floor(next() * 12_000) * MINUTE; // a clock set back
  return START + Math.floor(i / 2) * MINUTE; // two rows a minute: ties broken by id
}

beforeAll(() => {
  h = tempHistory();
  h.store.close();
  const db = new DatabaseSync(h.filePath);
  const next = random(20261127);
  db.exec('BEGIN');
  const insert = db.prepare(
    `INSERT INTO history_rows (kind, status, created_at, updated_at, profile, operator, api_version, merchant_trade_no,
       user_id, amount, amount_minor, currency, request_json, remark)
     VALUES ('payin', ?, ?, ?, 'Sandbox', 'test', 'v2', ?, ?, '1.00', 100, 'EUR', ?, ?)`,
  );
  for (let i = 0; i < ROWS; i++) {
    const createdAt = createdAtOf(i, next);
    const common = next() < 0.1;
    const rare = next() < 0.01;
    const status = next() < 0.5 ? 'declined' : 'approved';
    const remark =
      [common ? 'Insufficient funds' : '', rare ? 'Suspected fraud' : ''].join(' ').trim() || null;
    const id = Number(
      insert.run(
        status,
        createdAt,
        createdAt,
        `ORD-${i}`,
        `user-${i}`,
        JSON.stringify({ firstName: i % 5 === 0 ? 'Zoë' : 'Anna', lastName: `Kowalska${i % 37}` }),
        remark,
      ).lastInsertRowid,
    );
    made.push({
      id,
      index: i,
      createdAt,
      status,
      words: `${i % 5 === 0 ? 'zoe' : 'anna'} kowalska${i % 37} ${remark ?? ''}`.toLowerCase(),
    });
  }
  db.exec('COMMIT');
  db.close();
  h.reopen();
});
afterAll(() => h.cleanup());

function expected(matches: (row: Made) => boolean, sort: HistorySort): number[] {
  const sign = sort.endsWith('desc') ? -1 : 1;
  return made
    .filter(matches)
    .sort((a, b) => sign * (a.createdAt - b.createdAt || a.id - b.id))
    .map((row) => row.id);
}

function allPages(text: string, sort: HistorySort, limit: number, status?: PayInStatus[]): number[] {
  const ids: number[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 5_000; page++) {
    const result = h.store.query({
      text,
      sort,
      limit,
      kind: 'payin',
      ...(status && { status }),
      ...(cursor ? { cursor } : {}),
    });
    ids.push(...result.rows.map((row) => row.id));
    if (!result.nextCursor) return ids;
    cursor = result.nextCursor;
  }
  throw new Error('More pages than rows');
}

const SORTS: HistorySort[] = ['createdAt_desc', 'createdAt_asc'];

describe('a word search walked along the full-text index', () => {
  it.each(SORTS)('a common word, in pages of 50 and of 7 (%s)', (sort) => {
    const want = expected((row) => row.words.includes('insufficient'), sort);
    expect(want.length).toBeGreaterThan(1_000);
    expect(allPages('insufficient', sort, 50)).toEqual(want);
    expect(allPages('insufficient', sort, 7)).toEqual(want);
  });

  it.each(SORTS)('a rare word, and two words that must both be there (%s)', (sort) => {
    expect(allPages('suspected fraud', sort, 20)).toEqual(
      expected((row) => row.words.includes('suspected fraud'), sort),
    );
    expect(allPages('zoe insufficient', sort, 30)).toEqual(
      expected((row) => row.words.startsWith('zoe') && row.words.includes('insufficient'), sort),
    );
  });

  it.each(SORTS)('a word beside a status filter, one row a page (%s)', (sort) => {
    const want = expected((row) => row.words.includes('suspected') && row.status === 'declined', sort);
    expect(allPages('suspected', sort, 1, ['declined'])).toEqual(want);
  });

  it.each(SORTS)(
    'a part of an identifier in another case, matching thousands of rows or a few (%s)',
    (sort) => {
      // "USER-1" is the start of user-1, user-1x … user-1xxxx: 3,111 rows, each found by the trigram index.
      const startsWith = (digits: string) => (row: Made) => String(row.index).startsWith(digits);
      const many = expected(startsWith('1'), sort);
      expect(many.length).toBe(3_111);
      expect(allPages('USER-1', sort, 50)).toEqual(many);
      expect(allPages('-117', sort, 7)).toEqual(expected(startsWith('117'), sort));
      expect(allPages('r-11', sort, 20, ['declined'])).toEqual(
        expected((row) => startsWith('11')(row) && row.status === 'declined', sort),
      );
    },
  );

  it('a name prefix matching most rows: the first page is the newest, the rows restored under newer ids included', () => {
    const first = h.store.query({ text: 'anna', sort: 'createdAt_desc', limit: 50 });
    expect(first.rows.map((row) => row.id)).toEqual(
      expected((row) => row.words.startsWith('anna'), 'createdAt_desc').slice(0, 50),
    );
    // The newest rows are the first 1,500 ids: found although the walk starts at the other end.
    expect(first.rows.every((row) => row.id <= 1_500)).toBe(true);
  });
});
