// What moves a pay-in after its answer: the browser coming back from the bank page (a hint: the pay-in
// awaits the gateway's confirmation), the gateway's signed notification (the gateway's word, checked
// against the pay-in's amount and orderId), and the operator closing the bank page. All of it through
// the recorder, so the lifecycle decides and every notification is audited, even one that changes nothing.

import { paymentCallbackSchema } from '@shared/gateway/callback';
import { readOrderStatus } from '@shared/gateway/order-status';
import type { PayInResult } from '@shared/ipc';
import type { Profile } from '@shared/profile';
import { verifyBodySignature } from '../../node/sign';
import { type HistoryStore, SYSTEM_OPERATOR } from '../history/history-store';
import { IpcFailure } from '../refusal';
import type { ReturnKind } from '../returns/return-listener';
import type { PayInRecorder } from './record-evidence';

export interface SettleDeps {
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

    /** The gateway's notification (assumption A12): trusted only when its signature holds. */
    async handleCallback(body: unknown): Promise<CallbackVerdict> {
      const parsed = paymentCallbackSchema.safeParse(body);
      if (!parsed.success) return 'rejected';
      const callback = parsed.data;
      // Several profiles may share a merchantId (a copy of a profile, the built-in Sandbox beside another
      // of the sandbox's merchant): the order is the one profile's whose secret verifies and which sent it.
      let verified = false;
      for (const { profile, secret } of await deps.callbackSecrets(callback.merchantId)) {
        if (!verifyBodySignature(callback, secret, profile.signAlgorithm)) continue;
        verified = true;
        const row = deps.history.findPayInByTradeNo(profile.name, callback.merchantTradeNo);
        if (!row) continue;
        const status = readOrderStatus(callback.orderStatus, (callback as { status?: unknown }).status);
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
        return 'accepted';
      }
      if (!verified) return 'rejected';
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
    },

    /** The operator closed the bank page: the order stays as the gateway has it, which Paydesk cannot see. */
    cancelBankPage(historyId: number, operator: string): PayInResult {
      const row = deps.history.getById(historyId);
      if (row?.kind !== 'payin') throw new IpcFailure('not_found', 'No pay-in with that id.', 'historyId');
      return deps.recorder.record(historyId, { source: 'bank_page_closed' }, operator).result;
    },
  };
}
