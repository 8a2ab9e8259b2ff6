// The operator passphrase is kept only as a scrypt hash (salted, memory-hard), so that reading the
// keychain entry does not reveal it. Format: scrypt$<logN>$<r>$<p>$<salt b64>$<hash b64>.
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

const LOG_N = 15;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;
const KEY_LENGTH = 32;

function derive(passphrase: string, salt: Buffer, logN: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      passphrase.normalize('NFC'),
      salt,
      KEY_LENGTH,
      // 128 * N * r bytes of memory; allow it with headroom.
      { N: 2 ** logN, r, p, maxmem: 256 * 2 ** logN * r },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

export async function hashPassphrase(passphrase: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(passphrase, salt, LOG_N, BLOCK_SIZE, PARALLELISM);
  return ['scrypt', LOG_N, BLOCK_SIZE, PARALLELISM, salt.toString('base64'), key.toString('base64')].join(
    '$',
  );
}

export async function verifyPassphrase(passphrase: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [logN, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![logN, r, p].every((value) => Number.isInteger(value) && value > 0) || logN > 20) return false;
  const expected = Buffer.from(parts[5] ?? '', 'base64');
  const key = await derive(passphrase, Buffer.from(parts[4] ?? '', 'base64'), logN, r, p);
  return expected.length === key.length && timingSafeEqual(expected, key);
}
