// What moves a pay-in after its answer: the browser coming back from the bank page (a hint: the pay-in
// awaits the gateway's confirmation), the gateway's signed notification (the gateway's word, checked
// against the pay-in's amount and orderId), and the operator closing the bank page. All of it through
// the recorder, so the lifecycle decides and every notification is audited, even one that changes nothing.

import { type PaymentCallback, paymentCallbackSchema } from '@shared/gateway/callback';
import { readOrderStatus } from '@shared/gateway/order-status';
import type { PayInRow } from '@shared/history';
import type { PayInResult } from '@shared/ipc';
import type { Profile } from '@shared/profile';
import { verifyBodySignature } from '../../node/sign';
import { type HistoryStore, SYSTEM_OPERATOR } from '../history/store/history-store';
import { refusal } from '../i18n/refuse';
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

/** A notification whose signature holds: the gateway's word, and the pay-ins of its order number. */
interface Verified {
  callback: PaymentCallback;
  profiles: Profile[];
}

export function createSettlement(deps: SettleDeps) {
  /**
   * Trusted only when its signature holds. Profiles that share the merchantId and secret (one merchant
   * account under two names) all verify it. The secrets are read once per merchantId and batch.
   */
  async function verify(
    body: unknown,
    secretsOf: (merchantId: number) => ReturnType<SettleDeps['callbackSecrets']>,
  ): Promise<Verified | undefined> {
    const parsed = paymentCallbackSchema.safeParse(body);
    if (!parsed.success) return undefined;
    const callback = parsed.data;
    const profiles = (await secretsOf(callback.merchantId))
      .filter(({ profile, secret }) => verifyBodySignature(callback, secret, profile.signAlgorithm))
      .map(({ profile }) => profile);
    return profiles.length === 0 ? undefined : { callback, profiles };
  }

  /** The verified word, given to each pay-in of its order number, in the caller's transaction. */
  function apply({ callback, profiles }: Verified): CallbackVerdict {
    // The order is looked up under each profile: it is the same order at the gateway whichever sent it.
    const rows = new Map<number, PayInRow>();
    for (const profile of profiles) {
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
  }

  /**
   * Notifications that arrived together, settled together: each verified first (the secrets are read
   * outside the transaction, which never waits), then each decided by the lifecycle in turn in ONE
   * history transaction, with `alsoCommit` (the caller's audit of the refused, its cursor) in it. All of
   * it commits or none does; the renderer hears of the batch in one event. A forged body settles nothing.
   */
  async function settleCallbacks(
    bodies: unknown[],
    alsoCommit?: (verdicts: CallbackVerdict[]) => void,
  ): Promise<CallbackVerdict[]> {
    const secrets = new Map<number, ReturnType<SettleDeps['callbackSecrets']>>();
    const secretsOf = (merchantId: number) => {
      let found = secrets.get(merchantId);
      if (!found) {
        found = deps.callbackSecrets(merchantId);
        secrets.set(merchantId, found);
      }
      return found;
    };
    const verified: (Verified | undefined)[] = [];
    for (const body of bodies) verified.push(await verify(body, secretsOf));
    return deps.recorder.batch(() => {
      const verdicts = verified.map((one): CallbackVerdict => (one ? apply(one) : 'rejected'));
      alsoCommit?.(verdicts);
      return verdicts;
    });
  }

  return {
    /** The browser came back to one of the pay-in's return addresses. */
    handleReturn(event: { historyId: number; kind: ReturnKind; query: Record<string, string> }): void {
      deps.recorder.record(
        event.historyId,
        { source: 'browser_return', hint: hintOf(event.kind, event.query) },
        SYSTEM_OPERATOR,
      );
    },

    /** The gateway's notification (assumption A12), on its own: a batch of one (settleCallbacks). */
    async handleCallback(body: unknown): Promise<CallbackVerdict> {
      const [verdict] = await settleCallbacks([body]);
      return verdict ?? 'rejected';
    },

    settleCallbacks,
    /** The operator closed the bank page: the order stays as the gateway has it, which Paydesk cannot see. */
    cancelBankPage(historyId: number, operator: string): PayInResult {
      const row = deps.history.getById(historyId);
      if (row?.kind !== 'payin') throw refusal('not_found', 'refusal.payin.notFound', undefined, 'historyId');
      return deps.recorder.record(historyId, { source: 'bank_page_closed' }, operator).result;
    },
  };
}
