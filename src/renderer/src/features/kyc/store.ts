// The KYC page's state: the open batch's summary and counts, the grid's small cache of row pages, and
// the send in progress. A file opened by path shows at once, its rows `checking` until main's workers
// reach them: kyc.checked events bring the counts as the check goes on, and what needs every row (sending,
// exporting, fixing, remapping) waits for the end. The batch itself lives in main; the renderer holds only the pages near what is on
// screen (row-pages.ts), refetching them when a fix, a remapping or a sent chunk may have changed them.
// Every answer carries the generation it was asked under, so an answer for another file or filter is
// dropped, never shown.

import { downloadText } from '@renderer/lib/download';
import { forgetOnSignOut } from '@renderer/lib/forget-on-sign-out';
import { call, errorMessage, openKycFile, PaydeskError, subscribe } from '@renderer/lib/paydesk';
import { KYC_MAX_RECORDS_PER_REQUEST } from '@shared/gateway/kyc';
import type {
  KycBatchSummary,
  KycCheckedEvent,
  KycChunkResult,
  KycCounts,
  KycField,
  KycProgressEvent,
  KycRowFilter,
  KycRowView,
  KycSubmitResult,
} from '@shared/kyc-batch';
import { create } from 'zustand';
import { dropStep, type EditStacks, NO_EDITS, pushEdit, redoStep, stepText, undoStep } from './edit-history';
import { count, records } from './format';
import { fileProblem } from './read-file';
import {
  LEAP_CALM_MS,
  leapt,
  nearRange,
  PAGE_ROWS,
  pagesToFetch,
  type RowPage,
  type RowRange,
  withPage,
  withRow,
} from './row-pages';

/** Page requests in flight at once: enough to fill a screen quickly, few enough that a fling does not queue. */
const IN_FLIGHT = 2;
/** While chunks come back, or rows are checked, the visible rows are refetched at most this often. */
const SEND_REFRESH_MS = 400;
/**
 * Progress events are applied at most this often. Two chunks in flight answer in bursts; a render per
 * event mounted a chunk row (with its copy button's tooltip and portal) before React had settled the last
 * one, and after about a hundred chunks React stopped the page for too many nested updates.
 */
const PROGRESS_MS = 100;

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

type UpdateOutcome = { ok: true; row: KycRowView } | { ok: false; message: string };

