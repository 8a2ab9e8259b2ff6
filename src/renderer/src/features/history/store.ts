// The History page's state: the filter as the operator set it, the rows loaded so far (page by page with
// the keyset cursor), the daily totals of the charts, the row open in the detail drawer, and what the
// audit trail's checks found (main checks each row as it is read: `flagged` marks those that fail).
// Every load carries a generation number, so an answer to an outdated filter is dropped, never shown.

import { call, errorMessage } from '@renderer/lib/paydesk';
import type { AuditStatus, DailyTotal, HistoryRow } from '@shared/history';
import type { ChannelOutput } from '@shared/ipc';
import { create } from 'zustand';
import { utcOffsetMinutes } from './format';
import {
  addFlags,
  EMPTY_FILTERS,
  type FlaggedRows,
  type HistoryFilters,
  PAGE_SIZE,
  refreshLimit,
  toQuery,
} from './query';

export type HistoryDetail = ChannelOutput<'history.get'>;

interface HistoryState {
  filters: HistoryFilters;
  rows: HistoryRow[];
  flagged: FlaggedRows;
  nextCursor: string | null;
  loading: boolean;
  error: string | undefined;
  generation: number;
  /**
   * Bumped when the list starts again at its top (another filter or view): the table then scrolls up. A
   * refresh (a settled pay-in, the audit trail's check finishing, the page shown again) keeps the
   * operator's place: it reloaded the list and sent it back to the top mid-scroll.
   */
  restarts: number;
  totals: DailyTotal[];
  totalsError: string | undefined;
  selectedId: number | undefined;
  detail: HistoryDetail | undefined;
  detailError: string | undefined;
  exporting: boolean;
  exportMessage: { ok: boolean; text: string } | undefined;
  audit: AuditStatus | undefined;
  auditError: string | undefined;
  verifying: boolean;
  /** The latest check's result, without checking again. */
  loadAudit: () => Promise<void>;
  /** A check main finished by itself (the background one after start): shown, and the list re-read. */
  auditChanged: (status: AuditStatus) => void;
  /** A full check of every entry and row, now. */
  verifyNow: () => Promise<void>;
  setFilters: (patch: Partial<HistoryFilters>) => void;
  resetFilters: () => void;
  /** From the first page: after a filter change. */
  reload: () => Promise<void>;
  /** The same filter again, keeping as many rows as are loaded: after a settlement or a return to the page. */
  refresh: () => Promise<void>;
  loadMore: () => Promise<void>;
  loadTotals: () => Promise<void>;
  open: (id: number) => Promise<void>;
  close: () => void;
  reloadDetail: () => Promise<void>;
  exportCsv: () => Promise<{ csv: string; fileName: string } | undefined>;
}

