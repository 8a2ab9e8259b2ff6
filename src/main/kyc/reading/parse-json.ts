// JSON to a raw table: an array of objects, or an object whose `data` is one (the gateway's own request
// shape). Headers are the keys in the order they first appear; arrays stay lists. Nesting is measured
// before JSON.parse, because a value nested a million levels deep parses but cannot be turned back into
// text (JSON.stringify recurses) and says nothing a KYC record could mean.

import { type KycRowNote, rowNote } from '@shared/kyc-problems';
import { refusal } from '../../i18n/refuse';
import type { KycLimits } from '../limits';
import { CellStore, packRows } from './cell-store';
import { numberText } from './cell-text';
import type { RawCell, RawTable } from './table';
import { uniqueHeaders } from './table';

function scalarText(value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return numberText(value);
  if (typeof value === 'boolean') return String(value);
  // An object where text belongs: kept visible so that validation can say what is wrong.
  return JSON.stringify(value);
}

function cellOf(value: unknown): RawCell {
  if (Array.isArray(value)) return value.map((item) => scalarText(item) ?? '');
  return scalarText(value);
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The deepest nesting of [ and { outside strings, stopping as soon as it passes `max`. */
function jsonDepthOver(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 92) i++;
      else if (code === 34) inString = false;
    } else if (code === 34) inString = true;
    else if (code === 91 || code === 123) {
      if (++depth > max) return true;
    } else if (code === 93 || code === 125) depth--;
  }
  return false;
}

function cellLength(cell: RawCell): number {
  if (cell === undefined) return 0;
  if (typeof cell === 'string') return cell.length;
  let length = 0;
  for (const item of cell) length += item.length + 3;
  return length;
}

export function parseJson(text: string, limits: KycLimits): RawTable {
  if (jsonDepthOver(text, limits.maxJsonDepth)) {
    throw refusal('invalid', 'refusal.kyc.jsonTooDeep', { max: limits.maxJsonDepth });
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    // The parser's own words, as it says them.
    throw refusal('invalid', 'refusal.kyc.jsonInvalid', {
      detail: error instanceof Error ? error.message : String(error),
    });
  }
  const items = Array.isArray(parsed)
    ? parsed
    : isObject(parsed) && Array.isArray(parsed.data)
      ? parsed.data
      : undefined;
  if (items === undefined) {
    throw refusal('invalid', 'refusal.kyc.jsonShape');
  }
  const columns = new Map<string, number>();
  const rows: RawCell[][] = [];
  const rowNotes = new Map<number, KycRowNote>();
  let cells = 0;
  for (let i = 0; i < items.length; i++) {
    const item: unknown = items[i];
    const row: RawCell[] = [];
    if (isObject(item)) {
      for (const [key, value] of Object.entries(item)) {
        let column = columns.get(key);
        if (column === undefined) {
          if (columns.size >= limits.maxColumns) {
            throw refusal('invalid', 'refusal.kyc.jsonTooManyFields', { max: limits.maxColumns });
          }
          column = columns.size;
          columns.set(key, column);
        }
        const cell = cellOf(value);
        if (cellLength(cell) > limits.maxCellChars) {
          throw refusal('invalid', 'refusal.kyc.jsonValueTooLong', {
            item: i + 1,
            field: key,
            chars: cellLength(cell),
            max: limits.maxCellChars,
          });
        }
        row[column] = cell;
      }
    } else {
      rowNotes.set(i, rowNote.notAnObject(i + 1));
    }
    // Every record counts as wide as the widest seen so far: that is what the batch will keep.
    cells += Math.max(columns.size, 1);
    if (cells > limits.maxCells) {
      throw refusal('invalid', 'refusal.kyc.jsonTooManyValues', { max: limits.maxCells });
    }
    rows.push(row);
  }
  const width = columns.size;
  if (rows.length * width > limits.maxCells) {
    throw refusal('invalid', 'refusal.kyc.jsonTooWide', {
      records: rows.length,
      fields: width,
      max: limits.maxCells,
    });
  }
  return {
    headers: uniqueHeaders([...columns.keys()]),
    cells: new CellStore(packRows(rows, width)),
    rowNumbers: Int32Array.from({ length: rows.length }, (_, i) => i + 1),
    rowNotes,
    warnings: [],
  };
}
