// The history row, defined once: every column of the history file's history_rows, in the file's own
// column order, with what each one is everywhere it goes. The contract's row schemas (history.ts), the
// store's INSERT and its reading of a row (main/history/row-table), the row digest's fixed list, the team
// database's columns (the replicator, Team History, a restore), the salvage's read and the CSV export all
// derive from HISTORY_COLUMNS; none of them lists the columns again.
// A new column is one entry here (with `added`: the history and team migrations that add it, which
// main/history/row-table/column-migrations.ts writes for the history file), the value a write gives it
// (main/history/store/write-schemas.ts), the team migration (team-migrations.ts), and its cell in History
// (renderer, history-columns.tsx) if History shows it.
import { z } from 'zod';
import { customerNameOf } from './customer-fields';
import {
  apiVersionSchema,
  canonicalAmountSchema,
  type HistoryKind,
  historyNoteSchema,
  kycBatchCountsSchema,
  kycBatchStatusSchema,
  kycChunkResultSchema,
  maskedPanSchema,
  payInStatusSchema,
} from './history-values';

export type { HistoryKind } from './history-values';

/** A CSV cell's value, before csv-cells.ts neutralises and quotes it. */
export type CsvValue = string | number | null;

/**
 * One column of history_rows.
 * - `sql`, `type`: its name and declared type in the history file.
 * - `field`, `schemas`: its name on the contract's row, and its schema there for each kind of row that
 *   has it (none: the column is not in the contract, as amount_minor and card_key are not).
 * - `json`: the column holds the field as JSON text; a value that no longer parses reads as `fallback`.
 * - `digest`: its place in the keyed row digest (row-digest.ts), FIXED: digests already written must keep
 *   verifying. A column added later has none (it would need a digest rule of its own).
 * - `team`: its column in the team database (the key of the replicated payload), null when not replicated;
 *   `teamText`: replicated as text, for integers past 2^53.
 * - `csv`: its cells in History's CSV export, each at a FIXED place (`at`): spreadsheets read them by place.
 * - `salvage`: whether a salvage carries it into the fresh file (else the new file's default).
 * - `added`: the history and team migrations that added it; absent for the first schema's columns.
 * - `definition`: what follows the name in the migration that adds it (type and CHECK).
 */
export type ColumnSpec = {
  readonly sql: string;
  readonly type: 'INTEGER' | 'TEXT';
  readonly field?: string;
  readonly schemas?: Partial<Record<HistoryKind, z.ZodType>>;
  readonly json?: { readonly fallback: unknown };
  readonly digest: number | null;
  readonly team: string | null;
  readonly teamText?: true;
  readonly csv?: readonly {
    readonly header: string;
    readonly at: number;
    readonly cell: (value: never) => CsvValue;
  }[];
  readonly salvage: boolean;
  readonly added?: { readonly history: number; readonly team: number };
  readonly definition?: string;
};

type CsvCell<V> = { readonly header: string; readonly at: number; readonly cell: (value: V) => CsvValue };

/** What an entry says beyond its name, type and digest place; `team` is its SQL name and `salvage` true unless said. */
type Details<
  F extends string | undefined,
  S extends Partial<Record<HistoryKind, z.ZodType>> | undefined,
> = Omit<ColumnSpec, 'sql' | 'type' | 'digest' | 'field' | 'schemas' | 'csv' | 'team' | 'salvage'> & {
  field?: F;
  schemas?: S;
  csv?: readonly CsvCell<z.output<NonNullable<S[keyof S]>>>[];
  /** Short for one CSV cell of the field as it is, under the field's name, at this place. */
  csvAt?: number;
  team?: string | null;
  salvage?: boolean;
};

const asIs = (value: CsvValue) => value;

/**
 * One column: its SQL name and type, its digest place, and the rest; its CSV cells typed by its values.
 * `field` and `schemas` are typed undefined where the entry has none (the row's shape leaves it out).
 */
