// "Test connection" for a profile: does each address it names reach the gateway? Pay-ins and KYC may live
// on different hosts (section 4: {base_url} and {kyc_base_url}), so both are tried, at the very URLs a
// pay-in or a KYC batch would use (the client's `endpoint`, which keeps a base URL's own path), with an
// empty JSON body: it names no merchant, so the gateway refuses it before anything else and nothing can
// be charged. The result says, per address, in words an operator can act on, what was reached and what not.
import type { ConnectionTest, EndpointCheck } from '@shared/connection-test';
import type { NotificationService } from '@shared/notification-service';
import { endpoint, post, type Transport } from './client';
import type { NotSent, OutcomeUnknown } from './errors';
import { checkServiceHealth } from './service-health';

type Target = Exclude<EndpointCheck['target'], 'notify'>;

const TARGETS: Record<Target, { label: string; inSentence: string; setting: string; path: string }> = {
  payin: {
    label: 'Pay-ins',
    inSentence: 'pay-ins',
    setting: 'the gateway base URL (base_url)',
    path: '/openapi/v2/pwpp',
  },
  kyc: {
    label: 'KYC',
    inSentence: 'KYC',
    setting: 'the KYC base URL (kyc_base_url)',
    path: '/openapi/v1/submitKYC',
  },
};

/** The longest piece of the gateway's own `msg` quoted back. */
const QUOTE_MAX = 120;

interface ConnectionTestOptions {
  connectTimeoutMs: number;
  /** The whole exchange, connection to last byte: the profile's request timeout. */
  timeoutMs: number;
}

function seconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(1))} s`;
}

function quote(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return `"${oneLine.length > QUOTE_MAX ? `${oneLine.slice(0, QUOTE_MAX)}…` : oneLine}"`;
}

/** The gateway's answer shape (section 7 rule 1, A2): a JSON object with `msg` and `traceid` texts. */
function gatewayMsg(raw: string): string | undefined {
  try {
    const body: unknown = JSON.parse(raw);
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
    const { msg, traceid } = body as { msg?: unknown; traceid?: unknown };
    return typeof msg === 'string' && typeof traceid === 'string' ? msg : undefined;
  } catch {
    return undefined;
  }
}

function notConnected(failure: NotSent, url: URL, setting: string, options: ConnectionTestOptions): string {
  switch (failure.reason) {
    case 'connection_refused':
      return `Not reached: nothing is listening at ${url.host} (connection refused). Check ${setting} and that the gateway is running.`;
    case 'dns':
      return `Not reached: the name ${url.hostname} was not found (DNS). Check ${setting}.`;
    case 'connect_timeout':
      return `Not reached: ${url.host} did not accept a connection within ${seconds(options.connectTimeoutMs)} (a firewall, a proxy, or a wrong address).`;
    case 'tls':
      return `Not reached: the secure connection to ${url.host} failed (its certificate or TLS setup was not accepted).`;
    case 'network':
      return `Not reached: no network route to ${url.host}.`;
    case 'cancelled':
      return 'Not reached: the test was cancelled.';
  }
}

function noAnswer(failure: OutcomeUnknown, url: URL, options: ConnectionTestOptions): string {
  if (failure.reason === 'timeout')
    return `Connected to ${url.host}, but no answer came within ${seconds(options.timeoutMs)}.`;
  if (failure.reason === 'cancelled') return `Connected to ${url.host}, then the test was cancelled.`;
  return `Connected to ${url.host}, but the connection closed before an answer came.`;
}

/** What one address's answer (or failure) means for the operator. */
function describeCheck(
  target: Target,
  url: URL,
  transport: Transport,
  latencyMs: number,
  options: ConnectionTestOptions,
): EndpointCheck {
  const { setting } = TARGETS[target];
  const base = { target, url: url.href, latencyMs };
  if ('kind' in transport) {
    const message =
      transport.kind === 'not_sent'
        ? notConnected(transport, url, setting, options)
        : noAnswer(transport, url, options);
    return { ...base, reached: false, ok: false, message };
  }
  const { httpStatus, raw } = transport;
  const reached = { ...base, reached: true, httpStatus };
  const msg = gatewayMsg(raw);
  if (httpStatus >= 300 && httpStatus < 400) {
    return {
      ...reached,
      ok: false,
      message: `${url.host} answered with a redirect (HTTP ${httpStatus}) instead of the gateway's answer. Check ${setting}: https:// instead of http://, or a missing path.`,
    };
  }
  if (msg === undefined) {
    return {
      ...reached,
      ok: false,
      message: `${url.host} answered (HTTP ${httpStatus}), but not as the gateway does (no JSON with msg and traceid). Check ${setting}: it may point at another server or a proxy's page.`,
    };
  }
  if (httpStatus === 404 || httpStatus === 405) {
    return {
      ...reached,
      ok: false,
      message: `${url.host} answered, but has no ${url.pathname} (HTTP ${httpStatus}: ${quote(msg)}). Check the path in ${setting}.`,
    };
  }
  if (httpStatus >= 500) {
    return {
      ...reached,
      ok: false,
      message: `The gateway answered with an internal error (HTTP ${httpStatus}: ${quote(msg)}): it is reachable but not working.`,
    };
  }
  return {
    ...reached,
    ok: true,
    message: `The gateway answered in ${latencyMs} ms, refusing the empty test request as it should: ${quote(msg)}.`,
  };
}

