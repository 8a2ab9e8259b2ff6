// Interface gateway: a second, independent test double of the pay-in / KYC gateway, built from
// docs/gateway-interface.md alone (plus rows A4 — signature — and A12 — callback payload — of
// docs/gateway-assumptions.md, because the interface does not say how `sign` is computed). It shares
// nothing with Paydesk's sandbox or main process: node:http, node:https and node:crypto only.
//
//   const gw = await startInterfaceGateway({ merchantId: 1001, secret: 's3cret', basePath: '/gw/v3' });
//   // base_url = kyc_base_url = gw.url  (e.g. http://127.0.0.1:PORT/gw/v3)
//   gw.scriptPayIn(payIn.closeAfterProcessing(payIn.approvedCode0()));   // next pay-in: charged, no answer
//   ... drive Paydesk ...
//   gw.orders.get(merchantTradeNo)?.timesCharged                          // what the gateway holds
//   await gw.notify(merchantTradeNo, { outcome: 'approved', repeat: 2 }); // A12 callback, twice
//   await gw.close();
//
// startInterfaceGateway(options: InterfaceGatewayOptions): Promise<InterfaceGateway>
//   options: merchantId, secret, signAlgorithm ('hmac-sha256' | 'md5-key'), host ('127.0.0.1'), port,
//   basePath, verifyV1Sign (true), verifyKycSign (true), statusCodes ({ processing: 1, completed: 2 };
//   declined is 15), cards ({ decline, threeDS, processing }), idempotency ('refuse-duplicate'),
//   refusalHttpStatus (200), checkLuhn (true), v2StatusText (true), browserReturn ({ target:
//   'retURL-first', params: 'ids-and-status', method: 302 }), autoNotify (false), notifyTimeoutMs,
//   maxBodyBytes.
//
// InterfaceGateway
//   url, origin, codes                         base URL (with prefix), origin, numeric statuses
//   received: ReceivedRequest[]                every request: method, path, content type, raw body,
//                                              parsed fields, unknown fields, the answer sent (and by
//                                              which pipeline step)
//   orders: Map<merchantTradeNo, Order>        truth (state), told status, amount, URLs, attempts,
//   ordersById: Map<orderId, Order>            timesCharged, history
//   kycBatches, kycRecords                     KYC batches and the records held
//   notifications: SentNotification[]          every callback sent and the receiver's answer
//   errors: Error[]                            exceptions thrown by shapes
//   scriptPayIn(shape, { times?, stage? })     answer the next (times / 'every') pay-in(s) with a shape
//   scriptKyc(shape, { times?, stage? })       same for KYC
//   clearScripts(), setIdempotency(mode), reset()
//   finish(ref, outcome, { remark? })          the browser-side end of a 3DS/hosted page; returns where
//                                              the browser goes (BrowserReturn | null)
//   settle(ref, state, { orderStatus?, remark? })  change the truth silently
//   notify(ref, NotifyOptions)                 POST the A12 notification (sign valid | wrong-secret |
//                                              absent, outcome, orderStatus, fields, repeat, url…)
//   notifyUnknownOrder(url, options)           a notification for an order never seen
//   idle(), close()
//
// Shapes: see shapes.ts (`payIn`, `kyc`, and the modifiers withExtraFields, withoutTraceid, asTextPlain,
// withHttpStatus, withFault). Signing: sign.ts (canonicalString, computeSign, verifySign).

export { startInterfaceGateway } from './server';
export {
  envelope,
  kyc,
  payIn,
  withHttpStatus,
} from './shapes';
export { canonicalString, computeSign, verifySign } from './sign';
export type * from './types';
export { roundAmount } from './validate';
