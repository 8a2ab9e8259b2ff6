// POST /openapi/v1/submitKYC: signed JSON, all-or-nothing, at most 500 records (A10, A11, A22).

import { KYC_MAX_RECORDS_PER_REQUEST, kycSubmitRequestSchema } from '@shared/gateway/kyc';
import { RESULT_CODE } from '@shared/gateway/result-codes';
import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from './context';
import { postMerchantJson, signRefusal } from './merchant-checks';
import { refuse } from './replies';
import { firstIssueMessage } from './validation';

/** 500 records at the longest A10 allows (20 URLs of 512 characters each) stay under this (A16). */
const KYC_BODY_LIMIT = 8 * 1024 * 1024;

export function registerKycRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  postMerchantJson(
    app,
    ctx,
    '/openapi/v1/submitKYC',
    KYC_BODY_LIMIT,
    async ({ body, merchant }, request, reply) => {
      const badSign = signRefusal(body, merchant);
      if (badSign) return refuse(reply, badSign.code, badSign.msg);
      if (Array.isArray(body.data) && body.data.length > KYC_MAX_RECORDS_PER_REQUEST) {
        return refuse(
          reply,
          RESULT_CODE.TOO_MANY_RECORDS,
          `data: ${body.data.length} records; at most ${KYC_MAX_RECORDS_PER_REQUEST} per request.`,
        );
      }
      const parsed = kycSubmitRequestSchema.safeParse(body);
      if (!parsed.success)
        return refuse(reply, RESULT_CODE.INVALID_PARAMETER, firstIssueMessage(parsed.error));
      ctx.store.acceptKyc(merchant.merchantId, parsed.data.data, request.id, new Date().toISOString());
      return reply.send({
        code: RESULT_CODE.OK,
        msg: 'Accepted.',
        traceid: request.id,
        data: { count: parsed.data.data.length },
      });
    },
  );
}
