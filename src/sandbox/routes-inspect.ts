// Sandbox-only inspection, under /_sandbox so it cannot be mistaken for the gateway's API. It shows what
// the sandbox keeps, which never includes a full card number or a CVV but does include the KYC records it
// accepted (names, birthdays, personal codes): with an inspection token, as the embedded sandbox always
// has one (a new random one per run), only a caller that sends it as `Authorization: Bearer <token>` is
// answered, so no other process on the machine can read them.
import { timingSafeEqual } from 'node:crypto';
import { orderStatusName } from '@shared/gateway/order-status';
import { RESULT_CODE } from '@shared/gateway/result-codes';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SandboxContext } from './context';
import { refuse } from './replies';
import type { OrderRow } from './store';
import { firstIssueMessage } from './validation';

const digits = z
  .string()
  .regex(/^\d{1,16}$/, 'Digits only.')
  .transform(Number);
const ordersQuery = z.object({
  merchantId: digits.optional(),
  merchantTradeNo: z.string().min(1).max(64).optional(),
  orderId: z.string().min(1).max(64).optional(),
});
const kycQuery = z.object({ merchantId: digits });

/** The token, compared in constant time; undefined: inspection is open (a sandbox started for tests). */
function authorized(header: string | undefined, token: string | undefined): boolean {
  if (token === undefined) return true;
  const expected = Buffer.from(`Bearer ${token}`);
  const given = Buffer.from(header ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function registerInspectionRoutes(
  app: FastifyInstance,
  ctx: SandboxContext,
  inspectionToken: string | undefined,
): void {
  app.addHook('onRequest', (request, reply, done) => {
    const path = request.url.split('?', 1)[0];
    if (
      (path === '/_sandbox/orders' || path === '/_sandbox/kyc') &&
      !authorized(request.headers.authorization, inspectionToken)
    ) {
      refuse(
        reply,
        RESULT_CODE.BAD_SIGNATURE,
        "Authorization: Inspection needs this sandbox run's token.",
        401,
      );
      return;
    }
    done();
  });

  const describe = (order: OrderRow) => ({
    orderId: order.orderId,
    merchantId: order.merchantId,
    merchantTradeNo: order.merchantTradeNo,
    version: order.version,
    userId: order.userId,
    amount: order.amount,
    currency: order.currency,
    orderStatus: order.orderStatus,
    status: orderStatusName(order.orderStatus) ?? 'PROCESSING',
    remark: order.remark,
    card: { masked: order.maskedCard, brand: order.brand, testOutcome: order.cardOutcome },
    txMode: order.txMode,
    ccStorageID: order.ccStorageID,
    fault: order.fault,
    callBackURL: order.callBackURL,
    traceid: order.traceid,
    createdAt: order.createdAt,
    updatedAt: order.updatedAt,
    callbacks: ctx.store.callbackAttempts(order.orderId).map((attempt) => ({
      attempt: attempt.attempt,
      at: attempt.at,
      traceid: attempt.traceid,
      httpStatus: attempt.httpStatus,
      error: attempt.error,
      delivered: attempt.delivered,
    })),
  });

  app.get('/_sandbox/orders', async (request, reply) => {
    const query = ordersQuery.safeParse(request.query);
    if (!query.success) return refuse(reply, RESULT_CODE.INVALID_PARAMETER, firstIssueMessage(query.error));
    const orders = ctx.store.listOrders(query.data).map(describe);
    return reply.send({ code: RESULT_CODE.OK, msg: 'OK', traceid: request.id, data: { orders } });
  });

  app.get('/_sandbox/kyc', async (request, reply) => {
    const query = kycQuery.safeParse(request.query);
    if (!query.success) return refuse(reply, RESULT_CODE.INVALID_PARAMETER, firstIssueMessage(query.error));
    const records = ctx.store.kycRecords(query.data.merchantId).map((row) => ({
      userId: row.userId,
      acceptedAt: row.acceptedAt,
      traceid: row.traceid,
      record: row.record,
    }));
    return reply.send({ code: RESULT_CODE.OK, msg: 'OK', traceid: request.id, data: { records } });
  });
}
