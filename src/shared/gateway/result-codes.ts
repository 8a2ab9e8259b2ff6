// Result codes in `code`. The interface shows 0 (success) and 90751019 (a generic failure); the rest
// are assumption A6 in docs/gateway-assumptions.md.
export const RESULT_CODE = Object.freeze({
  OK: 0,
  INVALID_PARAMETER: 90751001,
  BAD_SIGNATURE: 90751002,
  UNKNOWN_MERCHANT: 90751003,
  DUPLICATE_TRADE_NO: 90751004,
  UNKNOWN_STORED_CARD: 90751005,
  UNSUPPORTED_CONTENT_TYPE: 90751006,
  NOT_FOUND: 90751007,
  BODY_TOO_LARGE: 90751008,
  MALFORMED_BODY: 90751009,
  TOO_MANY_RECORDS: 90751010,
  GENERIC_FAILURE: 90751019,
  INTERNAL_ERROR: 90759999,
});

/**
 * The refusals that come before any order exists (A17: the request, the signature, the merchant and the
 * fields are checked before the order is looked up or made). Only these, in an answer that carries no
 * order status and no orderId, let Paydesk say "nothing was charged" (A1, A18). A repeated order number
 * (90751004), the generic failure, the internal error and every code Paydesk does not know are not here:
 * an order may exist behind them.
 */
export const PRE_ORDER_REFUSAL_CODES: ReadonlySet<number> = new Set([
  RESULT_CODE.INVALID_PARAMETER,
  RESULT_CODE.BAD_SIGNATURE,
  RESULT_CODE.UNKNOWN_MERCHANT,
  RESULT_CODE.UNKNOWN_STORED_CARD,
  RESULT_CODE.UNSUPPORTED_CONTENT_TYPE,
  RESULT_CODE.NOT_FOUND,
  RESULT_CODE.BODY_TOO_LARGE,
  RESULT_CODE.MALFORMED_BODY,
]);
