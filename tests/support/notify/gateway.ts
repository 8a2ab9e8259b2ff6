// The gateway's side of a notification, for the notification service's tests: a body signed as the
// sandbox signs one (A12), and a POST over https that trusts only the test CA.
import { randomUUID } from 'node:crypto';
import type { SignAlgorithm } from '@shared/gateway/sign-algorithm';
import { Agent, request } from 'undici';
import { signBody } from '../../../src/node/sign';

interface NotificationFields {
  merchantId: number;
  merchantTradeNo: string;
  orderId: string;
  orderStatus: number;
  amount: string;
  remark: string;
  traceid: string;
}

export function notificationFields(
  merchantId: number,
  overrides: Partial<NotificationFields> = {},
): NotificationFields {
  return {
    merchantId,
    merchantTradeNo: `T-${randomUUID().slice(0, 12)}`,
    orderId: `O-${randomUUID().slice(0, 12)}`,
    orderStatus: 10,
    amount: '25.00',
    remark: 'Approved',
    traceid: randomUUID(),
    ...overrides,
  };
}

/** The JSON body the gateway posts: the fields and their `sign`. */
export function signedBody(fields: NotificationFields, secret: string, algorithm: SignAlgorithm): string {
  return JSON.stringify({ ...fields, sign: signBody({ ...fields }, secret, algorithm) });
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** An https (or http) client that trusts `ca` alone. */
export function gatewayClient(ca?: string) {
  const dispatcher = new Agent({
    ...(ca ? { connect: { ca } } : {}),
    // A hung answer fails the test instead of waiting for ever.
    headersTimeout: 20_000,
    bodyTimeout: 20_000,
  });
  return {
    async send(
      url: string,
      options: {
        method?: 'GET' | 'POST';
        body?: string;
        contentType?: string;
        headers?: Record<string, string>;
      } = {},
    ): Promise<Answer> {
      const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
      const headers = {
        ...options.headers,
        ...(options.body !== undefined ? { 'content-type': options.contentType ?? 'application/json' } : {}),
      };
      const response = await request(url, {
        method,
        dispatcher,
        headers,
        ...(options.body !== undefined ? { body: options.body } : {}),
      });
      return { status: response.statusCode, headers: response.headers, text: await response.body.text() };
    },
    close: () => dispatcher.close(),
  };
}
