// The pay-ins this desk has under way, as main knows them: the Pay-in page forgets its panel when Paydesk
// locks (whoever unlocks should not find the last customer's pay-in there by accident), so after an unlock
// it asks main which of its pay-ins are still under way and shows the newest again, its bank page included
// while that page is still valid (assumption A38). History's drawer reopens a bank page the same way. The
// return listener serves a 3-D Secure page once per offer: each offer here stores it there again.
import type { PayInRow } from '@shared/history';
import type { PayInResult } from '@shared/ipc';
import { IN_PROGRESS_STATUSES } from '@shared/payin-lifecycle';
import { payInResultOf } from '@shared/payin-result';
import type { HistoryStore } from '../history/store/history-store';
import { refusal } from '../i18n/refuse';
import type { ReturnListener } from '../returns/return-listener';
import type { InFlight } from './in-flight';

interface UnderWayDeps {
  history: Pick<HistoryStore, 'getById'>;
  inFlight: Pick<InFlight, 'unsettled' | 'bankPage' | 'route'>;
  listener: Pick<ReturnListener, 'storePage'>;
}

function payInRow(history: UnderWayDeps['history'], historyId: number): PayInRow | undefined {
  const row = history.getById(historyId);
  return row?.kind === 'payin' ? row : undefined;
}

/** The pay-in as history has it, with its bank page while the pay-in waits for it and the page is valid. */
function resultOf(deps: UnderWayDeps, row: PayInRow): PayInResult {
  const result = payInResultOf(row);
  const kept = row.status === 'action_required' ? deps.inFlight.bankPage(row.id) : undefined;
  if (!kept) return result;
  if (kept.html !== undefined) {
    const route = deps.inFlight.route(row.id);
    if (!route) return result;
    deps.listener.storePage(route.token, kept.html);
  }
  return { ...result, bankPage: kept.page };
}

/**
 * The active profile's pay-ins this run sent that are still under way, newest first: the operator's own (the
 * next person at the desk is not shown the last one's customer; History has every row for those who read it).
 */
export function payInsUnderWay(deps: UnderWayDeps, profileName: string, operator: string): PayInResult[] {
  const found: PayInResult[] = [];
  for (const historyId of deps.inFlight.unsettled()) {
    const row = payInRow(deps.history, historyId);
    if (!row || row.profile !== profileName || !IN_PROGRESS_STATUSES.includes(row.status)) continue;
    if (row.operator !== operator) continue;
    found.push(resultOf(deps, row));
  }
  return found;
}

/** The pay-in's bank page again; refused when the pay-in no longer waits for it or the page is too old. */
export function reopenBankPage(deps: UnderWayDeps, historyId: number): PayInResult {
  const row = payInRow(deps.history, historyId);
  if (!row) throw refusal('not_found', 'refusal.payin.notFound', undefined, 'historyId');
  if (row.status !== 'action_required') {
    throw refusal('conflict', 'refusal.payin.noBankPageWaits');
  }
  const result = resultOf(deps, row);
  if (!result.bankPage) {
    throw refusal('conflict', 'refusal.payin.bankPageGone', { order: row.merchantTradeNo });
  }
  return result;
}
