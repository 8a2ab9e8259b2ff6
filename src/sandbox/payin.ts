// What a pay-in does once its request is valid and authenticated, shared by v1 and v2: the repeated
// order check (A9), the card or stored card (A8), the fault amounts, the order itself and its answer.
import { createHmac, type KeyObject } from 'node:crypto';
import { checkExpiry, digitsOnly, maskCardNumber } from '@shared/cards/card';
import { ORDER_STATUS, orderStatusName } from '@shared/gateway/order-status';
import type { PayInResponseData, PayInV1Request, PayInV2Request } from '@shared/gateway/payin';
import { RESULT_CODE } from '@shared/gateway/result-codes';
import { canonicalSignString } from '@shared/gateway/sign-algorithm';
import { canonicalAmount } from '@shared/money/amount';
import { checkCardOf } from './card-checks';
import type { SandboxContext } from './context';
import { type Fault, faultOf } from './faults';
import type { SandboxMerchant } from './merchants';
import { autoSubmitPage } from './pages';
import { randomToken } from './random-tokens';
import type { OrderRow, PayInVersion, StoredCardRow } from './store';
import { type CardOutcome, cardOutcomeOf, declineRemarkOf, needsChallenge } from './test-cards';

type PayInRequest = PayInV1Request | PayInV2Request;

export type PayInResult =
  | { kind: 'refused'; code: number; msg: string }
  | { kind: 'fault-before-order' }
  | { kind: 'order'; order: OrderRow; existing: boolean; fault: Fault | undefined };

type CardFacts = { outcome: CardOutcome; maskedCard: string; brand: string };

/**
 * The sandbox's key as a KeyObject (SandboxStore.secretKey): from a Buffer, Node checks on every call
 * whether it is a KeyObject or a CryptoKey, through exceptions it catches, which costs four times the
 * HMAC itself. The digest is the same either way.
 */
type HashKey = KeyObject | Buffer;

function keyedDigest(key: HashKey, text: string): string {
  return createHmac('sha256', key).update(text, 'utf8').digest('base64url');
}

/**
 * The same card for the same user of the same merchant always gets the same token. It is derived from the
 * masked number and the expiry, never the full number: the key lives in the same file as the tokens, and
 * a keyed hash of a card number stored beside its key gives the number back to a brute force (A21).
 */
export function storedCardToken(
  key: HashKey,
  merchantId: number,
  userId: string,
  card: { maskedCard: string; expDate: string },
): string {
  return `cc_${keyedDigest(key, `${merchantId}\u0000${userId}\u0000${card.maskedCard}\u0000${card.expDate}`).slice(0, 32)}`;
}

/**
 * What the repeated-order check (A9) compares: the request with the card number masked, and without the
 * CVV and the v1 sign (an HMAC over the card data). Its keyed hash is kept with the order, in the file
 * that holds the key, so it must not be a function of card data.
 */
export function requestFingerprint(key: HashKey, version: PayInVersion, request: PayInRequest): string {
  const { cvv: _cvv, sign: _sign, cardNumber, ...rest } = request as PayInRequest & { sign?: string };
  const fields =
    cardNumber === undefined ? rest : { ...rest, cardNumber: maskCardNumber(digitsOnly(cardNumber)) };
  return keyedDigest(key, `${version}\n${canonicalSignString(fields)}`);
}

function refused(code: number, msg: string): PayInResult {
  return { kind: 'refused', code, msg };
}

/** The order's final status for a card that needs no challenge. */
export function immediateOutcome(outcome: CardOutcome): { orderStatus: number; remark: string } {
  const remark = declineRemarkOf(outcome);
  return remark === undefined
    ? { orderStatus: ORDER_STATUS.COMPLETED, remark: '' }
    : { orderStatus: ORDER_STATUS.DECLINED, remark };
}

/**
 * Resolves once what it reports is committed (the store's group commit): an order found again may have
 * been made by a request of the same turn, and the callback of a new order leaves only after that.
 */
