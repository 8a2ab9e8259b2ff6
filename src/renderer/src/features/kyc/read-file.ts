// A file chosen or dropped, checked before any byte is read: the kinds Paydesk opens and the size cap
// come from src/shared, so the page refuses exactly what main would, only sooner and with nothing sent.
import { KYC_MAX_FILE_BYTES } from '@shared/kyc-batch';

/** Extensions main's reader takes: CSV (also as .tsv/.txt), XLSX workbooks and JSON. */
export const KYC_FILE_ACCEPT = '.csv,.tsv,.txt,.xlsx,.json';
const READABLE = new Set(['csv', 'tsv', 'txt', 'xlsx', 'json']);

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Why a file cannot be opened, or undefined when it may be. */
export function fileProblem(file: { name: string; size: number }): string | undefined {
  const extension = /\.([^./\\]+)$/.exec(file.name)?.[1]?.toLowerCase();
  if (extension === 'xls') {
    return `"${file.name}" is a legacy Excel 97–2003 workbook. Save it as .xlsx or "CSV UTF-8" and open it again.`;
  }
  if (extension === undefined || !READABLE.has(extension)) {
    return `"${file.name}" is not a file Paydesk reads: open a CSV, XLSX or JSON file.`;
  }
  if (file.size > KYC_MAX_FILE_BYTES) {
    return `"${file.name}" is ${formatBytes(file.size)}; Paydesk opens files up to ${formatBytes(KYC_MAX_FILE_BYTES)}. Split it into smaller files.`;
  }
  if (file.size === 0) return `"${file.name}" is empty.`;
  return undefined;
}

/** Bytes per slice: a multiple of 3, so that the slices' base64 texts join into the whole file's. */
export const SLICE_BYTES = 3 * 256 * 1024;

/** Uint8Array.prototype.toBase64 (Chromium 140 and later), declared here: TypeScript's DOM types lack it. */
type WithToBase64 = Uint8Array & { toBase64?: () => string };

/** One slice's base64: natively where the engine has it, else through btoa a few thousand bytes at a time. */
export function sliceToBase64(bytes: Uint8Array): string {
  const native = (bytes as WithToBase64).toBase64;
  if (typeof native === 'function') return native.call(bytes);
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x2000) {
    binary += String.fromCharCode(...bytes.subarray(at, at + 0x2000));
  }
  return btoa(binary);
}

/**
 * The file's bytes as base64, the form the IPC contract carries them in. Read and encoded a slice at a
 * time, each slice's read a wait of its own: reading a 22 MB file as one data URL encoded it in one piece
 * on the page's thread, a frame of 0.7–1 s in which nothing else moved (docs/BENCHMARKS.md, bench:ui).
 */
export async function readBase64(file: Blob): Promise<string> {
  const parts: string[] = [];
  for (let offset = 0; offset < file.size; offset += SLICE_BYTES) {
    const slice = await file.slice(offset, offset + SLICE_BYTES).arrayBuffer();
    parts.push(sliceToBase64(new Uint8Array(slice)));
  }
  return parts.join('');
}
