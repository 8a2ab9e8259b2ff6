// What Paydesk agrees to read in one KYC file. Every limit is checked before the work it guards (a header
// before the rows, a ZIP directory before inflating), so a hostile file is refused in bounded time and
// memory with a message an operator can act on, instead of hanging the app or running it out of memory.
import { fileSizeText, fileTooLargeWords } from '@shared/kyc-batch';
import { refusal, refusalIn } from '../i18n/refuse';
import type { Refusal } from '../refusal';

export interface KycLimits {
  /** Bytes of a file opened by path (the app and the harness open the operator's files that way). */
  maxFileBytes: number;
  /** Columns of the header row: the mapping screen remaps at most this many at once. */
  maxColumns: number;
  /** Characters in one cell. */
  maxCellChars: number;
  /** Records × header columns: what one batch keeps in main. */
  maxCells: number;
  /** Nesting of arrays and objects in a JSON file. */
  maxJsonDepth: number;
  /** Entries in an XLSX (ZIP) file. */
  maxXlsxEntries: number;
  /** Uncompressed bytes of all entries of an XLSX file together. */
  maxXlsxUncompressedBytes: number;
  /** How long reading a file, or checking all its rows (on opening or for a new mapping), may take. */
  workerTimeLimitMs: number;
  /** The worker's JavaScript heap; a file that needs more is refused rather than taking main down. */
  workerHeapMb: number;
}

export const KYC_LIMITS: KycLimits = {
  // A million records of a compliance export are about 210 MB of CSV (bench:kyc-open, 15 fields each);
  // this leaves a quarter again for longer values. The whole app peaks under 1 GB at a million records
  // (docs/BENCHMARKS.md): a file past this is better split than held in one window.
  maxFileBytes: 256 * 1024 * 1024,
  // As many as one kyc.setMapping call may remap (kycMappingInput).
  maxColumns: 500,
  // The most a spreadsheet cell holds (Excel: 32,767 characters); the longest KYC field is far below it.
  maxCellChars: 32_767,
  // A million records of 25 columns (a CSV batch keeps 8 bytes of offsets per cell: 200 MB at most).
  maxCells: 25_000_000,
  // A KYC file needs three levels (list of records, record, list of URLs); the rest is headroom.
  maxJsonDepth: 32,
  // A workbook of one sheet has about a dozen entries.
  maxXlsxEntries: 1000,
  maxXlsxUncompressedBytes: 256 * 1024 * 1024,
  workerTimeLimitMs: 120_000,
  workerHeapMb: 1024,
};

/** "200.0 MB", or "12.5 KB" below a megabyte. */
export const sizeText = fileSizeText;

/** The refusal of a file past `maxBytes` (or of an empty one), before a byte of it is read. */
export function fileSizeRefusal(
  fileName: string | undefined,
  bytes: number,
  maxBytes: number,
): Refusal | undefined {
  if (bytes > maxBytes) return refusalIn('invalid', fileTooLargeWords(fileName, bytes, maxBytes));
  if (bytes === 0)
    return fileName === undefined
      ? refusal('invalid', 'refusal.kyc.fileEmpty')
      : refusal('invalid', 'refusal.kyc.namedFileEmpty', { file: fileName });
  return undefined;
}
