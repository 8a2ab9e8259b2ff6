// The first checks of a request to the API, in the order of assumption A17: the merchant (a JSON body, its
// merchantId, a merchant the sandbox knows), then the sign of a signed request. Each answers the refusal
// the route sends, or what the next check needs.

import { merchantIdNumber } from '@shared/gateway/fields';
import { RESULT_CODE } from '@shared/gateway/result-codes';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { verifyBodySignature } from '../node/sign';
import { JSON_TYPE, requireContentType } from './content-types';
import type { SandboxContext } from './context';
import type { SandboxMerchant } from './merchants';
import { isRecord, refuse } from './replies';
import { firstIssueMessage } from './validation';

type CheckRefusal = { ok: false; code: number; msg: string; httpStatus?: number };

export function lookUpMerchant(
  ctx: SandboxContext,
  merchantId: number,
): { ok: true; merchant: SandboxMerchant } | CheckRefusal {
  const merchant = ctx.merchants.get(merchantId);
  return merchant
    ? { ok: true, merchant }
    : { ok: false, code: RESULT_CODE.UNKNOWN_MERCHANT, msg: `merchantId: Unknown merchant ${merchantId}.` };
}

/** A JSON body's merchant: the body must be an object and its merchantId a merchant the sandbox knows. */
function merchantOfJsonBody(
  ctx: SandboxContext,
  body: unknown,
): { ok: true; body: Record<string, unknown>; merchant: SandboxMerchant } | CheckRefusal {
  if (!isRecord(body)) {
    return {
      ok: false,
      code: RESULT_CODE.MALFORMED_BODY,
      msg: 'body: Must be a JSON object.',
      httpStatus: 400,
    };
  }
  const merchantId = merchantIdNumber.safeParse(body.merchantId);
  if (!merchantId.success) {
    return {
      ok: false,
      code: RESULT_CODE.INVALID_PARAMETER,
      msg: firstIssueMessage(merchantId.error, 'merchantId'),
    };
  }
  const found = lookUpMerchant(ctx, merchantId.data);
  return found.ok ? { ok: true, body, merchant: found.merchant } : found;
}

/** The refusal of a body whose sign is missing or does not match; undefined when it matches. */
export function signRefusal(
  body: Readonly<Record<string, unknown>>,
  merchant: SandboxMerchant,
): CheckRefusal | undefined {
  if (verifyBodySignature(body, merchant.secret, merchant.algorithm)) return undefined;
  const missing = typeof body.sign !== 'string' || body.sign === '';
  return {
    ok: false,
    code: RESULT_CODE.BAD_SIGNATURE,
    msg: missing ? 'sign: Required.' : `sign: Does not match the request (${merchant.algorithm}).`,
  };
}

/**
 * POST `path` with a JSON body of at most `bodyLimit` bytes: its merchant is found (or the request refused)
 * before `handle` sees it.
 */
export function postMerchantJson(
  app: FastifyInstance,
  ctx: SandboxContext,
  path: string,
  bodyLimit: number,
  handle: (
    found: { body: Record<string, unknown>; merchant: SandboxMerchant },
    request: FastifyRequest,
    reply: FastifyReply,
  ) => Promise<FastifyReply>,
): void {
  app.post(path, { bodyLimit, onRequest: requireContentType(JSON_TYPE) }, async (request, reply) => {
    const found = merchantOfJsonBody(ctx, request.body);
    if (!found.ok) return refuse(reply, found.code, found.msg, found.httpStatus);
    return handle(found, request, reply);
  });
}
