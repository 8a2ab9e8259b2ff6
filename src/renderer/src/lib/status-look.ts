// How a status looks, on every page: a word and a colour, so an outcome reads the same in the pay-in
// result panel and in History.
import type { HISTORY_STATUSES } from '@shared/history';

export type HistoryStatus = (typeof HISTORY_STATUSES)[number];

export const STATUS_LOOK: Record<HistoryStatus, { color: string; label: string }> = {
  approved: { color: 'green', label: 'Approved' },
  declined: { color: 'red', label: 'Declined' },
  action_required: { color: 'blue', label: 'Action required' },
  processing: { color: 'blue', label: 'Processing' },
  awaiting_confirmation: { color: 'cyan', label: 'Awaiting confirmation' },
  pending: { color: 'yellow', label: 'Pending' },
  outcome_unknown: { color: 'yellow', label: 'Outcome unknown' },
  conflict: { color: 'grape', label: 'Conflict' },
  refused: { color: 'orange', label: 'Refused' },
  not_sent: { color: 'gray', label: 'Not sent' },
  completed: { color: 'green', label: 'Completed' },
  partial: { color: 'orange', label: 'Partly accepted' },
};

export const KIND_LABEL = { payin: 'Pay-in', kyc_batch: 'KYC batch' } as const;
