// What moves a pay-in after its answer: the browser coming back from the bank page (a hint: the pay-in
// awaits the gateway's confirmation), the gateway's signed notification (the gateway's word, checked
// against the pay-in's amount and orderId), and the operator closing the bank page. All of it through
// the recorder, so the lifecycle decides and every notification is audited, even one that changes nothing.

import { paymentCallbackSchema } from '@shared/gateway/callback';
import { readOrderStatus } from '@shared/gateway/order-status';
import type { PayInRow } from '@shared/history';
import type { PayInResult } from '@shared/ipc';
import type { Profile } from '@shared/profile';
import { verifyBodySignature } from '../../node/sign';
import { type HistoryStore, SYSTEM_OPERATOR } from '../history/store/history-store';
import { Refusal } from '../refusal';
import type { ReturnKind } from '../returns/return-listener';
import type { PayInRecorder } from './record-evidence';

interface SettleDeps {
  history: HistoryStore;
  recorder: PayInRecorder;
  /** All profiles with this merchantId, and their secrets: to verify a notification. */
  callbackSecrets: (merchantId: number) => Promise<{ profile: Profile; secret: string }[]>;
}

export type CallbackVerdict = 'accepted' | 'rejected' | 'unknown_order';

/** What the return's address claims (unsigned): kept as a hint for the agent, never as the result. */
function hintOf(kind: ReturnKind, query: Record<string, string>): string | undefined {
  const said = query.status ?? (query.orderStatus ? `order status ${query.orderStatus}` : undefined);
  if (said) return said.slice(0, 40);
  if (kind === 'success') return 'success';
  if (kind === 'fail') return 'failure';
  return undefined;
}

export function createSettlement(deps: SettleDeps) {
  return {
    /** The browser came back to one of the pay-in's return addresses. */
    handleReturn(event: { historyId: number; kind: ReturnKind; query: Record<string, string> }): void {
      deps.recorder.record(
        event.historyId,
        { source: 'browser_return', hint: hintOf(event.kind, event.query) },
        SYSTEM_OPERATOR,
      );
    },

    /**
     * The gateway's notification (assumption A12): trusted only when its signature holds. Profiles that share
     * the merchantId and secret (one merchant account under two names) all verify it, and the order is
     * looked up under each: it is the same order at the gateway whichever profile sent it.
     */
    async handleCallback(body: unknown): Promise<CallbackVerdict> {
      const parsed = paymentCallbackSchema.safeParse(body);
      if (!parsed.success) return 'rejected';
      const callback = parsed.data;
      const verifying = (await deps.callbackSecrets(callback.merchantId)).filter(({ profile, secret }) =>
        verifyBodySignature(callback, secret, profile.signAlgorithm),
      );
      if (verifying.length === 0) return 'rejected';
      const rows = new Map<number, PayInRow>();
      for (const { profile } of verifying) {
        const row = deps.history.findPayInByTradeNo(profile.name, callback.merchantTradeNo);
        if (row) rows.set(row.id, row);
      }
      if (rows.size === 0) {
        deps.history.recordEvent({
          operator: SYSTEM_OPERATOR,
          event: 'payin.callback_unknown_order',
          outcome: 'failure',
          resource: callback.merchantTradeNo,
          detail: {
            orderId: callback.orderId,
            orderStatus: callback.orderStatus,
            traceid: callback.traceid,
          },
        });
        return 'unknown_order';
      }
      const status = readOrderStatus(callback.orderStatus, callback.status);
      // Each pay-in of that order number gets the gateway's word; the recorder compares it with the pay-in's
      // own orderId and amount (A27).
      for (const row of rows.values()) {
        deps.recorder.record(
          row.id,
          {
            source: 'callback',
            word: status.kind === 'word' ? status.word : 'unknown',
            orderId: callback.orderId,
            amount: callback.amount,
            remark: callback.remark,
            traceid: callback.traceid,
            orderStatus: callback.orderStatus,
          },
          SYSTEM_OPERATOR,
        );
      }
      return 'accepted';
    },

    /** The operator closed the bank page: the order stays as the gateway has it, which Paydesk cannot see. */
    cancelBankPage(historyId: number, operator: string): PayInResult {
      const row = deps.history.getById(historyId);
      if (row?.kind !== 'payin') throw new Refusal('not_found', 'No pay-in with that id.', 'historyId');
      return deps.recorder.record(historyId, { source: 'bank_page_closed' }, operator).result;
    },
  };
}
