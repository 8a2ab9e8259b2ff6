// Paydesk's own order numbers: unique, sortable by time, and never shaped like a card number (which logs
// and history would mask, hiding the very number support traces a pay-in by).

import { generateMerchantTradeNo } from '@shared/trade-no';
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
