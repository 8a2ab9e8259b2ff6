// CSV to a raw table, RFC 4180 style. A tokenizer of its own rather than papaparse: it works on the UTF-8
// bytes (delimiters, quotes and line ends are all ASCII, so they never occur inside a multi-byte character)
// and records where each cell lies instead of cutting 1.5 million strings, which is what lets 100,000
// records open in about the time papaparse alone takes; and it checks the limits as it goes, so a
// million-column header or a quote that never closes is refused before any row is built.
//
// Rules: a cell that starts with " is quoted until a " that is not doubled; spaces between that closing
// quote and the delimiter are ignored; anything else after it makes a malformed cell, read as typed (with
// a warning). A " inside an unquoted cell is an ordinary character. Rows whose cells are all blank are
// skipped, as spreadsheets write them. Row numbers count every row, blank or not, as a spreadsheet shows
// them, a quoted line break inside a cell not starting a new row.

import { type KycRowNote, rowNote } from '@shared/kyc-problems';
import { refusal } from '../../i18n/refuse';
import type { KycLimits } from '../limits';
import { CELL_QUOTED, CellStore, type PackedCells, sharePacked } from './cell-store';
import { type RawTable, uniqueHeaders } from './table';

const DELIMITERS = [',', ';', '\t', '|'] as const;
const MAX_WARNINGS = 10;
const QUOTE = 34;
const LF = 10;
const CR = 13;
const SPACE = 32;
const TAB = 9;

/**
 * The delimiter that occurs most often, outside quotes, in the header line (the first line that is not
 * blank), a comma when none does; and the columns it makes there.
 */
function detectDelimiter(bytes: Uint8Array, from = 0): { delimiter: number; columns: number } {
  const codes = DELIMITERS.map((delimiter) => delimiter.charCodeAt(0));
  const counts = codes.map(() => 0);
  let start = from;
  while (start < bytes.length && (bytes[start] === LF || bytes[start] === CR || bytes[start] === SPACE)) {
    start++;
  }
  let quoted = false;
  for (let i = start; i < bytes.length; i++) {
    const byte = bytes[i]!;
    if (byte === QUOTE) quoted = !quoted;
    else if (quoted) continue;
    else if (byte === LF || byte === CR) break;
    else {
      const which = codes.indexOf(byte);
      if (which >= 0) counts[which]!++;
    }
  }
  let best = 0;
  for (let which = 1; which < codes.length; which++) if (counts[which]! > counts[best]!) best = which;
  return { delimiter: counts[best]! > 0 ? codes[best]! : codes[0]!, columns: counts[best]! + 1 };
}

const sharedUint32 = (length: number) => new Uint32Array(new SharedArrayBuffer(length * 4));
const sharedUint8 = (length: number) => new Uint8Array(new SharedArrayBuffer(length));

/**
 * Growable cell offsets: the cell count is known only at the end. They grow in shared memory, where the
 * batch keeps them (sharePacked keeps them in place when they fill most of their buffer): a million
 * records' 15 million cells are 120 MB, which a copy at the end would hold twice.
 */
class Offsets {
  starts: Uint32Array;
  ends: Uint32Array;
  kinds: Uint8Array | null = null;
  length = 0;

  constructor(capacity: number) {
    this.starts = sharedUint32(capacity);
    this.ends = sharedUint32(capacity);
  }

  push(start: number, end: number, quoted: boolean): void {
    if (this.length === this.starts.length) this.grow();
    this.starts[this.length] = start;
    this.ends[this.length] = end;
    if (quoted) {
      this.kinds ??= sharedUint8(this.starts.length);
      this.kinds[this.length] = CELL_QUOTED;
    } else if (this.kinds) this.kinds[this.length] = 0;
    this.length++;
  }

  private grow(): void {
    const capacity = Math.max(1024, this.starts.length * 2);
    const starts = sharedUint32(capacity);
    starts.set(this.starts);
    const ends = sharedUint32(capacity);
    ends.set(this.ends);
    this.starts = starts;
    this.ends = ends;
    if (this.kinds) {
      const kinds = sharedUint8(capacity);
      kinds.set(this.kinds);
      this.kinds = kinds;
    }
  }
}

