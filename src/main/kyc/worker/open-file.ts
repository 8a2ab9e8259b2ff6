// The heavy half of opening a KYC file, run in the worker threads: one reads it (hash, sniff, decode, parse
// in ../reading, guess the mapping), then both check its rows a range at a time (../checking), which main
// hands out and puts together (check-run.ts). What they return is packed (cell-store, packed-checks) so
// that main receives a few strings and transferred buffers, not a million objects.
import { createHash } from 'node:crypto';
import type { KycColumnMapping, KycDateOrder, KycField } from '@shared/kyc-batch';
import { refusal } from '../../i18n/refuse';
import { type ColumnDateProof, columnDateProofs } from '../checking/date-order';
import { guessMapping } from '../checking/header-mapping';
import {
  ChecksBuilder,
  noteOf,
  type PackedChecks,
  type PackedNotes,
  packNotes,
} from '../checking/packed-checks';
import { rowChecker } from '../checking/row-checker';
import type { KycLimits } from '../limits';
import { CellStore, type PackedCells, type RawCell } from '../reading/cell-store';
import { decodeUtf8, utf8TextStart } from '../reading/decode-text';
import { parseCsv } from '../reading/parse-csv';
import { parseJson } from '../reading/parse-json';
import { parseXlsx } from '../reading/parse-xlsx';
import { sniffFormat } from '../reading/sniff';
import type { KycFileFormat, RawTable } from '../reading/table';

export interface OpenedFile {
  format: KycFileFormat;
  sha256: string;
  headers: string[];
  mapping: KycColumnMapping[];
  cells: PackedCells;
  rowNumbers: Int32Array;
  notes: PackedNotes;
  warnings: string[];
  /** Per column, the rows that prove which way round it writes day and month (date-order.ts). */
  dateProofs: ColumnDateProof[];
}

/** Rows `from` to `to` (excluded) to check under a mapping, with the fixes made in main since opening. */
export interface CheckJob {
  from: number;
  to: number;
  cells: PackedCells;
  columnFields: (KycField | null)[];
  notes: PackedNotes;
  /** Rows whose cells were fixed: their cells replace the stored ones. */
  fixedRows: Map<number, RawCell[]>;
  /** Fixes to fields that no column feeds. */
  edits: Map<number, Partial<Record<KycField, string>>>;
  /** Per column, the order its dates are read in, where its rows prove it. */
  dateOrders: (KycDateOrder | undefined)[];
}

async function parseFile(bytes: Uint8Array, fileName: string, limits: KycLimits) {
  const format = sniffFormat(bytes, fileName);
  if (format === 'xlsx') return { format, table: await parseXlsx(bytes, limits) };
  const table: RawTable =
    format === 'json' ? parseJson(decodeUtf8(bytes), limits) : parseCsv(bytes, utf8TextStart(bytes), limits);
  return { format, table };
}

export function checkRows(job: CheckJob): PackedChecks {
  const cells = new CellStore(job.cells);
  const check = rowChecker(job.columnFields, job.dateOrders);
  const to = Math.min(job.to, cells.rows);
  const builder = new ChecksBuilder(job.from, to);
  const scratch: RawCell[] = [];
  for (let row = job.from; row < to; row++) {
    const rowCells = job.fixedRows.get(row) ?? cells.rowInto(row, scratch);
    builder.add(row, check(rowCells, job.edits.get(row), noteOf(job.notes, row)));
  }
  return builder.build();
}

export async function openFile(bytes: Uint8Array, fileName: string, limits: KycLimits): Promise<OpenedFile> {
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const { format, table } = await parseFile(bytes, fileName, limits);
  if (table.headers.length === 0) {
    throw refusal('invalid', format === 'json' ? 'refusal.kyc.jsonNoFields' : 'refusal.kyc.noHeaderRow');
  }
  return {
    format,
    sha256,
    headers: table.headers,
    mapping: guessMapping(table.headers),
    cells: table.cells.packed,
    rowNumbers: table.rowNumbers,
    notes: packNotes(table.rowNotes),
    warnings: table.warnings,
    dateProofs: columnDateProofs(table.cells, table.headers.length),
  };
}
