// Asking the gateway again (payin.askAgain, the same order number) about a pay-in whose outcome is open: the
// one action behind the result panel's button and History's, hence in lib/. A refusal because the pay-in settled
// meanwhile (a callback or the bank page) is no problem of asking again: the answer is what the pay-in came to.

import type { PayInResult } from '@shared/ipc';
import { payInResultOf } from '@shared/payin-result';
import { call, errorMessage, PaydeskError } from './paydesk';

/** The card typed again: Paydesk keeps the first attempt's body only for a while (and not over a restart). */
export type AskAgainCard = { cardNumber: string; cvv: string; expDate: string };

/** Why the gateway was not asked; `needsCard`: main no longer has the card, the agent types it again. */
export type AskAgainProblem = { message: string; needsCard: boolean };

type AskAgainOutcome =
  | { kind: 'answered'; result: PayInResult }
  /** The pay-in settled before asking again reached main: what history has now. */
  | { kind: 'settled'; result: PayInResult }
  | ({ kind: 'problem' } & AskAgainProblem);

/** The pay-in as history has it now. */
async function currentResult(historyId: number): Promise<PayInResult | undefined> {
  const { row } = await call('history.get', { id: historyId });
  return row.kind === 'payin' ? payInResultOf(row) : undefined;
}

/** Never throws: every failure is a problem to show beside the button. */
export async function askAgain(historyId: number, card?: AskAgainCard): Promise<AskAgainOutcome> {
  try {
    const result = await call('payin.askAgain', card ? { historyId, card } : { historyId });
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
