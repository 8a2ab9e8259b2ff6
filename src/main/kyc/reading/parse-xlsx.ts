// The first worksheet of an XLSX workbook to a raw table: the first non-empty row is the header. The ZIP is
// checked first (zip-guard), because exceljs inflates every part whole.

import { type KycRowNote, rowNote } from '@shared/kyc-problems';
import type ExcelJS from 'exceljs';
import { refusal } from '../../i18n/refuse';
import type { Refusal } from '../../refusal';
import type { KycLimits } from '../limits';
import { CellStore, packRows } from './cell-store';
import { dateText, numberText } from './cell-text';
import { type RawCell, type RawTable, uniqueHeaders } from './table';
import { guardZip } from './zip-guard';

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
function cellText(value: ExcelJS.CellValue): string | undefined {
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

export async function parseXlsx(bytes: Uint8Array, limits: KycLimits): Promise<RawTable> {
  await guardZip(bytes, limits);
  // Loaded on first use: exceljs is large, and most files are CSV.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  try {
    // exceljs's typings merge Buffer with ArrayBuffer, a type no real value has; at run time it takes a
    // Node Buffer. A view, not a copy: the worker owns these bytes.
    const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as unknown as Parameters<
      typeof workbook.xlsx.load
    >[0];
    await workbook.xlsx.load(data);
  } catch (error) {
    // exceljs's own words, as it says them.
    throw refusal('invalid', 'refusal.kyc.xlsxUnreadable', {
      detail: error instanceof Error ? error.message : String(error),
    });
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw refusal('invalid', 'refusal.kyc.noWorksheet');
  let headerCells: string[] | undefined;
  const rows: RawCell[][] = [];
  const numbers: number[] = [];
  const rowNotes = new Map<number, KycRowNote>();
  let refused: Refusal | undefined;
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (refused) return;
    const cells: (string | undefined)[] = [];
    row.eachCell({ includeEmpty: false }, (cell, column) => {
      const text = cellText(cell.value);
      if (text !== undefined && text.length > limits.maxCellChars) {
        refused ??= refusal('invalid', 'refusal.kyc.cellTooLong', {
          row: rowNumber,
          column,
          chars: text.length,
          max: limits.maxCellChars,
        });
      }
      cells[column - 1] = text;
    });
    if (!cells.some((cell) => cell !== undefined && cell.trim() !== '')) return;
    if (headerCells === undefined) {
      if (cells.length > limits.maxColumns) {
        refused ??= refusal('invalid', 'refusal.kyc.xlsxHeaderTooWide', {
          columns: cells.length,
          max: limits.maxColumns,
        });
      }
      headerCells = Array.from(cells, (cell) => cell ?? '');
      return;
    }
    if ((rows.length + 1) * headerCells.length > limits.maxCells) {
      refused ??= refusal('invalid', 'refusal.kyc.tooManyCells', {
        sheet: 'yes',
        records: Math.floor(limits.maxCells / headerCells.length),
        columns: headerCells.length,
        max: limits.maxCells,
      });
      return;
    }
    if (cells.length > headerCells.length && cells.slice(headerCells.length).some((cell) => cell?.trim())) {
      rowNotes.set(rows.length, rowNote.beyondHeader(headerCells.length));
    }
    rows.push(cells);
    numbers.push(rowNumber);
  });
  if (refused) throw refused;
  const headers = uniqueHeaders(headerCells ?? []);
  return {
    headers,
    cells: new CellStore(packRows(rows, headers.length)),
    rowNumbers: Int32Array.from(numbers),
    rowNotes,
    warnings: [],
  };
}
