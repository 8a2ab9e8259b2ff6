// The history row, defined once: every column of the history file's history_rows, in the file's own
// column order, with what each one is everywhere it goes. The contract's row schemas (history.ts), the
// store's INSERT and its reading of a row (main/history/row-table), the row digest's fixed list, the team
// database's columns (the replicator, Team History, a restore), the salvage's read and the CSV export all
// derive from HISTORY_COLUMNS; none of them lists the columns again.
// A new column is one entry here (with `added`: the history and team migrations that add it, which
// main/history/row-table/column-migrations.ts writes for the history file), the value a write gives it
// (main/history/write-schemas.ts), the team migration (team-migrations.ts), and its cell in History
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

/** One column, its CSV cells typed by its own field's values. */
function column<
  const F extends string,
  const S extends Partial<Record<HistoryKind, z.ZodType>>,
  const C extends Omit<ColumnSpec, 'field' | 'schemas' | 'csv'>,
>(
  spec: C & {
    field?: F;
    schemas?: S;
    csv?: readonly CsvCell<z.output<NonNullable<S[keyof S]>>>[];
  },
) {
  return spec;
}

const same = (value: CsvValue) => value;
const text = z.string();
const both = <T extends z.ZodType>(schema: T) => ({ payin: schema, kyc_batch: schema });
const payin = <T extends z.ZodType>(schema: T) => ({ payin: schema });
const batch = <T extends z.ZodType>(schema: T) => ({ kyc_batch: schema });

