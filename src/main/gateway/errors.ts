// How a gateway call can fail before anything is read, and the words a support agent reads for each
// case. The one question that matters is "could money have moved?": `not_sent` says no (no connection
// was ever made), `outcome_unknown` says maybe (check before charging again). Reading an answer that did
// arrive is payin-answer.ts and kyc-answer.ts.

export type GatewayOperation = 'payin' | 'kyc';

export type NotSentReason =
  | 'connection_refused'
  | 'dns'
  | 'connect_timeout'
  | 'tls'
  | 'network'
  | 'cancelled';
export type OutcomeUnknownReason =
  | 'timeout'
  | 'connection_lost'
  | 'server_error'
  | 'not_json'
  | 'unexpected_body'
  | 'unknown_code'
  | 'unreadable_status'
  | 'local_error'
  | 'cancelled';

export type NotSent = {
  kind: 'not_sent';
  reason: NotSentReason;
  message: string;
  /** The low-level error code (ECONNREFUSED, ENOTFOUND, UND_ERR_CONNECT_TIMEOUT, …), for logs. */
  cause?: string;
};

export type OutcomeUnknown = {
  kind: 'outcome_unknown';
  reason: OutcomeUnknownReason;
  message: string;
  cause?: string;
  httpStatus?: number;
  raw?: string;
  traceid?: string;
};

const MAY_HAVE: Record<GatewayOperation, string> = {
  payin: 'The payment may have gone through: check before charging again.',
  kyc: 'The records may have been accepted: check before sending them again.',
};

function seconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}

const SAFE_AGAIN = 'Nothing was sent: it is safe to try again.';

export function notSent(
  reason: NotSentReason,
  context: { host: string; connectTimeoutMs: number; cause?: string },
): NotSent {
  const messages: Record<NotSentReason, string> = {
    connection_refused: `The gateway at ${context.host} refused the connection (it is not running or not listening there). ${SAFE_AGAIN}`,
    dns: `The gateway address ${context.host} could not be found (DNS). Check the profile's base URL. ${SAFE_AGAIN}`,
    connect_timeout: `The gateway at ${context.host} did not accept a connection within ${seconds(context.connectTimeoutMs)}. ${SAFE_AGAIN}`,
    tls: `The secure connection to ${context.host} could not be set up (certificate or TLS problem). ${SAFE_AGAIN}`,
    network: `The network to ${context.host} is unreachable. ${SAFE_AGAIN}`,
    cancelled: `Cancelled before the request was sent. ${SAFE_AGAIN}`,
  };
  return {
    kind: 'not_sent',
    reason,
    message: messages[reason],
    ...(context.cause ? { cause: context.cause } : {}),
  };
}

export function outcomeUnknown(
  operation: GatewayOperation,
  reason: OutcomeUnknownReason,
  context: {
    timeoutMs: number;
    httpStatus?: number;
    raw?: string;
    cause?: string;
    detail?: string;
    traceid?: string;
  },
): OutcomeUnknown {
  const mayHave = MAY_HAVE[operation];
  const detail = context.detail ? ` (${context.detail})` : '';
  const messages: Record<OutcomeUnknownReason, string> = {
    timeout: `No answer from the gateway within ${seconds(context.timeoutMs)}. ${mayHave}`,
    connection_lost: `The connection to the gateway broke after the request was sent. ${mayHave}`,
    server_error: `The gateway reported an internal error (HTTP ${context.httpStatus ?? '5xx'}). ${mayHave}`,
    not_json: `The gateway's answer could not be read (it is not JSON). ${mayHave}`,
    unexpected_body: `The gateway's answer is not in the expected form${detail}. ${mayHave}`,
    unknown_code: `The gateway answered without saying what happened to the order${detail}. ${mayHave}`,
    unreadable_status: `The gateway's answer does not say clearly what happened to the order${detail}. ${mayHave}`,
    local_error: `The request left Paydesk, then Paydesk failed${detail}. ${mayHave}`,
    cancelled: `Cancelled while waiting for the gateway's answer. ${mayHave}`,
  };
  const result: OutcomeUnknown = { kind: 'outcome_unknown', reason, message: messages[reason] };
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
