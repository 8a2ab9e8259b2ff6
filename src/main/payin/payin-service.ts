// The pay-in path of DESIGN.md: validate → pending history row (masked card) → send v2 or signed v1 →
// record the outcome → answer the renderer. Never retried by itself: a retry is the operator's choice and
// reuses the same merchantTradeNo and body (assumption A9 makes that safe at the gateway).

import { checkCard, maskCardNumber } from '../../shared/cards/card';
import { paymentCallbackSchema } from '../../shared/gateway/callback';
import { ORDER_STATUS } from '../../shared/gateway/order-status';
import { payInV1RequestSchema, payInV2RequestSchema } from '../../shared/gateway/payin';
import type { SignAlgorithm } from '../../shared/gateway/sign-algorithm';
import type { PayInRow } from '../../shared/history';
import type { PayInResult } from '../../shared/ipc';
import { normalizeAmount } from '../../shared/money/amount';
import type { PayInSubmit } from '../../shared/payin-form';
import type { Profile } from '../../shared/profile';
import { FINAL_STATUSES, type PayInStatus } from '../../shared/status';
import { signBody, verifyBodySignature } from '../gateway/sign';
import type { HistoryStore } from '../history/history-store';
import { describeIssue, IpcFailure } from '../ipc/dispatch';
import {
  finalStatusOf,
  type ReturnKind,
  type ReturnListener,
  type ReturnRoute,
} from '../returns/return-listener';
import type { StoredCards } from './stored-cards';
import { generateMerchantTradeNo } from './trade-no';

export const DUPLICATE_WINDOW_MS = 10 * 60 * 1000;
/** How long the body of an unknown outcome (card data included) stays in memory for a retry. */
export const RETRY_BODY_TTL_MS = 30 * 60 * 1000;

export type PayInBody = Record<string, string | number>;

/** What one request to the gateway came to, classified (gateway/client.ts). */
export interface PayInOutcome {
  status: Exclude<PayInStatus, 'pending'>;
  orderId?: string | undefined;
  traceid?: string | undefined;
  remark?: string | undefined;
  message?: string | undefined;
  field?: string | undefined;
  htmlSource?: string | undefined;
  redirectURL?: string | undefined;
  ccStorageID?: string | undefined;
  rawResponse: string | null;
  error?: { kind: string; message: string; field?: string } | undefined;
}

/**
 * A retry that the gateway refuses, or that never leaves, says nothing about the first attempt: that one
 * may still have charged the customer. The row stays unknown, never "refused, nothing was charged", which
 * would also free the duplicate guard. An approval or a decline is the gateway's word on the order (A9).
 */
export function retryOutcome(outcome: PayInOutcome): PayInOutcome {
  if (outcome.status !== 'refused' && outcome.status !== 'not_sent') return outcome;
  const what = outcome.status === 'refused' ? 'The gateway refused the retry' : 'The retry was not sent';
  const message = `${what} (${outcome.message ?? 'no reason given'}). The first attempt's outcome is still unknown: the customer may have been charged. Look the order up at the gateway before charging again.`;
  return { ...outcome, status: 'outcome_unknown', message, error: { kind: 'outcome_unknown', message } };
}

/** A value history stored masked (first 6, stars, last 4): it cannot be sent again as it was. */
const MASKED_DIGITS = /\d{6}\*+\d{4}/;

export interface PayInTransport {
  send(
    version: 'v1' | 'v2',
    baseUrl: string,
    body: PayInBody,
    timeouts: { connectTimeoutMs: number; requestTimeoutMs: number },
  ): Promise<PayInOutcome>;
}

export interface ActiveConnection {
  profile: Profile;
  baseUrl: string;
  secret: () => Promise<string | undefined>;
  operator: string;
}

export type PayInService = ReturnType<typeof createPayInService>;

