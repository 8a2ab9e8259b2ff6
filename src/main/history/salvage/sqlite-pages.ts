// Reads records straight from the pages of a SQLite file, without SQLite: what is left of a damaged
// history when its b-tree no longer leads to them (an interior page overwritten, the root page gone, the
// file cut short). The bundled SQLite has neither `.recover` nor sqlite_dbpage, so this walks every page
// of the file, takes each table-leaf page (type 0x0D) and decodes its cells by the file format
// (https://sqlite.org/fileformat2.html: varints, record headers, overflow chains). A page that does not
// parse is skipped; a cell whose overflow chain leads nowhere is skipped. Nothing here trusts a length it
// read: every offset is checked against the page before it is used.
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

export type PageValue = null | bigint | number | string | Uint8Array;

/** One cell of a table-leaf page: its rowid and its record's values, in column order. */
type PageRecord = { page: number; rowid: number; values: PageValue[] };

const TABLE_LEAF = 0x0d;
const HEADER_MAGIC = 'SQLite format 3\0';

/**
 * A varint at `offset`: its value and the offset after it; undefined past `end`. Numbers up to 8 bytes
 * (56 bits: every length and rowid Paydesk writes); the 9-byte form as a BigInt-exact number when it fits.
 */
function varint(buf: Uint8Array, offset: number, end: number): { value: number; next: number } | undefined {
  let value = 0;
  for (let i = 0; i < 9; i += 1) {
    const at = offset + i;
    if (at >= end) return undefined;
    const byte = buf[at] as number;
    if (i === 8) {
      const full = (BigInt(value) << 8n) | BigInt(byte);
      return full <= BigInt(Number.MAX_SAFE_INTEGER) ? { value: Number(full), next: at + 1 } : undefined;
    }
    value = value * 128 + (byte & 0x7f);
    if ((byte & 0x80) === 0) return { value, next: at + 1 };
  }
  return undefined;
}

function readInt(buf: Uint8Array, offset: number, bytes: number): bigint {
  if (bytes <= 6) {
    let value = 0;
    for (let i = 0; i < bytes; i += 1) value = value * 256 + (buf[offset + i] as number);
    const range = 2 ** (bytes * 8);
    return BigInt(value >= range / 2 ? value - range : value);
  }
  let value = 0n;
  for (let i = 0; i < bytes; i += 1) value = (value << 8n) | BigInt(buf[offset + i] as number);
  return value >= 1n << 63n ? value - (1n << 64n) : value;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** A record's values; undefined when its header or a value runs past the payload or is not UTF-8. */
function decodeRecord(payload: Uint8Array): PageValue[] | undefined {
  const head = varint(payload, 0, payload.length);
  if (!head || head.value > payload.length || head.value < 1) return undefined;
  const headerEnd = head.value;
  const types: number[] = [];
  let at = head.next;
  while (at < headerEnd) {
    const type = varint(payload, at, headerEnd);
    if (!type) return undefined;
    types.push(type.value);
    at = type.next;
  }
  const values: PageValue[] = [];
  let body = headerEnd;
  for (const t of types) {
    const size =
      t === 0 || t === 8 || t === 9
        ? 0
        : t <= 4
          ? t
          : t === 5
            ? 6
            : t <= 7
              ? 8
              : t >= 12
                ? (t - 12) >> 1
                : -1;
    if (size < 0 || body + size > payload.length) return undefined;
    if (t === 0) values.push(null);
    else if (t === 8) values.push(0n);
    else if (t === 9) values.push(1n);
    else if (t <= 6) values.push(readInt(payload, body, size));
    else if (t === 7) values.push(Buffer.from(payload.subarray(body, body + 8)).readDoubleBE(0));
    else if (t % 2 === 0) values.push(payload.slice(body, body + size));
    else {
      try {
        values.push(utf8.decode(payload.subarray(body, body + size)));
      } catch {
        return undefined;
      }
    }
    body += size;
  }
  return values;
}

/**
 * Every record of every table-leaf page of the SQLite file at `filePath`, page by page. The file's own
 * header gives the page size; when the header itself is gone, 4096 (Paydesk's) is assumed.
 */
export function* scanTableRecords(filePath: string): Generator<PageRecord> {
  const fd = openSync(filePath, 'r');
  try {
    const size = fstatSync(fd).size;
    const header = Buffer.alloc(100);
    readSync(fd, header, 0, 100, 0);
    let pageSize = 4096;
    let reserved = 0;
    if (header.toString('latin1', 0, 16) === HEADER_MAGIC) {
      const raw = header.readUInt16BE(16);
      const candidate = raw === 1 ? 65536 : raw;
      if (candidate >= 512 && (candidate & (candidate - 1)) === 0) pageSize = candidate;
      reserved = header[20] ?? 0;
    }
    const usable = pageSize - reserved;
    const pageCount = Math.floor(size / pageSize);
    const page = Buffer.alloc(pageSize);
    const readPage = (n: number): Buffer | undefined => {
      if (n < 1 || n > pageCount) return undefined;
      const buf = Buffer.alloc(pageSize);
      return readSync(fd, buf, 0, pageSize, (n - 1) * pageSize) === pageSize ? buf : undefined;
    };
    const maxLocal = usable - 35;
    const minLocal = Math.floor(((usable - 12) * 32) / 255) - 23;
    for (let n = 1; n <= pageCount; n += 1) {
      if (readSync(fd, page, 0, pageSize, (n - 1) * pageSize) !== pageSize) break;
      const base = n === 1 ? 100 : 0;
      if (page[base] !== TABLE_LEAF) continue;
      const cells = page.readUInt16BE(base + 3);
      if (base + 8 + cells * 2 > usable) continue;
      for (let c = 0; c < cells; c += 1) {
        const cellAt = page.readUInt16BE(base + 8 + c * 2);
        if (cellAt < base + 8 || cellAt >= usable) continue;
        const length = varint(page, cellAt, usable);
        if (!length) continue;
        const rowid = varint(page, length.next, usable);
        if (!rowid) continue;
        const total = length.value;
        if (total > 1_000_000_000) continue;
        let local = total;
        if (total > maxLocal) {
          const k = minLocal + ((total - minLocal) % (usable - 4));
          local = k <= maxLocal ? k : minLocal;
        }
        const start = rowid.next;
        if (start + local + (local < total ? 4 : 0) > usable) continue;
        const payload = new Uint8Array(total);
        payload.set(page.subarray(start, start + local), 0);
        let filled = local;
        let next = local < total ? page.readUInt32BE(start + local) : 0;
        let hops = 0;
        while (filled < total && next !== 0 && hops < pageCount) {
          const overflow = readPage(next);
          if (!overflow) break;
          const take = Math.min(usable - 4, total - filled);
          payload.set(overflow.subarray(4, 4 + take), filled);
          filled += take;
          next = overflow.readUInt32BE(0);
          hops += 1;
        }
        if (filled < total) continue;
        const values = decodeRecord(payload);
        if (values) yield { page: n, rowid: rowid.value, values };
      }
    }
  } finally {
    closeSync(fd);
  }
}
