// What the duplicate guard tells an agent about the earlier pay-in it found: only what that pay-in's
// status proves. "Were charged" is the gateway's approval alone; an unknown outcome, a bank page not yet
// finished or an unconfirmed order "may have been charged" (issue 35, item 6).
import { isPayInStatus, type PayInStatus } from './payin-lifecycle';

/** The clause after "the same card, amount and customer", for an earlier pay-in in each status. */
export const EARLIER_PAYIN_SAYS: Readonly<Record<PayInStatus, string>> = Object.freeze({
  approved: 'were charged',
  outcome_unknown: 'may have been charged: that pay-in’s outcome is unknown',
  action_required: 'were sent, and that pay-in waits for the bank page',
  pending: 'were sent, and the gateway has not answered yet: they may have been charged',
  processing: 'may have been charged: the gateway is still deciding',
  awaiting_confirmation: 'may have been charged: the gateway has not confirmed it yet',
  conflict: 'got two different answers from the gateway: check that order first',
  declined: 'were declined',
  refused: 'were refused before any order existed',
  not_sent: 'were never sent',
});

/**
 * The duplicate guard's question. `where` names another desk and its operator (the team's guard); a status
 * this desk does not know (a newer desk's, through the team database) is named as it is, never read as charged.
 */
export function duplicateQuestion(earlier: {
  at: string;
  status: string;
  merchantTradeNo: string;
  where?: string;
}): string {
  const says = isPayInStatus(earlier.status)
    ? EARLIER_PAYIN_SAYS[earlier.status]
    : `may have been charged (its status is "${earlier.status}")`;
  const where = earlier.where ? `, ${earlier.where},` : '';
  return `At ${earlier.at}${where} the same card, amount and customer ${says} (order ${earlier.merchantTradeNo}). Send a second payment anyway?`;
}
