// One text per value, whatever the key order: what the audit chain hashes. Keys sorted by UTF-16 code
// units, no whitespace, undefined members left out (as JSON.stringify does).
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'bigint') return value.toString();
    const text = JSON.stringify(value);
    // JSON.stringify(undefined) is undefined: only reachable for a top-level undefined.
    return text ?? 'null';
  }
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item ?? null)).join(',')}]`;
  const members: [string, unknown][] = Object.entries(value);
  const entries = members
    .filter(([, member]) => member !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, member]) => `${JSON.stringify(key)}:${canonicalJson(member)}`).join(',')}}`;
}
