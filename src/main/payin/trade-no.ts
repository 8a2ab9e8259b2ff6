import { randomBytes } from 'node:crypto';

/**
 * A merchantTradeNo Paydesk generates: `PD` + UTC time to the millisecond + 8 random hex digits
 * (27 characters). Sorts by creation time as text, and two desks never collide in practice.
 */
export function generateMerchantTradeNo(now: number = Date.now()): string {
  const stamp = new Date(now).toISOString().replace(/[-:.TZ]/g, '');
  return `PD${stamp}${randomBytes(4).toString('hex')}`;
}
