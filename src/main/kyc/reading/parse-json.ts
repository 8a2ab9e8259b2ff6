// JSON to a raw table: an array of objects, or an object whose `data` is one (the gateway's own request
// shape). Headers are the keys in the order they first appear; arrays stay lists. Nesting is measured
// before JSON.parse, because a value nested a million levels deep parses but cannot be turned back into
// text (JSON.stringify recurses) and says nothing a KYC record could mean.

import { type KycRowNote, rowNote } from '@shared/kyc-problems';
import { Refusal } from '../../refusal';
import { count, type KycLimits } from '../limits';
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
    throw new Refusal(
      'invalid',
      `The JSON nests lists and objects more than ${limits.maxJsonDepth} levels deep; a KYC file needs ` +
        'three (a list of records, each with lists of URLs). Check that this is a KYC file.',
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? `: ${error.message}` : '';
    throw new Refusal('invalid', `The file is not valid JSON${reason}.`);
  }
  const items = Array.isArray(parsed)
    ? parsed
    : isObject(parsed) && Array.isArray(parsed.data)
      ? parsed.data
      : undefined;
  if (items === undefined) {
    throw new Refusal('invalid', 'The JSON must be an array of records or an object with a "data" array.');
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
            throw new Refusal(
              'invalid',
              `The records have more than ${count(limits.maxColumns)} different field names; Paydesk reads ` +
                `at most ${count(limits.maxColumns)}. Check that this is a KYC file.`,
            );
          }
          column = columns.size;
          columns.set(key, column);
        }
        const cell = cellOf(value);
        if (cellLength(cell) > limits.maxCellChars) {
          throw new Refusal(
            'invalid',
            `Item ${i + 1}, field "${key}": a value of ${count(cellLength(cell))} characters; Paydesk reads ` +
              `values of at most ${count(limits.maxCellChars)} characters.`,
          );
        }
        row[column] = cell;
      }
    } else {
      rowNotes.set(i, rowNote.notAnObject(i + 1));
    }
    // Every record counts as wide as the widest seen so far: that is what the batch will keep.
    cells += Math.max(columns.size, 1);
    if (cells > limits.maxCells) {
      throw new Refusal(
        'invalid',
        `The file has more records and fields than Paydesk reads in one file (${count(limits.maxCells)} ` +
          'values). Split it into smaller files.',
      );
    }
    rows.push(row);
  }
  const width = columns.size;
  if (rows.length * width > limits.maxCells) {
    throw new Refusal(
      'invalid',
      `The file has ${count(rows.length)} records of ${count(width)} fields, more than Paydesk reads in one ` +
        `file (${count(limits.maxCells)} values). Split it, or leave out the fields it does not need.`,
    );
  }
  return {
    headers: uniqueHeaders([...columns.keys()]),
    cells: new CellStore(packRows(rows, width)),
    rowNumbers: Int32Array.from({ length: rows.length }, (_, i) => i + 1),
    rowNotes,
    warnings: [],
  };
}
