// Reads one HTTP answer to a pay-in as the gateway's word on the order (assumptions A1, A5, A18). The
// rules, strongest first:
// 1. An order status in the body decides, whatever the `code` or the HTTP status says; status fields that
//    Paydesk does not know, or that disagree with each other, decide nothing: outcome unknown.
// 2. Without an order status, "refused, nothing was charged" only for the refusals that come before any
//    order exists (PRE_ORDER_REFUSAL_CODES), in a 2xx or 4xx answer that names no orderId and no page.
// 3. A page to show (3-D Secure HTML, a redirect URL) with code 0 or none, in a 2xx: the bank step.
// 4. Everything else — an unknown code, a 5xx, a 2xx that says nothing of the order, a body that is not
//    JSON — is outcome unknown: money may have moved.

import { readOrderStatus } from '@shared/gateway/order-status';
import { payInResponseDataSchema, payInResponseSchema } from '@shared/gateway/payin';
import { PRE_ORDER_REFUSAL_CODES, RESULT_CODE } from '@shared/gateway/result-codes';
import type { GatewayWord } from '@shared/payin-lifecycle';
import type { z } from 'zod';
import { type Worded, worded } from '../i18n/worded';
import {
  fieldFromGatewayMessage,
  type NotSent,
  type NotSentReason,
  type OutcomeUnknown,
  type OutcomeUnknownReason,
  outcomeUnknown,
  type UnknownDetail,
} from './errors';

/** The one outcome type of a pay-in request, from the gateway client to the pay-in service. */
export interface PayInAnswer extends Worded {
  /** What this answer says about the order; `not_connected` when no connection was ever made. */
  word: GatewayWord | 'not_connected';
  /** Why the word is `unknown` or `not_connected`, for logs and tests. */
  reason?: OutcomeUnknownReason | NotSentReason;
  httpStatus?: number;
  /** The body exactly as received (history redacts card data in it). */
  raw?: string;
  traceid?: string;
  orderId?: string;
  code?: number;
  gatewayMessage?: string;
  /** The request field a refusal names, e.g. `cardNumber`. */
  field?: string;
  remark?: string;
  /** What the operator must open while the order waits for the bank step. */
  page?: { htmlSource?: string; redirectURL?: string };
  ccStorageID?: string;
  /** The low-level error code of a transport failure, for logs. */
  cause?: string;
}

export interface HttpAnswer {
  httpStatus: number;
  raw: string;
}

/** A transport failure as an answer: nothing read, and whether anything left is what the kind says. */
export function transportAnswer(failure: NotSent | OutcomeUnknown): PayInAnswer {
  const answer: PayInAnswer = {
    word: failure.kind === 'not_sent' ? 'not_connected' : 'unknown',
    message: failure.message,
    words: failure.words,
    reason: failure.reason,
  };
  if (failure.cause) answer.cause = failure.cause;
  if (failure.kind === 'outcome_unknown') {
    if (failure.httpStatus !== undefined) answer.httpStatus = failure.httpStatus;
    if (failure.raw !== undefined) answer.raw = failure.raw;
    if (failure.traceid) answer.traceid = failure.traceid;
  }
  return answer;
}

type Field<T> = { present: false } | { present: true; ok: true; value: T } | { present: true; ok: false };

/** One field on its own: a malformed field must not hide the others (an order status decides alone). */
function field<T>(from: Record<string, unknown> | undefined, name: string, schema: z.ZodType<T>): Field<T> {
  const value = from?.[name];
  if (value === undefined || value === null) return { present: false };
  const parsed = schema.safeParse(value);
  return parsed.success ? { present: true, ok: true, value: parsed.data } : { present: true, ok: false };
}

function readValue<T>(read: Field<T>): T | undefined {
  return read.present && read.ok ? read.value : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseJson(raw: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(raw) };
  } catch {
    return { ok: false };
  }
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value;
}

