// The pay-in service's way to the gateway: the real HTTP client, or a stand-in in drills and benchmarks.
import { type GatewayCallOptions, sendPayInV1, sendPayInV2 } from '../gateway/client';
import type { PayInAnswer } from '../gateway/payin-answer';
import type { PayInBody } from './in-flight';

export interface PayInTransport {
  send(
    version: 'v1' | 'v2',
    baseUrl: string,
    body: PayInBody,
    timeouts: { connectTimeoutMs: number; requestTimeoutMs: number },
  ): Promise<PayInAnswer>;
}

export const gatewayTransport: PayInTransport = {
  send(version, baseUrl, body, timeouts) {
    const options: GatewayCallOptions = {
      connectTimeoutMs: timeouts.connectTimeoutMs,
      timeoutMs: timeouts.requestTimeoutMs,
    };
    return version === 'v2'
      ? sendPayInV2(baseUrl, body, options)
      : sendPayInV1(baseUrl, body as PayInBody & { sign: string }, options);
  },
};
