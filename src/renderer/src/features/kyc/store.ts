// The KYC page's state: the open batch's summary and counts, the grid's small cache of row pages, and
// the send in progress. A file opened by path shows at once, its rows `checking` until main's workers
// reach them: kyc.checked events bring the counts as the check goes on, and what needs every row (sending,
// exporting, fixing, remapping) waits for the end. The batch itself lives in main; the renderer holds only
// the pages near what is on screen (row-cache.ts), refetching them when a fix, a remapping or a sent chunk
// may have changed them. Every answer carries the generation it was asked under, so an answer for another
// file or filter is dropped, never shown. Sending is sending.ts's; the state's shape is kyc-state.ts's.
import { translate } from '@renderer/i18n/i18n';
import { downloadText } from '@renderer/lib/download';
import { forgetOnSignOut } from '@renderer/lib/forget-on-sign-out';
import { call, errorMessage, openKycFile, PaydeskError, subscribe } from '@renderer/lib/paydesk';
import type { KycBatchSummary, KycCheckedEvent, KycField, KycRowView } from '@shared/kyc-batch';
import { create } from 'zustand';
import { dropStep, NO_EDITS, plannedStep, pushEdit, stepText } from './edit-history';
import { isChecking, type KycState, sameCounts, totalFor, type UpdateOutcome } from './kyc-state';
import { fileProblem } from './read-file';
import { createRowCache } from './row-cache';
import { withRow } from './row-pages';
import { createSending } from './sending';

function openedText(summary: KycBatchSummary): string {
  const { counts } = summary;
  const file = summary.fileName;
  if (isChecking(counts)) return translate('kyc.notice.openedChecking', { file, total: counts.total });
  return translate('kyc.notice.opened', {
    file,
    total: counts.total,
    invalid: counts.invalid,
    valid: counts.valid,
  });
}

export const useKycStore = create<KycState>((set, get) => {
  let noticeSeq = 0;
  /** Files dropped one after the other open in turn: only the latest one's answer is shown. */
  let openSeq = 0;
  /**
   * kyc.checked events for a batch not shown yet: a small file's check can end before the answer that
   * opened it arrives. Kept while a file opens, the latest per batch, and applied once it is shown.
   */
  let early = new Map<string, KycCheckedEvent>();

  const announce = (text: string) => set({ notice: { text, seq: ++noticeSeq } });
  const rows = createRowCache(get, set);
  const { invalidate, invalidateSoon, restart } = rows;

  /** One value into a cell, through main; the page's rows and counts follow its answer. */
  async function write(
    index: number,
    field: KycField,
    value: string,
  ): Promise<
    { ok: true; row: KycRowView; previous: string } | { ok: false; message: string; refused?: boolean }
  > {
    const { summary } = get();
    if (!summary) return { ok: false, message: translate('kyc.notice.noFile') };
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
    const planned = plannedStep(edits, kind === 'Undid' ? 'undo' : 'redo');
    if (!summary || !planned || stepping) return undefined;
    set({ stepping: true });
    const outcome = await write(planned.edit.index, planned.edit.field, planned.value);
    set({ stepping: false });
    if (get().summary?.batchId !== summary.batchId) return undefined;
    if (!outcome.ok) {
      const values = { kind: kind === 'Undid' ? 'undo' : 'redo', field: planned.edit.field };
      announce(translate('kyc.notice.stepFailed', { ...values, reason: outcome.message }));
      if (outcome.refused) set({ edits: dropStep(get().edits, kind === 'Undid' ? 'undo' : 'redo') });
      return { ok: false, message: outcome.message };
    }
    set({ edits: planned.next });
    announce(stepText(kind, planned.edit, planned.value));
    return { ok: true, row: outcome.row };
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
        return get().refuseFiles(translate('kyc.page.batchSending'));
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
        get().refuseFiles(
          translate('kyc.notice.notOpened', { file: file.name, reason: errorMessage(error) }),
        );
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
        const invalid = next.counts.invalid;
        announce(
          !field
            ? translate('kyc.notice.columnIgnored', { header, invalid })
            : previous
              ? translate('kyc.notice.columnFeedsMoved', {
                  header,
                  field,
                  previous: previous.header,
                  invalid,
                })
              : translate('kyc.notice.columnFeeds', { header, field, invalid }),
        );
      } catch (error) {
        set({ mappingBusy: false, mappingError: errorMessage(error) });
      }
    },

    setFilter(filter) {
      const { counts } = get();
      if (!counts || filter === get().filter) return;
      restart({ filter, total: totalFor(filter, counts) });
    },

    want: rows.want,

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
    ...createSending(get, set, rows, announce),

    async exportRejected(format) {
      const { summary } = get();
      if (!summary) return;
      set({ exporting: true, exportError: undefined });
      try {
        const file = await call('kyc.exportRejected', { batchId: summary.batchId, format });
        downloadText(file.csv, file.fileName);
        set({ exporting: false });
        announce(translate('kyc.notice.exported', { count: file.rows, file: file.fileName }));
      } catch (error) {
        set({
          exporting: false,
          exportError: translate('kyc.notice.exportFailed', { reason: errorMessage(error) }),
        });
      }
    },
    checked(event) {
      const { summary, opening } = get();
      if (opening !== undefined && event.batchId !== summary?.batchId) early.set(event.batchId, event);
      if (!summary || event.batchId !== summary.batchId) return;
      if (event.phase === 'failed') {
        restart({ summary: undefined, counts: undefined, total: 0, send: undefined, edits: NO_EDITS });
        get().refuseFiles(
          translate('kyc.notice.notChecked', { file: summary.fileName, reason: event.message }),
        );
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
          translate('kyc.notice.checked', {
            file: next.fileName,
            total: counts.total,
            invalid: counts.invalid,
            valid: counts.valid,
          }),
        );
      } else invalidateSoon();
    },

    async close() {
      const { summary, send } = get();
      if (!summary || send?.phase === 'sending') return;
      try {
        await call('kyc.close', { batchId: summary.batchId });
      } catch (error) {
        get().refuseFiles(
          translate('kyc.notice.notClosed', { file: summary.fileName, reason: errorMessage(error) }),
        );
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
      announce(translate('kyc.notice.closed', { file: summary.fileName }));
    },

    async confirmWarnings(scope) {
      const { summary } = get();
      if (!summary) return translate('kyc.notice.noFile');
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
        const confirmed = translate('kyc.notice.confirmedRows', {
          count: result.rows.length,
          row: result.rows[0] ?? 0,
        });
        const left = result.counts.warnings;
        announce(
          left > 0 ? `${confirmed} ${translate('kyc.notice.stillWaiting', { count: left })}` : confirmed,
        );
        return undefined;
      } catch (error) {
        const message = errorMessage(error);
        announce(translate('kyc.notice.notConfirmed', { reason: message }));
        return message;
      }
    },

    say: announce,
    forgetRows: () => rows.forget({ edits: NO_EDITS }),
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