function column<
  const N extends string,
  const F extends string | undefined = undefined,
  const S extends Partial<Record<HistoryKind, z.ZodType>> | undefined = undefined,
>(sql: N, type: ColumnSpec['type'], digest: number | null, details: Details<F, S> = {}) {
  type Entry = Omit<ColumnSpec, 'sql' | 'field' | 'schemas'> & { sql: N; field: F; schemas: S };
  const { csvAt, ...rest } = details;
  const csv = csvAt === undefined ? rest.csv : [{ header: rest.field ?? sql, at: csvAt, cell: asIs }];
  // The defaults' types are what Entry says; the object is the entry as written.
  return { team: sql, salvage: true, ...rest, ...(csv && { csv }), sql, type, digest } as Entry;
}

const text = z.string();
const orNull = text.nullable();
const id64 = text.min(1).max(64);
const time = z.int().nonnegative();
const both = <T extends z.ZodType>(schema: T) => ({ payin: schema, kyc_batch: schema });
const payin = <T extends z.ZodType>(schema: T) => ({ payin: schema });
const batch = <T extends z.ZodType>(schema: T) => ({ kyc_batch: schema });
const kinds = { payin: z.literal('payin'), kyc_batch: z.literal('kyc_batch') };
const statuses = { payin: payInStatusSchema, kyc_batch: kycBatchStatusSchema };
const zeroCounts = { total: 0, valid: 0, invalid: 0, accepted: 0, rejected: 0 };