export const useHistoryStore = create<HistoryState>((set, get) => {
  /** The ids of the rows loaded, kept beside them: a page added looks up its ids, not every row so far. */
  let loadedIds = new Set<number>();
  /** The flags of the rows loaded (see addFlags): `flagged` in the state. */
  let flags = new Map<number, readonly string[]>();

  async function loadFirst(limit: number, place: 'from the top' | 'keep the place') {
    const generation = get().generation + 1;
    const restarts = get().restarts + (place === 'from the top' ? 1 : 0);
    const built = toQuery(get().filters);
    if ('problem' in built) {
      loadedIds = new Set();
      set({
        generation,
        restarts,
        rows: [],
        nextCursor: null,
        loading: false,
        error: built.problem,
        totals: [],
      });
      return;
    }
    set({ generation, restarts, loading: true, error: undefined });
    void get().loadTotals();
    try {
      const page = await call('history.query', { ...built.query, limit });
      if (get().generation !== generation) return;
      loadedIds = new Set(page.rows.map((row) => row.id));
      flags = new Map();
      addFlags(flags, page);
      set({ rows: page.rows, nextCursor: page.nextCursor, loading: false, flagged: flags });
    } catch (error) {
      if (get().generation !== generation) return;
      set({ loading: false, error: errorMessage(error) });
    }
  }

  return {
    filters: EMPTY_FILTERS,
    rows: [],
    flagged: new Map(),
    nextCursor: null,
    loading: false,
    error: undefined,
    generation: 0,
    restarts: 0,
    totals: [],
    totalsError: undefined,
    selectedId: undefined,
    detail: undefined,
    detailError: undefined,
    exporting: false,
    exportMessage: undefined,
    audit: undefined,
    auditError: undefined,
    verifying: false,

    async loadAudit() {
      try {
        set({ audit: await call('history.auditStatus'), auditError: undefined });
      } catch (error) {
        set({ auditError: errorMessage(error) });
      }
    },

    auditChanged(status) {
      set({ audit: status, auditError: undefined });
      void get().refresh();
    },

    async verifyNow() {
      if (get().verifying) return;
      set({ verifying: true, auditError: undefined });
      try {
        const verification = await call('history.verify');
        set({ audit: { verification, checking: false }, verifying: false });
        void get().refresh();
      } catch (error) {
        set({ verifying: false, auditError: `The audit trail could not be checked: ${errorMessage(error)}` });
      }
    },

    setFilters(patch) {
      set({ filters: { ...get().filters, ...patch }, exportMessage: undefined });
      void get().reload();
    },

    resetFilters() {
      // The view stays: clearing the filters of the batches does not go back to the pay-ins.
      set({ filters: { ...EMPTY_FILTERS, kind: get().filters.kind }, exportMessage: undefined });
      void get().reload();
    },

    reload() {
      return loadFirst(PAGE_SIZE, 'from the top');
    },

    refresh() {
      void get().reloadDetail();
      // Main reads back what was written since its latest check: "verified up to" stays current.
      void get().loadAudit();
      return loadFirst(refreshLimit(get().rows.length), 'keep the place');
    },

    async loadMore() {
      const { nextCursor, loading, generation } = get();
      if (!nextCursor || loading) return;
      const built = toQuery(get().filters);
      if ('problem' in built) return;
      set({ loading: true });
      try {
        const page = await call('history.query', { ...built.query, cursor: nextCursor, limit: PAGE_SIZE });
        if (get().generation !== generation) return;
        // A row can move between pages when one settles meanwhile: keep the first copy of each id.
        const added = page.rows.filter((row) => !loadedIds.has(row.id));
        for (const row of added) loadedIds.add(row.id);
        addFlags(flags, page);
        set({ rows: get().rows.concat(added), nextCursor: page.nextCursor, loading: false, flagged: flags });
      } catch (error) {
        if (get().generation !== generation) return;
        set({ loading: false, error: errorMessage(error) });
      }
    },

    async loadTotals() {
      const generation = get().generation;
      const built = toQuery(get().filters);
      if ('problem' in built) return;
      try {
        const totals = await call('history.dailyTotals', {
          filter: built.query,
          utcOffsetMinutes: utcOffsetMinutes(),
        });
        if (get().generation !== generation) return;
        set({ totals, totalsError: undefined });
      } catch (error) {
        if (get().generation !== generation) return;
        set({ totalsError: errorMessage(error) });
      }
    },

    async open(id) {
      set({ selectedId: id, detail: undefined, detailError: undefined });
      await get().reloadDetail();
    },

    close() {
      set({ selectedId: undefined, detail: undefined, detailError: undefined });
    },

    async reloadDetail() {
      const id = get().selectedId;
      if (id === undefined) return;
      try {
        const detail = await call('history.get', { id });
        if (get().selectedId === id) set({ detail, detailError: undefined });
      } catch (error) {
        if (get().selectedId === id) set({ detailError: errorMessage(error) });
      }
    },

    async exportCsv() {
      const built = toQuery(get().filters);
      if ('problem' in built) {
        set({ exportMessage: { ok: false, text: built.problem } });
        return undefined;
      }
      set({ exporting: true, exportMessage: undefined });
      try {
        const file = await call('history.exportCsv', built.query);
        set({ exporting: false });
        return file;
      } catch (error) {
        set({
          exporting: false,
          exportMessage: { ok: false, text: `Export failed: ${errorMessage(error)}` },
        });
        return undefined;
      }
    },
  };
});
