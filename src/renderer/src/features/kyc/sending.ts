// Sending the open batch, or one chunk of it again, from the KYC store: the send's state as chunks come
// back (kyc.progress, applied at most every PROGRESS_MS), its summary when main answers, and the words the
// page announces.
import { translate } from '@renderer/i18n/i18n';
import { call, errorMessage } from '@renderer/lib/paydesk';
import { KYC_MAX_RECORDS_PER_REQUEST } from '@shared/gateway/kyc';
import type { KycChunkResult, KycProgressEvent, KycSubmitResult } from '@shared/kyc-batch';
import { type KycGet, type KycSet, type KycState, type SendState, totalFor } from './kyc-state';
import type { RowCache } from './row-cache';

/**
 * Progress events are applied at most this often. Two chunks in flight answer in bursts; a render per
 * event mounted a chunk row (with its copy button's tooltip and portal) before React had settled the last
 * one, and after about a hundred chunks React stopped the page for too many nested updates.
 */
const PROGRESS_MS = 100;

/** "2 rows wait for confirmation of their document dates: not sent." (or: confirm them above). */
export function waitingText(rows: number, then: 'notSent' | 'confirmAbove' = 'notSent'): string {
  return then === 'notSent'
    ? translate('kyc.notice.waitingNotSent', { count: rows })
    : translate('kyc.notice.waitingConfirmAbove', { count: rows });
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
  const parts = [translate('kyc.notice.sent.accepted', { count: send.acceptedRecords })];
  if (send.rejectedRecords > 0)
    parts.push(translate('kyc.notice.sent.refused', { count: send.rejectedRecords }));
  if (send.unknownRecords > 0)
    parts.push(translate('kyc.notice.sent.unknown', { count: send.unknownRecords }));
  if (send.notSentRecords > 0)
    parts.push(translate('kyc.notice.sent.notSent', { count: send.notSentRecords }));
  const sent = translate('kyc.notice.sent', {
    records: send.sentRecords,
    chunks: send.totalChunks,
    parts: parts.join(', '),
  });
  return send.awaitingConfirmation ? `${sent} ${waitingText(send.awaitingConfirmation)}` : sent;
}

export function createSending(
  get: KycGet,
  set: KycSet,
  rows: RowCache,
  announce: (text: string) => void,
): Pick<KycState, 'submit' | 'resubmit' | 'progress'> {
  const { invalidate, invalidateSoon } = rows;
  let progressTimer: ReturnType<typeof setTimeout> | undefined;
  let pendingProgress: KycProgressEvent[] = [];

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
      announce(translate('kyc.notice.sendingStopped', { reason: errorMessage(error) }));
    }
    invalidate();
  }

  return {
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

    progress(event) {
      const { summary, send } = get();
      if (!summary || event.batchId !== summary.batchId || send?.phase !== 'sending') return;
      pendingProgress.push(event);
      if (progressTimer === undefined) progressTimer = setTimeout(applyProgress, PROGRESS_MS);
    },
  };
}
