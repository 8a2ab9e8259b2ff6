// History as CSV, as History's export writes it: a header and one line per row, pay-ins and KYC batches
// in the same columns (each leaves the other's empty), every cell neutralised against spreadsheet
// formulas and quoted (csv-cells.ts). Only the cells the row's table gives (src/shared/history-row.ts, each
// column's `csv`) leave: never a request or an answer body.
import type { HistoryRow } from '@shared/history';
import { COLUMN_SPECS, type CsvValue } from '@shared/history-row';
import { csvLine } from '../../csv/csv-cells';
import { type SqlRow, toRow } from '../store/row-mapping';

type CsvCell = { header: string; at: number; field: string; cell: (value: never) => CsvValue };

/** Every column's CSV cells, in their fixed places. */
const CELLS: readonly CsvCell[] = COLUMN_SPECS.flatMap((spec) =>
  (spec.csv ?? []).map((cell) => ({ ...cell, field: spec.field ?? spec.sql })),
).sort((a, b) => a.at - b.at);

export const CSV_HEADER: readonly string[] = CELLS.map((cell) => cell.header);

/** A row's cells: each column's, or empty where the row's kind has no such field. */
export function csvCells(row: HistoryRow): CsvValue[] {
  const fields: Record<string, unknown> = row;
  return CELLS.map(({ field, cell }) =>
    field in fields ? (cell as (value: unknown) => CsvValue)(fields[field]) : null,
  );
}

/** The CSV text of these rows (read one at a time, as SQLite iterates them), and how many there were. */
export function historyCsv(rows: Iterable<SqlRow>): { csv: string; rows: number } {
  const lines = [csvLine(CSV_HEADER)];
  let count = 0;
  for (const row of rows) {
    lines.push(csvLine(csvCells(toRow(row))));
    count += 1;
  }
  return { csv: lines.join(''), rows: count };
}
