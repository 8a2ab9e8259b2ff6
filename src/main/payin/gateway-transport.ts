// The pay-in service's way to the gateway: the real HTTP client, or a stand-in in drills and benchmarks.
import { type GatewayCallOptions, sendPayInV1, sendPayInV2 } from '../gateway/client';
import type { PayInAnswer } from '../gateway/payin-answer';
import type { WireRequest } from './in-flight';

export interface PayInTransport {
  send(
    request: WireRequest,
    baseUrl: string,
    timeouts: { connectTimeoutMs: number; requestTimeoutMs: number },
  ): Promise<PayInAnswer>;
}

export const gatewayTransport: PayInTransport = {
  send(request, baseUrl, timeouts) {
    const options: GatewayCallOptions = {
      connectTimeoutMs: timeouts.connectTimeoutMs,
      timeoutMs: timeouts.requestTimeoutMs,
    };
    return request.version === 'v2'
      ? sendPayInV2(baseUrl, request.body, options)
      : sendPayInV1(baseUrl, request.body, options);
  },
};
