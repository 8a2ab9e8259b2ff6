// Numeric order statuses on the wire. The interface shows only 15 (Declined); the others are
// Paydesk's assumption A5 in docs/gateway-assumptions.md, and the sandbox answers with them.
export const ORDER_STATUS = Object.freeze({
  PROCESSING: 1,
  COMPLETED: 2,
  DECLINED: 15,
});
export type OrderStatusName = keyof typeof ORDER_STATUS;
export type OrderStatusCode = (typeof ORDER_STATUS)[OrderStatusName];

/** The text status carried beside `orderStatus` in `data.status` (assumption A5). */
export const ORDER_STATUS_TEXT = ['PROCESSING', 'COMPLETED', 'DECLINED'] as const;

export function orderStatusName(code: number): OrderStatusName | undefined {
  for (const [name, value] of Object.entries(ORDER_STATUS))
    if (value === code) return name as OrderStatusName;
  return undefined;
}
