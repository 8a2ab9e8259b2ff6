// How a status looks, on every page: a word and a colour, so an outcome reads the same in the pay-in
// result panel and in History. The statuses are src/shared's; their words are the catalogue's (`status.*`).
import type { Translate } from '@renderer/i18n/use-t';
import type { HISTORY_STATUSES } from '@shared/history';
import type { StatusTagLook } from './StatusTag';

export type HistoryStatus = (typeof HISTORY_STATUSES)[number];

export const STATUS_LOOK: Record<HistoryStatus, { color: string }> = {
  approved: { color: 'green' },
  declined: { color: 'red' },
  action_required: { color: 'blue' },
  processing: { color: 'blue' },
  awaiting_confirmation: { color: 'cyan' },
  pending: { color: 'yellow' },
  outcome_unknown: { color: 'yellow' },
  conflict: { color: 'grape' },
  refused: { color: 'orange' },
  not_sent: { color: 'gray' },
  completed: { color: 'green' },
  partial: { color: 'orange' },
};

export function isHistoryStatus(status: string): status is HistoryStatus {
  return Object.hasOwn(STATUS_LOOK, status);
}

/** The status in the active language ("Outcome unknown", „Ergebnis unbekannt“). */
export function statusLabel(t: Translate, status: HistoryStatus): string {
  return t(`status.${status}`);
}

/** A status's word, or a value no catalogue knows as it is (an audit entry from a newer Paydesk). */
export function statusWords(t: Translate, status: unknown): string | undefined {
  if (typeof status !== 'string') return undefined;
  return isHistoryStatus(status) ? statusLabel(t, status) : status;
}

export function statusLook(t: Translate, status: HistoryStatus): StatusTagLook {
  return { color: STATUS_LOOK[status].color, label: statusLabel(t, status) };
}

export function kindLabel(t: Translate, kind: 'payin' | 'kyc_batch'): string {
  return t(`kind.${kind}`);
}
