// Which parser a file needs: the bytes decide when they are unmistakable (a ZIP is an XLSX workbook, an
// OLE file is a legacy .xls), then the file name, then the first character of the text.

import { refusal } from '../../i18n/refuse';
import { startsWith } from './decode-text';
import type { KycFileFormat } from './table';

export function sniffFormat(bytes: Uint8Array, fileName: string): KycFileFormat {
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return 'xlsx';
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) {
    throw refusal('invalid', 'refusal.kyc.legacyXls');
  }
  const extension = /\.([^.]+)$/.exec(fileName)?.[1]?.toLowerCase();
  if (extension === 'xlsx' || extension === 'xlsm') {
    throw refusal('invalid', 'refusal.kyc.fakeXlsx');
  }
  if (extension === 'json') return 'json';
  if (extension === 'csv' || extension === 'tsv' || extension === 'txt') return 'csv';
  // Unknown name: JSON starts with [ or { (after a BOM and blank space); anything else is read as CSV.
  let i = startsWith(bytes, [0xef, 0xbb, 0xbf]) ? 3 : 0;
  while (
    i < bytes.length &&
    (bytes[i] === 0x20 || bytes[i] === 0x09 || bytes[i] === 0x0a || bytes[i] === 0x0d)
  )
    i++;
  return bytes[i] === 0x5b || bytes[i] === 0x7b ? 'json' : 'csv';
}
