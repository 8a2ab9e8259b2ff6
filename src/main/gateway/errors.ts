// How a gateway call can fail before anything is read, and the words a support agent reads for each
// case. The one question that matters is "could money have moved?": `not_sent` says no (no connection
// was ever made), `outcome_unknown` says maybe (check before charging again). Reading an answer that did
// arrive is payin-answer.ts and kyc-answer.ts. Every sentence comes from the catalogues (gateway.outcome.*).

import type { MessageKey, MessageValues } from '@shared/i18n/messages';
import type { NotSentReason, OutcomeUnknownReason } from '@shared/payin-lifecycle';
import { type Worded, worded } from '../i18n/worded';

export type GatewayOperation = 'payin' | 'kyc';

export type { NotSentReason, OutcomeUnknownReason };

/** The words of a failure: English in `message`, the catalogue's key and values in `words` (i18n/worded.ts). */
export type NotSent = Worded & {
  kind: 'not_sent';
  reason: NotSentReason;
  /** The low-level error code (ECONNREFUSED, ENOTFOUND, UND_ERR_CONNECT_TIMEOUT, …), for logs. */
  cause?: string;
};

export type OutcomeUnknown = Worded & {
  kind: 'outcome_unknown';
  reason: OutcomeUnknownReason;
  cause?: string;
  httpStatus?: number;
  raw?: string;
  traceid?: string;
};

/**
 * What an answer without the order's word said, for `unknown_code`: the gateway's figures and its msg go
 * in as values, as it sent them. `text`: any other detail, a technical one, as is.
 */
export type UnknownDetail =
  | { kind: 'duplicate_trade_no'; code: number }
  | { kind: 'no_status'; httpStatus: number; said?: string }
  | { kind: 'code'; httpStatus: number; code: number; said?: string }
  | string;

/** Seconds as a number: the catalogue formats it in the reader's language (2.5 s, 2,5 s). */
function seconds(ms: number): number {
  return ms % 1000 === 0 ? ms / 1000 : Math.round(ms / 100) / 10;
}

const NOT_SENT_KEYS = {
  connection_refused: 'gateway.outcome.notSent.connectionRefused',
  dns: 'gateway.outcome.notSent.dns',
  connect_timeout: 'gateway.outcome.notSent.connectTimeout',
  tls: 'gateway.outcome.notSent.tls',
  network: 'gateway.outcome.notSent.network',
  cancelled: 'gateway.outcome.notSent.cancelled',
} as const satisfies Record<NotSentReason, MessageKey>;

export function notSent(
  reason: NotSentReason,
  context: { host: string; connectTimeoutMs: number; cause?: string },
): NotSent {
  const values: MessageValues | undefined =
    reason === 'cancelled'
      ? undefined
      : reason === 'connect_timeout'
        ? { host: context.host, seconds: seconds(context.connectTimeoutMs) }
        : { host: context.host };
  return {
    kind: 'not_sent',
    reason,
    ...worded(NOT_SENT_KEYS[reason], values),
    ...(context.cause ? { cause: context.cause } : {}),
  };
}

const UNKNOWN_KEYS = {
  timeout: 'gateway.outcome.unknown.timeout',
  connection_lost: 'gateway.outcome.unknown.connectionLost',
  server_error: 'gateway.outcome.unknown.serverError',
  not_json: 'gateway.outcome.unknown.notJson',
  unexpected_body: 'gateway.outcome.unknown.unexpectedBody',
  unknown_code: 'gateway.outcome.unknown.unknownCode',
  unreadable_status: 'gateway.outcome.unknown.unreadableStatus',
  local_error: 'gateway.outcome.unknown.localError',
  cancelled: 'gateway.outcome.unknown.cancelled',
} as const satisfies Record<OutcomeUnknownReason, MessageKey>;

/** The reasons whose sentence names a detail (technical text, as is) when there is one. */
const UNKNOWN_DETAIL_KEYS: Partial<Record<OutcomeUnknownReason, MessageKey>> = {
  unexpected_body: 'gateway.outcome.unknown.unexpectedBody.detail',
  unknown_code: 'gateway.outcome.unknown.unknownCode.detail',
  unreadable_status: 'gateway.outcome.unknown.unreadableStatus.detail',
  local_error: 'gateway.outcome.unknown.localError.detail',
};