export async function processPayIn(
  ctx: SandboxContext,
  merchant: SandboxMerchant,
  version: PayInVersion,
  request: PayInRequest,
  traceid: string,
): Promise<PayInResult> {
  const amount = canonicalAmount(request.amount);
  const bodyHash = requestFingerprint(ctx.secretKey, version, request);
  const existing = ctx.store.findOrder(merchant.merchantId, request.merchantTradeNo);
  if (existing) {
    if (existing.bodyHash !== bodyHash) {
      return refused(
        RESULT_CODE.DUPLICATE_TRADE_NO,
        `merchantTradeNo: ${request.merchantTradeNo} was already used with a different request (order ${existing.orderId}).`,
      );
    }
    await ctx.store.committed();
    return { kind: 'order', order: existing, existing: true, fault: undefined };
  }

  let card: CardFacts;
  let ccStorageID: string | null = null;
  let cardToStore: StoredCardRow | undefined;
  const now = new Date();
  if (request.ccStorageID) {
    const stored = ctx.store.storedCard(merchant.merchantId, request.ccStorageID);
    // A token belongs to the merchant and the user it was issued for (A8, A21).
    if (!stored || stored.userId !== request.userId) {
      return refused(
        RESULT_CODE.UNKNOWN_STORED_CARD,
        'ccStorageID: No stored card with this id for this user.',
      );
    }
    const expired = !checkExpiry(stored.expDate, now).ok;
    card = {
      outcome: expired ? 'decline-expired' : stored.cardOutcome,
      maskedCard: stored.maskedCard,
      brand: stored.brand,
    };
    ccStorageID = stored.token;
  } else {
    const cardNumber = digitsOnly(request.cardNumber ?? '');
    const cvv = request.cvv ?? '';
    const expDate = request.expDate ?? '';
    const check = checkCardOf({ cardNumber, cvv, expDate }, now);
    if (!check.ok) return refused(RESULT_CODE.INVALID_PARAMETER, `${check.field}: ${check.message}`);
    card = {
      outcome: cardOutcomeOf(cardNumber),
      maskedCard: maskCardNumber(cardNumber),
      brand: check.brand.name,
    };
    if (request.storeCc === '1') {
      ccStorageID = storedCardToken(ctx.secretKey, merchant.merchantId, request.userId, {
        maskedCard: card.maskedCard,
        expDate,
      });
      cardToStore = {
        merchantId: merchant.merchantId,
        token: ccStorageID,
        userId: request.userId,
        maskedCard: card.maskedCard,
        brand: card.brand,
        expDate,
        cardOutcome: card.outcome,
      };
    }
  }

  const fault = faultOf(amount);
  if (fault === 'http-500') return { kind: 'fault-before-order' };
  if (cardToStore) ctx.store.saveStoredCard(cardToStore, now.toISOString());

  const txMode = request.txMode ?? 'h2h';
  const waitsForBrowser = txMode === 'redirection' || needsChallenge(card.outcome);
  const { orderStatus, remark } = waitsForBrowser
    ? { orderStatus: ORDER_STATUS.PROCESSING, remark: '' }
    : immediateOutcome(card.outcome);
  const at = now.toISOString();
  const order: OrderRow = {
    orderId: randomToken(12),
    merchantId: merchant.merchantId,
    merchantTradeNo: request.merchantTradeNo,
    version,
    bodyHash,
    userId: request.userId,
    amount,
    currency: 'currency' in request ? request.currency : null,
    orderStatus,
    remark,
    maskedCard: card.maskedCard,
    brand: card.brand,
    cardOutcome: card.outcome,
    txMode,
    ccStorageID: request.storeCc === '1' || request.ccStorageID ? ccStorageID : null,
    browserToken: waitsForBrowser ? randomToken(18) : null,
    callBackURL: request.callBackURL ?? null,
    successURL: request.successURL ?? null,
    failURL: request.failURL ?? null,
    retURL: request.retURL ?? null,
    fault: fault ?? null,
    traceid,
    createdAt: at,
    updatedAt: at,
  };
  ctx.store.insertOrder(order);
  await ctx.store.committed();
  if (!waitsForBrowser) ctx.callbacks.notify(order);
  return { kind: 'order', order, existing: false, fault };
}

export function acsUrl(ctx: SandboxContext, token: string): string {
  return `${ctx.baseUrl}/_sandbox/acs/${token}`;
}

export function hostedPageUrl(ctx: SandboxContext, token: string): string {
  return `${ctx.baseUrl}/_sandbox/pay/${token}`;
}

/** `data` of a pay-in answer: the order's current state, whether it was just created or found again. */
export function payInData(ctx: SandboxContext, order: OrderRow): PayInResponseData {
  const data: PayInResponseData = {
    orderId: order.orderId,
    orderStatus: order.orderStatus,
    status: orderStatusName(order.orderStatus) ?? 'PROCESSING',
  };
  if (order.orderStatus === ORDER_STATUS.DECLINED) data.remark = order.remark;
  if (order.orderStatus === ORDER_STATUS.PROCESSING && order.browserToken) {
    if (order.txMode === 'redirection') {
      data.redirectURL = hostedPageUrl(ctx, order.browserToken);
    } else {
      const html = autoSubmitPage(acsUrl(ctx, order.browserToken));
      data.htmlSource = html;
      data.pageData = html;
    }
  }
  if (order.ccStorageID) data.ccStorageID = order.ccStorageID;
  return data;
}

export function payInMessage(order: OrderRow): string {
  switch (order.orderStatus) {
    case ORDER_STATUS.COMPLETED:
      return 'Approved.';
    case ORDER_STATUS.DECLINED:
      return `Declined: ${order.remark}.`;
    default:
      return order.txMode === 'redirection'
        ? 'Processing: redirect the payer to data.redirectURL.'
        : 'Processing: show data.htmlSource to the payer for 3-D Secure.';
  }
}
