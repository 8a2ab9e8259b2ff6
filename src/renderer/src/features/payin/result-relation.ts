// Whether the result panel still speaks of the pay-in the form describes. After a result the agent goes on
// to the next payment in the same form: once another customer id or a card is typed there, the panel's
// pay-in is the previous one, and it must say so (a green "Approved" beside the next caller's details
// reads as theirs).

import type { Translate } from '@renderer/i18n/use-t';
import { formatAmount } from '@shared/i18n/format';
import type { PayInResult } from '@shared/ipc';

/** What the form holds now, as far as it tells one pay-in from another. */
export interface FormDraft {
  /** The customer id typed (trimmed). */
  userId: string;
  /** Any digit of a card number is in the form. */
  cardTyped: boolean;
}

export const EMPTY_DRAFT: FormDraft = { userId: '', cardTyped: false };

/** The customer a pay-in on the panel was sent for, as the form sent it. */
export interface SentFor {
  merchantTradeNo: string;
  userId: string;
}

/** The customer id of the shown pay-in, when this desk's form sent it. */
export function customerOf(result: PayInResult, sentFor: SentFor | undefined): string | undefined {
  return sentFor?.merchantTradeNo === result.merchantTradeNo && sentFor.userId !== ''
    ? sentFor.userId
    : undefined;
}

/**
 * The form describes another pay-in than the shown one: a card is typed (every card typed after a
 * result is the next attempt: the form empties its card fields when it sends), or a customer id other
 * than the shown pay-in's (any, when the panel does not know whose it was). An empty form (the one an
 * approval leaves) describes nothing yet.
 */
export function describesAnotherPayIn(draft: FormDraft, shownCustomer: string | undefined): boolean {
  if (draft.cardTyped) return true;
  if (draft.userId === '') return false;
  return shownCustomer === undefined || draft.userId !== shownCustomer;
}

/** "€49.90 for customer CUST-5005, order PD2026…": the previous pay-in in one line, in the agent's words. */
export function previousSummary(
  t: Translate,
  locale: string,
  result: PayInResult,
  customer: string | undefined,
): string {
  const amount = formatAmount(result.amount, result.currency, locale);
  const order = result.merchantTradeNo;
  return customer
    ? t('payin.result.summaryFor', { amount, customer, order })
    : t('payin.result.summary', { amount, order });
}
