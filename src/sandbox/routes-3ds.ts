// The browser part of a pay-in: the bank's 3-D Secure challenge (ACS) page and the hosted payment page of
// txMode=redirection, then the final redirect of assumption A19 (retURL, else successURL/failURL, else a
// result page). Each order that waits for the browser has a random token; its URL is the only key.

import { ORDER_STATUS, orderStatusName } from '@shared/gateway/order-status';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { FORM_TYPE, requireContentType } from './content-types';
import type { SandboxContext } from './context';
import { acsPage, hostedPaymentPage, messagePage, type PageOrder, resultPage } from './pages';
import { acsUrl, hostedPageUrl, immediateOutcome } from './payin';
import { isRecord } from './replies';
import type { OrderRow } from './store';
import { needsChallenge, THREE_DS_FAILED_REMARK, THREE_DS_PASS_CODE } from './test-cards';

const PAGE_BODY_LIMIT = 4 * 1024;
type TokenParams = { Params: { token: string } };

function sendPage(reply: FastifyReply, status: number, html: string): FastifyReply {
  return (
    reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      // The token in the address is the key to the order: it must not leak to the next site's Referer.
      .header('referrer-policy', 'no-referrer')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(html)
  );
}

function unknownLink(reply: FastifyReply): FastifyReply {
  return sendPage(
    reply,
    404,
    messagePage('Payment link not found', 'This payment link is unknown, or it is not for this step.'),
  );
}

/**
 * The answer to a page link whose order no longer waits for the customer: the way on to where a settled
 * order's customer goes, or an unknown link.
 */
function notWaiting(ctx: SandboxContext, reply: FastifyReply, order: OrderRow | undefined): FastifyReply {
  return order ? reply.redirect(finalDestination(ctx, order), 303) : unknownLink(reply);
}

function pageOrder(order: OrderRow): PageOrder {
  return {
    merchantId: order.merchantId,
    merchantTradeNo: order.merchantTradeNo,
    amount: order.amount,
    currency: order.currency,
    maskedCard: order.maskedCard,
    brand: order.brand,
  };
}

/** Where the browser goes once the order is final (assumption A19). */
function finalDestination(ctx: SandboxContext, order: OrderRow): string {
  const approved = order.orderStatus === ORDER_STATUS.COMPLETED;
  const target = order.retURL ?? (approved ? order.successURL : order.failURL);
  if (!target) return `${ctx.baseUrl}/_sandbox/result/${order.browserToken ?? ''}`;
  const url = new URL(target);
  url.searchParams.set('orderId', order.orderId);
  url.searchParams.set('merchantTradeNo', order.merchantTradeNo);
  url.searchParams.set('orderStatus', String(order.orderStatus));
  url.searchParams.set('status', orderStatusName(order.orderStatus) ?? 'PROCESSING');
  return url.href;
}

/** Makes a waiting order final once; a second submission (back button, double click) changes nothing. */
function settle(
  ctx: SandboxContext,
  order: OrderRow,
  outcome: { orderStatus: number; remark: string },
): OrderRow {
  const changed = ctx.store.settleOrder(
    order.orderId,
    ORDER_STATUS.PROCESSING,
    outcome.orderStatus,
    outcome.remark,
    new Date().toISOString(),
  );
  const current = ctx.store.orderById(order.orderId) ?? order;
  if (changed) ctx.callbacks.notify(current);
  return current;
}

export function registerBrowserRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  /** GET `path`: the page of the order `find` gives for its token while it waits for the customer. */
  const pageWhileWaiting = (
    path: string,
    find: (token: string) => OrderRow | undefined,
    page: (order: OrderRow, token: string) => string,
  ) =>
    app.get<TokenParams>(path, async (request, reply) => {
      const order = find(request.params.token);
      if (order?.orderStatus !== ORDER_STATUS.PROCESSING) return notWaiting(ctx, reply, order);
      return sendPage(reply, 200, page(order, request.params.token));
    });

  const challengeOrder = (token: string) => {
    const order = ctx.store.orderByBrowserToken(token);
    return order && needsChallenge(order.cardOutcome) ? order : undefined;
  };

  pageWhileWaiting('/_sandbox/acs/:token', challengeOrder, (order, token) =>
    acsPage(pageOrder(order), acsUrl(ctx, token), THREE_DS_PASS_CODE),
  );

  app.post<TokenParams>(
    '/_sandbox/acs/:token',
    { bodyLimit: PAGE_BODY_LIMIT, onRequest: requireContentType(FORM_TYPE) },
    async (request, reply) => {
      const order = challengeOrder(request.params.token);
      if (order?.orderStatus !== ORDER_STATUS.PROCESSING) return notWaiting(ctx, reply, order);
      const code = isRecord(request.body) ? request.body.code : undefined;
      const passed =
        order.cardOutcome === '3ds-challenge' &&
        typeof code === 'string' &&
        code.trim() === THREE_DS_PASS_CODE;
      const settled = settle(
        ctx,
        order,
        passed
          ? { orderStatus: ORDER_STATUS.COMPLETED, remark: '' }
          : { orderStatus: ORDER_STATUS.DECLINED, remark: THREE_DS_FAILED_REMARK },
      );
      return reply.redirect(finalDestination(ctx, settled), 303);
    },
  );

  const hostedOrder = (token: string) => {
    const order = ctx.store.orderByBrowserToken(token);
    return order?.txMode === 'redirection' ? order : undefined;
  };

  pageWhileWaiting('/_sandbox/pay/:token', hostedOrder, (order, token) =>
    hostedPaymentPage(pageOrder(order), hostedPageUrl(ctx, token)),
  );

  app.post<TokenParams>('/_sandbox/pay/:token', { bodyLimit: PAGE_BODY_LIMIT }, async (request, reply) => {
    const order = hostedOrder(request.params.token);
    if (order?.orderStatus !== ORDER_STATUS.PROCESSING) return notWaiting(ctx, reply, order);
    if (needsChallenge(order.cardOutcome)) return reply.redirect(acsUrl(ctx, request.params.token), 303);
    const settled = settle(ctx, order, immediateOutcome(order.cardOutcome));
    return reply.redirect(finalDestination(ctx, settled), 303);
  });

  app.get<TokenParams>('/_sandbox/result/:token', async (request, reply) => {
    const order = ctx.store.orderByBrowserToken(request.params.token);
    if (!order || order.orderStatus === ORDER_STATUS.PROCESSING) return unknownLink(reply);
    return sendPage(
      reply,
      200,
      resultPage(
        order.orderStatus === ORDER_STATUS.COMPLETED,
        order.orderId,
        order.merchantTradeNo,
        order.remark,
      ),
    );
  });
}
