// The KYC page's state as the store holds it (store.ts): its shape, and what a batch's counts say.

import type { CsvFormat } from '@shared/csv-export';
import type {
  KycBatchSummary,
  KycCheckedEvent,
  KycChunkResult,
  KycCounts,
  KycField,
  KycProgressEvent,
  KycRowFilter,
  KycRowView,
} from '@shared/kyc-batch';
import type { StoreApi } from 'zustand';
import type { EditStacks } from './edit-history';
import type { RowPage, RowRange } from './row-pages';

export interface SendState {
  phase: 'sending' | 'done' | 'failed';
  /** A whole submission, or one chunk sent again. */
  what: 'batch' | 'chunk';
  chunkIndex?: number;
  expectedRecords: number;
  doneChunks: number;
  totalChunks: number;
  sentRecords: number;
  acceptedRecords: number;
  rejectedRecords: number;
  unknownRecords: number;
  notSentRecords: number;
  /** Every chunk of the latest submission with an outcome, in chunk order. */
  chunks: KycChunkResult[];
  /** Valid rows left here because their document-date warning waits for confirmation. */
  awaitingConfirmation?: number;
  error?: string;
}

export type UpdateOutcome = { ok: true; row: KycRowView } | { ok: false; message: string };

export interface KycState {
  summary: KycBatchSummary | undefined;
  counts: KycCounts | undefined;
  /** Records of this file that the gateway accepted before it was opened (history remembers by file hash). */
  acceptedBefore: number;
  /** The file being read and parsed. */
  opening: string | undefined;
  /** The largest file main opens (from kyc.prepare); undefined until it has answered. */
  maxFileBytes: number | undefined;
  fileError: string | undefined;
  mappingBusy: boolean;
  mappingError: string | undefined;
  filter: KycRowFilter;
  /** Rows matching the filter. */
  total: number;
  pages: ReadonlyMap<number, RowPage>;
  version: number;
  generation: number;
  rowsError: string | undefined;
  send: SendState | undefined;
  exporting: boolean;
  exportError: string | undefined;
  /** The cell edits of the open file that undo and redo move through (personal data: forgotten on lock). */
  edits: EditStacks;
  /** An undo or redo is with main: the next waits for it. */
  stepping: boolean;
  /** The latest thing to announce; seq changes so that the same words are announced again. */
  notice: { text: string; seq: number } | undefined;
  /** The page is shown: main readies its worker and says how large a file it opens. */
  prepare: () => Promise<void>;
  open: (file: File) => Promise<void>;
  refuseFiles: (message: string) => void;
  setField: (header: string, field: KycField | null) => Promise<void>;
  setFilter: (filter: KycRowFilter) => void;
  /** The grid's visible rows (positions in the filtered list): fetches what is missing around them. */
  want: (range: RowRange) => void;
  update: (index: number, field: KycField, value: string) => Promise<UpdateOutcome>;
  /** Takes the latest edit back (the cell's value before it), or makes the latest undone one again. */
  undo: () => Promise<UpdateOutcome | undefined>;
  redo: () => Promise<UpdateOutcome | undefined>;
  /** `confirmedProfile`: the production profile the operator confirmed (main refuses production without). */
  submit: (confirmedProfile?: string) => Promise<void>;
  resubmit: (chunkIndex: number, confirmedProfile?: string) => Promise<void>;
  /** The rows to fix as a file in the form the operator chose. */
  exportRejected: (format: CsvFormat) => Promise<void>;
  progress: (event: KycProgressEvent) => void;
  /** How the check of the open file goes on (main's kyc.checked). */
  checked: (event: KycCheckedEvent) => void;
  /** Closes the open file; one still being checked stops there. */
  close: () => Promise<void>;
  /**
   * The compliance officer confirms document-date warnings: of these rows (batch indices), or of the
   * batch's `count` rows waiting. Answers the refusal's words, or undefined once confirmed.
   */
  confirmWarnings: (scope: { indices: number[] } | { count: number }) => Promise<string | undefined>;
  /** Announces a sentence in the page's live region. */
  say: (text: string) => void;
  /**
   * Forgets the rows read so far and the edits to undo (personal data): the lock calls it; the grid reads
   * the rows again after.
   */
  forgetRows: () => void;
}

/** The store's own get and set, handed to the parts that act on it (row-cache.ts, sending.ts). */
export type KycGet = StoreApi<KycState>['getState'];
export type KycSet = StoreApi<KycState>['setState'];

/** The counts kept when an answer brings the same numbers, so that what shows them does not render again. */
export function sameCounts(before: KycCounts | undefined, after: KycCounts): KycCounts {
  if (!before) return after;
  const keys = Object.keys(after) as (keyof KycCounts)[];
  return keys.every((key) => before[key] === after[key]) ? before : after;
}

/** Whether the open file's rows are still being checked: sending, exporting, fixing and remapping wait. */
export const isChecking = (counts: KycCounts | undefined): boolean => (counts?.checking ?? 0) > 0;

export function totalFor(filter: KycRowFilter, counts: KycCounts): number {
  return filter === 'all' ? counts.total : counts[filter];
}
