// A history_rows row as SQLite hands it back (BigInt integers, JSON columns as text) to the HistoryRow
// the rest of Paydesk reads, for every read: the list, the drawer, the export and the audit checks. Each
// column is decoded as the row's table says (src/shared/history-row.ts), then the row is parsed with the
// contract's schema of its kind. JSON that no longer parses as its schema reads as its column's fallback
// rather than failing the whole page.
import type { SQLOutputValue } from 'node:sqlite';
import {
  type HistoryNote,
  type HistoryRow,
  type KycBatchRow,
  kycBatchRowSchema,
  type PayInRow,
  payInRowSchema,
} from '@shared/history';
import { COLUMN_SPECS, type ColumnSpec, type HistoryKind } from '@shared/history-row';
import type { z } from 'zod';
import { redactCardFields } from './redact-card-fields';

export type SqlRow = Record<string, SQLOutputValue>;

export function text(value: SQLOutputValue | undefined): string {
  return typeof value === 'string' ? value : String(value ?? '');
}

/** An INTEGER column's value: a number, or a bigint where the statement reads BigInts (SUM over int64). */
export function integer(value: SQLOutputValue | undefined): number | bigint {
  if (typeof value === 'number' || typeof value === 'bigint') return value;
  throw new Error(`Expected an integer column value, got ${value === null ? 'NULL' : typeof value}.`);
}

/** How each field of a row of one kind is read from its column. */
type FieldReader = { field: string; sql: string; read: (value: SQLOutputValue | undefined) => unknown };

/** A column as the contract reads it: NULL where its schema allows it, else decoded by its type. */
function reader(spec: ColumnSpec, field: string, schema: z.ZodType): FieldReader {
  const { json } = spec;
  const nullable = schema.safeParse(null).success;
  let read: FieldReader['read'];
  if (json) {
    read = (value) => {
      if (typeof value !== 'string') return json.fallback;
      const parsed = schema.safeParse(JSON.parse(value));
      return parsed.success ? parsed.data : json.fallback;
    };
  } else if (spec.type === 'INTEGER') {
    read = (value) => (nullable && (value === null || value === undefined) ? null : Number(value));
  } else {
    read = (value) => (nullable && (value === null || value === undefined) ? null : text(value));
  }
  return { field, sql: spec.sql, read };
}

function readersOf(kind: HistoryKind): FieldReader[] {
  return COLUMN_SPECS.flatMap((spec) => {
    const schema = spec.schemas?.[kind];
    return spec.field !== undefined && schema ? [reader(spec, spec.field, schema)] : [];
  });
}

const READERS: Record<HistoryKind, FieldReader[]> = {
  payin: readersOf('payin'),
  kyc_batch: readersOf('kyc_batch'),
};

export function toRow(row: SqlRow): HistoryRow {
  const kind: HistoryKind = row.kind === 'kyc_batch' ? 'kyc_batch' : 'payin';
  const fields: Record<string, unknown> = {};
  for (const { field, sql, read } of READERS[kind]) fields[field] = read(row[sql]);
  const parsed = (kind === 'payin' ? payInRowSchema : kycBatchRowSchema).safeParse(fields);
  if (parsed.success) return parsed.data;
  // A row the file holds outside the contract is still handed on as it reads, for the caller to judge:
  // one edited behind Paydesk's back (the audit checks flag it, and must read it to), or one rebuilt from
  // the log after damage (no userId: the log never had it). The IPC's parse of an answer refuses it.
  return fields as HistoryRow;
}

/** A row read by a query for pay-ins, as a pay-in; undefined for no row (or, never, a batch). */
export function toPayInRow(row: SqlRow | undefined): PayInRow | undefined {
  const read = row ? toRow(row) : undefined;
  return read?.kind === 'payin' ? read : undefined;
}

/** A row read by a query for KYC batches, as a batch; undefined for no row (or, never, a pay-in). */
export function toKycBatchRow(row: SqlRow | undefined): KycBatchRow | undefined {
  const read = row ? toRow(row) : undefined;
  return read?.kind === 'kyc_batch' ? read : undefined;
}

/** The other way: a note as its column holds it, card fields redacted. */
export function noteJson(note: HistoryNote | null): string | null {
  return note ? JSON.stringify(redactCardFields(note)) : null;
}
