// The audit trail's events and status changes in words an agent reads: what happened to the row, who or
// what said it, and what the status became. The events' own names stay as recorded (the timeline shows
// each as its cell's title); the words are the catalogue's.

import type { Translate } from '@renderer/i18n/use-t';
import { statusWords } from '@renderer/lib/status-look';
import type { MessageKey } from '@shared/i18n/messages';

const EVENT_WORDS: Readonly<Record<string, MessageKey>> = {
  'payin.created': 'history.event.payinCreated',
  'payin.answer': 'history.event.payinAnswer',
  'payin.ask_again': 'history.event.payinAskAgain',
  // The same event as files written before it was renamed hold it (audit entries are never rewritten).
  'payin.replay': 'history.event.payinAskAgain',
  'payin.callback': 'history.event.payinCallback',
  'payin.browser_return': 'history.event.payinBrowserReturn',
  'payin.bank_page_closed': 'history.event.payinBankPageClosed',
  'payin.recovered_outcome_unknown': 'history.event.recoveredUnfinished',
  'payin.updated': 'history.event.payinUpdated',
  'payin.receipt_pdf': 'history.event.payinReceiptPdf',
  'payin.follow_up': 'history.event.payinFollowUp',
  'kyc_batch.created': 'history.event.batchCreated',
  'kyc_batch.updated': 'history.event.batchUpdated',
  'kyc_batch.recovered_outcome_unknown': 'history.event.recoveredUnfinished',
  'kyc_batch.warnings_confirmed': 'history.event.batchWarningsConfirmed',
};

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);

/** A KYC batch's save after a chunk's answer: how far the sending has come, not "Batch updated". */
function batchProgressWords(t: Translate, detail: Record<string, unknown>): string | undefined {
  const counts = detail.counts as Record<string, unknown> | undefined;
  if (!counts || !isCount(counts.accepted) || !isCount(counts.rejected) || !isCount(detail.chunks)) return;
  return t('history.event.batchProgress', {
    chunks: detail.chunks,
    accepted: counts.accepted,
    rejected: counts.rejected,
  });
}

/**
 * The event in words; a confirmation of document dates also names its rows and the desk's day, a batch's
 * save how many of its records the chunks answered so far have accepted.
 */
export function eventWords(t: Translate, event: string, detail: Record<string, unknown> = {}): string {
  const key = EVENT_WORDS[event];
  const words = key ? t(key) : event;
  if (event === 'kyc_batch.updated') return batchProgressWords(t, detail) ?? words;
  if (event !== 'kyc_batch.warnings_confirmed' || typeof detail.rows !== 'string') return words;
  return t('history.event.batchWarningsRows', {
    count: isCount(detail.rowCount) ? detail.rowCount : 2,
    rows: detail.rows,
    scope: detail.scope === 'batch' ? 'batch' : 'rows',
    day: String(detail.deskDay),
  });
}

/**
 * "Awaiting confirmation → Approved", "Approved (no change)", or the status it was created with. A KYC
 * batch saved between its chunks is "Still sending", not "Pending (no change)" once a chunk.
 */
export function statusChangeWords(t: Translate, detail: Record<string, unknown>, event = ''): string {
  if (event === 'kyc_batch.updated' && detail.from === 'pending' && detail.to === 'pending')
    return t('history.event.stillSending');
  const from = statusWords(t, detail.from);
  const to = statusWords(t, detail.to);
  if (from !== undefined && to !== undefined)
    return from === to ? t('history.event.noChange', { status: to }) : `${from} → ${to}`;
  return statusWords(t, detail.status) ?? '';
}

/**
 * A batch's records by what became of them: "2,000 in file: 2,000 accepted" for a finished batch, not
 * "0 valid, 0 invalid; 2000 accepted" (an accepted record is no longer counted valid). What was not sent
 * is named with why: invalid, or valid and not sent (yet).
 */
export function batchCountWords(
  t: Translate,
  counts: { total: number; valid: number; invalid: number; accepted: number; rejected: number },
): string {
  const parts = [t('history.records.accepted', { count: counts.accepted })];
  if (counts.rejected > 0) parts.push(t('history.records.rejected', { count: counts.rejected }));
  if (counts.invalid > 0) parts.push(t('history.records.invalid', { count: counts.invalid }));
  if (counts.valid > 0) parts.push(t('history.records.valid', { count: counts.valid }));
  return t('history.records.inFile', { total: counts.total, parts: parts.join(', ') });
}