// In the file's order. The comments say what the contract's fields are where their names do not.
export const HISTORY_COLUMNS = [
  column('id', 'INTEGER', 0, { field: 'id', schemas: both(z.int().positive()), team: 'row_id', csvAt: 0 }),
  column('kind', 'TEXT', 1, { field: 'kind', schemas: kinds, csvAt: 2 }),
  column('status', 'TEXT', 2, { field: 'status', schemas: statuses, csvAt: 3 }),
  column('created_at', 'INTEGER', 3, {
    field: 'createdAt',
    schemas: both(time),
    csv: [{ header: 'createdAt', at: 1, cell: (at) => new Date(at).toISOString() }],
  }),
  column('updated_at', 'INTEGER', 4, { field: 'updatedAt', schemas: both(time) }),
  column('profile', 'TEXT', 5, { field: 'profile', schemas: both(text.min(1)), csvAt: 4 }),
  column('operator', 'TEXT', 6, { field: 'operator', schemas: both(text.min(1)), csvAt: 5 }),
  column('api_version', 'TEXT', 7, { field: 'apiVersion', schemas: payin(apiVersionSchema), csvAt: 6 }),
  column('merchant_trade_no', 'TEXT', 8, { field: 'merchantTradeNo', schemas: payin(id64), csvAt: 7 }),
  column('user_id', 'TEXT', 9, { field: 'userId', schemas: payin(id64), csvAt: 8 }),
  // Absent when the pay-in used a stored card (ccStorageID) and the card is not known to Paydesk.
  column('masked_pan', 'TEXT', 10, {
    field: 'maskedPan',
    schemas: payin(maskedPanSchema.nullable()),
    csvAt: 9,
  }),
  column('brand', 'TEXT', 11, { field: 'brand', schemas: payin(orNull), csvAt: 10 }),
  column('last4', 'TEXT', 12, { field: 'last4', schemas: payin(orNull) }),
  column('amount', 'TEXT', 13, { field: 'amount', schemas: payin(canonicalAmountSchema), csvAt: 11 }),
  // Exact integer cents, for sorting and sums only (the daily totals): not in the contract.
  column('amount_minor', 'INTEGER', 14, { teamText: true }),
  column('currency', 'TEXT', 15, { field: 'currency', schemas: payin(text.min(1).max(8)), csvAt: 12 }),
  column('order_id', 'TEXT', 16, { field: 'orderId', schemas: payin(orNull), csvAt: 13 }),
  column('traceid', 'TEXT', 17, { field: 'traceid', schemas: payin(orNull), csvAt: 14 }),
  column('remark', 'TEXT', 18, { field: 'remark', schemas: payin(orNull), csvAt: 15 }),
  // The request as sent, with cardNumber masked and cvv removed (JSON text). Its CSV cell is last, so
  // that the columns spreadsheets and imports already read keep their places.
  column('request_json', 'TEXT', 19, {
    field: 'request',
    schemas: payin(text),
    csv: [{ header: 'customerName', at: 22, cell: (request) => customerNameOf(request) ?? null }],
  }),
  // The gateway's answer exactly as received (JSON text, or whatever the body was).
  column('response_raw', 'TEXT', 20, { field: 'rawResponse', schemas: payin(orNull) }),
  // The team database kept the name the column had before history migration 9, and the CSV header the
  // note's first names, which spreadsheets and imports already read.
  column('note_json', 'TEXT', 21, {
    field: 'note',
    schemas: both(historyNoteSchema.nullable()),
    json: { fallback: null },
    team: 'error_json',
    csv: [
      { header: 'errorKind', at: 16, cell: (note) => note?.kind ?? null },
      { header: 'errorMessage', at: 17, cell: (note) => note?.message ?? null },
    ],
  }),
  column('file_name', 'TEXT', 22, { field: 'fileName', schemas: batch(text.min(1)), csvAt: 18 }),
  column('sha256', 'TEXT', 23, {
    field: 'sha256',
    schemas: batch(text.regex(/^[0-9a-f]{64}$/, 'A lowercase hex SHA-256.')),
  }),
  column('counts_json', 'TEXT', 24, {
    field: 'counts',
    schemas: batch(kycBatchCountsSchema),
    json: { fallback: zeroCounts },
    csv: [
      { header: 'recordsTotal', at: 19, cell: (counts) => counts.total },
      { header: 'recordsAccepted', at: 20, cell: (counts) => counts.accepted },
      { header: 'recordsRejected', at: 21, cell: (counts) => counts.rejected },
    ],
  }),
  column('chunks_json', 'TEXT', 25, {
    field: 'chunks',
    schemas: batch(z.array(kycChunkResultSchema)),
    json: { fallback: [] },
  }),
  // The userIds the gateway accepted; no other personal data of the file is kept.
  column('accepted_user_ids_json', 'TEXT', 26, {
    field: 'acceptedUserIds',
    schemas: batch(z.array(text)),
    json: { fallback: [] },
  }),
  // Team mode: the card's keyed fingerprint (team/card-key.ts: HMAC under the team key, never the
  // number), for the team's duplicate check. Not in the contract, nor in the digest's fixed list.
  column('card_key', 'TEXT', null, { added: { history: 6, team: 1 } }),
] as const satisfies readonly ColumnSpec[];

/** The same table read as plain specs, for code that walks every column alike. */
export const COLUMN_SPECS: readonly ColumnSpec[] = HISTORY_COLUMNS;

export type HistoryColumn = (typeof HISTORY_COLUMNS)[number];
export type HistoryColumnName = HistoryColumn['sql'];

/** The contract's fields of a row of kind `K`, each with its column's schema, in the columns' order. */
type RowShape<K extends HistoryKind> = {
  [C in HistoryColumn as C extends { field: infer F extends string; schemas: infer S }
    ? K extends keyof S
      ? F
      : never
    : never]: C extends { schemas: infer S } ? (K extends keyof S ? S[K] : never) : never;
};

/** The fields and schemas of a row of kind `kind`, built from the table. */
export function rowShape<K extends HistoryKind>(kind: K): RowShape<K> {
  const shape: Record<string, z.ZodType> = {};
  for (const spec of COLUMN_SPECS) {
    const schema = spec.schemas?.[kind];
    if (spec.field !== undefined && schema) shape[spec.field] = schema;
  }
  // Object.fromEntries-style building loses the keys' types; the mapped type above is what it builds.
  return shape as RowShape<K>;
}
