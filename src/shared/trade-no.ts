// The merchantTradeNo Paydesk gives a pay-in the agent did not number: made where the pay-in starts (the
// renderer names it before sending, so that any news of it — a signed callback that beats a slow answer —
// finds the result panel that waits for it; main names it when a caller left it out).

/**
 * `PD` + UTC date + `T` + UTC time to the millisecond + `Z` + 8 random hex digits (29 characters), e.g.
 * `PD20261124T050021926Z61cd1b15`. Sorts by creation time as text, two desks never collide in practice,
 * and the letters keep every digit run short: logs and history mask a run of 13–19 digits (spaces and
 * dashes included) that passes Luhn as a possible card number, and an order number must stay readable to
 * trace a pay-in. Web Crypto: the same in Node and in the renderer.
 */
export function generateMerchantTradeNo(now: number = Date.now()): string {
  const [date, time] = new Date(now)
    .toISOString()
    .replace(/[-:.Z]/g, '')
    .split('T') as [string, string];
  const random = globalThis.crypto.getRandomValues(new Uint8Array(4));
  return `PD${date}T${time}Z${Array.from(random, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * A short reference an agent can read out on the phone: the order number's last 8 characters, upper case,
 * in two groups ("C724 C742"); the random tail of Paydesk's own numbers. The full number stays on the wire,
 * in History and in exports; History's search finds a pay-in by this reference, typed with or without its
 * space (searchText in history.ts).
 */
export function phoneReference(merchantTradeNo: string): string {
  const tail = merchantTradeNo.slice(-8).toUpperCase();
  return tail.length === 8 ? `${tail.slice(0, 4)} ${tail.slice(4)}` : tail;
}