interface KycState {
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
  exportRejected: () => Promise<void>;
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

/** The counts kept when an answer brings the same numbers, so that what shows them does not render again. */
function sameCounts(before: KycCounts | undefined, after: KycCounts): KycCounts {
  if (!before) return after;
  const keys = Object.keys(after) as (keyof KycCounts)[];
  return keys.every((key) => before[key] === after[key]) ? before : after;
}

/** Whether the open file's rows are still being checked: sending, exporting, fixing and remapping wait. */
export const isChecking = (counts: KycCounts | undefined): boolean => (counts?.checking ?? 0) > 0;

function openedText(summary: KycBatchSummary): string {
  const { counts } = summary;
  if (isChecking(counts)) return `Opened ${summary.fileName}: ${records(counts.total)}, checking them.`;
  return `Opened ${summary.fileName}: ${records(counts.total)}, ${count(counts.invalid)} invalid, ${count(counts.valid)} valid.`;
}

function totalFor(filter: KycRowFilter, counts: KycCounts): number {
  return filter === 'all' ? counts.total : counts[filter];
}

/** "2 rows wait for confirmation of their document dates: not sent." */
export function waitingText(rows: number, then = 'not sent'): string {
  return `${records(rows, 'row')} ${rows === 1 ? 'waits' : 'wait'} for confirmation of ${rows === 1 ? 'its' : 'their'} document dates: ${then}.`;
}

function upsertChunk(chunks: readonly KycChunkResult[], chunk: KycChunkResult): KycChunkResult[] {
  return [...chunks.filter((other) => other.index !== chunk.index), chunk].sort((a, b) => a.index - b.index);
}

function finished(result: KycSubmitResult, before: SendState): SendState {
  return {
    ...before,
    phase: 'done',
    expectedRecords: result.sentRecords,
    doneChunks: result.chunks.length,
    totalChunks: result.chunks.length,
    sentRecords: result.sentRecords,
    acceptedRecords: result.acceptedRecords,
    rejectedRecords: result.rejectedRecords,
    unknownRecords: result.unknownRecords,
    notSentRecords: result.notSentRecords,
    chunks: result.chunks,
    awaitingConfirmation: result.awaitingConfirmation,
  };
}

function sentSummary(send: SendState): string {
  const parts = [`${count(send.acceptedRecords)} accepted`];
  if (send.rejectedRecords > 0) parts.push(`${count(send.rejectedRecords)} in refused chunks`);
  if (send.unknownRecords > 0) parts.push(`${count(send.unknownRecords)} in chunks whose outcome is unknown`);
  if (send.notSentRecords > 0) parts.push(`${count(send.notSentRecords)} in chunks not sent`);
  const waiting = send.awaitingConfirmation ? ` ${waitingText(send.awaitingConfirmation)}` : '';
  return `Sent ${records(send.sentRecords)} in ${records(send.totalChunks, 'chunk')}: ${parts.join(', ')}.${waiting}`;
}

export const useKycStore = create<KycState>((set, get) => {
  let wanted: RowRange = { first: 0, last: 0 };
  /** When the range last leapt past a screenful (see LEAP_CALM_MS), and the pump waiting for calm. */
  let leapAt = Number.NEGATIVE_INFINITY;
  let calmTimer: ReturnType<typeof setTimeout> | undefined;
  let inFlight = new Set<number>();
  let refreshTimer: ReturnType<typeof setTimeout> | undefined;
  let progressTimer: ReturnType<typeof setTimeout> | undefined;
  let pendingProgress: KycProgressEvent[] = [];
  let noticeSeq = 0;
  /** Files dropped one after the other open in turn: only the latest one's answer is shown. */
  let openSeq = 0;
  /**
   * kyc.checked events for a batch not shown yet: a small file's check can end before the answer that
   * opened it arrives. Kept while a file opens, the latest per batch, and applied once it is shown.
   */
  let early = new Map<string, KycCheckedEvent>();

  const announce = (text: string) => set({ notice: { text, seq: ++noticeSeq } });

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
        set({ rowsError: `Rows could not be loaded: ${errorMessage(error)}` });
    } finally {
      flights.delete(page);
    }
    // While the rows are leaping, the pump waits for calm (want) rather than chase them.
    if (!failed && get().generation === generation && calmTimer === undefined) pump();
  }

  /** Marks every cached page stale (still shown until its fresh copy arrives) and refetches what is on screen. */
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

  /** Applies the progress events that came in since the last time, in one update. */
  function applyProgress(): void {
    progressTimer = undefined;
    const events = pendingProgress;
    pendingProgress = [];
    const { send } = get();
    if (send?.phase !== 'sending' || events.length === 0) return;
    let chunks = send.chunks;
    let latest = events[0]!;
    for (const event of events) {
      chunks = upsertChunk(chunks, event.chunk);
      if (event.doneChunks >= latest.doneChunks) latest = event;
    }
    set({
      send: {
        ...send,
        doneChunks: latest.doneChunks,
        totalChunks: latest.totalChunks,
        sentRecords: latest.sentRecords,
        acceptedRecords: latest.acceptedRecords,
        rejectedRecords: latest.rejectedRecords,
        unknownRecords: latest.unknownRecords,
        notSentRecords: latest.notSentRecords,
        chunks,
      },
    });
    invalidateSoon();
  }

  /** A new file or filter: an empty cache, and answers to the old one dropped. */
  function restart(patch: Partial<KycState>): void {
    inFlight = new Set();
    wanted = { first: 0, last: 0 };
    leapAt = Number.NEGATIVE_INFINITY;
    clearTimeout(calmTimer);
    calmTimer = undefined;
    set({ ...patch, pages: new Map(), generation: get().generation + 1, rowsError: undefined });
    pump();
  }

