// An XLSX file is a ZIP archive, and a ZIP archive can say little and inflate to gigabytes. Before exceljs
// (which inflates every entry whole into memory) sees the bytes, the central directory is read here and
// the entries are counted, their stated sizes summed, and each entry inflated once into nothing to prove
// it is no larger than it says: all bounded by the limits, none of it kept.
import { createInflateRaw } from 'node:zlib';
import type { MessageKey } from '@shared/i18n/messages';
import { refusal } from '../../i18n/refuse';
import { type KycLimits, sizeText } from '../limits';

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;
const SATURATED = 0xffffffff;

interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

/** Why a workbook's ZIP cannot be read: one of the catalogue's `refusal.kyc.zip.*` reasons. */
const notReadable = (why: `refusal.kyc.zip.${string}` & MessageKey, part?: string) =>
  refusal('invalid', why, part === undefined ? undefined : { part });

function findEndOfDirectory(view: DataView): number {
  // The end record is 22 bytes plus a comment of at most 65,535.
  const lowest = Math.max(0, view.byteLength - 22 - 0xffff);
  for (let at = view.byteLength - 22; at >= lowest; at--) {
    if (view.getUint32(at, true) === EOCD) return at;
  }
  throw notReadable('refusal.kyc.zip.noDirectory');
}

/** Sizes and offset a ZIP64 entry moves to its extra field when they do not fit 32 bits. */
function applyZip64(view: DataView, entry: ZipEntry, extraStart: number, extraEnd: number): void {
  for (let at = extraStart; at + 4 <= extraEnd; ) {
    const id = view.getUint16(at, true);
    const size = view.getUint16(at + 2, true);
    if (id === 0x0001) {
      let field = at + 4;
      const next = () => {
        if (field + 8 > at + 4 + size) throw notReadable('refusal.kyc.zip.damagedZip64');
        const value = Number(view.getBigUint64(field, true));
        field += 8;
        return value;
      };
      if (entry.size === SATURATED) entry.size = next();
      if (entry.compressedSize === SATURATED) entry.compressedSize = next();
      if (entry.localOffset === SATURATED) entry.localOffset = next();
      return;
    }
    at += 4 + size;
  }
}

/** The archive's entries as its central directory lists them, refused past the entry and size limits. */
function readZipDirectory(bytes: Uint8Array, limits: KycLimits): ZipEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.byteLength < 22) throw notReadable('refusal.kyc.zip.tooShort');
  const end = findEndOfDirectory(view);
  const entryCount = view.getUint16(end + 10, true);
  const directoryOffset = view.getUint32(end + 16, true);
  // A ZIP64 end record (saturated counts) is for archives of 65,535 entries or 4 GB: not a KYC workbook.
  if (entryCount === 0xffff || directoryOffset === SATURATED || entryCount > limits.maxXlsxEntries) {
    throw refusal('invalid', 'refusal.kyc.zip.tooManyParts', {
      parts: entryCount,
      saturated: entryCount === 0xffff ? 'yes' : 'no',
      max: limits.maxXlsxEntries,
    });
  }
  const entries: ZipEntry[] = [];
  let total = 0;
  let at = directoryOffset;
  for (let i = 0; i < entryCount; i++) {
    if (at + 46 > bytes.byteLength || view.getUint32(at, true) !== CENTRAL) {
      throw notReadable('refusal.kyc.zip.damagedDirectory');
    }
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const entry: ZipEntry = {
      name: new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength)),
      method: view.getUint16(at + 10, true),
      compressedSize: view.getUint32(at + 20, true),
      size: view.getUint32(at + 24, true),
      localOffset: view.getUint32(at + 42, true),
    };
    const extraStart = at + 46 + nameLength;
    applyZip64(view, entry, extraStart, extraStart + extraLength);
    total += entry.size;
    if (total > limits.maxXlsxUncompressedBytes) {
      throw refusal('invalid', 'refusal.kyc.zip.unpacksTooLarge', {
        max: sizeText(limits.maxXlsxUncompressedBytes),
        part: entry.name,
        size: sizeText(entry.size),
      });
    }
    if (entry.method !== STORED && entry.method !== DEFLATED) {
      throw refusal('invalid', 'refusal.kyc.zip.method', { part: entry.name, method: entry.method });
    }
    entries.push(entry);
    at = extraStart + extraLength + commentLength;
  }
  return entries;
}

/** Inflates into nothing, stopping as soon as the output passes `limit`: true when it did. */
function inflatesPast(compressed: Uint8Array, limit: number): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const inflate = createInflateRaw();
    let size = 0;
    inflate.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        inflate.destroy();
        resolve(true);
      }
    });
    inflate.on('end', () => resolve(false));
    inflate.on('error', reject);
    inflate.end(compressed);
  });
}

/** Refuses an archive whose entries would inflate past the limits, before anything inflates them for real. */
export async function guardZip(bytes: Uint8Array, limits: KycLimits): Promise<void> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (const entry of readZipDirectory(bytes, limits)) {
    const local = entry.localOffset;
    if (local + 30 > bytes.byteLength || view.getUint32(local, true) !== LOCAL) {
      throw notReadable('refusal.kyc.zip.damagedEntry', entry.name);
    }
    const dataStart = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const dataEnd = dataStart + entry.compressedSize;
    if (dataEnd > bytes.byteLength) throw notReadable('refusal.kyc.zip.pastEnd', entry.name);
    if (entry.method === STORED) {
      if (entry.compressedSize !== entry.size) throw notReadable('refusal.kyc.zip.damagedEntry', entry.name);
      continue;
    }
    let past: boolean;
    try {
      past = await inflatesPast(bytes.subarray(dataStart, dataEnd), entry.size);
    } catch {
      throw notReadable('refusal.kyc.zip.doesNotUnpack', entry.name);
    }
    if (past) {
      throw refusal('invalid', 'refusal.kyc.zip.bomb', { part: entry.name, size: sizeText(entry.size) });
    }
  }
}
