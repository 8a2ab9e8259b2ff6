// POST /openapi/v2/pwpp (JSON, unsigned: A13) and POST /openapi/v1/pwpp (form, signed: A4). Checks run in
// the order of assumption A17: merchant, then sign, then the fields, then the card.
import { setTimeout as sleep } from 'node:timers/promises';
import { merchantIdDigits } from '@shared/gateway/fields';
import { payInV1RequestSchema, payInV2RequestSchema } from '@shared/gateway/payin';
import { RESULT_CODE } from '@shared/gateway/result-codes';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { FORM_TYPE, requireContentType } from './content-types';
import type { SandboxContext } from './context';
import { NOT_JSON_BODY } from './faults';
import { lookUpMerchant, postMerchantJson, signRefusal } from './merchant-checks';
import { type PayInResult, payInData, payInMessage, processPayIn } from './payin';
import { isRecord, refuse } from './replies';
import { firstIssueMessage } from './validation';

/** Far above the largest valid pay-in (about 4 KB of fields), far below anything that could hurt. */
export const PAYIN_BODY_LIMIT = 64 * 1024;

async function answer(ctx: SandboxContext, reply: FastifyReply, result: PayInResult): Promise<FastifyReply> {
  const traceid = reply.request.id;
  switch (result.kind) {
    case 'refused':
      return refuse(reply, result.code, result.msg);
    case 'fault-before-order':
      return refuse(
        reply,
        RESULT_CODE.INTERNAL_ERROR,
        'Internal error (sandbox fault amount 500.01); no order was created.',
        500,
      );
    case 'order': {
      let order = result.order;
      if (result.fault === 'drop') {
        reply.hijack();
        reply.request.raw.socket.destroy();
        return reply;
      }
      if (result.fault === 'not-json') {
        return reply.code(200).type('application/json; charset=utf-8').send(NOT_JSON_BODY);
      }
      if (result.fault === 'slow') {
        try {
          await sleep(ctx.slowFaultDelayMs, undefined, { signal: ctx.shutdown });
        } catch {
          reply.hijack();
          reply.request.raw.socket.destroy();
          return reply;
        }
        // The answer reports the order as it is when the answer finally leaves.
        order = ctx.store.orderById(order.orderId) ?? order;
      }
      const msg = payInMessage(order);
      return reply.send({
        code: RESULT_CODE.OK,
        msg: result.existing ? `Existing order: ${msg}` : msg,
        traceid,
        data: payInData(ctx, order),
      });
    }
  }
}

export function registerPayInRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  postMerchantJson(app, ctx, '/openapi/v2/pwpp', PAYIN_BODY_LIMIT, async (found, request, reply) => {
    const parsed = payInV2RequestSchema.safeParse(found.body);
    if (!parsed.success) return refuse(reply, RESULT_CODE.INVALID_PARAMETER, firstIssueMessage(parsed.error));
    return answer(ctx, reply, await processPayIn(ctx, found.merchant, 'v2', parsed.data, request.id));
  });

  app.post(
    '/openapi/v1/pwpp',
    { bodyLimit: PAYIN_BODY_LIMIT, onRequest: requireContentType(FORM_TYPE) },
    async (request, reply) => {
      const body = request.body;
      if (!isRecord(body)) return refuse(reply, RESULT_CODE.MALFORMED_BODY, 'body: Not a form body.', 400);
      const digits = merchantIdDigits.safeParse(body.merchantId);
      if (!digits.success) {
        return refuse(reply, RESULT_CODE.INVALID_PARAMETER, firstIssueMessage(digits.error, 'merchantId'));
      }
      const merchantId = Number(digits.data);
      if (!Number.isSafeInteger(merchantId) || merchantId <= 0) {
        return refuse(reply, RESULT_CODE.INVALID_PARAMETER, 'merchantId: A positive number up to 2^53-1.');
      }
      const found = lookUpMerchant(ctx, merchantId);
      if (!found.ok) return refuse(reply, found.code, found.msg);
      const { merchant } = found;
      const badSign = signRefusal(body, merchant);
      if (badSign) return refuse(reply, badSign.code, badSign.msg);
      const parsed = payInV1RequestSchema.safeParse(body);
      if (!parsed.success)
        return refuse(reply, RESULT_CODE.INVALID_PARAMETER, firstIssueMessage(parsed.error));
      return answer(ctx, reply, await processPayIn(ctx, merchant, 'v1', parsed.data, request.id));
    },
  );
}
