// The shape every parser produces: headers plus rows of raw cells, before any mapping to KYC fields.
import type { KycBatchSummary } from '@shared/kyc-batch';
import type { KycRowNote } from '@shared/kyc-problems';
import type { CellStore } from './cell-store';

export type { RawCell } from './cell-store';

export type KycFileFormat = KycBatchSummary['format'];

export interface RawTable {
  headers: string[];
  /** One row per record, as wide as the header; cells past the header's width are not kept. */
  cells: CellStore;
  /** The row number the user sees for each record (spreadsheet row, or 1-based JSON item). */
  rowNumbers: Int32Array;
  /** Problems with a row as a whole (extra cells, an item that is not an object), by record index. */
  rowNotes: Map<number, KycRowNote>;
  /** File-level notices that did not stop the parse. */
  warnings: string[];
}

/**
 * Headers must be unique and non-empty so that a mapping can name a column by its header:
 * a blank header becomes "Column 3", a repeated "Email" becomes "Email (2)".
 */
export function uniqueHeaders(raw: readonly string[]): string[] {
  const seen = new Set<string>();
  return raw.map((value, column) => {
    const base = value.trim() || `Column ${column + 1}`;
    let header = base;
    for (let n = 2; seen.has(header); n++) header = `${base} (${n})`;
    seen.add(header);
    return header;
  });
}