export function createPayInService(deps: {
  history: HistoryStore;
  transport: PayInTransport;
  listener: ReturnListener;
  storedCards: StoredCards;
  connection: () => Promise<ActiveConnection>;
  /** All profiles with a merchantId, and their secrets: to verify a callback. */
  callbackSecrets: (merchantId: number) => Promise<{ profile: Profile; secret: string }[]>;
  emitSettled: (result: PayInResult) => void;
  /** The app's logger; its redaction paths mask card fields, and the service logs no card data anyway. */
  log?: { info(object: object, message?: string): void };
  now?: () => number;
}) {
  const now = deps.now ?? Date.now;
  const retryBodies = new Map<
    number,
    { version: 'v1' | 'v2'; body: PayInBody; route: ReturnRoute; expires: number }
  >();
  const routes = new Map<number, ReturnRoute>();

  function invalid(message: string, field?: string): never {
    throw new IpcFailure('invalid', message, field);
  }

  function resultOf(row: PayInRow, extra: Partial<PayInResult> = {}): PayInResult {
    const result: PayInResult = {
      historyId: row.id,
      merchantTradeNo: row.merchantTradeNo,
      status: row.status,
      amount: row.amount,
      currency: row.currency,
      ...extra,
    };
    if (row.maskedPan) result.maskedPan = row.maskedPan;
    if (row.orderId) result.orderId = row.orderId;
    if (row.traceid) result.traceid = row.traceid;
    if (row.remark) result.remark = row.remark;
    if (row.error && result.message === undefined) result.message = row.error.message;
    if (row.error?.field && result.field === undefined) result.field = row.error.field;
    return result;
  }

  async function sendAndRecord(
    historyId: number,
    version: 'v1' | 'v2',
    body: PayInBody,
    route: ReturnRoute,
    connection: ActiveConnection,
    card: { maskedPan: string | null; brand: string | null; expDate: string | undefined },
    attempt: 'first' | 'retry' = 'first',
  ): Promise<PayInResult> {
    const opId = `payin-${historyId}`;
    // The request as it leaves, for support: the logger masks cardNumber and drops cvv (redaction paths).
    deps.log?.info({ opId, historyId, version, request: body }, 'pay-in sent');
    const sent = await deps.transport.send(version, connection.baseUrl, body, {
      connectTimeoutMs: connection.profile.connectTimeoutMs,
      requestTimeoutMs: connection.profile.requestTimeoutMs,
    });
    const outcome = attempt === 'retry' ? retryOutcome(sent) : sent;
    let bankPage: PayInResult['bankPage'];
    if (outcome.status === 'action_required') {
      if (outcome.htmlSource) {
        deps.listener.storePage(route.token, outcome.htmlSource);
        bankPage = { kind: '3ds', url: route.pageURL };
      } else if (outcome.redirectURL) {
        bankPage = { kind: 'redirect', url: outcome.redirectURL };
      }
    }
    // The signed callback or the bank redirect may have settled the order while the answer was on its
    // way (a late answer after a timeout): a final state is never overwritten by a less certain one.
    const current = deps.history.getById(historyId);
    const settledMeanwhile =
      current?.kind === 'payin' && FINAL_STATUSES.has(current.status) && current.status !== outcome.status;
    const row = deps.history.updatePayIn(historyId, {
      ...(!settledMeanwhile && { status: outcome.status }),
      orderId: outcome.orderId ?? null,
      traceid: outcome.traceid ?? null,
      remark: outcome.remark ?? null,
      rawResponse: outcome.rawResponse,
      error: outcome.error ?? null,
      operator: connection.operator,
    });
    if (outcome.ccStorageID && body.storeCc === '1' && card.maskedPan && card.brand && card.expDate) {
      deps.storedCards.save(connection.profile.id, {
        ccStorageID: outcome.ccStorageID,
        userId: String(body.userId),
        maskedPan: card.maskedPan,
        brand: card.brand,
        expDate: card.expDate,
      });
    }
    if (outcome.status === 'outcome_unknown') {
      retryBodies.set(historyId, { version, body, route, expires: now() + RETRY_BODY_TTL_MS });
    } else {
      retryBodies.delete(historyId);
    }
    deps.log?.info(
      {
        opId,
        historyId,
        status: row.status,
        orderId: row.orderId,
        traceid: row.traceid,
        error: outcome.error,
      },
      'pay-in answered',
    );
    const extra: Partial<PayInResult> = {};
    if (bankPage) extra.bankPage = bankPage;
    if (outcome.message) extra.message = outcome.message;
    if (outcome.field) extra.field = outcome.field;
    return resultOf(row, extra);
  }

  /** The listener route of a pay-in; after a restart a new one, bound to the same row. */
  function routeFor(historyId: number): ReturnRoute {
    const known = routes.get(historyId);
    if (known) return known;
    const route = deps.listener.register();
    deps.listener.bind(route.token, historyId);
    routes.set(historyId, route);
    return route;
  }

  function sweepRetryBodies(): void {
    const at = now();
    for (const [id, entry] of retryBodies) if (entry.expires < at) retryBodies.delete(id);
  }

  function sign(body: PayInBody, secret: string, algorithm: SignAlgorithm): PayInBody {
    return { ...body, sign: signBody(body, secret, algorithm) };
  }

  return {
    async submit(input: PayInSubmit & { confirmDuplicate: boolean }): Promise<PayInResult> {
      sweepRetryBodies();
      const connection = await deps.connection();
      const { profile } = connection;
      const fields = { ...input.fields } as Record<string, string | undefined>;

      const amount = normalizeAmount(fields.amount ?? '');
      if (!amount.ok) invalid(amount.message, 'amount');

      let maskedPan: string | null = null;
      let brand: string | null = null;
      if (fields.ccStorageID) {
        const stored = deps.storedCards.find(profile.id, fields.ccStorageID);
        if (!stored || stored.userId !== fields.userId) {
          invalid('This stored card is not known for this user in the active profile.', 'ccStorageID');
        }
        maskedPan = stored.maskedPan;
        brand = stored.brand;
      } else {
        const check = checkCard({
          cardNumber: fields.cardNumber ?? '',
          cvv: fields.cvv ?? '',
          expDate: fields.expDate ?? '',
        });
        if (!check.ok) invalid(check.message, check.field);
        maskedPan = maskCardNumber(fields.cardNumber ?? '');
        brand = check.brand.name;
      }

      if (!input.confirmDuplicate && maskedPan) {
        const earlier = deps.history.recentDuplicate(
          maskedPan,
          amount.value,
          fields.userId ?? '',
          now() - DUPLICATE_WINDOW_MS,
        );
        if (earlier) {
          const at = new Date(earlier.createdAt).toISOString().slice(11, 16);
          throw new IpcFailure(
            'duplicate_suspected',
            `The same card, amount and customer were charged at ${at} UTC (order ${earlier.merchantTradeNo}, ${earlier.status}). Send a second payment anyway?`,
          );
        }
      }

      const route = deps.listener.register();
      const merchantTradeNo = fields.merchantTradeNo || generateMerchantTradeNo(now());
      const body: PayInBody = {};
      for (const [name, value] of Object.entries(fields))
        if (value !== undefined && value !== '') body[name] = value;
      Object.assign(body, {
        merchantTradeNo,
        amount: amount.value,
        retURL: fields.retURL || route.retURL,
        successURL: fields.successURL || route.successURL,
        failURL: fields.failURL || route.failURL,
      });
      const callBackURL = fields.callBackURL || (profile.embeddedSandbox ? route.callBackURL : undefined);
      if (callBackURL) body.callBackURL = callBackURL;

      let wireBody: PayInBody;
      if (input.version === 'v2') {
        wireBody = { merchantId: profile.merchantId, ...body };
        const parsed = payInV2RequestSchema.safeParse(wireBody);
        if (!parsed.success) {
          const issue = describeIssue(parsed.error.issues);
          invalid(issue.message, issue.field);
        }
      } else {
        const secret = await connection.secret();
        if (!secret) {
          invalid(
            'Set the merchant secret of this profile in Settings: v1 pay-ins are signed with it.',
            'secret',
          );
        }
        const unsigned = { merchantId: String(profile.merchantId), ...body };
        wireBody = sign(unsigned, secret, profile.signAlgorithm);
        const parsed = payInV1RequestSchema.safeParse(wireBody);
        if (!parsed.success) {
          const issue = describeIssue(parsed.error.issues);
          invalid(issue.message, issue.field);
        }
      }

      const historyId = deps.history.insertPayIn({
        profile: profile.name,
        operator: connection.operator,
        apiVersion: input.version,
        currency: input.version === 'v1' ? String(body.currency) : profile.displayCurrency,
        request: wireBody as { merchantTradeNo: string; userId: string; amount: string },
        ...(maskedPan && !fields.cardNumber && { maskedPan }),
        ...(brand && !fields.cardNumber && { brand }),
      });
      deps.listener.bind(route.token, historyId);
      routes.set(historyId, route);
      return sendAndRecord(historyId, input.version, wireBody, route, connection, {
        maskedPan,
        brand,
        expDate: fields.expDate,
      });
    },

    async retry(input: {
      historyId: number;
      card?: { cardNumber: string; cvv: string; expDate: string } | undefined;
    }): Promise<PayInResult> {
      sweepRetryBodies();
      const row = deps.history.getById(input.historyId);
      if (row?.kind !== 'payin') throw new IpcFailure('not_found', 'No pay-in with that id.', 'historyId');
      if (row.status !== 'outcome_unknown') {
        throw new IpcFailure(
          'conflict',
          `This pay-in is ${row.status}; only an unknown outcome can be retried.`,
        );
      }
      const connection = await deps.connection();
      let kept = retryBodies.get(row.id);
      if (!kept) {
        // After a restart the card data is gone, by design: the operator types it again and it must be the
        // same card, so the body (and the gateway's idempotency check) stays the same. A stored-card pay-in
        // had no card details (the gateway holds the card): it goes again as it was, since adding typed
        // details would make it another request, which the gateway refuses (A8).
        const original = JSON.parse(row.request) as PayInBody;
        const storedCard = typeof original.ccStorageID === 'string' && original.ccStorageID !== '';
        let typed: Partial<NonNullable<typeof input.card>> = {};
        if (!storedCard) {
          if (!input.card) {
            invalid('Type the card details again to retry: Paydesk does not keep them.', 'cardNumber');
          }
          if (maskCardNumber(input.card.cardNumber) !== row.maskedPan) {
            invalid('That is not the card of the original attempt.', 'cardNumber');
          }
          typed = input.card;
        }
        // The stored request has every card-number-like digit run masked, and an order number or a user id
        // can be one: these two come from their own columns, as sent, or the gateway sees a new order.
        let body: PayInBody = {
          ...original,
          ...typed,
          merchantTradeNo: row.merchantTradeNo,
          userId: row.userId,
        };
        const masked = Object.entries(body)
          .filter(([key, value]) => key !== 'sign' && MASKED_DIGITS.test(String(value)))
          .map(([key]) => key);
        if (masked.length > 0) {
          throw new IpcFailure(
            'conflict',
            `This pay-in cannot be sent again exactly: history keeps ${masked.join(', ')} masked because it looks like a card number. Its outcome stays unknown: look order ${row.merchantTradeNo} up at the gateway before charging again.`,
          );
        }
        if (row.apiVersion === 'v1') {
          const secret = await connection.secret();
          if (!secret) invalid('Set the merchant secret of this profile in Settings.', 'secret');
          const { sign: _oldSign, ...unsigned } = body;
          body = sign(unsigned, secret, connection.profile.signAlgorithm);
        }
        kept = { version: row.apiVersion, body, route: routeFor(row.id), expires: now() + RETRY_BODY_TTL_MS };
      }
      const cardNumber = kept.body.cardNumber;
      return sendAndRecord(
        row.id,
        kept.version,
        kept.body,
        kept.route,
        connection,
        {
          maskedPan: typeof cardNumber === 'string' ? maskCardNumber(cardNumber) : row.maskedPan,
          brand: row.brand,
          expDate: typeof kept.body.expDate === 'string' ? kept.body.expDate : undefined,
        },
        'retry',
      );
    },

    /** The operator closed the bank page: the order stays as the gateway has it, which Paydesk cannot see. */
    async cancelBankPage(historyId: number): Promise<PayInResult> {
      const row = deps.history.getById(historyId);
      if (row?.kind !== 'payin') throw new IpcFailure('not_found', 'No pay-in with that id.', 'historyId');
      if (row.status !== 'action_required') return resultOf(row);
      const updated = deps.history.updatePayIn(historyId, {
        status: 'outcome_unknown',
        error: {
          kind: 'outcome_unknown',
          message:
            'The bank page was closed before it finished. The customer may still complete it: check the order before charging again.',
        },
      });
      return resultOf(updated);
    },

    /** A redirect seen by the return listener: success/fail end the bank step. */
    handleReturn(event: { historyId: number; kind: ReturnKind; query: Record<string, string> }): void {
      const row = deps.history.getById(event.historyId);
      if (row?.kind !== 'payin' || FINAL_STATUSES.has(row.status)) return;
      const status =
        event.kind === 'success'
          ? 'approved'
          : event.kind === 'fail'
            ? 'declined'
            : finalStatusOf(event.query);
      if (!status) return;
      const updated = deps.history.updatePayIn(row.id, {
        status,
        orderId: row.orderId ?? event.query.orderId ?? null,
        remark: status === 'declined' ? (event.query.remark ?? row.remark ?? 'Declined') : row.remark,
      });
      deps.emitSettled(resultOf(updated));
    },

    /** The gateway's signed notification (assumption A12): trusted only when its signature holds. */
    async handleCallback(body: unknown): Promise<'accepted' | 'rejected' | 'unknown_order'> {
      const parsed = paymentCallbackSchema.safeParse(body);
      if (!parsed.success) return 'rejected';
      const callback = parsed.data;
      for (const { profile, secret } of await deps.callbackSecrets(callback.merchantId)) {
        if (!verifyBodySignature(callback, secret, profile.signAlgorithm)) continue;
        const row = deps.history.findPayInByTradeNo(profile.name, callback.merchantTradeNo);
        if (!row) return 'unknown_order';
        if (!FINAL_STATUSES.has(row.status)) {
          const status =
            callback.orderStatus === ORDER_STATUS.DECLINED
              ? 'declined'
              : callback.orderStatus === ORDER_STATUS.COMPLETED
                ? 'approved'
                : undefined;
          if (status) {
            const updated = deps.history.updatePayIn(row.id, {
              status,
              orderId: callback.orderId,
              remark: callback.remark || null,
            });
            deps.emitSettled(resultOf(updated));
          }
        }
        return 'accepted';
      }
      return 'rejected';
    },

    storedCardsFor(userId: string) {
      return deps.connection().then((connection) => deps.storedCards.list(connection.profile.id, userId));
    },
  };
}
