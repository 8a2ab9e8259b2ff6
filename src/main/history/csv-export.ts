// History as CSV, as History's export writes it: a header and one line per row, pay-ins and KYC batches
// in the same columns (each leaves the other's empty), every cell neutralised against spreadsheet
// formulas and quoted (csv-cells.ts). Only the columns below leave: never a request or an answer body.
import { customerNameOf } from '@shared/customer-fields';
import type { HistoryRow } from '@shared/history';
import { csvLine } from '../csv/csv-cells';
import { type SqlRow, toRow } from './row-mapping';

export const CSV_HEADER = [
  'id',
  'createdAt',
  'kind',
  'status',
  'profile',
  'operator',
  'apiVersion',
  'merchantTradeNo',
  'userId',
  'maskedPan',
  'brand',
  'amount',
  'currency',
  'orderId',
  'traceid',
  'remark',
  // The row's note (`note`): the header keeps its first names, which spreadsheets and imports already read.
  'errorKind',
  'errorMessage',
  'fileName',
  'recordsTotal',
  'recordsAccepted',
  'recordsRejected',
  // Last, so that the columns spreadsheets and imports already read keep their places.
  'customerName',
];

export function csvCells(row: HistoryRow): (string | number | null)[] {
  const createdAt = new Date(row.createdAt).toISOString();
  const head = [row.id, createdAt, row.kind, row.status, row.profile, row.operator];
  if (row.kind === 'payin') {
    return [
      ...head,
      row.apiVersion,
      row.merchantTradeNo,
      row.userId,
      row.maskedPan,
      row.brand,
      row.amount,
      row.currency,
      row.orderId,
      row.traceid,
      row.remark,
      row.note?.kind ?? null,
      row.note?.message ?? null,
      null,
      null,
      null,
      null,
      customerNameOf(row.request) ?? null,
    ];
  }
  return [
    ...head,
    ...Array<null>(10).fill(null),
    row.note?.kind ?? null,
    row.note?.message ?? null,
    row.fileName,
    row.counts.total,
    row.counts.accepted,
    row.counts.rejected,
    null,
  ];
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
