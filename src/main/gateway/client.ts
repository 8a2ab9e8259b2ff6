// The gateway's HTTP client: one POST per call, never retried (a retried pay-in can charge twice), and
// every outcome returned as a value. The hard part is telling "the request never left" (not_sent: safe to
// send again) from "it left and the answer was lost" (outcome_unknown). Each call gets its own undici
// Agent whose connector records whether a connection was ever made: a failure before that is not_sent
// whatever its error code; anything after it is outcome_unknown.
import { Agent, buildConnector } from 'undici';
import { type KycResponse, kycResponseSchema } from '../../shared/gateway/kyc';
import { ORDER_STATUS } from '../../shared/gateway/order-status';
import { type PayInResponse, payInResponseSchema } from '../../shared/gateway/payin';
import { RESULT_CODE } from '../../shared/gateway/result-codes';
import type { PayInStatus } from '../../shared/status';
import {
  connectFailureReason,
  type Declined,
  declined,
  errorCodes,
  type GatewayOperation,
  type NotSent,
  notSent,
  type OutcomeUnknown,
  outcomeUnknown,
  type Refused,
  refused,
} from './errors';

export const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;
export const DEFAULT_TIMEOUT_MS = 30_000;

export type GatewayCallOptions = {
  /** Time allowed to open the connection (TCP + TLS). Default 10 s. */
  connectTimeoutMs?: number;
  /** Time allowed for the whole call, connection to last byte of the answer. Default 30 s. */
  timeoutMs?: number;
  /** Cancels the call (the operator closed the window, the app is quitting). */
  signal?: AbortSignal;
};

export type GatewayOk<R> = { kind: 'ok'; response: R; raw: string; httpStatus: number };

/** A pay-in the gateway accepted: approved, waiting for 3DS/redirect, or still processing. */
export type PayInOk = GatewayOk<PayInResponse> & {
  status: Extract<PayInStatus, 'approved' | 'action_required' | 'processing'>;
  /** What the operator must open for an action_required pay-in. */
  action?: { htmlSource?: string; redirectURL?: string };
};

type WithStatus<F, S extends PayInStatus> = F & { status: S };
export type PayInResult =
  | PayInOk
  | WithStatus<Declined, 'declined'>
  | WithStatus<Refused, 'refused'>
  | WithStatus<OutcomeUnknown, 'outcome_unknown'>
  | WithStatus<NotSent, 'not_sent'>;

export type KycResult = GatewayOk<KycResponse> | Refused | OutcomeUnknown | NotSent;

type HttpAnswer = { httpStatus: number; raw: string };
type Transport = HttpAnswer | NotSent | OutcomeUnknown;

function endpoint(baseUrl: string, path: string): URL {
  const url = new URL(`${baseUrl.replace(/\/+$/, '')}${path}`);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`The gateway URL must start with https:// or http://, not ${url.protocol}`);
  }
  return url;
}

function isAbort(error: unknown, name: 'TimeoutError' | 'AbortError'): boolean {
  return error instanceof Error && error.name === name;
}

/** Sends one POST and reads the whole answer, or says at which stage and why it failed. */
async function post(
  operation: GatewayOperation,
  url: URL,
  body: { contentType: string; text: string },
  options: GatewayCallOptions,
): Promise<Transport> {
  const connectTimeoutMs = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const host = url.host;
  let connected = false;
  const connect = buildConnector({ timeout: connectTimeoutMs });
  const agent = new Agent({
    connect: (connectOptions, callback) =>
      connect(connectOptions, (...args) => {
        if (args[0] === null) connected = true;
        callback(...args);
      }),
    // One request per agent: nothing to keep alive, and no pooled socket that the server closed.
    pipelining: 0,
  });
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': body.contentType, accept: 'application/json' },
      body: body.text,
      signal,
      redirect: 'manual',
      // undici's own Agent type and the one in @types/node's fetch are the same class in two packages.
      dispatcher: agent as unknown as RequestInit['dispatcher'],
    });
    const raw = await response.text();
    return { httpStatus: response.status, raw };
  } catch (error) {
    const codes = errorCodes(error);
    const cause = codes[0] ?? (error instanceof Error ? error.name : undefined);
    const timedOut = timeout.aborted && (isAbort(error, 'TimeoutError') || isAbort(error, 'AbortError'));
    const cancelled = !timedOut && options.signal?.aborted === true;
    if (!connected) {
      // No connection was ever made, so no byte of the request can have reached the gateway.
      const reason = cancelled ? 'cancelled' : timedOut ? 'connect_timeout' : connectFailureReason(codes);
      return notSent(reason, {
        host,
        connectTimeoutMs: timedOut ? Math.min(connectTimeoutMs, timeoutMs) : connectTimeoutMs,
        ...(cause ? { cause } : {}),
      });
    }
    const reason = cancelled ? 'cancelled' : timedOut ? 'timeout' : 'connection_lost';
    return outcomeUnknown(operation, reason, { timeoutMs, ...(cause ? { cause } : {}) });
  } finally {
    void agent.destroy().catch(() => undefined);
  }
}