/** The catalogue's words for an outcome left open, with what the answer said where it said something. */
function unknownWords(
  operation: GatewayOperation,
  reason: OutcomeUnknownReason,
  context: { timeoutMs: number; httpStatus?: number; detail?: UnknownDetail },
): Worded {
  const { detail } = context;
  if (reason === 'unknown_code' && detail !== undefined && typeof detail !== 'string') {
    switch (detail.kind) {
      case 'duplicate_trade_no':
        return worded('gateway.outcome.unknown.duplicateTradeNo', { operation, code: detail.code });
      case 'no_status':
        return detail.said === undefined
          ? worded('gateway.outcome.unknown.noOrderStatus', { operation, httpStatus: detail.httpStatus })
          : worded('gateway.outcome.unknown.noOrderStatusSaid', {
              operation,
              httpStatus: detail.httpStatus,
              said: detail.said,
            });
      case 'code':
        return detail.said === undefined
          ? worded('gateway.outcome.unknown.code', {
              operation,
              httpStatus: detail.httpStatus,
              code: detail.code,
            })
          : worded('gateway.outcome.unknown.codeSaid', {
              operation,
              httpStatus: detail.httpStatus,
              code: detail.code,
              said: detail.said,
            });
    }
  }
  const values: MessageValues = { operation };
  if (reason === 'timeout') values.seconds = seconds(context.timeoutMs);
  if (reason === 'server_error') values.httpStatus = context.httpStatus ?? '5xx';
  const detailKey = UNKNOWN_DETAIL_KEYS[reason];
  if (detailKey && typeof detail === 'string' && detail !== '') {
    return worded(detailKey, { ...values, detail });
  }
  return worded(UNKNOWN_KEYS[reason], values);
}

export function outcomeUnknown(
  operation: GatewayOperation,
  reason: OutcomeUnknownReason,
  context: {
    timeoutMs: number;
    httpStatus?: number;
    raw?: string;
    cause?: string;
    detail?: UnknownDetail;
    traceid?: string;
  },
): OutcomeUnknown {
  const result: OutcomeUnknown = {
    kind: 'outcome_unknown',
    reason,
    ...unknownWords(operation, reason, context),
  };
  if (context.cause) result.cause = context.cause;
  if (context.httpStatus !== undefined) result.httpStatus = context.httpStatus;
  if (context.raw !== undefined) result.raw = context.raw;
  if (context.traceid) result.traceid = context.traceid;
  return result;
}

/**
 * The field a refusal names. The gateway writes `<field>: <problem>` (assumption A6/A11), e.g.
 * "cardNumber: Required." or "data[3].email: Invalid e-mail". Field names are camelCase, which keeps
 * prose such as "Error: …" from being read as a field.
 */
export function fieldFromGatewayMessage(msg: string): string | undefined {
  const match = /^\s*([a-z][\w]*(?:\[\d+\])?(?:\.[A-Za-z_][\w]*(?:\[\d+\])?)*)\s*:\s*\S/.exec(msg);
  return match?.[1];
}

// Error codes that can only happen before a byte of the request left this machine.
const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EAI_FAIL']);
const CONNECT_TIMEOUT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'ETIMEDOUT']);
const NETWORK_CODES = new Set(['EHOSTUNREACH', 'ENETUNREACH', 'EHOSTDOWN', 'ENETDOWN', 'EADDRNOTAVAIL']);

/** Every `code` in an error's cause chain (fetch wraps the socket error; happy eyeballs aggregates them). */
export function errorCodes(error: unknown): string[] {
  const codes: string[] = [];
  const seen = new Set<unknown>();
  const visit = (value: unknown): void => {
    if (value === null || typeof value !== 'object' || seen.has(value)) return;
    seen.add(value);
    const record = value as { code?: unknown; cause?: unknown; errors?: unknown };
    if (typeof record.code === 'string') codes.push(record.code);
    visit(record.cause);
    if (Array.isArray(record.errors)) for (const inner of record.errors) visit(inner);
  };
  visit(error);
  return codes;
}

/** Why no connection could be made, from the error codes of a connect failure. */
export function connectFailureReason(codes: readonly string[]): Exclude<NotSentReason, 'cancelled'> {
  if (codes.includes('ECONNREFUSED')) return 'connection_refused';
  if (codes.some((code) => DNS_CODES.has(code))) return 'dns';
  if (codes.some((code) => CONNECT_TIMEOUT_CODES.has(code))) return 'connect_timeout';
  if (codes.some((code) => NETWORK_CODES.has(code))) return 'network';
  if (
    codes.some(
      (code) =>
        code.startsWith('ERR_TLS') ||
        code.includes('CERT') ||
        code.startsWith('ERR_SSL') ||
        // OpenSSL's verify errors as Node names them: UNABLE_TO_VERIFY_LEAF_SIGNATURE (an unknown CA), …
        code.startsWith('UNABLE_TO_'),
    )
  ) {
    return 'tls';
  }
  return 'network';
}
