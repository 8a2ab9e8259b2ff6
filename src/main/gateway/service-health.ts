// Test connection's third question, for a profile that names a notification service: does the service
// answer at its public address, and does it reach the team database (its `/health`)? Without the
// database the service answers the gateway 503, so the gateway's notifications wait at the gateway and
// pay-ins stay awaiting confirmation on the desks. A GET with no body and nothing of the merchant's.
import { rootCertificates } from 'node:tls';
import type { EndpointCheck } from '@shared/connection-test';
import {
  NOTIFICATION_SERVICE_PATHS,
  type NotificationService,
  serviceHealthSchema,
} from '@shared/notification-service';
import { connectFailureReason, errorCodes } from './errors';

interface ServiceHealthOptions {
  connectTimeoutMs: number;
  timeoutMs: number;
  /** A CA to trust beside the system's (tests: the CA made at test time for nginx). */
  extraCa?: string;
}

function seconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(1))} s`;
}

function unreached(codes: readonly string[], url: URL, options: ServiceHealthOptions): string {
  switch (connectFailureReason(codes)) {
    case 'connection_refused':
      return `Not reached: nothing is listening at ${url.host} (connection refused). Check the notification service address and that the service (and its TLS proxy) runs.`;
    case 'dns':
      return `Not reached: the name ${url.hostname} was not found (DNS). Check the notification service address.`;
    case 'connect_timeout':
      return `Not reached: ${url.host} did not accept a connection within ${seconds(options.connectTimeoutMs)}.`;
    case 'tls':
      return `Not reached: the secure connection to ${url.host} failed (its certificate was not accepted). The gateway will refuse it too.`;
    case 'network':
      return `Not reached: no network route to ${url.host}.`;
  }
}

/** GET <base>/health, and what it means for the operator. */
export async function checkServiceHealth(
  service: NotificationService,
  options: ServiceHealthOptions,
): Promise<EndpointCheck> {
  const url = new URL(`${service.baseUrl}${NOTIFICATION_SERVICE_PATHS.health}`);
  const base = { target: 'notify' as const, url: url.href };
  const { Agent } = await import('undici');
  const agent = new Agent({
    connect: {
      timeout: options.connectTimeoutMs,
      ...(options.extraCa && { ca: [...rootCertificates, options.extraCa] }),
    },
    pipelining: 0,
  });
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const response = await fetch(url, {
      headers: { accept: 'application/json' },
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs),
      dispatcher: agent as unknown as RequestInit['dispatcher'],
    });
    const raw = await response.text();
    const latencyMs = elapsed();
    const reached = { ...base, reached: true, httpStatus: response.status, latencyMs };
    let health: ReturnType<typeof serviceHealthSchema.safeParse>;
    try {
      health = serviceHealthSchema.safeParse(JSON.parse(raw));
    } catch {
      health = serviceHealthSchema.safeParse(undefined);
    }
    if (!health.success) {
      return {
        ...reached,
        ok: false,
        message: `${url.host} answered (HTTP ${response.status}), but not as Paydesk's notification service does. Check the notification service address: it may point at another server or a proxy's page.`,
      };
    }
    if (health.data.database === 'reachable' && response.status === 200) {
      return {
        ...reached,
        ok: true,
        message: `The notification service (version ${health.data.version}) answered in ${latencyMs} ms and reaches the team database.`,
      };
    }
    return {
      ...reached,
      ok: false,
      message: `The notification service (version ${health.data.version}) answered, but it does not reach the team database: it answers the gateway's notifications 503 until it does, and pay-ins wait for them.`,
    };
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    return {
      ...base,
      reached: false,
      ok: false,
      latencyMs: elapsed(),
      message: timedOut
        ? `No answer from ${url.host} within ${seconds(options.timeoutMs)}.`
        : unreached(errorCodes(error), url, options),
    };
  } finally {
    void agent.destroy().catch(() => undefined);
  }
}
