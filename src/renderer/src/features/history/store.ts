// The History page's state: the filter as the operator set it, the rows loaded so far (page by page with
// the keyset cursor), the daily totals of the charts, the row open in the detail drawer, and what the
// audit trail's checks found (main checks each row as it is read: `flagged` marks those that fail).
// Every load carries a generation number, so an answer to an outdated filter is dropped, never shown.
// With team mode the same list, totals, detail and export read from the team database instead
// (`source: 'team'`, the team.* channels): what it cannot answer is `teamProblem`, in words, and the
// desk's own view is one switch away.

import { translate } from '@renderer/i18n/i18n';
import { call, errorMessage } from '@renderer/lib/paydesk';
import type { Said } from '@renderer/lib/words-text';
import type { CsvFormat } from '@shared/csv-export';
import type { AuditStatus, DailyTotal } from '@shared/history';
import type { ChannelOutput } from '@shared/ipc';
import type { TeamHistoryDetail, TeamScope } from '@shared/team-history';
import { create } from 'zustand';
import { utcOffsetMinutes } from './format';
import {
  addFlags,
  EMPTY_FILTERS,
  type FlaggedRows,
  type HistoryFilters,
  type HistorySource,
  type ListRow,
  PAGE_SIZE,
  type RowFlag,
  refreshLimit,
  rowKey,
  toQuery,
  toTeamQuery,
} from './query';

export type HistoryDetail = ChannelOutput<'history.get'>;
export type RowDetail = HistoryDetail | TeamHistoryDetail;
/** The row open in the drawer: its id, and its desk in the team view. */
type RowRef = { id: number; deskId?: string };

type PageRead = { rows: ListRow[]; nextCursor: string | null; flagged: FlaggedRowsPage; scope?: TeamScope };
type FlaggedRowsPage = Parameters<typeof addFlags>[1]['flagged'];

/** Main's words about something that did not work: said with wordsText where it is shown. */
const saidOf = (error: unknown): Said => ({ message: errorMessage(error) });

/** A page from the source the list shows; what the team database answered instead when it could not. */
async function readPage(
  source: HistorySource,
  filters: HistoryFilters,
  page: { cursor?: string; limit: number },
): Promise<PageRead | { problem: Said }> {
  if (source === 'team') {
    const built = toTeamQuery(filters);
    if ('problem' in built) throw new Error(built.problem);
    const answer = await call('team.query', { ...built.query, ...page });
    if (!answer.ok) return { problem: { message: answer.message, words: answer.words } };
    return { ...answer.data, flagged: [] };
  }
  const built = toQuery(filters);
  if ('problem' in built) throw new Error(built.problem);
  return call('history.query', { ...built.query, ...page });
}

interface HistoryState {
  source: HistorySource;
  /** In the team view: which rows the desk's role reads (every desk's with the supervisor grant). */
  scope: TeamScope | undefined;
  /** Why the team view shows nothing: the team database cannot be reached, or is slow. */
  teamProblem: Said | undefined;
  filters: HistoryFilters;
  rows: ListRow[];
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
  totalsError: Said | undefined;
  /** Why the team view shows no totals or charts when that is expected (a search, a desk, no grant). */
  totalsNote: Said | undefined;
  selected: RowRef | undefined;
  detail: RowDetail | undefined;
  detailError: Said | undefined;
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
  /** This desk's history or the team's: the filters stay. */
  setSource: (source: HistorySource) => void;
  setFilters: (patch: Partial<HistoryFilters>) => void;
  resetFilters: () => void;
  /** From the first page: after a filter change. */
  reload: () => Promise<void>;
  /** The same filter again, keeping as many rows as are loaded: after a settlement or a return to the page. */
  refresh: () => Promise<void>;
  loadMore: () => Promise<void>;
  loadTotals: () => Promise<void>;
  open: (row: RowRef) => Promise<void>;
  close: () => void;
  reloadDetail: () => Promise<void>;
  /** Marks a pay-in for follow-up with the reason (main checks both and audits it with the operator's name). */
  markFollowUp: (historyId: number, reason: string) => Promise<void>;
  /** The filter's rows as a file in the form the operator chose. */
  exportCsv: (format: CsvFormat) => Promise<{ csv: string; fileName: string } | undefined>;
}