  /** One value into a cell, through main; the page's rows and counts follow its answer. */
  async function write(
    index: number,
    field: KycField,
    value: string,
  ): Promise<
    { ok: true; row: KycRowView; previous: string } | { ok: false; message: string; refused?: boolean }
  > {
    const { summary } = get();
    if (!summary) return { ok: false, message: 'No file is open.' };
    try {
      const result = await call('kyc.update', { batchId: summary.batchId, index, field, value });
      const previous = result.previous ?? '';
      if (get().summary?.batchId !== summary.batchId) return { ok: true, row: result.row, previous };
      set({
        pages: withRow(get().pages, result.row),
        counts: result.counts,
        total: totalFor(get().filter, result.counts),
      });
      // A fix can move the row out of the filter, and a changed userId can settle another row's duplicate.
      invalidate();
      return { ok: true, row: result.row, previous };
    } catch (error) {
      // Main's refusal of the change itself (the record was accepted meanwhile, or the row is gone), not a
      // failure to reach it: trying again would be refused again.
      const refused =
        error instanceof PaydeskError && (error.kind === 'conflict' || error.kind === 'not_found');
      return { ok: false, message: errorMessage(error), refused };
    }
  }

  /** Undo or redo: the stacks move only once main has taken the value; a refusal is said and moves nothing. */
  async function step(kind: 'Undid' | 'Redid'): Promise<UpdateOutcome | undefined> {
    const { summary, edits, stepping } = get();
    const planned = kind === 'Undid' ? undoStep(edits) : redoStep(edits);
    if (!summary || !planned || stepping) return undefined;
    set({ stepping: true });
    const outcome = await write(planned.edit.index, planned.edit.field, planned.value);
    set({ stepping: false });
    if (get().summary?.batchId !== summary.batchId) return undefined;
    if (!outcome.ok) {
      const what = kind === 'Undid' ? 'Undo' : 'Redo';
      announce(`${what} did not change ${planned.edit.field}: ${outcome.message}`);
      if (outcome.refused) set({ edits: dropStep(get().edits, kind === 'Undid' ? 'undo' : 'redo') });
      return { ok: false, message: outcome.message };
    }
    set({ edits: planned.next });
    announce(stepText(kind, planned.edit, planned.value));
    return { ok: true, row: outcome.row };
  }

  async function sendWith(start: SendState, work: () => Promise<KycSubmitResult>): Promise<void> {
    pendingProgress = [];
    set({ send: start });
    try {
      const result = await work();
      if (get().summary?.batchId !== result.batchId) return;
      // The result holds every chunk: progress still waiting to be shown is superseded.
      pendingProgress = [];
      const done = finished(result, get().send ?? start);
      set({ send: done, counts: result.counts, total: totalFor(get().filter, result.counts) });
      announce(sentSummary(done));
    } catch (error) {
      const current = get().send ?? start;
      set({ send: { ...current, phase: 'failed', error: errorMessage(error) } });
      announce(`Sending stopped: ${errorMessage(error)}`);
    }
    invalidate();
  }