async function check(
  target: Target,
  baseUrl: string,
  options: ConnectionTestOptions,
): Promise<EndpointCheck> {
  let url: URL;
  try {
    url = endpoint(baseUrl, TARGETS[target].path);
  } catch (error) {
    return {
      target,
      url: baseUrl,
      reached: false,
      ok: false,
      latencyMs: 0,
      message: `Not tried: ${TARGETS[target].setting} is not a usable address (${error instanceof Error ? error.message : String(error)}).`,
    };
  }
  const started = performance.now();
  const transport = await post(target, url, { contentType: 'application/json', text: '{}' }, options);
  return describeCheck(target, url, transport, Math.round(performance.now() - started), options);
}

function summary(checks: readonly EndpointCheck[]): string {
  const gateway = checks.filter((one) => one.target !== 'notify');
  const service = checks
    .filter((one) => one.target === 'notify')
    .map((one) => `Notifications: ${one.message}`);
  if (gateway.every((one) => one.ok)) {
    const times = gateway.map((one) => `${TARGETS[one.target as Target].inSentence} in ${one.latencyMs} ms`);
    return [`The gateway answered at both addresses: ${times.join(', ')}.`, ...service].join(' ');
  }
  return [
    ...gateway.map(
      (one) =>
        `${TARGETS[one.target as Target].label}: ${one.ok ? `the gateway answered in ${one.latencyMs} ms.` : one.message}`,
    ),
    ...service,
  ].join(' ');
}

/**
 * Tries the pay-in and the KYC address at once, and the profile's notification service's health when it
 * names one, and says what each reached.
 */
export async function testConnection(
  endpoints: { baseUrl: string; kycBaseUrl: string },
  options: ConnectionTestOptions & { notificationService?: NotificationService; extraCa?: string },
): Promise<ConnectionTest> {
  const { notificationService, extraCa, ...gatewayOptions } = options;
  const checks = await Promise.all([
    check('payin', endpoints.baseUrl, gatewayOptions),
    check('kyc', endpoints.kycBaseUrl, gatewayOptions),
    ...(notificationService
      ? [checkServiceHealth(notificationService, { ...gatewayOptions, ...(extraCa && { extraCa }) })]
      : []),
  ]);
  return {
    ok: checks.every((one) => one.ok),
    message: summary(checks),
    latencyMs: checks[0]!.latencyMs,
    checks,
  };
}
