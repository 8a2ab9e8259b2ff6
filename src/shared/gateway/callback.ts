// The payment-result notification POSTed to `callBackURL` (section 6). Its payload is not shown by the
// interface: this shape is assumption A12 in docs/gateway-assumptions.md.
import { z } from 'zod';
import { amount, merchantIdNumber, text } from './fields';

export const paymentCallbackSchema = z
  .strictObject({
    merchantId: merchantIdNumber,
    merchantTradeNo: text(64),
    orderId: text(64),
    orderStatus: z.int(),
    amount,
    remark: z.string(),
    traceid: text(64),
    sign: text(128),
  })
  .describe('Payment-result notification sent to callBackURL.');

export type PaymentCallback = z.infer<typeof paymentCallbackSchema>;