export const HISTORY_COLUMNS = [
  column({
    sql: 'id',
    type: 'INTEGER',
    field: 'id',
    schemas: both(z.int().positive()),
    digest: 0,
    team: 'row_id',
    csv: [{ header: 'id', at: 0, cell: same }],
    salvage: true,
  }),
  column({
    sql: 'kind',
    type: 'TEXT',
    field: 'kind',
    schemas: { payin: z.literal('payin'), kyc_batch: z.literal('kyc_batch') },
    digest: 1,
    team: 'kind',
    csv: [{ header: 'kind', at: 2, cell: same }],
    salvage: true,
  }),
  column({
    sql: 'status',
    type: 'TEXT',
    field: 'status',
    schemas: { payin: payInStatusSchema, kyc_batch: kycBatchStatusSchema },
    digest: 2,
    team: 'status',
    csv: [{ header: 'status', at: 3, cell: same }],
    salvage: true,
  }),
  column({
    sql: 'created_at',
    type: 'INTEGER',
    field: 'createdAt',
    schemas: both(z.int().nonnegative()),
    digest: 3,
    team: 'created_at',
    csv: [{ header: 'createdAt', at: 1, cell: (at) => new Date(at).toISOString() }],
    salvage: true,
  }),
  column({
    sql: 'updated_at',
    type: 'INTEGER',
    field: 'updatedAt',
    schemas: both(z.int().nonnegative()),
    digest: 4,
    team: 'updated_at',
    salvage: true,
  }),
  column({
    sql: 'profile',
    type: 'TEXT',
    field: 'profile',
    schemas: both(text.min(1)),
    digest: 5,
    team: 'profile',
    csv: [{ header: 'profile', at: 4, cell: same }],
    salvage: true,
  }),
  column({
    sql: 'operator',
    type: 'TEXT',
    field: 'operator',
    schemas: both(text.min(1)),
    digest: 6,
    team: 'operator',
    csv: [{ header: 'operator', at: 5, cell: same }],
    salvage: true,
  }),
  column({
    sql: 'api_version',
    type: 'TEXT',
    field: 'apiVersion',
    schemas: payin(apiVersionSchema),
    digest: 7,
    team: 'api_version',
    csv: [{ header: 'apiVersion', at: 6, cell: same }],
    salvage: true,
  }),
  column({
    sql: 'merchant_trade_no',
    type: 'TEXT',
    field: 'merchantTradeNo',
    schemas: payin(text.min(1).max(64)),
    digest: 8,
    team: 'merchant_trade_no',
    csv: [{ header: 'merchantTradeNo', at: 7, cell: same }],
    salvage: true,
  }),
  column({
    sql: 'user_id',
    type: 'TEXT',
    field: 'userId',
    schemas: payin(text.min(1).max(64)),
    digest: 9,
    team: 'user_id',
    csv: [{ header: 'userId', at: 8, cell: same }],
    salvage: true,
  }),
  column({
    sql: 'masked_pan',
    type: 'TEXT',
    field: 'maskedPan',
    // Absent when the pay-in used a stored card (ccStorageID) and the card is not known to Paydesk.
    schemas: payin(maskedPanSchema.nullable()),
    digest: 10,
    team: 'masked_pan',
    csv: [{ header: 'maskedPan', at: 9, cell: same }],
    salvage: true,
  }),
  column({
    sql: 'brand',
    type: 'TEXT',
    field: 'brand',
    schemas: payin(text.nullable()),
    digest: 11,
    team: 'brand',
    csv: [{ header: 'brand', at: 10, cell: same }],
    salvage: true,
  }),
  column({
    sql: 'last4',
    type: 'TEXT',
    field: 'last4',
    schemas: payin(text.nullable()),
    digest: 12,
    team: 'last4',
    salvage: true,
  }),
  column({
    sql: 'amount',
    type: 'TEXT',
    field: 'amount',
    schemas: payin(canonicalAmountSchema),
    digest: 13,
    team: 'amount',
    csv: [{ header: 'amount', at: 11, cell: same }],
    salvage: true,
  }),
  // Exact integer cents, for sorting and sums only (the daily totals): not in the contract.
  column({
    sql: 'amount_minor',
    type: 'INTEGER',
    digest: 14,
    team: 'amount_minor',
    teamText: true,
    salvage: true,
  }),
  column({
    sql: 'currency',
    type: 'TEXT',
    field: 'currency',
    schemas: payin(text.min(1).max(8)),
    digest: 15,
    team: 'currency',
    csv: [{ header: 'currency', at: 12, cell: same }],
    salvage: true,
  }),
  column({
    sql: 'order_id',
    type: 'TEXT',
    field: 'orderId',
    schemas: payin(text.nullable()),
    digest: 16,
    team: 'order_id',
    csv: [{ header: 'orderId', at: 13, cell: same }],
    salvage: true,
  }),
  column({
    sql: 'traceid',
    type: 'TEXT',
    field: 'traceid',
    schemas: payin(text.nullable()),
    digest: 17,
    team: 'traceid',
    csv: [{ header: 'traceid', at: 14, cell: same }],
    salvage: true,
  }),
  column({
    sql: 'remark',
    type: 'TEXT',
    field: 'remark',
    schemas: payin(text.nullable()),
    digest: 18,
    team: 'remark',
    csv: [{ header: 'remark', at: 15, cell: same }],
    salvage: true,
  }),
  column({
    sql: 'request_json',
    type: 'TEXT',
    // The request as sent, with cardNumber masked and cvv removed (JSON text).
    field: 'request',
    schemas: payin(text),
    digest: 19,
    team: 'request_json',
    // Last, so that the columns spreadsheets and imports already read keep their places.
    csv: [{ header: 'customerName', at: 22, cell: (request) => customerNameOf(request) ?? null }],
    salvage: true,
  }),
  column({
    sql: 'response_raw',
    type: 'TEXT',
    // The gateway's answer exactly as received (JSON text, or whatever the body was).
    field: 'rawResponse',
    schemas: payin(text.nullable()),
    digest: 20,
    team: 'response_raw',
    salvage: true,
  }),
  column({
    sql: 'note_json',
    type: 'TEXT',
    field: 'note',
    schemas: both(historyNoteSchema.nullable()),
    json: { fallback: null },
    digest: 21,
    // The team database kept the name the column had before history migration 9.
    team: 'error_json',
    // The header keeps the note's first names, which spreadsheets and imports already read.
    csv: [
      { header: 'errorKind', at: 16, cell: (note) => note?.kind ?? null },
      { header: 'errorMessage', at: 17, cell: (note) => note?.message ?? null },
    ],
    salvage: true,
  }),
  column({
    sql: 'file_name',
    type: 'TEXT',
    field: 'fileName',
    schemas: batch(text.min(1)),
    digest: 22,
    team: 'file_name',
    csv: [{ header: 'fileName', at: 18, cell: same }],
    salvage: true,
  }),
  column({
    sql: 'sha256',
    type: 'TEXT',
    field: 'sha256',
    schemas: batch(text.regex(/^[0-9a-f]{64}$/, 'A lowercase hex SHA-256.')),
    digest: 23,
    team: 'sha256',
    salvage: true,
  }),
  column({
    sql: 'counts_json',
    type: 'TEXT',
    field: 'counts',
    schemas: batch(kycBatchCountsSchema),
    json: { fallback: { total: 0, valid: 0, invalid: 0, accepted: 0, rejected: 0 } },
    digest: 24,
    team: 'counts_json',
    csv: [
      { header: 'recordsTotal', at: 19, cell: (counts) => counts.total },
      { header: 'recordsAccepted', at: 20, cell: (counts) => counts.accepted },
      { header: 'recordsRejected', at: 21, cell: (counts) => counts.rejected },
    ],
    salvage: true,
  }),
  column({
    sql: 'chunks_json',
    type: 'TEXT',
    field: 'chunks',
    schemas: batch(z.array(kycChunkResultSchema)),
    json: { fallback: [] },
    digest: 25,
    team: 'chunks_json',
    salvage: true,
  }),
  column({
    sql: 'accepted_user_ids_json',
    type: 'TEXT',
    // The userIds the gateway accepted; no other personal data of the file is kept.
    field: 'acceptedUserIds',
    schemas: batch(z.array(text)),
    json: { fallback: [] },
    digest: 26,
    team: 'accepted_user_ids_json',
    salvage: true,
  }),
  // Team mode: the card's keyed fingerprint (team/card-key.ts: HMAC under the team key, never the
  // number), for the team's duplicate check. Not in the contract, nor in the digest's fixed list.
  column({
    sql: 'card_key',
    type: 'TEXT',
    digest: null,
    team: 'card_key',
    salvage: true,
    added: { history: 6, team: 1 },
  }),
] as const satisfies readonly ColumnSpec[];

export type HistoryColumn = (typeof HISTORY_COLUMNS)[number];
export type HistoryColumnName = HistoryColumn['sql'];

/** The contract's fields of a row of kind `K`, each with its column's schema, in the columns' order. */
export type RowShape<K extends HistoryKind> = {
  [C in HistoryColumn as C extends { field: infer F extends string; schemas: infer S }
    ? K extends keyof S
      ? F
      : never
    : never]: C extends { schemas: infer S } ? (K extends keyof S ? S[K] : never) : never;
};

/** The fields and schemas of a row of kind `kind`, built from the table. */
export function rowShape<K extends HistoryKind>(kind: K): RowShape<K> {
  const shape: Record<string, z.ZodType> = {};
  for (const spec of HISTORY_COLUMNS as readonly ColumnSpec[]) {
    const schema = spec.schemas?.[kind];
    if (spec.field !== undefined && schema) shape[spec.field] = schema;
  }
  // Object.fromEntries-style building loses the keys' types; the mapped type above is what it builds.
  return shape as RowShape<K>;
}