function parseJson(raw: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(raw) };
  } catch {
    return { ok: false };
  }
}

function traceidOf(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const traceid = (value as { traceid?: unknown }).traceid;
  return typeof traceid === 'string' && traceid !== '' ? traceid : undefined;
}

function describeIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  return issues
    .slice(0, 3)
    .map((issue) => `${issue.path.map(String).join('.') || 'body'}: ${issue.message}`)
    .join('; ');
}

type Interpreted<R> = GatewayOk<R> | Refused | OutcomeUnknown;

/**
 * HTTP status first (A1: business outcomes answer 200, transport problems 4xx, gateway faults 5xx),
 * then the body: not JSON or not the expected shape is outcome_unknown, a non-zero code is refused.
 */
function interpret<R extends { code?: number | undefined; msg: string }>(
  operation: GatewayOperation,
  answer: HttpAnswer,
  schema: {
    safeParse: (
      value: unknown,
    ) =>
      | { success: true; data: R }
      | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
  },
  timeoutMs: number,
): Interpreted<R> {
  const { httpStatus, raw } = answer;
  const json = parseJson(raw);
  const traceid = json.ok ? traceidOf(json.value) : undefined;
  const context = { timeoutMs, httpStatus, raw, ...(traceid ? { traceid } : {}) };
  if (httpStatus >= 500) return outcomeUnknown(operation, 'server_error', context);
  if (httpStatus >= 400) {
    // The gateway turned the request away before acting on it (bad body, wrong path, too large, …).
    const parsed = json.ok ? schema.safeParse(json.value) : undefined;
    const data = parsed?.success ? parsed.data : undefined;
    return refused(operation, {
      code: data?.code ?? null,
      gatewayMessage: data?.msg ?? `HTTP ${httpStatus}`,
      httpStatus,
      raw,
      ...(traceid ? { traceid } : {}),
    });
  }
  if (httpStatus < 200 || httpStatus >= 300) {
    return outcomeUnknown(operation, 'unexpected_body', { ...context, detail: `HTTP ${httpStatus}` });
  }
  if (!json.ok) return outcomeUnknown(operation, 'not_json', context);
  const parsed = schema.safeParse(json.value);
  if (!parsed.success) {
    return outcomeUnknown(operation, 'unexpected_body', {
      ...context,
      detail: describeIssues(parsed.error.issues),
    });
  }
  const response = parsed.data;
  if (response.code !== undefined && response.code !== RESULT_CODE.OK) {
    return refused(operation, {
      code: response.code,
      gatewayMessage: response.msg,
      httpStatus,
      raw,
      ...(traceid ? { traceid } : {}),
    });
  }
  return { kind: 'ok', response, raw, httpStatus };
}

