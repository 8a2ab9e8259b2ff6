// A history_rows row as SQLite hands it back (BigInt integers, JSON columns as text) to the HistoryRow
// the rest of Paydesk reads, for every read: the list, the drawer, the export and the audit checks. JSON
// that no longer parses as its schema reads as empty rather than failing the whole page.
import type { SQLOutputValue } from 'node:sqlite';
import {
  type ApiVersion,
  type HistoryNote,
  type HistoryRow,
  historyNoteSchema,
  type KycBatchStatus,
  kycBatchCountsSchema,
  kycChunkResultSchema,
} from '@shared/history';
import type { PayInStatus } from '@shared/payin-lifecycle';
import { z } from 'zod';
import { redactCardFields } from './redact-card-fields';

export type SqlRow = Record<string, SQLOutputValue>;

export function text(value: SQLOutputValue | undefined): string {
  return typeof value === 'string' ? value : String(value ?? '');
}
function textOrNull(value: SQLOutputValue | undefined): string | null {
  return value === null || value === undefined ? null : String(value);
}
function parseJson<T>(value: SQLOutputValue | undefined, schema: z.ZodType<T>, fallback: T): T {
  if (typeof value !== 'string') return fallback;
  const parsed = schema.safeParse(JSON.parse(value));
  return parsed.success ? parsed.data : fallback;
}

export function toRow(row: SqlRow): HistoryRow {
  const common = {
    id: Number(row.id),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    profile: text(row.profile),
    operator: text(row.operator),
    note: parseJson<HistoryNote | null>(row.note_json, historyNoteSchema.nullable(), null),
  };
  if (row.kind === 'kyc_batch') {
    return {
      ...common,
      kind: 'kyc_batch',
      status: text(row.status) as KycBatchStatus,
      fileName: text(row.file_name),
      sha256: text(row.sha256),
      counts: parseJson(row.counts_json, kycBatchCountsSchema, {
        total: 0,
        valid: 0,
        invalid: 0,
        accepted: 0,
        rejected: 0,
      }),
      chunks: parseJson(row.chunks_json, z.array(kycChunkResultSchema), []),
      acceptedUserIds: parseJson(row.accepted_user_ids_json, z.array(z.string()), []),
    };
  }
  return {
    ...common,
    kind: 'payin',
    status: text(row.status) as PayInStatus,
    apiVersion: text(row.api_version) as ApiVersion,
    merchantTradeNo: text(row.merchant_trade_no),
    userId: text(row.user_id),
    maskedPan: textOrNull(row.masked_pan),
    brand: textOrNull(row.brand),
    last4: textOrNull(row.last4),
    amount: text(row.amount),
    currency: text(row.currency),
    orderId: textOrNull(row.order_id),
    traceid: textOrNull(row.traceid),
    remark: textOrNull(row.remark),
    request: text(row.request_json),
    rawResponse: textOrNull(row.response_raw),
  };
}

/** The other way: a note as its column holds it, card fields redacted. */
export function noteJson(note: HistoryNote | null): string | null {
  return note ? JSON.stringify(redactCardFields(note)) : null;
}
