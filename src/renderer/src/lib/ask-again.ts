// Asking the gateway again (payin.retry, the same order number) about a pay-in whose outcome is open: the
// one action behind the pay-in result panel's button and History's, hence in lib/. A refusal because the
// pay-in settled meanwhile (a callback or the bank page) is no retry error: the answer is what it came to.

import type { PayInResult } from '@shared/ipc';
import { payInResultOf } from '@shared/payin-result';
import { call, errorMessage, PaydeskError } from './paydesk';

/** The card typed again: Paydesk keeps the first attempt's body only for a while (and not over a restart). */
export type RetryCard = { cardNumber: string; cvv: string; expDate: string };

/** Why the gateway was not asked; `needsCard`: main no longer has the card, the agent types it again. */
export type RetryProblem = { message: string; needsCard: boolean };

export type AskAgainOutcome =
  | { kind: 'answered'; result: PayInResult }
  /** The pay-in settled before the retry reached main: what history has now. */
  | { kind: 'settled'; result: PayInResult }
  | ({ kind: 'problem' } & RetryProblem);

/** The pay-in as history has it now. */
async function currentResult(historyId: number): Promise<PayInResult | undefined> {
  const { row } = await call('history.get', { id: historyId });
  return row.kind === 'payin' ? payInResultOf(row) : undefined;
}

/** Never throws: every failure is a problem to show beside the button. */
export async function askAgain(historyId: number, card?: RetryCard): Promise<AskAgainOutcome> {
  try {
    const result = await call('payin.retry', card ? { historyId, card } : { historyId });
    return { kind: 'answered', result };
  } catch (error) {
    if (error instanceof PaydeskError && error.kind === 'conflict') {
      const now = await currentResult(historyId).catch(() => undefined);
      if (now) return { kind: 'settled', result: now };
    }
    const needsCard =
      error instanceof PaydeskError && error.kind === 'invalid' && error.field === 'cardNumber';
    return { kind: 'problem', message: errorMessage(error), needsCard };
  }
}
