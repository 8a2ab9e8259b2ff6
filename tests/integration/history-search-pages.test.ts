// A search's pages, whichever way they are found: among the rows that follow in the list's own order (a
// search that starts many identifiers, such as the "PD" every order number starts with) or through the
// indexes (any other search, and such a one where its matches thin out). Every page, followed by its
// cursor, must be exactly the matching rows in order, as a plain filter over all the rows gives them.
import { DatabaseSync } from 'node:sqlite';
import type { HistorySort } from '@shared/history';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TempHistory, tempHistory } from '../support/history/history-fixtures';

const ROWS = 5_000;
const START = Date.UTC(2026, 0, 1);
let h: TempHistory;

interface Made {
  id: number;
  userId: string;
  createdAt: number;
  amountMinor: number;
  remark: string | null;
}
const made: Made[] = [];

/** The customer of row i: "old-…" in the older half, "new-…" in the newer one. */
const userIdOf = (i: number) => `${i < ROWS / 2 ? 'old' : 'new'}-${i}`;
/** The decline reason of row i: common in the older half, rare in the newer one. */
const remarkOf = (i: number) => ((i < ROWS / 2 ? i % 3 === 0 : i % 211 === 0) ? 'Insufficient funds' : null);

beforeAll(() => {
  h = tempHistory();
  h.store.close();
  const db = new DatabaseSync(h.filePath);
  db.exec('BEGIN');
  const insert = db.prepare(
    `INSERT INTO history_rows (kind, status, created_at, updated_at, profile, operator, api_version, merchant_trade_no,
       user_id, masked_pan, brand, last4, amount, amount_minor, currency, request_json, remark)
     VALUES ('payin', ?, ?, ?, 'Sandbox', 'test', 'v2', ?, ?, '424242******4242', 'Visa', '4242', ?, ?, 'EUR', '{}', ?)`,
  );
  for (let i = 0; i < ROWS; i++) {
    // Some rows share a time, so that the id decides between them.
    const createdAt = START + Math.floor(i / 3) * 60_000;
    const amountMinor = 100 + ((i * 7919) % 50_000);
    const remark = remarkOf(i);
    const id = Number(
      insert.run(
        remark ? 'declined' : 'approved',
        createdAt,
        createdAt,
        `PD${createdAt}${String(i).padStart(6, '0')}`,
        userIdOf(i),
        `${Math.floor(amountMinor / 100)}.${String(amountMinor % 100).padStart(2, '0')}`,
        amountMinor,
        remark,
      ).lastInsertRowid,
    );
    made.push({ id, userId: userIdOf(i), createdAt, amountMinor, remark });
  }
  db.exec('COMMIT');
  db.close();
  h.reopen();
});
afterAll(() => h.cleanup());

function expected(matches: (row: Made) => boolean, sort: HistorySort): number[] {
  const key = sort.startsWith('amount') ? (row: Made) => row.amountMinor : (row: Made) => row.createdAt;
  const sign = sort.endsWith('desc') ? -1 : 1;
  return made
    .filter(matches)
    .sort((a, b) => sign * (key(a) - key(b) || a.id - b.id))
    .map((row) => row.id);
}

function allPages(text: string, sort: HistorySort, limit: number): number[] {
  const ids: number[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 1_000; page++) {
    const result = h.store.query({ text, sort, limit, kind: 'payin', ...(cursor ? { cursor } : {}) });
    ids.push(...result.rows.map((row) => row.id));
    if (!result.nextCursor) return ids;
    cursor = result.nextCursor;
  }
  throw new Error('More pages than rows');
}

describe('a search, page after page', () => {
  it.each<HistorySort>(['createdAt_desc', 'createdAt_asc', 'amount_desc'])(
    'every row matches "PD" (%s): each page is the next rows of the list',
    (sort) => {
      expect(allPages('PD', sort, 50)).toEqual(expected(() => true, sort));
    },
  );

  it.each<HistorySort>(['createdAt_desc', 'createdAt_asc', 'amount_asc'])(
    'a decline reason common in one half and rare in the other (%s): the pages meet without a gap or a repeat',
    (sort) => {
      const ids = allPages('insufficient', sort, 40);
      expect(ids).toEqual(expected((row) => row.remark !== null, sort));
      expect(new Set(ids).size).toBe(ids.length);
    },
  );

  it.each<HistorySort>(['createdAt_desc', 'createdAt_asc', 'amount_desc'])(
    'a prefix of 2,500 customer ids, all in the older half (%s): found past the newer rows, then page after page',
    (sort) => {
      expect(allPages('old-', sort, 40)).toEqual(expected((row) => row.userId.startsWith('old-'), sort));
    },
  );

  it('a search no row matches, and one a single row matches', () => {
    expect(allPages('nothing-like-this', 'createdAt_desc', 50)).toEqual([]);
    const one = made[1234]!;
    expect(allPages(`PD${one.createdAt}001234`, 'createdAt_desc', 50)).toEqual([one.id]);
  });
});
