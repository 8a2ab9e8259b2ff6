// Bytes to text for CSV and JSON: UTF-8 only (with or without a BOM). UTF-16 and binary files are refused
// with a message saying what to do, rather than parsed into garbage that fails every row.
import { isUtf8 } from 'node:buffer';
import { refusal } from '../../i18n/refuse';

export function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.every((byte, i) => bytes[i] === byte);
}

/** The first bytes tell UTF-16 (NULs in every other byte) from binary (NULs anywhere else). */
function refuseNonText(bytes: Uint8Array): void {
  if (startsWith(bytes, [0xff, 0xfe]) || startsWith(bytes, [0xfe, 0xff])) {
    throw refusal('invalid', 'refusal.kyc.utf16');
  }
  const sample = bytes.subarray(0, 8192);
  let evenNuls = 0;
  let oddNuls = 0;
  for (let i = 0; i < sample.length; i++) {
    if (sample[i] === 0) {
      if (i % 2 === 0) evenNuls++;
      else oddNuls++;
    }
  }
  if (evenNuls + oddNuls === 0) return;
  const half = sample.length / 2;
  // ASCII text in UTF-16 has a NUL in nearly every other byte and none in the others.
  if ((oddNuls > half * 0.3 && evenNuls === 0) || (evenNuls > half * 0.3 && oddNuls === 0)) {
    throw refusal('invalid', 'refusal.kyc.utf16');
  }
  throw refusal('invalid', 'refusal.kyc.binary');
}

/**
 * Refuses anything but UTF-8 text; answers where the text starts (after a UTF-8 BOM). The CSV reader works
 * on the bytes themselves, so a 25 MB file is checked here without being turned into a 50 MB string.
 */
export function utf8TextStart(bytes: Uint8Array): number {
  refuseNonText(bytes);
  if (!isUtf8(bytes)) {
    throw refusal('invalid', 'refusal.kyc.notUtf8');
  }
  return startsWith(bytes, [0xef, 0xbb, 0xbf]) ? 3 : 0;
}

/** UTF-8 text without its BOM; refuses anything else. */
export function decodeUtf8(bytes: Uint8Array): string {
  const start = utf8TextStart(bytes);
  return Buffer.from(bytes.buffer, bytes.byteOffset + start, bytes.byteLength - start).toString('utf8');
}
