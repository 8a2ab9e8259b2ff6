// Marking a pay-in for follow-up: the way forward for a pay-in nobody can settle now (the gateway does not
// answer, the bank page is gone, the customer will call back). It changes nothing of the pay-in: it puts the
// operator's name and reason in its audit trail (`payin.follow_up`), which History's drawer shows. Main
// checks the reason (the contract's schema) and the status itself, whatever the page sent.
import { FOLLOW_UP_STATUSES } from '@shared/payin-lifecycle';
import type { HistoryStore } from '../history/store/history-store';
import { refusal } from '../i18n/refuse';

const FOLLOW_UP_EVENT = 'payin.follow_up';

interface FollowUp {
  historyId: number;
  operator: string;
  reason: string;
  at: number;
}

export function markForFollowUp(
  deps: { history: Pick<HistoryStore, 'getById' | 'recordPayInEvent'>; now: () => number },
  input: { historyId: number; reason: string },
  operator: string,
): FollowUp {
  const row = deps.history.getById(input.historyId);
  if (row?.kind !== 'payin') throw refusal('not_found', 'refusal.payin.notFound', undefined, 'historyId');
  if (!FOLLOW_UP_STATUSES.has(row.status)) {
    throw refusal('conflict', 'refusal.payin.nothingToFollowUp');
  }
  deps.history.recordPayInEvent(row.id, FOLLOW_UP_EVENT, operator, { reason: input.reason });
  return { historyId: row.id, operator, reason: input.reason, at: deps.now() };
}
