// A notification as the service stores it: the body as received, and the service's reading of it for
// routing only. A repeated delivery carries the same body (A23), so (merchant, body hash) is its identity.
import { createHash } from 'node:crypto';

export interface StoredNotification {
  merchantId: number;
  merchantTradeNo: string;
  orderId: string | null;
  orderStatus: number | null;
  contentType: string;
  rawBody: string;
}

export function bodySha256(rawBody: string): string {
  return createHash('sha256').update(rawBody, 'utf8').digest('hex');
}