export const useHistoryStore = create<HistoryState>((set, get) => {
  /** The keys of the rows loaded, kept beside them: a page added looks up its keys, not every row so far. */
  let loadedIds = new Set<string>();
  /** The flags of the rows loaded (see addFlags): `flagged` in the state. */
  let flags = new Map<number, RowFlag>();

  async function loadFirst(limit: number, place: 'top' | 'keep') {
    const generation = get().generation + 1;
    const restarts = get().restarts + (place === 'top' ? 1 : 0);
    const { source, filters } = get();
    const built = source === 'team' ? toTeamQuery(filters) : toQuery(filters);
    if ('problem' in built) {
      loadedIds = new Set();
      set({
        generation,
        restarts,
        rows: [],
        nextCursor: null,
        loading: false,
        error: built.problem,
        teamProblem: undefined,
        totals: [],
      });
      return;
    }
    set({ generation, restarts, loading: true, error: undefined });
    void get().loadTotals();
    try {
      const page = await readPage(source, filters, { limit });
      if (get().generation !== generation) return;
      if ('problem' in page) {
        loadedIds = new Set();
        set({ rows: [], nextCursor: null, loading: false, teamProblem: page.problem, flagged: new Map() });
        return;
      }
      loadedIds = new Set(page.rows.map(rowKey));
      flags = new Map();
      addFlags(flags, page);
      set({
        rows: page.rows,
        nextCursor: page.nextCursor,
        loading: false,
        flagged: flags,
        teamProblem: undefined,
        scope: page.scope,
      });
    } catch (error) {
      if (get().generation !== generation) return;
      set({ loading: false, error: errorMessage(error) });
    }
  }

  return {
    source: 'desk',
    scope: undefined,
    teamProblem: undefined,
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
    totalsNote: undefined,
    selected: undefined,
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
        set({
          verifying: false,
          auditError: translate('history.export.auditUnchecked', { reason: errorMessage(error) }),
        });
      }
    },

    setSource(source) {
      if (source === get().source) return;
      set({
        source,
        rows: [],
        nextCursor: null,
        totals: [],
        totalsError: undefined,
        totalsNote: undefined,
        teamProblem: undefined,
        exportMessage: undefined,
        selected: undefined,
        detail: undefined,
      });
      void get().reload();
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
      return loadFirst(PAGE_SIZE, 'top');
    },

    refresh() {
      void get().reloadDetail();
      // Main reads back what was written since its latest check: "verified up to" stays current.
      if (get().source === 'desk') void get().loadAudit();
      return loadFirst(refreshLimit(get().rows.length), 'keep');
    },

    async loadMore() {
      const { nextCursor, loading, generation, source, filters } = get();
      if (!nextCursor || loading) return;
      set({ loading: true });
      try {
        const page = await readPage(source, filters, { cursor: nextCursor, limit: PAGE_SIZE });
        if (get().generation !== generation) return;
        if ('problem' in page) {
          set({ loading: false, teamProblem: page.problem });
          return;
        }
        // A row can move between pages when one settles meanwhile: keep the first copy of each.
        const added = page.rows.filter((row) => !loadedIds.has(rowKey(row)));
        for (const row of added) loadedIds.add(rowKey(row));
        addFlags(flags, page);
        set({ rows: get().rows.concat(added), nextCursor: page.nextCursor, loading: false, flagged: flags });
      } catch (error) {
        if (get().generation !== generation) return;
        set({ loading: false, error: errorMessage(error) });
      }
    },

    async loadTotals() {
      const { generation, source, filters } = get();
      try {
        let totals: DailyTotal[];
        if (source === 'team') {
          const built = toTeamQuery(filters);
          if ('problem' in built) return;
          const answer = await call('team.dailyTotals', {
            filter: built.query,
            utcOffsetMinutes: utcOffsetMinutes(),
          });
          if (get().generation !== generation) return;
          if (!answer.ok) {
            const expected = answer.reason === 'forbidden' || answer.reason === 'unsupported';
            const said: Said = { message: answer.message, words: answer.words };
            set({
              totals: [],
              totalsError: expected ? undefined : said,
              totalsNote: expected ? said : undefined,
            });
            return;
          }
          totals = answer.data;
        } else {
          const built = toQuery(filters);
          if ('problem' in built) return;
          totals = await call('history.dailyTotals', {
            filter: built.query,
            utcOffsetMinutes: utcOffsetMinutes(),
          });
        }
        if (get().generation !== generation) return;
        set({ totals, totalsError: undefined, totalsNote: undefined });
      } catch (error) {
        if (get().generation !== generation) return;
        set({ totalsError: saidOf(error) });
      }
    },

    async open(row) {
      set({ selected: row, detail: undefined, detailError: undefined });
      await get().reloadDetail();
    },

    close() {
      set({ selected: undefined, detail: undefined, detailError: undefined });
    },

    async markFollowUp(historyId, reason) {
      await call('payin.markFollowUp', { historyId, reason });
      await get().refresh();
    },

    async reloadDetail() {
      const selected = get().selected;
      if (selected === undefined) return;
      const still = () => get().selected === selected;
      try {
        if (selected.deskId === undefined) {
          const detail = await call('history.get', { id: selected.id });
          if (still()) set({ detail, detailError: undefined });
          return;
        }
        const answer = await call('team.get', { deskId: selected.deskId, id: selected.id });
        if (!still()) return;
        if (!answer.ok) set({ detailError: { message: answer.message, words: answer.words } });
        else if (!answer.data)
          set({
            detailError: {
              message: translate('history.export.teamRowGone'),
              words: { key: 'history.export.teamRowGone' },
            },
          });
        else set({ detail: answer.data, detailError: undefined });
      } catch (error) {
        if (still()) set({ detailError: saidOf(error) });
      }
    },

    async exportCsv(format) {
      const { source, filters } = get();
      const built = source === 'team' ? toTeamQuery(filters) : toQuery(filters);
      if ('problem' in built) {
        set({ exportMessage: { ok: false, text: built.problem } });
        return undefined;
      }
      set({ exporting: true, exportMessage: undefined });
      try {
        const file: ExportFile =
          source === 'team'
            ? await teamExport(filters, format)
            : { ...(await call('history.exportCsv', { filter: built.query, format })), notice: undefined };
        set({ exporting: false, exportMessage: file.notice });
        return 'csv' in file ? { csv: file.csv, fileName: file.fileName } : undefined;
      } catch (error) {
        set({
          exporting: false,
          exportMessage: {
            ok: false,
            text: translate('history.export.failed', { reason: errorMessage(error) }),
          },
        });
        return undefined;
      }
    },
  };
});

type ExportNotice = { ok: boolean; text: string } | undefined;
type ExportFile = { csv: string; fileName: string; notice: ExportNotice } | { notice: ExportNotice };

/** The team's export, and what to tell the operator about it (it stops at a limit). */
async function teamExport(filters: HistoryFilters, format: CsvFormat): Promise<ExportFile> {
  const built = toTeamQuery(filters);
  if ('problem' in built) return { notice: { ok: false, text: built.problem } };
  const answer = await call('team.exportCsv', { filter: built.query, format });
  if (!answer.ok) {
    return { notice: { ok: false, text: translate('history.export.failed', { reason: answer.message }) } };
  }
  const { csv, fileName, rows, truncated } = answer.data;
  return {
    csv,
    fileName,
    notice: truncated ? { ok: false, text: translate('history.export.stopped', { count: rows }) } : undefined,
  };
}
