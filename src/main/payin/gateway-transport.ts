// Adapts the gateway client's classified results to what the pay-in service records.
import type { PayInResult as ClientResult, GatewayCallOptions } from '../gateway/client';
import { sendPayInV1, sendPayInV2 } from '../gateway/client';
import type { PayInBody, PayInOutcome, PayInTransport } from './payin-service';

export function toPayInOutcome(result: ClientResult): PayInOutcome {
  switch (result.status) {
    case 'approved':
    case 'processing':
    case 'action_required': {
      const data = result.response.data ?? undefined;
      return {
        status: result.status,
        orderId: data?.orderId,
        traceid: result.response.traceid,
        htmlSource: result.action?.htmlSource,
        redirectURL: result.action?.redirectURL,
        ccStorageID: data?.ccStorageID || undefined,
        rawResponse: result.raw,
        message: result.response.msg || undefined,
      };
    }
    case 'declined':
      return {
        status: 'declined',
        traceid: result.traceid,
        orderId: orderIdOf(result.raw),
        remark: result.remark,
        message: result.message,
        rawResponse: result.raw,
      };
    case 'refused':
      return {
        status: 'refused',
        traceid: result.traceid,
        message: result.message,
        field: result.field,
        rawResponse: result.raw,
        error: { kind: 'refused', message: result.message, ...(result.field && { field: result.field }) },
      };
    case 'outcome_unknown':
      return {
        status: 'outcome_unknown',
        traceid: result.traceid,
        message: result.message,
        rawResponse: result.raw ?? null,
        error: { kind: 'outcome_unknown', message: result.message },
      };
    case 'not_sent':
      return {
        status: 'not_sent',
        message: result.message,
        rawResponse: null,
        error: { kind: 'not_sent', message: result.message },
      };
  }
}

function orderIdOf(raw: string): string | undefined {
  try {
    const orderId = (JSON.parse(raw) as { data?: { orderId?: unknown } }).data?.orderId;
    return typeof orderId === 'string' ? orderId : undefined;
  } catch {
    return undefined;
  }
}

export const gatewayTransport: PayInTransport = {
  async send(version, baseUrl, body: PayInBody, timeouts) {
    const options: GatewayCallOptions = {
      connectTimeoutMs: timeouts.connectTimeoutMs,
      timeoutMs: timeouts.requestTimeoutMs,
    };
    const result =
      version === 'v2'
        ? await sendPayInV2(baseUrl, body, options)
        : await sendPayInV1(baseUrl, body as PayInBody & { sign: string }, options);
    return toPayInOutcome(result);
  },
};
