// The grid's window on a batch held in main: rows come in pages of PAGE_ROWS through `kyc.rows`, and only
// the pages near what is on screen are kept. These pure helpers decide which pages to ask for and which
// to drop, so the store stays about state and the rules can be read on their own.
import type { KycRowView } from '@shared/kyc-batch';

export const PAGE_ROWS = 100;
/** Pages kept at once: a few screens around the visible rows, never the whole batch. */
export const MAX_PAGES = 12;

export interface RowPage {
  rows: KycRowView[];
  /** The cache version the page was fetched at: older than the store's version means "show, but refetch". */
  version: number;
}

export interface RowRange {
  first: number;
  last: number;
}

export function pageOf(position: number): number {
  return Math.floor(position / PAGE_ROWS);
}

/**
 * A wheel turned hard or a scrollbar dragged moves the rows on screen past a whole screenful every frame:
 * a page asked for then is out of view before it comes back. After one such leap, further leaps less than
 * this apart wait, and the rows are asked for once the range has held still this long.
 */
export const LEAP_CALM_MS = 80;

/** The range left `previous` behind entirely: no row in common, not even adjacent. */
export function leapt(previous: RowRange, range: RowRange): boolean {
  return range.first > previous.last + 1 || range.last < previous.first - 1;
}

/** The page is still worth keeping for the range: on screen, or one page either side. */
export function nearRange(page: number, range: RowRange): boolean {
  return page >= pageOf(Math.max(0, range.first)) - 1 && page <= pageOf(Math.max(0, range.last)) + 1;
}

/**
 * Pages to fetch for a range, nearest the middle of the range first: the visible pages that are missing
 * or stale, then (when none is) one page ahead and one behind, so that calm scrolling never waits.
 */
export function pagesToFetch(
  range: RowRange,
  total: number,
  pages: ReadonlyMap<number, RowPage>,
  version: number,
): number[] {
  if (total === 0) return [];
  const lastPage = pageOf(total - 1);
  const first = Math.min(pageOf(Math.max(0, range.first)), lastPage);
  const last = Math.min(pageOf(Math.max(0, range.last)), lastPage);
  const middle = (first + last) / 2;
  const needed: number[] = [];
  for (let page = first; page <= last; page++) {
    const cached = pages.get(page);
    if (!cached || cached.version !== version) needed.push(page);
  }
  if (needed.length === 0) {
    for (const page of [last + 1, first - 1]) {
      if (page >= 0 && page <= lastPage && !pages.has(page)) needed.push(page);
    }
  }
  return needed.sort((a, b) => Math.abs(a - middle) - Math.abs(b - middle));
}

/** The cache with one page added, trimmed to MAX_PAGES by dropping the pages farthest from the range. */
export function withPage(
  pages: ReadonlyMap<number, RowPage>,
  page: number,
  value: RowPage,
  range: RowRange,
): Map<number, RowPage> {
  const next = new Map(pages);
  next.set(page, value);
  if (next.size <= MAX_PAGES) return next;
  const middle = (pageOf(range.first) + pageOf(range.last)) / 2;
  const byDistance = [...next.keys()].sort((a, b) => Math.abs(b - middle) - Math.abs(a - middle));
  for (const far of byDistance.slice(0, next.size - MAX_PAGES)) next.delete(far);
  return next;
}

/** The row at a position of the filtered list, when its page is cached. */
export function rowAt(pages: ReadonlyMap<number, RowPage>, position: number): KycRowView | undefined {
  return pages.get(pageOf(position))?.rows[position % PAGE_ROWS];
}

/** The cache with one row replaced wherever it is shown (by record index), versions unchanged. */
export function withRow(pages: ReadonlyMap<number, RowPage>, row: KycRowView): Map<number, RowPage> {
  const next = new Map(pages);
  for (const [number, page] of pages) {
    const at = page.rows.findIndex((candidate) => candidate.index === row.index);
    if (at < 0) continue;
    const rows = [...page.rows];
    rows[at] = row;
    next.set(number, { ...page, rows });
  }
  return next;
}
