// The first worksheet of an XLSX workbook to a raw table: the first non-empty row is the header.
import ExcelJS from 'exceljs';
import { IpcFailure } from '../ipc/dispatch';
import { dateText, numberText } from './cell-text';
import { type RawCell, type RawTable, uniqueHeaders } from './table';
import { ROWS_PER_SLICE, yieldToEventLoop } from './yield';

type Scalar = number | string | boolean | Date | { error: string } | null | undefined;

function scalarText(value: Scalar): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'number') return numberText(value);
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return dateText(value);
  // "#N/A" and the like: left as shown so that validation reports it.
  return value.error;
}

function richText(value: { richText: readonly { text: string }[] }): string {
  return value.richText.map((part) => part.text).join('');
}

/** What the cell shows: formulas as their cached result, rich text as plain text, dates as YYYY-MM-DD. */
export function cellText(value: ExcelJS.CellValue): string | undefined {
  if (value === null || value === undefined || typeof value !== 'object' || value instanceof Date) {
    return scalarText(value);
  }
  if ('richText' in value) return richText(value);
  if ('formula' in value || 'sharedFormula' in value) return scalarText(value.result);
  if ('hyperlink' in value) {
    const text: unknown = value.text;
    const shown =
      typeof text === 'string'
        ? text
        : text && typeof text === 'object' && 'richText' in text
          ? richText(text as { richText: { text: string }[] })
          : '';
    // A web link labelled "front side" stands for its target; a mailto: link's label is the address.
    const webTarget = /^https?:\/\//i.test(value.hyperlink ?? '');
    return webTarget && !/^https?:\/\//i.test(shown.trim()) ? value.hyperlink : shown;
  }
  if ('error' in value) return value.error;
  return undefined;
}

export async function parseXlsx(bytes: Uint8Array): Promise<RawTable> {
  const workbook = new ExcelJS.Workbook();
  try {
    // exceljs's typings merge Buffer with ArrayBuffer, a type no real value has; at run time it takes a
    // Node Buffer. A copy, so that the caller's bytes stay as they were.
    const data = Buffer.from(bytes) as unknown as Parameters<typeof workbook.xlsx.load>[0];
    await workbook.xlsx.load(data);
  } catch (error) {
    const reason = error instanceof Error ? ` (${error.message})` : '';
    throw new IpcFailure('invalid', `The file is not a readable XLSX workbook${reason}.`);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new IpcFailure('invalid', 'The workbook has no worksheet.');
  let headerCells: string[] | undefined;
  const rows: RawCell[][] = [];
  const numbers: number[] = [];
  const rowNotes = new Map<number, string>();
  const collected: { cells: (string | undefined)[]; number: number }[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const cells: (string | undefined)[] = [];
    row.eachCell({ includeEmpty: false }, (cell, column) => {
      cells[column - 1] = cellText(cell.value);
    });
    collected.push({ cells, number: rowNumber });
  });
  for (let i = 0; i < collected.length; i++) {
    const { cells, number } = collected[i]!;
    if (!cells.some((cell) => cell !== undefined && cell.trim() !== '')) continue;
    if (headerCells === undefined) {
      headerCells = Array.from(cells, (cell) => cell ?? '');
      continue;
    }
    if (cells.length > headerCells.length && cells.slice(headerCells.length).some((cell) => cell?.trim())) {
      rowNotes.set(rows.length, `This row has cells beyond the last header (column ${headerCells.length}).`);
    }
    // Fill holes so that the row is a dense array like the other formats produce.
    rows.push(Array.from(cells));
    numbers.push(number);
    if (i % ROWS_PER_SLICE === 0) await yieldToEventLoop();
  }
  return {
    headers: uniqueHeaders(headerCells ?? []),
    rows,
    rowNumbers: Int32Array.from(numbers),
    rowNotes,
    warnings: [],
  };
}