  return {
    summary: undefined,
    counts: undefined,
    acceptedBefore: 0,
    opening: undefined,
    maxFileBytes: undefined,
    fileError: undefined,
    mappingBusy: false,
    mappingError: undefined,
    filter: 'all',
    total: 0,
    pages: new Map(),
    version: 0,
    generation: 0,
    rowsError: undefined,
    send: undefined,
    exporting: false,
    exportError: undefined,
    edits: NO_EDITS,
    stepping: false,
    notice: undefined,

    async prepare() {
      const { maxFileBytes } = await call('kyc.prepare');
      set({ maxFileBytes });
    },

    async open(file) {
      const problem = fileProblem(file, get().maxFileBytes);
      if (problem) return get().refuseFiles(problem);
      if (get().send?.phase === 'sending') {
        return get().refuseFiles('A batch is being sent: open the next file when sending ends.');
      }
      const seq = ++openSeq;
      set({ opening: file.name, fileError: undefined });
      try {
        const answer = await openKycFile(file);
        const before = early.get(answer.batchId);
        early = new Map();
        if (seq !== openSeq) {
          void call('kyc.close', { batchId: answer.batchId }).catch(() => undefined);
          return;
        }
        const previous = get().summary;
        // The page shows one file: the one it replaces is let go in main, and its check, if it runs, stops.
        if (previous) void call('kyc.close', { batchId: previous.batchId }).catch(() => undefined);
        // What main said since it answered, when that came first.
        const summary = before && before.phase !== 'failed' ? before.summary : answer;
        const { counts } = summary;
        restart({
          summary,
          counts,
          edits: NO_EDITS,
          acceptedBefore: counts.accepted,
          opening: undefined,
          filter: 'all',
          total: counts.total,
          version: 0,
          send: undefined,
          mappingError: undefined,
          exportError: undefined,
        });
        announce(openedText(summary));
        if (before?.phase === 'failed') get().checked(before);
      } catch (error) {
        if (seq !== openSeq) return;
        set({ opening: undefined });
        get().refuseFiles(`"${file.name}" could not be opened: ${errorMessage(error)}`);
      }
    },

    refuseFiles(message) {
      set({ fileError: message });
      announce(message);
    },

    async setField(header, field) {
      const { summary } = get();
      if (!summary) return;
      const changes: { header: string; field: KycField | null }[] = [{ header, field }];
      // One column per field: the column that fed it until now is set aside rather than refused.
      const previous = field
        ? summary.mapping.find((c) => c.field === field && c.header !== header)
        : undefined;
      if (previous) changes.push({ header: previous.header, field: null });
      set({ mappingBusy: true, mappingError: undefined });
      try {
        const next = await call('kyc.setMapping', { batchId: summary.batchId, mapping: changes });
        if (get().summary?.batchId !== summary.batchId) return;
        set({
          summary: next,
          counts: next.counts,
          total: totalFor(get().filter, next.counts),
          mappingBusy: false,
          // An edit went into the column that fed its field: under another mapping, undo would miss it.
          edits: NO_EDITS,
          // A userId column mapped by hand finds the records the gateway accepted from this file before.
          ...(get().send === undefined && { acceptedBefore: next.counts.accepted }),
        });
        invalidate();
        const what = field ? `feeds ${field}` : 'is ignored';
        const moved = previous ? `; "${previous.header}" is ignored now` : '';
        announce(`Column "${header}" ${what}${moved}. ${count(next.counts.invalid)} invalid rows.`);
      } catch (error) {
        set({ mappingBusy: false, mappingError: errorMessage(error) });
      }
    },

    setFilter(filter) {
      const { counts } = get();
      if (!counts || filter === get().filter) return;
      restart({ filter, total: totalFor(filter, counts) });
    },

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

    async update(index, field, value) {
      const { summary } = get();
      const outcome = await write(index, field, value);
      if (outcome.ok && get().summary?.batchId === summary?.batchId) {
        const { row, previous } = outcome;
        if (previous !== value) {
          set({
            edits: pushEdit(get().edits, { index, row: row.row, field, before: previous, after: value }),
          });
        }
      }
      return outcome.ok ? { ok: true, row: outcome.row } : { ok: false, message: outcome.message };
    },

    undo: () => step('Undid'),
    redo: () => step('Redid'),

    async submit(confirmedProfile) {
      const { summary, counts } = get();
      const expected = counts ? counts.valid - counts.warnings : 0;
      if (!summary || expected === 0 || get().send?.phase === 'sending') return;
      await sendWith(
        {
          phase: 'sending',
          what: 'batch',
          expectedRecords: expected,
          doneChunks: 0,
          totalChunks: Math.ceil(expected / KYC_MAX_RECORDS_PER_REQUEST),
          sentRecords: 0,
          acceptedRecords: 0,
          rejectedRecords: 0,
          unknownRecords: 0,
          notSentRecords: 0,
          chunks: [],
        },
        () => call('kyc.submit', { batchId: summary.batchId, onlyRemaining: true, confirmedProfile }),
      );
    },

    async resubmit(chunkIndex, confirmedProfile) {
      const { summary, send } = get();
      if (!summary || !send || send.phase === 'sending') return;
      const chunk = send.chunks.find((candidate) => candidate.index === chunkIndex);
      await sendWith(
        {
          ...send,
          phase: 'sending',
          what: 'chunk',
          chunkIndex,
          expectedRecords: chunk?.records ?? 0,
          doneChunks: 0,
          totalChunks: 1,
          sentRecords: 0,
          acceptedRecords: 0,
          rejectedRecords: 0,
          unknownRecords: 0,
          notSentRecords: 0,
          error: undefined,
        },
        () => call('kyc.resubmitChunk', { batchId: summary.batchId, chunkIndex, confirmedProfile }),
      );
    },

    async exportRejected() {
      const { summary } = get();
      if (!summary) return;
      set({ exporting: true, exportError: undefined });
      try {
        const file = await call('kyc.exportRejected', { batchId: summary.batchId });
        downloadText(file.csv, file.fileName);
        set({ exporting: false });
        announce(`Exported ${records(file.rows, 'row')} with their reasons to ${file.fileName}.`);
      } catch (error) {
        set({ exporting: false, exportError: `Export failed: ${errorMessage(error)}` });
      }
    },

    progress(event) {
      const { summary, send } = get();
      if (!summary || event.batchId !== summary.batchId || send?.phase !== 'sending') return;
      pendingProgress.push(event);
      if (progressTimer === undefined) progressTimer = setTimeout(applyProgress, PROGRESS_MS);
    },

    checked(event) {
      const { summary, opening } = get();
      if (opening !== undefined && event.batchId !== summary?.batchId) early.set(event.batchId, event);
      if (!summary || event.batchId !== summary.batchId) return;
      if (event.phase === 'failed') {
        restart({ summary: undefined, counts: undefined, total: 0, send: undefined, edits: NO_EDITS });
        get().refuseFiles(`"${summary.fileName}" could not be checked: ${event.message}`);
        return;
      }
      const next = event.summary;
      set({
        summary: next,
        counts: sameCounts(get().counts, next.counts),
        total: totalFor(get().filter, next.counts),
        // Rows the gateway accepted from this file before are marked as they are checked.
        ...(get().send === undefined && { acceptedBefore: next.counts.accepted }),
      });
      if (event.phase === 'done') {
        invalidate();
        const { counts } = next;
        announce(
          `Checked ${records(counts.total)} of ${next.fileName}: ${count(counts.invalid)} invalid, ${count(counts.valid)} valid.`,
        );
      } else invalidateSoon();
    },

    async close() {
      const { summary, send } = get();
      if (!summary || send?.phase === 'sending') return;
      try {
        await call('kyc.close', { batchId: summary.batchId });
      } catch (error) {
        get().refuseFiles(`"${summary.fileName}" could not be closed: ${errorMessage(error)}`);
        return;
      }
      if (get().summary?.batchId !== summary.batchId) return;
      restart({
        summary: undefined,
        counts: undefined,
        total: 0,
        send: undefined,
        fileError: undefined,
        edits: NO_EDITS,
      });
      announce(`Closed ${summary.fileName}.`);
    },

    async confirmWarnings(scope) {
      const { summary } = get();
      if (!summary) return 'No file is open.';
      try {
        const result = await call('kyc.confirmWarnings', {
          batchId: summary.batchId,
          ...('indices' in scope
            ? { scope: 'rows', indices: scope.indices }
            : { scope: 'batch', count: scope.count }),
        });
        if (get().summary?.batchId !== summary.batchId) return undefined;
        set({ counts: result.counts, total: totalFor(get().filter, result.counts) });
        invalidate();
        const which = result.rows.length === 1 ? `row ${result.rows[0]}` : records(result.rows.length, 'row');
        const left = result.counts.warnings;
        announce(
          `Document dates of ${which} confirmed: ${result.rows.length === 1 ? 'it is' : 'they are'} sent with the batch.${left > 0 ? ` ${records(left, 'row')} still ${left === 1 ? 'waits' : 'wait'} for confirmation.` : ''}`,
        );
        return undefined;
      } catch (error) {
        const message = errorMessage(error);
        announce(`Not confirmed: ${message}`);
        return message;
      }
    },

    say: announce,
    forgetRows() {
      inFlight = new Set();
      set({ pages: new Map(), generation: get().generation + 1, edits: NO_EDITS });
    },
  };
});

// The rows read so far are personal data: a locked screen keeps none of them.
forgetOnSignOut(() => useKycStore.getState().forgetRows());

/** Once per page: chunk results and the check of the open file, as main reports them. */
export function listenForKycProgress(): () => void {
  const stopProgress = subscribe('kyc.progress', (event) => useKycStore.getState().progress(event));
  const stopChecked = subscribe('kyc.checked', (event) => useKycStore.getState().checked(event));
  return () => {
    stopProgress();
    stopChecked();
  };
}
