// Paydesk's own order numbers: unique, sortable by time, and never shaped like a card number (which logs
// and history would mask, hiding the very number support traces a pay-in by).

import { searchText } from '@shared/history';
import { generateMerchantTradeNo, phoneReference } from '@shared/trade-no';
import { describe, expect, it } from 'vitest';
import { scrubText } from '../../src/main/log/redaction';

describe('generateMerchantTradeNo', () => {
  it('is PD, the UTC date and time to the millisecond and 8 hex digits, within the field length', () => {
    const tradeNo = generateMerchantTradeNo(Date.UTC(2026, 10, 24, 5, 0, 21, 926));
    expect(tradeNo).toMatch(/^PD20261124T050021926Z[0-9a-f]{8}$/);
    expect(tradeNo.length).toBeLessThanOrEqual(64);
  });

  it('sorts by creation time as text', () => {
    const earlier = generateMerchantTradeNo(Date.UTC(2026, 0, 1, 9, 59, 59, 999));
    const later = generateMerchantTradeNo(Date.UTC(2026, 0, 1, 10, 0, 0, 0));
    expect(earlier < later).toBe(true);
  });

  it('never holds a digit run a card-number scrub would mask, whatever the clock and the random part', () => {
    for (let i = 0; i < 2000; i++) {
      const tradeNo = generateMerchantTradeNo(Date.UTC(2000, 0, 1) + i * 987_654_321);
      expect(tradeNo).not.toMatch(/\d(?:[ -]?\d){12}/);
      expect(scrubText(tradeNo)).toBe(tradeNo);
    }
  });
});

describe('the reference an agent reads out on the phone (issue 35, item 14)', () => {
  it("is the order number's last 8 characters, upper case, in two groups", () => {
    expect(phoneReference('PD20261128T174519183Zc724c742')).toBe('C724 C742');
    expect(phoneReference('ORD-1')).toBe('ORD-1');
  });

  it('read back with or without its space, a search finds it as one part of an identifier', () => {
    for (const typed of ['c724 c742', 'C724 C742', 'c724  c742'])
      expect(searchText(typed)).toBe(typed.replace(/\s+/g, ''));
    // A name, an amount, a single group or a customer id with a dash stay as typed.
    for (const typed of ['anna kowalska', 'Jane Doe', '49,90', 'c724', 'abcd efgh', 'cust-5005'])
      expect(searchText(typed)).toBe(typed);
  });
});
