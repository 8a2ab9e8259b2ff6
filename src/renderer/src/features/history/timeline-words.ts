// The audit trail's event names and status changes in words an agent reads: what happened to the row,
// who or what said it, and what the status became.
import { type HistoryStatus, STATUS_LOOK } from '@renderer/lib/status-look';

const EVENT_WORDS: Readonly<Record<string, string>> = {
  'payin.created': 'Pay-in written, before sending',
  'payin.answer': "Gateway's answer",
  'payin.ask_again': 'Asked the gateway again (same order number)',
  // The same event as files written before it was renamed hold it (audit entries are never rewritten).
  'payin.replay': 'Asked the gateway again (same order number)',
  'payin.callback': "Gateway's signed notification",
  'payin.browser_return': 'Browser came back from the bank page (unsigned)',
  'payin.bank_page_closed': 'Bank page closed by the operator',
  'payin.recovered_outcome_unknown': 'Found unfinished when Paydesk started',
  'payin.updated': 'Updated',
  'payin.receipt_pdf': 'Receipt saved as a PDF',
  'payin.follow_up': 'Marked for follow-up',
  'kyc_batch.created': 'Batch written, before sending',
  'kyc_batch.updated': 'Batch updated',
  'kyc_batch.recovered_outcome_unknown': 'Found unfinished when Paydesk started',
  'kyc_batch.warnings_confirmed': 'Identity documents not in force confirmed for sending',
};

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);

/** A KYC batch's save after a chunk's answer: how far the sending has come, not "Batch updated". */
function batchProgressWords(detail: Record<string, unknown>): string | undefined {
  const counts = detail.counts as Record<string, unknown> | undefined;
  if (!counts || !isCount(counts.accepted) || !isCount(counts.rejected) || !isCount(detail.chunks)) return;
  const chunks = detail.chunks === 1 ? '1 chunk' : `${detail.chunks.toLocaleString()} chunks`;
  return `${chunks} answered so far: ${counts.accepted.toLocaleString()} accepted, ${counts.rejected.toLocaleString()} rejected`;
}

/**
 * The event in words; a confirmation of document dates also names its rows and the desk's day, a batch's
 * save how many of its records the chunks answered so far have accepted.
 */
export function eventWords(event: string, detail: Record<string, unknown> = {}): string {
  const words = EVENT_WORDS[event] ?? event;
  if (event === 'kyc_batch.updated') return batchProgressWords(detail) ?? words;
  if (event !== 'kyc_batch.warnings_confirmed' || typeof detail.rows !== 'string') return words;
  const rows = detail.rowCount === 1 ? `row ${detail.rows}` : `rows ${detail.rows}`;
  const scope = detail.scope === 'batch' ? ', the whole batch' : '';
  return `${words}: ${rows}${scope} (day ${String(detail.deskDay)})`;
}

function statusWords(status: unknown): string | undefined {
  if (typeof status !== 'string') return undefined;
  return Object.hasOwn(STATUS_LOOK, status) ? STATUS_LOOK[status as HistoryStatus].label : status;
}

/**
 * "Awaiting confirmation → Approved", "Approved (no change)", or the status it was created with. A KYC
 * batch saved between its chunks is "Still sending", not "Pending (no change)" once a chunk.
 */
export function statusChangeWords(detail: Record<string, unknown>, event = ''): string {
  if (event === 'kyc_batch.updated' && detail.from === 'pending' && detail.to === 'pending')
    return 'Still sending';
  const from = statusWords(detail.from);
  const to = statusWords(detail.to);
  if (from !== undefined && to !== undefined) return from === to ? `${to} (no change)` : `${from} → ${to}`;
  return statusWords(detail.status) ?? '';
}

/**
 * A batch's records by what became of them: "2,000 in file: 2,000 accepted" for a finished batch, not
 * "0 valid, 0 invalid; 2000 accepted" (an accepted record is no longer counted valid). What was not sent
 * is named with why: invalid, or valid and not sent (yet).
 */
export function batchCountWords(counts: {
  total: number;
  valid: number;
  invalid: number;
  accepted: number;
  rejected: number;
}): string {
  const n = (value: number) => value.toLocaleString();
  const parts = [`${n(counts.accepted)} accepted`];
  if (counts.rejected > 0) parts.push(`${n(counts.rejected)} rejected`);
  if (counts.invalid > 0) parts.push(`${n(counts.invalid)} invalid (not sent)`);
  if (counts.valid > 0) parts.push(`${n(counts.valid)} valid (not sent)`);
  return `${n(counts.total)} in file: ${parts.join(', ')}`;
}
