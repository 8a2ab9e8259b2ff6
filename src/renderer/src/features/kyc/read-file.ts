// A file chosen or dropped, checked before any byte is read: the kinds Paydesk opens and the size cap
// come from src/shared, so the page refuses exactly what main would, only sooner and with nothing sent.
import { KYC_MAX_FILE_BYTES } from '../../../../shared/kyc-batch';

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

/** The file's bytes as base64, the form the IPC contract carries them in (read natively, not byte by byte). */
export function readBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}
