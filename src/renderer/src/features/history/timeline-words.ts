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

/** The event in words; a confirmation of document dates also names its rows and the desk's day. */
export function eventWords(event: string, detail: Record<string, unknown> = {}): string {
  const words = EVENT_WORDS[event] ?? event;
  if (event !== 'kyc_batch.warnings_confirmed' || typeof detail.rows !== 'string') return words;
  const rows = detail.rowCount === 1 ? `row ${detail.rows}` : `rows ${detail.rows}`;
  const scope = detail.scope === 'batch' ? ', the whole batch' : '';
  return `${words}: ${rows}${scope} (day ${String(detail.deskDay)})`;
}

function statusWords(status: unknown): string | undefined {
  if (typeof status !== 'string') return undefined;
  return Object.hasOwn(STATUS_LOOK, status) ? STATUS_LOOK[status as HistoryStatus].label : status;
}

/** "Awaiting confirmation → Approved", "Approved (no change)", or the status it was created with. */
export function statusChangeWords(detail: Record<string, unknown>): string {
  const from = statusWords(detail.from);
  const to = statusWords(detail.to);
  if (from !== undefined && to !== undefined) return from === to ? `${to} (no change)` : `${from} → ${to}`;
  return statusWords(detail.status) ?? '';
}
