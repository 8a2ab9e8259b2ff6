// JSON to a raw table: an array of objects, or an object whose `data` is one (the gateway's own request
// shape). Headers are the keys in the order they first appear; arrays stay lists.
import { IpcFailure } from '../ipc/dispatch';
import { numberText } from './cell-text';
import { type RawCell, type RawTable, uniqueHeaders } from './table';
import { ROWS_PER_SLICE, yieldToEventLoop } from './yield';

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

export async function parseJson(text: string): Promise<RawTable> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? `: ${error.message}` : '';
    throw new IpcFailure('invalid', `The file is not valid JSON${reason}.`);
  }
  const items = Array.isArray(parsed)
    ? parsed
    : isObject(parsed) && Array.isArray(parsed.data)
      ? parsed.data
      : undefined;
  if (items === undefined) {
    throw new IpcFailure('invalid', 'The JSON must be an array of records or an object with a "data" array.');
  }
  const columns = new Map<string, number>();
  const rows: RawCell[][] = [];
  const rowNotes = new Map<number, string>();
  for (let i = 0; i < items.length; i++) {
    const item: unknown = items[i];
    const cells: RawCell[] = [];
    if (isObject(item)) {
      for (const [key, value] of Object.entries(item)) {
        let column = columns.get(key);
        if (column === undefined) {
          column = columns.size;
          columns.set(key, column);
        }
        cells[column] = cellOf(value);
      }
    } else {
      rowNotes.set(i, `Item ${i + 1} is not an object with named fields.`);
    }
    rows.push(cells);
    if (i % ROWS_PER_SLICE === ROWS_PER_SLICE - 1) await yieldToEventLoop();
  }
  return {
    headers: uniqueHeaders([...columns.keys()]),
    rows,
    rowNumbers: Int32Array.from({ length: rows.length }, (_, i) => i + 1),
    rowNotes,
    warnings: [],
  };
}
