// Test connection's third question, for a profile that names a notification service: does the service
// answer at its public address, and does it reach the team database (its `/health`)? Without the
// database the service answers the gateway 503, so the gateway's notifications wait at the gateway and
// pay-ins stay awaiting confirmation on the desks. A GET with no body and nothing of the merchant's.
import { rootCertificates } from 'node:tls';
import type { EndpointCheck } from '@shared/connection-test';
import type { RefusalWords } from '@shared/ipc-error';
import {
  NOTIFICATION_SERVICE_PATHS,
  type NotificationService,
  serviceHealthSchema,
} from '@shared/notification-service';
import { type Worded, worded } from '../i18n/worded';
import { connectFailureReason, errorCodes } from './errors';

/** A check as main makes it: always with its words (the schema's are optional, for older answers). */
export type WordedCheck = EndpointCheck & { words: RefusalWords };

interface ServiceHealthOptions {
  connectTimeoutMs: number;
  timeoutMs: number;
  /** A CA to trust beside the system's (tests: the CA made at test time for nginx). */
  extraCa?: string;
}

function seconds(ms: number): number {
  return Number((ms / 1000).toFixed(1));
}

function unreached(codes: readonly string[], url: URL, options: ServiceHealthOptions): Worded {
  const host = url.host;
  switch (connectFailureReason(codes)) {
    case 'connection_refused':
      return worded('settings.connection.service.refused', { host });
    case 'dns':
      return worded('settings.connection.service.dns', { hostname: url.hostname });
    case 'connect_timeout':
      return worded('settings.connection.service.connectTimeout', {
        host,
        seconds: seconds(options.connectTimeoutMs),
      });
    case 'tls':
      return worded('settings.connection.service.tls', { host });
    case 'network':
      return worded('settings.connection.check.network', { host });
  }
}

/** GET <base>/health, and what it means for the operator. */
export async function checkServiceHealth(
  service: NotificationService,
  options: ServiceHealthOptions,
): Promise<WordedCheck> {
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
      const words = worded('settings.connection.service.notService', {
        host: url.host,
        status: response.status,
      });
      return { ...reached, ok: false, ...words };
    }
    if (health.data.database === 'reachable' && response.status === 200) {
      const { version } = health.data;
      const words = worded('settings.connection.service.healthy', { version, latency: latencyMs });
      return { ...reached, ok: true, ...words };
    }
    const words = worded('settings.connection.service.noDatabase', { version: health.data.version });
    return { ...reached, ok: false, ...words };
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    return {
      ...base,
      reached: false,
      ok: false,
      latencyMs: elapsed(),
      ...(timedOut
        ? worded('settings.connection.service.timeout', {
            host: url.host,
            seconds: seconds(options.timeoutMs),
          })
        : unreached(errorCodes(error), url, options)),
    };
  } finally {
    void agent.destroy().catch(() => undefined);
  }
}
