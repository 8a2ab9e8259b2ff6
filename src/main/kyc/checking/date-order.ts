// Which way round a column writes its dates (issue 35, item 9). "07.03.1979" is 7 March or 3 July; alone it
// is never guessed (A32). But a column is one export's: a row with "17.03.1979" in it proves the column
// writes the day first, one with "03/17/1979" that it writes the month first. A column with proof of one
// order only reads its undecided dates that way; a column with proof of both, or of neither, decides
// nothing, and its undecided dates stay to be fixed. The proof is taken from the file as read.
import type { KycColumnMapping, KycDateColumn, KycDateOrder, KycField } from '@shared/kyc-batch';
import type { CellStore } from '../reading/cell-store';
import { dateParts } from './normalize';

export const DATE_FIELDS: ReadonlySet<KycField> = new Set([
  'birthday',
  'certificateDateStart',
  'certificateDateEnd',
]);

/** What a column's rows prove: the first row (index) of each order, when one proves it. */
export interface ColumnDateProof {
  /** The column's first rows hold a day-and-month date: it is a date column the officer may set. */
  dates: boolean;
  dayFirst: number | undefined;
  monthFirst: number | undefined;
}

const NO_PROOF: ColumnDateProof = { dates: false, dayFirst: undefined, monthFirst: undefined };

/** Rows looked at to tell a date column from the others before the whole column is read. */
const SAMPLE_ROWS = 200;

function proofOf(cells: CellStore, column: number): ColumnDateProof {
  let dayFirst: number | undefined;
  let monthFirst: number | undefined;
  for (let row = 0; row < cells.rows; row++) {
    const cell = cells.cell(row, column);
    if (typeof cell !== 'string') continue;
    const parts = dateParts(cell.trim());
    if (!parts) continue;
    if (dayFirst === undefined && parts.first > 12 && parts.second <= 12) dayFirst = row;
    if (monthFirst === undefined && parts.second > 12 && parts.first <= 12) monthFirst = row;
    if (dayFirst !== undefined && monthFirst !== undefined) break;
  }
  return { dates: true, dayFirst, monthFirst };
}

function looksLikeDates(cells: CellStore, column: number): boolean {
  const sample = Math.min(cells.rows, SAMPLE_ROWS);
  for (let row = 0; row < sample; row++) {
    const cell = cells.cell(row, column);
    if (typeof cell === 'string' && dateParts(cell.trim())) return true;
  }
  return false;
}

/** Each column's proof; a column whose first rows hold no day-and-month date is not read further. */
export function columnDateProofs(cells: CellStore, columns: number): ColumnDateProof[] {
  return Array.from({ length: columns }, (_, column) =>
    looksLikeDates(cells, column) ? proofOf(cells, column) : NO_PROOF,
  );
}

/** The order a column's proof settles: one order proved, the other not. */
export function provenOrder(proof: ColumnDateProof | undefined): KycDateOrder | undefined {
  if (!proof) return undefined;
  if (proof.dayFirst !== undefined && proof.monthFirst === undefined) return 'day-first';
  if (proof.monthFirst !== undefined && proof.dayFirst === undefined) return 'month-first';
  return undefined;
}

/** Per column of a mapping, the order a mapped date column's undecided dates are read in, where proven. */
export function dateOrdersOf(
  mapping: readonly KycColumnMapping[],
  proofs: readonly ColumnDateProof[],
  chosen: ReadonlyMap<number, KycDateOrder>,
): (KycDateOrder | undefined)[] {
  return mapping.map((column, index) =>
    column.field && DATE_FIELDS.has(column.field)
      ? (chosen.get(index) ?? provenOrder(proofs[index]))
      : undefined,
  );
}

/** The mapped date columns whose rows say which way round they write day and month (the batch's summary). */
export function dateColumnsOf(batch: {
  mapping: readonly KycColumnMapping[];
  dateProofs: readonly ColumnDateProof[];
  chosenDateOrders: ReadonlyMap<number, KycDateOrder>;
  rowNumbers: Int32Array;
  cells: CellStore;
}): KycDateColumn[] {
  const columns: KycDateColumn[] = [];
  batch.mapping.forEach(({ header, field }, index) => {
    const proof = batch.dateProofs[index];
    if (!field || !DATE_FIELDS.has(field) || !proof?.dates) return;
    const chosen = batch.chosenDateOrders.get(index);
    const push = (reading: KycDateColumn['reading']) =>
      columns.push({ header, field, ...(chosen && { chosen }), reading });
    const order = provenOrder(proof);
    const rowOf = (at: number) => batch.rowNumbers[at]!;
    if (order) {
      const at = (order === 'day-first' ? proof.dayFirst : proof.monthFirst)!;
      const text = batch.cells.cell(at, index);
      push({ kind: 'proven', order, row: rowOf(at), text: typeof text === 'string' ? text.trim() : '' });
    } else if (proof.dayFirst !== undefined && proof.monthFirst !== undefined) {
      push({ kind: 'conflict', dayFirstRow: rowOf(proof.dayFirst), monthFirstRow: rowOf(proof.monthFirst) });
    } else {
      push({ kind: 'unproven' });
    }
  });
  return columns;
}