export function readPayInAnswer(http: HttpAnswer, context: { timeoutMs: number }): PayInAnswer {
  const { httpStatus, raw } = http;
  const json = parseJson(raw);
  const unknown = (reason: OutcomeUnknownReason, detail?: UnknownDetail, traceid?: string): PayInAnswer =>
    transportAnswer(
      outcomeUnknown('payin', reason, {
        timeoutMs: context.timeoutMs,
        httpStatus,
        raw,
        ...(detail ? { detail } : {}),
        ...(traceid ? { traceid } : {}),
      }),
    );
  if (!json.ok) return unknown(httpStatus >= 500 ? 'server_error' : 'not_json');
  if (!isRecord(json.value)) return unknown('unexpected_body', 'not a JSON object');
  const body = json.value;
  const shape = payInResponseSchema.shape;
  const dataShape = payInResponseDataSchema.shape;
  const traceid = nonEmpty(readValue(field(body, 'traceid', shape.traceid)));
  const gatewayMessage = readValue(field(body, 'msg', shape.msg));
  const code = field(body, 'code', shape.code);
  const dataField = body.data;
  if (dataField !== undefined && dataField !== null && !isRecord(dataField)) {
    return unknown('unexpected_body', '`data` is not an object', traceid);
  }
  const data = isRecord(dataField) ? dataField : undefined;
  const orderId = nonEmpty(readValue(field(data, 'orderId', dataShape.orderId)));
  const htmlSource =
    nonEmpty(readValue(field(data, 'htmlSource', dataShape.htmlSource))) ??
    nonEmpty(readValue(field(data, 'pageData', dataShape.pageData)));
  const redirectURL = nonEmpty(readValue(field(data, 'redirectURL', dataShape.redirectURL)));
  const page =
    htmlSource || redirectURL
      ? { ...(htmlSource ? { htmlSource } : {}), ...(redirectURL ? { redirectURL } : {}) }
      : undefined;

  const facts: Omit<PayInAnswer, 'word' | 'message' | 'words'> = { httpStatus, raw };
  if (traceid) facts.traceid = traceid;
  if (orderId) facts.orderId = orderId;
  if (code.present && code.ok) facts.code = code.value as number;
  if (gatewayMessage !== undefined) facts.gatewayMessage = gatewayMessage;
  const ccStorageID = nonEmpty(readValue(field(data, 'ccStorageID', dataShape.ccStorageID)));
  if (ccStorageID) facts.ccStorageID = ccStorageID;

  // 1. The order status decides.
  const status = readOrderStatus(data?.orderStatus, data?.status);
  if (status.kind === 'unreadable') return unknown('unreadable_status', status.detail, traceid);
  if (status.kind === 'word') {
    switch (status.word) {
      case 'approved':
        return { ...facts, word: 'approved', ...worded('payin.answer.approved') };
      case 'declined': {
        const remark = readValue(field(data, 'remark', dataShape.remark)) ?? '';
        return {
          ...facts,
          word: 'declined',
          remark,
          // The bank's remark as it sent it, inside the desk's sentence.
          ...(remark.trim()
            ? worded('payin.answer.declined', { remark: remark.trim() })
            : worded('payin.answer.declinedNoReason')),
        };
      }
      case 'processing':
        return page
          ? { ...facts, word: 'action_required', page, ...bankStepWords(page) }
          : { ...facts, word: 'processing', ...worded('payin.answer.processing') };
    }
  }

  // 2. No order status: only a refusal from before any order proves that nothing was charged.
  if (code.present && !code.ok) return unknown('unexpected_body', '`code` is not a whole number', traceid);
  const codeValue = code.present ? (code.value as number) : undefined;
  const success = httpStatus >= 200 && httpStatus < 300;
  const said = gatewayMessage?.trim() || undefined;
  if (
    codeValue !== undefined &&
    PRE_ORDER_REFUSAL_CODES.has(codeValue) &&
    (success || (httpStatus >= 400 && httpStatus < 500)) &&
    !orderId &&
    !page
  ) {
    const named = gatewayMessage ? fieldFromGatewayMessage(gatewayMessage) : undefined;
    return {
      ...facts,
      word: 'no_order',
      ...(named ? { field: named } : {}),
      ...(said
        ? worded('payin.answer.noOrder', { said, code: codeValue })
        : worded('payin.answer.noOrderNoReason', { code: codeValue })),
    };
  }
  // 3. The bank step, announced without a status.
  if (page && success && (codeValue === undefined || codeValue === RESULT_CODE.OK)) {
    return { ...facts, word: 'action_required', page, ...bankStepWords(page) };
  }
  // 4. Anything else leaves the money question open.
  if (codeValue === RESULT_CODE.DUPLICATE_TRADE_NO) {
    return {
      ...unknown('unknown_code', { kind: 'duplicate_trade_no', code: codeValue }, traceid),
      ...facts,
    };
  }
  if (httpStatus >= 500) return { ...unknown('server_error', undefined, traceid), ...facts };
  // The gateway's msg goes in as it sent it.
  const detail: UnknownDetail =
    codeValue === undefined
      ? { kind: 'no_status', httpStatus, ...(said ? { said } : {}) }
      : { kind: 'code', httpStatus, code: codeValue, ...(said ? { said } : {}) };
  return { ...unknown('unknown_code', detail, traceid), ...facts };
}

function bankStepWords(page: { htmlSource?: string; redirectURL?: string }): Worded {
  return page.htmlSource ? worded('payin.answer.threeDs') : worded('payin.answer.hostedPage');
}
