// History as CSV, as History's export writes it: a header and one line per row, pay-ins and KYC batches
// in the same columns (each leaves the other's empty), every cell neutralised against spreadsheet
// formulas and quoted (csv-cells.ts). Only the cells the row's table gives (src/shared/history-row.ts, each
// column's `csv`) leave: never a request or an answer body. The spreadsheet form (csv/csv-form.ts) writes
// the time, the status and the amount in the agent's terms in the same places, and the time's UTC offset
// after the last column, so that every other column keeps its place.
import type { HistoryRow } from '@shared/history';
import { COLUMN_SPECS, type CsvValue } from '@shared/history-row';
import { type CsvForm, MACHINE_FORM } from '../../csv/csv-form';
import { type SqlRow, toRow } from '../store/row-mapping';

type CsvCell = { header: string; at: number; field: string; cell: (value: never) => CsvValue };

/** Every column's CSV cells, in their fixed places. */
const CELLS: readonly CsvCell[] = COLUMN_SPECS.flatMap((spec) =>
  (spec.csv ?? []).map((cell) => ({ ...cell, field: spec.field ?? spec.sql })),
).sort((a, b) => a.at - b.at);

export const CSV_HEADER: readonly string[] = CELLS.map((cell) => cell.header);

const placeOf = (header: string): number => {
  const at = CSV_HEADER.indexOf(header);
  if (at < 0) throw new Error(`History's CSV has no ${header} column.`);
  return at;
};
const TIME = placeOf('createdAt');
const STATUS = placeOf('status');
const AMOUNT = placeOf('amount');

/** The header in this form: the spreadsheet's has the times' offset last. */
export function csvHeader(form: CsvForm = MACHINE_FORM): readonly string[] {
  return form.local ? [...CSV_HEADER, 'utcOffset'] : CSV_HEADER;
}

/** A row's cells: each column's, or empty where the row's kind has no such field. */
export function csvCells(row: HistoryRow, form: CsvForm = MACHINE_FORM): CsvValue[] {
  const fields: Record<string, unknown> = row;
  const cells = CELLS.map(({ field, cell }) =>
    field in fields ? (cell as (value: unknown) => CsvValue)(fields[field]) : null,
  );
  const local = form.local;
  if (!local) return cells;
  cells[TIME] = local.time(row.createdAt);
  cells[STATUS] = local.status(row.status);
  if (row.kind === 'payin') cells[AMOUNT] = local.amount(row.amount, row.currency);
  cells.push(local.utcOffset(row.createdAt));
  return cells;
}

/** The CSV text of these rows (read one at a time, as SQLite iterates them), and how many there were. */
export function historyCsv(
  rows: Iterable<SqlRow>,
  form: CsvForm = MACHINE_FORM,
): { csv: string; rows: number } {
  const lines = [form.start, form.line(csvHeader(form))];
  let count = 0;
  for (const row of rows) {
    lines.push(form.line(csvCells(toRow(row), form)));
    count += 1;
  }
  return { csv: lines.join(''), rows: count };
}