/** CSV from UTF-8 `bytes`, text starting at `from` (after a BOM). The table keeps the bytes as its cells. */
export function parseCsv(bytes: Uint8Array, from: number, limits: KycLimits): RawTable {
  const { delimiter, columns } = detectDelimiter(bytes, from);
  if (columns > limits.maxColumns) {
    throw refusal('invalid', 'refusal.kyc.csvHeaderTooWide', { columns, max: limits.maxColumns });
  }
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const length = bytes.length;
  // A file with no line feed at all uses bare carriage returns (classic Mac).
  const newline = buffer.indexOf(LF, from) >= 0 || buffer.indexOf(CR, from) < 0 ? LF : CR;
  const text = (start: number, end: number) => buffer.toString('utf8', start, end);
  const warnings: string[] = [];
  const warn = (message: string) => {
    if (warnings.length < MAX_WARNINGS) warnings.push(message);
  };
  /** Whether bytes[start, end) hold nothing but white space. */
  const isBlank = (start: number, end: number): boolean => {
    for (let i = start; i < end; i++) {
      const byte = bytes[i]!;
      if (byte > SPACE && byte < 127) return false;
    }
    return end === start || text(start, end).trim() === '';
  };

  // Cells of the row being read; copied into `cells` once the row turns out not to be blank.
  const row = new Offsets(64);
  const cells = new Offsets(Math.max(1024, Math.ceil(length / 12)));
  let headers: string[] | undefined;
  let width = 0;
  let rows = 0;
  let rowNumbers = new Int32Array(1024);
  const rowNotes = new Map<number, KycRowNote>();
  let spreadsheetRow = 0;

  // Plain loops over the bytes: per cell they beat a native indexOf call, whose overhead dominates at
  // ten-odd bytes a cell.
  /** Where an unquoted cell from `at` stops: the next delimiter or line end, or the end of the bytes. */
  const cellEnd = (at: number): number => {
    let i = at;
    while (i < length) {
      const byte = bytes[i];
      if (byte === delimiter || byte === newline) break;
      i++;
    }
    return i;
  };
  /** A CRLF file's cell stops at the LF; its CR belongs to the line end, not to the cell. */
  const withoutCarriageReturn = (start: number, stop: number): number =>
    newline === LF && stop > start && bytes[stop] !== delimiter && bytes[stop - 1] === CR ? stop - 1 : stop;

  let pos = from;
  while (pos < length) {
    spreadsheetRow++;
    row.length = 0;
    let cellsInRow = 0;
    let extraFilled = false;
    for (;;) {
      let start: number;
      let end: number;
      let after: number;
      let quoted = false;
      if (bytes[pos] === QUOTE) {
        let close = pos + 1;
        for (;;) {
          while (close < length && bytes[close] !== QUOTE) close++;
          if (close >= length || bytes[close + 1] !== QUOTE) break;
          quoted = true;
          close += 2;
        }
        if (close >= length) {
          throw refusal('invalid', 'refusal.kyc.csvQuoteOpen', { row: spreadsheetRow });
        }
        start = pos + 1;
        end = close;
        after = close + 1;
        while (
          after < length &&
          bytes[after] !== delimiter &&
          (bytes[after] === SPACE || bytes[after] === TAB)
        ) {
          after++;
        }
        const next = bytes[after];
        if (after < length && next !== delimiter && next !== newline && next !== CR) {
          warn(
            `Row ${spreadsheetRow}: a quoted cell has text after its closing quote; it was read as typed.`,
          );
          after = cellEnd(after);
          start = pos;
          end = withoutCarriageReturn(start, after);
          quoted = false;
        }
      } else {
        after = cellEnd(pos);
        start = pos;
        end = withoutCarriageReturn(start, after);
      }
      // Bytes first: a cell can only be over the limit in characters if it is over it in bytes.
      if (end - start > limits.maxCellChars && text(start, end).length > limits.maxCellChars) {
        throw refusal('invalid', 'refusal.kyc.cellTooLong', {
          row: spreadsheetRow,
          column: cellsInRow + 1,
          chars: text(start, end).length,
          max: limits.maxCellChars,
        });
      }
      if (headers === undefined || cellsInRow < width) row.push(start, end, quoted);
      else if (!extraFilled && !isBlank(start, end)) extraFilled = true;
      cellsInRow++;
      if (headers === undefined && cellsInRow > limits.maxColumns) {
        throw refusal('invalid', 'refusal.kyc.csvRowTooWide', {
          row: spreadsheetRow,
          max: limits.maxColumns,
        });
      }
      if (after >= length) {
        pos = length;
        break;
      }
      if (bytes[after] === delimiter) {
        // A delimiter ending the file still opens one more, empty, cell: read at `length` next time round.
        pos = after + 1;
        continue;
      }
      pos = after + (newline === LF && bytes[after] === CR && bytes[after + 1] === LF ? 2 : 1);
      break;
    }

    let blank = !extraFilled;
    for (let i = 0; blank && i < row.length; i++) blank = isBlank(row.starts[i]!, row.ends[i]!);
    if (blank) continue;
    if (headers === undefined) {
      headers = [];
      for (let i = 0; i < row.length; i++) {
        const raw = text(row.starts[i]!, row.ends[i]!);
        headers.push(row.kinds?.[i] === CELL_QUOTED ? raw.replaceAll('""', '"') : raw);
      }
      width = headers.length;
      continue;
    }
    if ((rows + 1) * width > limits.maxCells) {
      throw refusal('invalid', 'refusal.kyc.tooManyCells', {
        sheet: 'no',
        records: Math.floor(limits.maxCells / width),
        columns: width,
        max: limits.maxCells,
      });
    }
    for (let i = 0; i < width; i++) {
      if (i < row.length) cells.push(row.starts[i]!, row.ends[i]!, row.kinds?.[i] === CELL_QUOTED);
      else cells.push(0, 0, false);
    }
    if (cellsInRow > width && extraFilled) {
      rowNotes.set(rows, rowNote.extraCells(cellsInRow, width));
    }
    if (rows === rowNumbers.length) {
      const grown = new Int32Array(rows * 2);
      grown.set(rowNumbers);
      rowNumbers = grown;
    }
    rowNumbers[rows++] = spreadsheetRow;
  }

  // The offsets as they are (or exact-size copies, when most of their buffers would be spare), in shared
  // memory like the bytes: the batch keeps them.
  const packed: PackedCells = sharePacked({
    utf8: bytes,
    text: '',
    starts: cells.starts.subarray(0, cells.length),
    ends: cells.ends.subarray(0, cells.length),
    kinds: cells.kinds ? cells.kinds.subarray(0, cells.length) : null,
    width,
    rows,
  });
  return {
    headers: uniqueHeaders(headers ?? []),
    cells: new CellStore(packed),
    rowNumbers: rowNumbers.slice(0, rows),
    rowNotes,
    warnings,
  };
}
