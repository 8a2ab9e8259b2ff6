// The grid's rows as the KYC store fetches them: only the pages near what is on screen (row-pages.ts), at
// most IN_FLIGHT requests at once, a fling waited out (LEAP_CALM_MS) rather than chased, and every answer
// dropped unless it belongs to the file and filter still shown (the generation it was asked under).
import { translate } from '@renderer/i18n/i18n';
import { call, errorMessage } from '@renderer/lib/paydesk';
import { type KycGet, type KycSet, type KycState, sameCounts } from './kyc-state';
import {
  LEAP_CALM_MS,
  leapt,
  nearRange,
  PAGE_ROWS,
  pagesToFetch,
  type RowRange,
  withPage,
} from './row-pages';

/** Page requests in flight at once: enough to fill a screen quickly, few enough that a fling does not queue. */
const IN_FLIGHT = 2;
/** While chunks come back, or rows are checked, the visible rows are refetched at most this often. */
const SEND_REFRESH_MS = 400;

export interface RowCache {
  /** The grid's visible rows (positions in the filtered list): fetches what is missing around them. */
  want(range: RowRange): void;
  /** Marks every cached page stale (still shown until its fresh copy arrives) and refetches what is on screen. */
  invalidate(): void;
  /** invalidate, at most every SEND_REFRESH_MS: while chunks come back or rows are checked. */
  invalidateSoon(): void;
  /** A new file or filter: an empty cache, and answers to the old one dropped. */
  restart(patch: Partial<KycState>): void;
  /** Forgets the pages read so far (personal data: the lock), with what else `patch` forgets. */
  forget(patch: Partial<KycState>): void;
}

export function createRowCache(get: KycGet, set: KycSet): RowCache {
  let wanted: RowRange = { first: 0, last: 0 };
  /** When the range last leapt past a screenful (see LEAP_CALM_MS), and the pump waiting for calm. */
  let leapAt = Number.NEGATIVE_INFINITY;
  let calmTimer: ReturnType<typeof setTimeout> | undefined;
  let inFlight = new Set<number>();
  let refreshTimer: ReturnType<typeof setTimeout> | undefined;

  function pump(): void {
    const { summary, total, pages, version } = get();
    if (!summary) return;
    for (const page of pagesToFetch(wanted, total, pages, version)) {
      if (inFlight.size >= IN_FLIGHT) return;
      if (!inFlight.has(page)) void fetchPage(page);
    }
  }

  async function fetchPage(page: number): Promise<void> {
    const { summary, filter, generation, version } = get();
    if (!summary) return;
    const flights = inFlight;
    flights.add(page);
    let failed = false;
    try {
      const answer = await call('kyc.rows', {
        batchId: summary.batchId,
        offset: page * PAGE_ROWS,
        limit: PAGE_ROWS,
        filter,
      });
      if (get().generation !== generation) return;
      const counts = sameCounts(get().counts, answer.counts);
      // A page the rows have since left behind is not kept: storing it would only render the grid again.
      if (nearRange(page, wanted)) {
        set({
          pages: withPage(get().pages, page, { rows: answer.rows, version }, wanted),
          total: answer.total,
          counts,
          rowsError: undefined,
        });
      } else if (counts !== get().counts || answer.total !== get().total || get().rowsError) {
        set({ total: answer.total, counts, rowsError: undefined });
      }
    } catch (error) {
      failed = true;
      if (get().generation === generation)
        set({ rowsError: translate('kyc.page.rowsNotLoaded', { reason: errorMessage(error) }) });
    } finally {
      flights.delete(page);
    }
    // While the rows are leaping, the pump waits for calm (want) rather than chase them.
    if (!failed && get().generation === generation && calmTimer === undefined) pump();
  }

  function invalidate(): void {
    set({ version: get().version + 1 });
    pump();
  }

  function invalidateSoon(): void {
    if (refreshTimer !== undefined) return;
    refreshTimer = setTimeout(() => {
      refreshTimer = undefined;
      invalidate();
    }, SEND_REFRESH_MS);
  }

  function restart(patch: Partial<KycState>): void {
    inFlight = new Set();
    wanted = { first: 0, last: 0 };
    leapAt = Number.NEGATIVE_INFINITY;
    clearTimeout(calmTimer);
    calmTimer = undefined;
    set({ ...patch, pages: new Map(), generation: get().generation + 1, rowsError: undefined });
    pump();
  }

  return {
    want(range) {
      const leap = leapt(wanted, range);
      wanted = range;
      const now = performance.now();
      const flinging = leap && now - leapAt < LEAP_CALM_MS;
      if (leap) leapAt = now;
      clearTimeout(calmTimer);
      calmTimer = undefined;
      if (!flinging) return pump();
      calmTimer = setTimeout(() => {
        calmTimer = undefined;
        pump();
      }, LEAP_CALM_MS);
    },
    invalidate,
    invalidateSoon,
    restart,
    forget(patch) {
      inFlight = new Set();
      set({ ...patch, pages: new Map(), generation: get().generation + 1 });
    },
  };
}
