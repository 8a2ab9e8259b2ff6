// The shape every parser produces: headers plus rows of raw cells, before any mapping to KYC fields.

/** A cell as read: text, a list (a JSON array), or nothing. */
export type RawCell = string | readonly string[] | undefined;

export interface RawTable {
  headers: string[];
  rows: RawCell[][];
  /** The row number the user sees for each record (spreadsheet row, or 1-based JSON item). */
  rowNumbers: Int32Array;
  /** Problems with a row as a whole (extra cells, an item that is not an object), by record index. */
  rowNotes: Map<number, string>;
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
