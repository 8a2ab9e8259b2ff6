// Order ids and bank-page tokens: bytes of Node's CSPRNG (randomBytes), drawn 4 KB at a time. A call per
// id cost 4–7 µs of every pay-in in the sandbox's profile (docs/BENCHMARKS.md), half as much as inserting
// the order; the pool makes it one call per few hundred ids. No byte is handed out twice.
import { randomBytes } from 'node:crypto';

const POOL_BYTES = 4096;
let pool = Buffer.alloc(0);
let offset = 0;

/** `bytes` random bytes as base64url text (12 bytes: 16 characters). */
export function randomToken(bytes: number): string {
  if (offset + bytes > pool.length) {
    pool = randomBytes(Math.max(POOL_BYTES, bytes));
    offset = 0;
  }
  const token = pool.toString('base64url', offset, offset + bytes);
  offset += bytes;
  return token;
}
