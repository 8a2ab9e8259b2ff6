// The merchantTradeNo Paydesk gives a pay-in the agent did not number: made where the pay-in starts (the
// renderer names it before sending, so that any news of it — a signed callback that beats a slow answer —
// finds the result panel that waits for it; main names it when a caller left it out).

/**
 * `PD` + UTC time to the millisecond + 8 random hex digits (27 characters). Sorts by creation time as
 * text, and two desks never collide in practice. Web Crypto: the same in Node and in the renderer.
 */
export function generateMerchantTradeNo(now: number = Date.now()): string {
  const stamp = new Date(now).toISOString().replace(/[-:.TZ]/g, '');
  const random = globalThis.crypto.getRandomValues(new Uint8Array(4));
  return `PD${stamp}${Array.from(random, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}
