// The KYC grid's page cache (features/kyc/row-pages.ts): which pages a range of rows needs, nearest the
// middle first; what is kept when the cache is full; and a fixed row shown wherever it is cached.

import {
  MAX_PAGES,
  PAGE_ROWS,
  pageOf,
  pagesToFetch,
  type RowPage,
  rowAt,
  withPage,
  withRow,
} from '@renderer/features/kyc/row-pages';
import type { KycRowView } from '@shared/kyc-batch';
import { describe, expect, it } from 'vitest';

function row(index: number, userId = `u${index}`): KycRowView {
  return { index, row: index + 2, record: { userId }, errors: [], state: 'valid', warnings: [] };
}

/** A page of the unfiltered list, fetched at `version`. */
function pageAt(page: number, version = 0): RowPage {
  return { rows: Array.from({ length: PAGE_ROWS }, (_, i) => row(page * PAGE_ROWS + i)), version };
}

function cache(pages: number[], version = 0): Map<number, RowPage> {
  return new Map(pages.map((page) => [page, pageAt(page, version)]));
}

describe('the page of a row', () => {
  it('counts PAGE_ROWS rows a page', () => {
    expect([0, PAGE_ROWS - 1, PAGE_ROWS, 10 * PAGE_ROWS + 5].map(pageOf)).toEqual([0, 0, 1, 10]);
  });
});

describe('the pages to fetch for a range', () => {
  const range = { first: 2 * PAGE_ROWS + 50, last: 4 * PAGE_ROWS + 49 };

  it('are none when the list is empty', () => {
    expect(pagesToFetch(range, 0, new Map(), 0)).toEqual([]);
  });

  it('are the visible pages missing, the middle one first', () => {
    expect(pagesToFetch(range, 100_000, new Map(), 0)).toEqual([3, 2, 4]);
    expect(pagesToFetch(range, 100_000, cache([3]), 0)).toEqual([2, 4]);
  });

  it('include a visible page fetched before the cache changed, which still shows meanwhile', () => {
    const pages = cache([2, 3, 4], 1);
    pages.set(3, pageAt(3, 0));
    expect(pagesToFetch(range, 100_000, pages, 1)).toEqual([3]);
  });

  it('once the visible pages are there, are one page ahead and one behind, never fetched twice', () => {
    expect(pagesToFetch(range, 100_000, cache([2, 3, 4]), 0)).toEqual([5, 1]);
    expect(pagesToFetch(range, 100_000, cache([1, 2, 3, 4], 0), 0)).toEqual([5]);
    // A neighbour that is stale waits until it comes into view.
    expect(pagesToFetch(range, 100_000, new Map([...cache([2, 3, 4], 1), ...cache([1, 5], 0)]), 1)).toEqual(
      [],
    );
  });

  it('stop at the ends of the list', () => {
    const total = 2 * PAGE_ROWS + 10;
    expect(pagesToFetch({ first: 150, last: 10_000 }, total, new Map(), 0)).toEqual([1, 2]);
    expect(pagesToFetch({ first: 150, last: 10_000 }, total, cache([1, 2]), 0)).toEqual([0]);
    expect(pagesToFetch({ first: -5, last: 20 }, total, cache([0]), 0)).toEqual([1]);
  });
});

describe('a page added to the cache', () => {
  it('is kept beside the others, in a new map', () => {
    const before = cache([0, 1]);
    const after = withPage(before, 2, pageAt(2), { first: 0, last: 20 });
    expect([...after.keys()].sort((a, b) => a - b)).toEqual([0, 1, 2]);
    expect([...before.keys()]).toEqual([0, 1]);
  });

  it('past MAX_PAGES, pushes out the pages farthest from the rows on screen', () => {
    const full = cache(Array.from({ length: MAX_PAGES }, (_, page) => page));
    const onScreen = { first: 10 * PAGE_ROWS, last: 10 * PAGE_ROWS + 20 };
    const after = withPage(full, MAX_PAGES, pageAt(MAX_PAGES), onScreen);
    expect(after.size).toBe(MAX_PAGES);
    expect(after.has(0)).toBe(false);
    expect(after.has(MAX_PAGES)).toBe(true);
  });
});

describe('rows from the cache', () => {
  it('a position reads its row from its page, or nothing when the page is not cached', () => {
    const pages = cache([2]);
    expect(rowAt(pages, 2 * PAGE_ROWS + 7)?.index).toBe(2 * PAGE_ROWS + 7);
    expect(rowAt(pages, 7)).toBeUndefined();
  });

  it('a fixed row replaces its old copy in every page that shows it, versions kept', () => {
    // A filtered list can show a record on another page than its index says: the index finds it.
    const pages = new Map<number, RowPage>([
      [0, { rows: [row(5), row(9)], version: 3 }],
      [4, { rows: [row(9), row(12)], version: 2 }],
      [7, { rows: [row(40)], version: 3 }],
    ]);
    const fixed = row(9, 'fixed');
    const after = withRow(pages, fixed);
    expect(after.get(0)).toEqual({ rows: [row(5), fixed], version: 3 });
    expect(after.get(4)).toEqual({ rows: [fixed, row(12)], version: 2 });
    // Untouched pages are the same objects: what shows them need not render again.
    expect(after.get(7)).toBe(pages.get(7));
    expect(pages.get(0)?.rows[1]).toEqual(row(9));
  });
});
