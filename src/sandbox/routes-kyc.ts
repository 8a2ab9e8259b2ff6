// POST /openapi/v1/submitKYC: signed JSON, all-or-nothing, at most 500 records (A10, A11, A22).

import { KYC_MAX_RECORDS_PER_REQUEST, kycSubmitRequestSchema } from '@shared/gateway/kyc';
import { RESULT_CODE } from '@shared/gateway/result-codes';
import type { FastifyInstance } from 'fastify';
import { JSON_TYPE, requireContentType } from './content-types';
import type { SandboxContext } from './context';
import { merchantOfJsonBody, signRefusal } from './merchant-checks';
import { refuse } from './replies';
import { firstIssueMessage } from './validation';

/** 500 records at the longest A10 allows (20 URLs of 512 characters each) stay under this (A16). */
const KYC_BODY_LIMIT = 8 * 1024 * 1024;

export function registerKycRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.post(
    '/openapi/v1/submitKYC',
    { bodyLimit: KYC_BODY_LIMIT, onRequest: requireContentType(JSON_TYPE) },
    async (request, reply) => {
      const found = merchantOfJsonBody(ctx, request.body);
      if (!found.ok) return refuse(reply, found.code, found.msg, found.httpStatus);
      const { body, merchant } = found;
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
