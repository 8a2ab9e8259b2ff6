// Order statuses on the wire, and how one answer's or notification's status fields read as the gateway's
// word on the order. The interface shows only 15 (Declined); the other numbers and the text vocabulary
// are assumption A5 in docs/gateway-assumptions.md, and the sandbox answers with them.
import type { GatewayWord } from '../payin-lifecycle';

export const ORDER_STATUS = Object.freeze({
  PROCESSING: 1,
  COMPLETED: 2,
  DECLINED: 15,
});
type OrderStatusName = keyof typeof ORDER_STATUS;

/** The text status carried beside `orderStatus` in `data.status` (assumption A5). */
export const ORDER_STATUS_TEXT = ['PROCESSING', 'COMPLETED', 'DECLINED'] as const;

export function orderStatusName(code: number): OrderStatusName | undefined {
  for (const [name, value] of Object.entries(ORDER_STATUS))
    if (value === code) return name as OrderStatusName;
  return undefined;
}

type OrderWord = Extract<GatewayWord, 'approved' | 'declined' | 'processing'>;

const NUMBER_WORDS: Readonly<Record<number, OrderWord>> = {
  [ORDER_STATUS.PROCESSING]: 'processing',
  [ORDER_STATUS.COMPLETED]: 'approved',
  [ORDER_STATUS.DECLINED]: 'declined',
};

// Section 3 names the states PROCESSING, COMPLETED, Approved and Declined; case is not significant.
const TEXT_WORDS: Readonly<Record<string, OrderWord>> = {
  PROCESSING: 'processing',
  COMPLETED: 'approved',
  APPROVED: 'approved',
  DECLINED: 'declined',
};

/**
 * What the status fields of one answer or notification say: `absent` when neither is there; a word when
 * every status field present reads as the same word; `unreadable` (with the reason) when a field has a
 * value Paydesk does not know, or the number and the text disagree — such an answer decides nothing.
 */
type OrderStatusReading =
  | { kind: 'absent' }
  | { kind: 'word'; word: OrderWord }
  | { kind: 'unreadable'; detail: string };

export function readOrderStatus(orderStatus: unknown, statusText: unknown): OrderStatusReading {
  const words: OrderWord[] = [];
  if (orderStatus !== undefined && orderStatus !== null) {
    const word =
      typeof orderStatus === 'number' && Number.isInteger(orderStatus)
        ? NUMBER_WORDS[orderStatus]
        : undefined;
    if (!word)
      return {
        kind: 'unreadable',
        detail: `order status ${JSON.stringify(orderStatus)} is not one Paydesk knows`,
      };
    words.push(word);
  }
  if (statusText !== undefined && statusText !== null && statusText !== '') {
    const word = typeof statusText === 'string' ? TEXT_WORDS[statusText.trim().toUpperCase()] : undefined;
    if (!word)
      return { kind: 'unreadable', detail: `status ${JSON.stringify(statusText)} is not one Paydesk knows` };
    words.push(word);
  }
  const [first] = words;
  if (first === undefined) return { kind: 'absent' };
  if (words.some((word) => word !== first)) {
    return {
      kind: 'unreadable',
      detail: `the answer contradicts itself: order status ${JSON.stringify(orderStatus)} but status ${JSON.stringify(statusText)}`,
    };
  }
  return { kind: 'word', word: first };
}
