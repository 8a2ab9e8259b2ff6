// What the History page asks main for, worked out from what the operator set: the filter as the contract
// takes it, how many rows a refresh reloads, and which rows are flagged after a page is read. Pure, so the
// store stays about state and these rules can be read (and tested) on their own.

import { translate } from '@renderer/i18n/i18n';
import type { HistoryStatus } from '@renderer/lib/status-look';
import type { FlaggedRow, HistoryFilterInput, HistoryKind, HistoryPage, HistoryRow } from '@shared/history';
import type { TeamHistoryFilterInput, TeamRow } from '@shared/team-history';
import { endOfLocalDay, startOfLocalDay } from './format';

/** Rows asked for at a time as the list scrolls. */
export const PAGE_SIZE = 100;
/** A refresh reloads as many rows as were on screen (up to this), so the scroll position holds. */
export const REFRESH_MAX = 500;

export interface HistoryFilters {
  text: string;
  status: HistoryStatus[];
  /** The view: pay-ins or KYC batches, each with its own columns. */
  kind: HistoryKind;
  /** Date inputs' "YYYY-MM-DD", local days, both inclusive; '' when unset. */
  from: string;
  to: string;
  profile: string | null;
  /** Rows this operator made (their id; a name typed before personal accounts on older rows); '' for all. */
  operator: string;
  /** The team view's desk (its id); ignored by this desk's view. */
  deskId: string | null;
}

export const EMPTY_FILTERS: HistoryFilters = {
  text: '',
  status: [],
  kind: 'payin',
  from: '',
  to: '',
  profile: null,
  operator: '',
  deskId: null,
};

/** The filter as the contract takes it, or a sentence saying why the one typed cannot be used. */
export function toQuery(filters: HistoryFilters): { query: HistoryFilterInput } | { problem: string } {
  const query: HistoryFilterInput = {};
  const text = filters.text.trim();
  if (text) query.text = text.slice(0, 64);
  query.kind = filters.kind;
  if (filters.status.length > 0) query.status = filters.status;
  if (filters.profile) query.profile = filters.profile;
  const operator = filters.operator.trim();
  if (operator) query.operator = operator.slice(0, 60);
  const from = startOfLocalDay(filters.from);
  const to = endOfLocalDay(filters.to);
  if (from !== undefined) query.from = from;
  if (to !== undefined) query.to = to;
  if (from !== undefined && to !== undefined && from >= to) {
    return { problem: translate('history.export.fromAfterTo') };
  }
  return { query };
}

/** Where the list reads from: this desk's history file, or the team database (team mode). */
export type HistorySource = 'desk' | 'team';

/** A row of the list: this desk's, or the team's (which also names its desk). */
export type ListRow = HistoryRow | TeamRow;

export function isTeamRow(row: ListRow): row is TeamRow {
  return 'deskId' in row;
}

/** A row's identity in the list: its id on this desk; desk and id in the team's. */
export function rowKey(row: ListRow): string {
  return isTeamRow(row) ? `${row.deskId}:${row.id}` : String(row.id);
}

/**
 * The team view's filter: the same with a desk instead of the profile (each desk has its own profiles),
 * or why it cannot be asked. team-history.ts says what its search matches.
 */
export function toTeamQuery(
  filters: HistoryFilters,
): { query: TeamHistoryFilterInput } | { problem: string } {
  const built = toQuery({ ...filters, profile: null, operator: '' });
  if ('problem' in built) return built;
  const { text, status, from, to } = built.query;
  return {
    query: {
      kind: filters.kind,
      ...(filters.deskId !== null && { deskId: filters.deskId }),
      ...(text !== undefined && { text }),
      ...(status !== undefined && { status }),
      ...(from !== undefined && { from }),
      ...(to !== undefined && { to }),
    },
  };
}

/** How many rows a refresh reloads: the whole pages loaded so far, at least one, at most REFRESH_MAX. */
export function refreshLimit(loadedRows: number): number {
  return Math.min(REFRESH_MAX, Math.max(PAGE_SIZE, Math.ceil(loadedRows / PAGE_SIZE) * PAGE_SIZE));
}

/** Why a row fails verification: main's English reasons and their words (lib/words-text.ts). */
export type RowFlag = Pick<FlaggedRow, 'reasons' | 'words'>;

/** Row id → why it fails verification, from each page as it was read. */
export type FlaggedRows = ReadonlyMap<number, RowFlag>;

/**
 * The flags after a page was read, added to those of the rows loaded before it: its rows' old flags give
 * way to what this reading found. The map is extended in place, not copied: it changes only together with
 * the rows (a new array each time, which is what re-renders the list), and a copy per page cost O(rows
 * loaded) — with every row flagged, 70,000 entries a page deep into a million-row history, the list's
 * largest script cost under the wheel (bench:ui --profile). A first page starts a new map.
 */
export function addFlags(flagged: Map<number, RowFlag>, page: HistoryPage): void {
  for (const row of page.rows) flagged.delete(row.id);
  for (const flag of page.flagged) flagged.set(flag.rowId, flag);
}
