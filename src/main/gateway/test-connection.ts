// "Test connection" for a profile: does each address it names reach the gateway? Pay-ins and KYC may live
// on different hosts (section 4: {base_url} and {kyc_base_url}), so both are tried, at the very URLs a
// pay-in or a KYC batch would use (the client's `endpoint`, which keeps a base URL's own path), with an
// empty JSON body: it names no merchant, so the gateway refuses it before anything else and nothing can
// be charged. The result says, per address, in words an operator can act on, what was reached and what not.
import type { ConnectionTest, EndpointCheck } from '@shared/connection-test';
import type { NotificationService } from '@shared/notification-service';
import { joined, type Worded, worded } from '../i18n/worded';
import { endpoint, post, type Transport } from './client';
import type { NotSent, OutcomeUnknown } from './errors';
import { checkServiceHealth, type WordedCheck } from './service-health';

type Target = Exclude<EndpointCheck['target'], 'notify'>;

/** Each operation's path, and the setting that names its address (the catalogue's sentences name it). */
const TARGETS: Record<Target, { setting: 'base_url' | 'kyc_base_url'; path: string }> = {
  payin: { setting: 'base_url', path: '/openapi/v2/pwpp' },
  kyc: { setting: 'kyc_base_url', path: '/openapi/v1/submitKYC' },
};

/** The longest piece of the gateway's own `msg` quoted back. */
const QUOTE_MAX = 120;

interface ConnectionTestOptions {
  connectTimeoutMs: number;
  /** The whole exchange, connection to last byte: the profile's request timeout. */
  timeoutMs: number;
}

function seconds(ms: number): number {
  return Number((ms / 1000).toFixed(1));
}

/** The gateway's own words, on one line and cut short: quoted by the catalogue's sentence. */
function quoted(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length > QUOTE_MAX ? `${oneLine.slice(0, QUOTE_MAX)}…` : oneLine;
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

function notConnected(failure: NotSent, url: URL, setting: string, options: ConnectionTestOptions): Worded {
  const host = url.host;
  switch (failure.reason) {
    case 'connection_refused':
      return worded('settings.connection.check.refused', { host, setting });
    case 'dns':
      return worded('settings.connection.check.dns', { hostname: url.hostname, setting });
    case 'connect_timeout':
      return worded('settings.connection.check.connectTimeout', {
        host,
        seconds: seconds(options.connectTimeoutMs),
      });
    case 'tls':
      return worded('settings.connection.check.tls', { host });
    case 'network':
      return worded('settings.connection.check.network', { host });
    case 'cancelled':
      return worded('settings.connection.check.cancelled');
  }
}

function noAnswer(failure: OutcomeUnknown, url: URL, options: ConnectionTestOptions): Worded {
  const host = url.host;
  if (failure.reason === 'timeout')
    return worded('settings.connection.check.timeout', { host, seconds: seconds(options.timeoutMs) });
  if (failure.reason === 'cancelled') return worded('settings.connection.check.cancelledAfter', { host });
  return worded('settings.connection.check.closed', { host });
}

/** What one address's answer (or failure) means for the operator. */
function describeCheck(
  target: Target,
  url: URL,
  transport: Transport,
  latencyMs: number,
  options: ConnectionTestOptions,
): WordedCheck {
  const { setting } = TARGETS[target];
  const base = { target, url: url.href, latencyMs };
  if ('kind' in transport) {
    const failure =
      transport.kind === 'not_sent'
        ? notConnected(transport, url, setting, options)
        : noAnswer(transport, url, options);
    return { ...base, reached: false, ok: false, ...failure };
  }
  const { httpStatus, raw } = transport;
  const reached = { ...base, reached: true, httpStatus };
  const host = url.host;
  const msg = gatewayMsg(raw);
  if (httpStatus >= 300 && httpStatus < 400) {
    const words = worded('settings.connection.check.redirect', { host, status: httpStatus, setting });
    return { ...reached, ok: false, ...words };
  }
  if (msg === undefined) {
    const words = worded('settings.connection.check.notGateway', { host, status: httpStatus, setting });
    return { ...reached, ok: false, ...words };
  }
  if (httpStatus === 404 || httpStatus === 405) {
    const path = url.pathname;
    const words = worded('settings.connection.check.noPath', {
      host,
      path,
      status: httpStatus,
      msg: quoted(msg),
      setting,
    });
    return { ...reached, ok: false, ...words };
  }
  if (httpStatus >= 500) {
    const words = worded('settings.connection.check.serverError', { status: httpStatus, msg: quoted(msg) });
    return { ...reached, ok: false, ...words };
  }
  const words = worded('settings.connection.check.answered', { latency: latencyMs, msg: quoted(msg) });
  return { ...reached, ok: true, ...words };
}

async function check(target: Target, baseUrl: string, options: ConnectionTestOptions): Promise<WordedCheck> {
  let url: URL;
  try {
    url = endpoint(baseUrl, TARGETS[target].path);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    const words = worded('settings.connection.check.notTried', { setting: TARGETS[target].setting, detail });
    return { target, url: baseUrl, reached: false, ok: false, latencyMs: 0, ...words };
  }
  const started = performance.now();
  const transport = await post(target, url, { contentType: 'application/json', text: '{}' }, options);
  return describeCheck(target, url, transport, Math.round(performance.now() - started), options);
}

const ownWords = (one: WordedCheck): Worded => ({ message: one.message, words: one.words });

/** The sum: both addresses' times when both answered, else each address's outcome; the service's after. */
function summary(checks: readonly WordedCheck[]): Worded[] {
  const gateway = checks.filter((one) => one.target !== 'notify');
  const service = checks
    .filter((one) => one.target === 'notify')
    .flatMap((one) => [worded('settings.connection.sum.notifications'), ownWords(one)]);
  if (gateway.every((one) => one.ok)) {
    const latency = (target: Target) => gateway.find((one) => one.target === target)?.latencyMs ?? 0;
    return [
      worded('settings.connection.sum.allReached', { payin: latency('payin'), kyc: latency('kyc') }),
      ...service,
    ];
  }
  return [
    ...gateway.flatMap((one) =>
      one.ok
        ? [worded('settings.connection.sum.answered', { target: one.target, latency: one.latencyMs })]
        : [worded('settings.connection.sum.label', { target: one.target }), ownWords(one)],
    ),
    ...service,
  ];
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
  const sum = joined(summary(checks));
  return {
    ok: checks.every((one) => one.ok),
    message: sum.message,
    words: sum.words,
    latencyMs: checks[0]!.latencyMs,
    checks,
  };
}
