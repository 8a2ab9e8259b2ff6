// How the status fields of one answer or notification read as the gateway's word (assumption A5), field by
// field: a missing or empty field says nothing, an unknown value or a disagreement decides nothing, and the
// text is read whatever its case and surrounding spaces.

import { orderStatusName, readOrderStatus } from '@shared/gateway/order-status';
import { describe, expect, it } from 'vitest';

describe('readOrderStatus', () => {
  it.each([
    [undefined, undefined],
    [null, undefined],
    [undefined, null],
    [undefined, ''],
    [null, ''],
  ])('finds no status in orderStatus %j and status %j', (orderStatus, statusText) => {
    expect(readOrderStatus(orderStatus, statusText)).toEqual({ kind: 'absent' });
  });

  it.each([
    [1, undefined, 'processing'],
    [2, undefined, 'approved'],
    [15, undefined, 'declined'],
    [undefined, 'PROCESSING', 'processing'],
    [undefined, 'COMPLETED', 'approved'],
    [undefined, 'Approved', 'approved'],
    [undefined, ' declined ', 'declined'],
    [1, 'processing', 'processing'],
    [2, 'completed', 'approved'],
    [15, '', 'declined'],
  ])('reads orderStatus %j and status %j as %s', (orderStatus, statusText, word) => {
    expect(readOrderStatus(orderStatus, statusText)).toEqual({ kind: 'word', word });
  });

  it.each([
    [3, undefined, 'order status 3 is not one Paydesk knows'],
    ['2', undefined, 'order status "2" is not one Paydesk knows'],
    [undefined, 'SUCCESS', 'status "SUCCESS" is not one Paydesk knows'],
    [undefined, 2, 'status 2 is not one Paydesk knows'],
    [2, 'DECLINED', 'the answer contradicts itself: order status 2 but status "DECLINED"'],
  ])('decides nothing on orderStatus %j and status %j', (orderStatus, statusText, detail) => {
    expect(readOrderStatus(orderStatus, statusText)).toEqual({ kind: 'unreadable', detail });
  });
});

describe('orderStatusName', () => {
  it('names the three known numbers and no other', () => {
    expect(orderStatusName(1)).toBe('PROCESSING');
    expect(orderStatusName(2)).toBe('COMPLETED');
    expect(orderStatusName(15)).toBe('DECLINED');
    expect(orderStatusName(3)).toBeUndefined();
  });
});
