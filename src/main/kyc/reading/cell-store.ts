// A batch's cells kept compactly: one body of text and, per cell, where it starts and ends in it. For a CSV
// file the body is the file's own UTF-8 bytes, so 1.5 million cells cost two numbers each rather than a
// string and an array slot each, and the store is shared between the worker and main rather than copied
// (sharePacked). JSON and XLSX cells are packed into one string instead.

/** A cell as read: text, a list (a JSON array), or nothing. */
export type RawCell = string | readonly string[] | undefined;

/** The cell is the text between its start and end. */
const CELL_TEXT = 0;
/** A quoted CSV cell holding doubled quotes: "" stands for ". */
export const CELL_QUOTED = 1;
/** A list (a JSON array of values), kept as its JSON text. */
const CELL_LIST = 2;

export interface PackedCells {
  /** UTF-8 bytes the offsets point into (CSV); null when they point into `text`. */
  utf8: Uint8Array | null;
  text: string;
  starts: Uint32Array;
  ends: Uint32Array;
  /** CELL_* per cell; null when every cell is CELL_TEXT. */
  kinds: Uint8Array | null;
  /** Cells per row: the header's width. Cells past it are not kept (the row gets a note instead). */
  width: number;
  rows: number;
}

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

export class CellStore {
  private readonly buffer: Buffer | null;

  constructor(readonly packed: PackedCells) {
    this.buffer = packed.utf8 ? asBuffer(packed.utf8) : null;
  }

  get rows(): number {
    return this.packed.rows;
  }

  get width(): number {
    return this.packed.width;
  }

  private slice(start: number, end: number): string {
    return this.buffer ? this.buffer.toString('utf8', start, end) : this.packed.text.slice(start, end);
  }

  private finish(text: string, at: number): RawCell {
    const kind = this.packed.kinds === null ? CELL_TEXT : this.packed.kinds[at];
    if (kind === CELL_QUOTED) return text.replaceAll('""', '"');
    if (kind === CELL_LIST) return JSON.parse(text) as string[];
    return text;
  }

  /** An empty cell reads as undefined: normalization and export treat both alike. */
  cell(row: number, column: number): RawCell {
    const { width, rows, starts, ends } = this.packed;
    if (column >= width || row >= rows) return undefined;
    const at = row * width + column;
    const start = starts[at]!;
    const end = ends[at]!;
    return start === end ? undefined : this.finish(this.slice(start, end), at);
  }

  /**
   * A whole row into `out`. From UTF-8, the row is decoded once: when it is all ASCII (bytes and
   * characters line up) its cells are cut from that string, far cheaper than decoding 15 cells apiece.
   */
  rowInto(row: number, out: RawCell[]): RawCell[] {
    const { width, starts, ends } = this.packed;
    out.length = width;
    const first = row * width;
    if (!this.buffer) {
      for (let column = 0; column < width; column++) out[column] = this.cell(row, column);
      return out;
    }
    let low = Number.POSITIVE_INFINITY;
    let high = 0;
    for (let at = first; at < first + width; at++) {
      if (starts[at] === ends[at]) continue;
      if (starts[at]! < low) low = starts[at]!;
      if (ends[at]! > high) high = ends[at]!;
    }
    if (high === 0) {
      out.fill(undefined);
      return out;
    }
    const line = this.buffer.toString('utf8', low, high);
    // UTF-8 spends more than one byte only on characters past ASCII.
    const ascii = line.length === high - low;
    const plain = this.packed.kinds === null;
    for (let column = 0; column < width; column++) {
      const at = first + column;
      const start = starts[at]!;
      const end = ends[at]!;
      if (start === end) out[column] = undefined;
      else {
        const text = ascii ? line.slice(start - low, end - low) : this.slice(start, end);
        out[column] = plain ? text : this.finish(text, at);
      }
    }
    return out;
  }

  row(row: number): RawCell[] {
    return this.rowInto(row, []);
  }
}

function shared<T extends Uint8Array | Uint32Array>(array: T): T {
  // Already shared and filling most of its buffer: kept where it is rather than held twice while copied.
  if (array.buffer instanceof SharedArrayBuffer && array.byteLength * 4 >= array.buffer.byteLength * 3) {
    return array;
  }
  const copy = new (array.constructor as new (buffer: SharedArrayBuffer) => T)(
    new SharedArrayBuffer(array.byteLength),
  );
  copy.set(array);
  return copy;
}

/**
 * The same cells in shared memory. Main keeps a batch's cells for as long as it is open and sends them
 * back to the worker whenever the mapping changes; shared, they cross without being copied, so neither
 * thread ever copies a file's cells in one go again. What is not shared yet is copied once, in the worker;
 * the CSV reader's bytes and offsets are shared from the start and stay where they are.
 */
export function sharePacked(packed: PackedCells): PackedCells {
  return {
    ...packed,
    utf8: packed.utf8 ? shared(packed.utf8) : null,
    starts: shared(packed.starts),
    ends: shared(packed.ends),
    kinds: packed.kinds ? shared(packed.kinds) : null,
  };
}

/** Rows of cells (JSON items, worksheet rows) packed into one string, cut or padded to `width`. */
export function packRows(rows: readonly (readonly RawCell[])[], width: number): PackedCells {
  const parts: string[] = [];
  const starts = new Uint32Array(rows.length * width);
  const ends = new Uint32Array(rows.length * width);
  let kinds: Uint8Array | null = null;
  let length = 0;
  for (let row = 0; row < rows.length; row++) {
    const cells = rows[row]!;
    for (let column = 0; column < width; column++) {
      const at = row * width + column;
      const cell = cells[column];
      let text: string;
      if (cell === undefined) text = '';
      else if (typeof cell === 'string') text = cell;
      else {
        text = JSON.stringify(cell);
        kinds ??= new Uint8Array(rows.length * width);
        kinds[at] = CELL_LIST;
      }
      starts[at] = length;
      length += text.length;
      ends[at] = length;
      if (text.length > 0) parts.push(text);
    }
  }
  return { utf8: null, text: parts.join(''), starts, ends, kinds, width, rows: rows.length };
}
