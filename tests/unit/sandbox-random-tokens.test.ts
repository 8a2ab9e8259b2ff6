// Order ids and bank-page tokens come from a pool of random bytes (src/sandbox/random-tokens.ts): every
// one must still have the shape the answers promise (A18) and never repeat, also across refills.
import { describe, expect, it } from 'vitest';
import { randomToken } from '../../src/sandbox/random-tokens';

describe('randomToken', () => {
  it('gives 16-character order ids and 24-character page tokens, none twice, across many pool refills', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 5000; i += 1) {
      const orderId = randomToken(12);
      const pageToken = randomToken(18);
      expect(orderId).toMatch(/^[A-Za-z0-9_-]{16}$/);
      expect(pageToken).toMatch(/^[A-Za-z0-9_-]{24}$/);
      seen.add(orderId);
      seen.add(pageToken);
    }
    expect(seen.size).toBe(10_000);
  });
});
