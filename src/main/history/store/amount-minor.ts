// Exact integer minor units (cents) of a canonical amount, for sorting and chart sums. String and
// BigInt arithmetic only: '10.05' -> 1005 with no float in between.
const CANONICAL = /^(\d+)\.(\d{2})$/;
const INT64_MAX = 2n ** 63n - 1n;

/** A number while it is exact (up to 2^53 - 1 cents), a bigint beyond, an error past SQLite's int64. */
export function toMinorUnits(canonical: string): number | bigint {
  const match = CANONICAL.exec(canonical);
  if (!match) throw new Error(`Not a canonical amount: ${canonical}`);
  const minor = BigInt(`${match[1]}${match[2]}`);
  if (minor > INT64_MAX) throw new Error('The amount is too large to record.');
  return minor <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(minor) : minor;
}

/** The canonical decimal text of a count of minor units. */
export function fromMinorUnits(minor: number | bigint): string {
  const value = BigInt(minor);
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(3, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}
