// The payment-result notification POSTed to `callBackURL` (section 6). Its payload is not shown by the
// interface: this shape is assumption A12 in docs/gateway-assumptions.md.
import { z } from 'zod';
import { amount, merchantIdNumber, say, text } from './fields';

// Loose on purpose: a gateway that adds a field must not have its notifications refused; the signature
// covers every top-level field, so verification runs over the body as received, extra fields included.
export const paymentCallbackSchema = z
  .looseObject({
    merchantId: merchantIdNumber,
    merchantTradeNo: text(64),
    orderId: text(64),
    orderStatus: z.int(say('A whole number.')),
    amount,
    remark: z.string(say('Must be text.')),
    traceid: text(64),
    sign: text(128),
  })
  .describe('Payment-result notification sent to callBackURL.');

export type PaymentCallback = z.infer<typeof paymentCallbackSchema>;