/** The pay-in status an accepted answer means (assumption A5), or why it cannot be told. */
export function payInOutcome(response: PayInResponse): {
  status: 'approved' | 'declined' | 'action_required' | 'processing' | undefined;
  action?: { htmlSource?: string; redirectURL?: string };
} {
  const data = response.data ?? undefined;
  const textStatus = data?.status?.toUpperCase();
  if (data?.orderStatus === ORDER_STATUS.DECLINED || textStatus === 'DECLINED') return { status: 'declined' };
  const htmlSource = data?.htmlSource || data?.pageData || undefined;
  const redirectURL = data?.redirectURL || undefined;
  if (htmlSource || redirectURL) {
    return {
      status: 'action_required',
      action: { ...(htmlSource ? { htmlSource } : {}), ...(redirectURL ? { redirectURL } : {}) },
    };
  }
  if (
    data?.orderStatus === ORDER_STATUS.COMPLETED ||
    textStatus === 'COMPLETED' ||
    textStatus === 'APPROVED'
  ) {
    return { status: 'approved' };
  }
  if (data?.orderStatus === ORDER_STATUS.PROCESSING || textStatus === 'PROCESSING')
    return { status: 'processing' };
  return { status: undefined };
}

async function sendPayIn(
  url: URL,
  body: { contentType: string; text: string },
  options: GatewayCallOptions,
): Promise<PayInResult> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const transport = await post('payin', url, body, options);
  if ('kind' in transport) return { ...transport, status: transport.kind } as PayInResult;
  const result = interpret('payin', transport, payInResponseSchema, timeoutMs);
  if (result.kind !== 'ok') return { ...result, status: result.kind } as PayInResult;
  const outcome = payInOutcome(result.response);
  const traceid = result.response.traceid || undefined;
  if (outcome.status === 'declined') {
    return {
      ...declined({
        remark: result.response.data?.remark ?? '',
        httpStatus: result.httpStatus,
        raw: result.raw,
        ...(traceid ? { traceid } : {}),
      }),
      status: 'declined',
    };
  }
  if (outcome.status === undefined) {
    // Accepted, but with no order status Paydesk can read: the money question stays open.
    return {
      ...outcomeUnknown('payin', 'unexpected_body', {
        timeoutMs,
        httpStatus: result.httpStatus,
        raw: result.raw,
        detail: 'no order status',
        ...(traceid ? { traceid } : {}),
      }),
      status: 'outcome_unknown',
    };
  }
  const ok: PayInOk = { ...result, status: outcome.status };
  if (outcome.action) ok.action = outcome.action;
  return ok;
}

/** POST {baseUrl}/openapi/v2/pwpp with a JSON body. */
export function sendPayInV2(
  baseUrl: string,
  body: Readonly<Record<string, unknown>>,
  options: GatewayCallOptions = {},
): Promise<PayInResult> {
  return sendPayIn(
    endpoint(baseUrl, '/openapi/v2/pwpp'),
    { contentType: 'application/json', text: JSON.stringify(body) },
    options,
  );
}

/** The form encoding of a v1 body: every value as its text, undefined fields left out (A3: merchantId digits). */
export function formEncode(body: Readonly<Record<string, unknown>>): string {
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(body)) {
    if (value === undefined || value === null) continue;
    form.append(name, typeof value === 'string' ? value : JSON.stringify(value));
  }
  return form.toString();
}

/** POST {baseUrl}/openapi/v1/pwpp with a form body; `sign` must already be set. */
export function sendPayInV1(
  baseUrl: string,
  body: Readonly<Record<string, unknown>> & { sign: string },
  options: GatewayCallOptions = {},
): Promise<PayInResult> {
  return sendPayIn(
    endpoint(baseUrl, '/openapi/v1/pwpp'),
    { contentType: 'application/x-www-form-urlencoded', text: formEncode(body) },
    options,
  );
}

/** POST {kycBaseUrl}/openapi/v1/submitKYC with a signed JSON body. */
export async function submitKyc(
  kycBaseUrl: string,
  body: Readonly<Record<string, unknown>> & { sign: string },
  options: GatewayCallOptions = {},
): Promise<KycResult> {
  const transport = await post(
    'kyc',
    endpoint(kycBaseUrl, '/openapi/v1/submitKYC'),
    { contentType: 'application/json', text: JSON.stringify(body) },
    options,
  );
  if ('kind' in transport) return transport;
  return interpret('kyc', transport, kycResponseSchema, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
}
