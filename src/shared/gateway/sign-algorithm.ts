// What is signed, defined once for every process; the keyed hash itself lives in src/node/sign.ts
// (node:crypto), because the renderer never signs. Assumption A4 in docs/gateway-assumptions.md.
import { z } from 'zod';

export const signAlgorithmSchema = z.enum(['hmac-sha256', 'md5-key']);
export type SignAlgorithm = z.infer<typeof signAlgorithmSchema>;

/**
 * Every top-level field except `sign` whose value is not undefined, null or '', sorted by name in
 * UTF-16 code-unit order, written `name=value` (strings as they are, anything else as JSON), joined by '&'.
 */
export function canonicalSignString(body: Readonly<Record<string, unknown>>): string {
  const names = Object.keys(body)
    .filter((name) => name !== 'sign')
    .filter((name) => {
      const value = body[name];
      return value !== undefined && value !== null && value !== '';
    })
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return names
    .map((name) => {
      const value = body[name];
      return `${name}=${typeof value === 'string' ? value : JSON.stringify(value)}`;
    })
    .join('&');
}
