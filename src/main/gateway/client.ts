// The gateway's HTTP client: one POST per call, never retried (a retried pay-in can charge twice), and
// every outcome returned as a value (reading the answer is payin-answer.ts and kyc-answer.ts). The hard part is telling "the request never left" (not_sent: safe to
// send again) from "it left and the answer was lost" (outcome_unknown). Each call gets its own undici
// Agent whose connector records whether a connection was ever made: a failure before that is not_sent
// whatever its error code; anything after it is outcome_unknown.
import {
  connectFailureReason,
  errorCodes,
  type GatewayOperation,
  type NotSent,
  notSent,
  type OutcomeUnknown,
  outcomeUnknown,
} from './errors';
import { type KycAnswer, kycTransportAnswer, readKycAnswer } from './kyc-answer';
import { type HttpAnswer, type PayInAnswer, readPayInAnswer, transportAnswer } from './payin-answer';

const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;
const DEFAULT_TIMEOUT_MS = 30_000;

export type GatewayCallOptions = {
  /** Time allowed to open the connection (TCP + TLS). Default 10 s. */
  connectTimeoutMs?: number;
  /** Time allowed for the whole call, connection to last byte of the answer. Default 30 s. */
  timeoutMs?: number;
  /** Cancels the call (the operator closed the window, the app is quitting). */
  signal?: AbortSignal;
};

export type Transport = HttpAnswer | NotSent | OutcomeUnknown;

/**
 * `{base_url}` + an operation's path, as section 4 writes it: the base URL's own path is kept (a gateway
 * under `/gw/v3` is called at `/gw/v3/openapi/v2/pwpp`), a trailing slash is not doubled.
 */
export function endpoint(baseUrl: string, path: string): URL {
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
// undici loads with the first gateway call, not at start: it is the heaviest module main needs (about 50 ms
// of the start-up's module loading on this project's machine). A failure to load it comes before anything
// is sent.
let undiciModule: Promise<typeof import('undici')> | undefined;
const loadUndici = () => {
  undiciModule ??= import('undici').catch((error: unknown) => {
    undiciModule = undefined;
    throw error;
  });
  return undiciModule;
};

export async function post(
  operation: GatewayOperation,
  url: URL,
  body: { contentType: string; text: string },
  options: GatewayCallOptions,
): Promise<Transport> {
  const connectTimeoutMs = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const host = url.host;
  let connected = false;
  const { Agent, buildConnector } = await loadUndici();
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

async function sendPayIn(
  url: URL,
  body: { contentType: string; text: string },
  options: GatewayCallOptions,
): Promise<PayInAnswer> {
  const transport = await post('payin', url, body, options);
  if ('kind' in transport) return transportAnswer(transport);
  return readPayInAnswer(transport, { timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS });
}

/** POST {baseUrl}/openapi/v2/pwpp with a JSON body. */
export function sendPayInV2(
  baseUrl: string,
  body: Readonly<Record<string, unknown>>,
  options: GatewayCallOptions = {},
): Promise<PayInAnswer> {
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
): Promise<PayInAnswer> {
  return sendPayIn(
    endpoint(baseUrl, '/openapi/v1/pwpp'),
    { contentType: 'application/x-www-form-urlencoded', text: formEncode(body) },
    options,
  );
}

/** POST {kycBaseUrl}/openapi/v1/submitKYC with a signed JSON body; the answer is read against the count sent. */
export async function submitKyc(
  kycBaseUrl: string,
  body: Readonly<Record<string, unknown>> & { sign: string; data: readonly unknown[] },
  options: GatewayCallOptions = {},
): Promise<KycAnswer> {
  const transport = await post(
    'kyc',
    endpoint(kycBaseUrl, '/openapi/v1/submitKYC'),
    { contentType: 'application/json', text: JSON.stringify(body) },
    options,
  );
  if ('kind' in transport) return kycTransportAnswer(transport);
  return readKycAnswer(transport, {
    sent: body.data.length,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  });
}
