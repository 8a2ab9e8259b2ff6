// What each write to the history may carry, parsed before anything reaches SQL (the pay-in and KYC
// services are trusted callers, but a row is evidence: a malformed one is refused, not stored), and the
// columns it sets. Card fields never reach a column: the request is stored with its card number masked
// and its CVV dropped, remarks and answers with anything card-like scrubbed.
import type { SQLInputValue } from 'node:sqlite';
import { detectBrand } from '@shared/cards/card';
import {
  apiVersionSchema,
  historyNoteSchema,
  kycBatchCountsSchema,
  kycBatchStatusSchema,
  kycChunkResultSchema,
  maskedPanSchema,
  payInStatusSchema,
} from '@shared/history';
import { kycEditsSchema } from '@shared/kyc-edits';
import { canonicalAmount } from '@shared/money/amount';
import { z } from 'zod';
import { scrubText } from '../log/redaction';
import { toMinorUnits } from './amount-minor';
import { redactCardFields, redactRawBody } from './redact-card-fields';
import { noteJson } from './row-mapping';

export const newPayInSchema = z.object({
  profile: z.string().min(1),
  operator: z.string().min(1),
  apiVersion: apiVersionSchema,
  /** v1: the request's currency; v2: the profile's display currency (assumption A15). */
  currency: z.string().min(1).max(8),
  /** The body as it is sent, card fields included: the store masks and drops them before writing. */
  request: z.looseObject({
    merchantTradeNo: z.string().min(1).max(64),
    userId: z.string().min(1).max(64),
    amount: z.string().min(1),
    cardNumber: z.string().optional(),
  }),
  /** For a stored-card pay-in (no cardNumber in the request): the card as Paydesk showed it. */
  maskedPan: maskedPanSchema.optional(),
  brand: z.string().optional(),
  /** Team mode: the card's keyed fingerprint (team/card-key.ts), for the team's duplicate check. */
  cardKey: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
});
export type NewPayIn = z.input<typeof newPayInSchema>;

export const payInPatchSchema = z.object({
  status: payInStatusSchema.optional(),
  orderId: z.string().nullable().optional(),
  traceid: z.string().nullable().optional(),
  remark: z.string().nullable().optional(),
  rawResponse: z.string().nullable().optional(),
  note: historyNoteSchema.nullable().optional(),
  /** Who made the change; the row's operator when left out. */
  operator: z.string().min(1).optional(),
});
export type PayInPatch = z.input<typeof payInPatchSchema>;

export const newKycBatchSchema = z.object({
  profile: z.string().min(1),
  operator: z.string().min(1),
  fileName: z.string().min(1),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  counts: kycBatchCountsSchema,
});
export type NewKycBatch = z.input<typeof newKycBatchSchema>;

export const kycBatchPatchSchema = z.object({
  status: kycBatchStatusSchema.optional(),
  counts: kycBatchCountsSchema.optional(),
  chunks: z.array(kycChunkResultSchema).optional(),
  acceptedUserIds: z.array(z.string()).optional(),
  note: historyNoteSchema.nullable().optional(),
  operator: z.string().min(1).optional(),
  /**
   * Hand edits of records that left Paydesk since the last save: not a column, they go into this
   * change's audit entry (kyc-edit-trail.ts reads them back).
   */
  edits: kycEditsSchema.optional(),
});
export type KycBatchPatch = z.input<typeof kycBatchPatchSchema>;

/** A new pay-in's column values: the amount canonical, the card masked and out of the request. */
export function newPayInColumns(input: NewPayIn) {
  const pending = newPayInSchema.parse(input);
  const amount = canonicalAmount(pending.request.amount);
  const cardNumber = pending.request.cardNumber;
  const redactedRequest = redactCardFields(pending.request) as Record<string, unknown>;
  const maskedPan =
    typeof cardNumber === 'string'
      ? maskedPanSchema.parse(redactedRequest.cardNumber)
      : (pending.maskedPan ?? null);
  const brand =
    pending.brand ?? (typeof cardNumber === 'string' ? (detectBrand(cardNumber)?.name ?? null) : null);
  return {
    profile: pending.profile,
    operator: pending.operator,
    apiVersion: pending.apiVersion,
    merchantTradeNo: pending.request.merchantTradeNo,
    userId: pending.request.userId,
    maskedPan,
    brand,
    last4: maskedPan ? maskedPan.slice(-4) : null,
    amount,
    amountMinor: toMinorUnits(amount),
    currency: pending.currency,
    request: JSON.stringify(redactedRequest),
    cardKey: pending.cardKey ?? null,
  };
}

/** The columns a pay-in patch sets (only those it names). */
export function payInPatchColumns(patch: z.output<typeof payInPatchSchema>): Record<string, SQLInputValue> {
  const columns: Record<string, SQLInputValue> = {};
  if (patch.status !== undefined) columns.status = patch.status;
  if (patch.orderId !== undefined) columns.order_id = patch.orderId;
  if (patch.traceid !== undefined) columns.traceid = patch.traceid;
  if (patch.remark !== undefined) columns.remark = patch.remark === null ? null : scrubText(patch.remark);
  if (patch.rawResponse !== undefined) {
    columns.response_raw = patch.rawResponse === null ? null : redactRawBody(patch.rawResponse);
  }
  if (patch.note !== undefined) columns.note_json = noteJson(patch.note);
  return columns;
}

/** The columns a KYC batch patch sets (only those it names). */
export function kycBatchPatchColumns(
  patch: z.output<typeof kycBatchPatchSchema>,
): Record<string, SQLInputValue> {
  const columns: Record<string, SQLInputValue> = {};
  if (patch.status !== undefined) columns.status = patch.status;
  if (patch.counts !== undefined) columns.counts_json = JSON.stringify(patch.counts);
  if (patch.chunks !== undefined) columns.chunks_json = JSON.stringify(patch.chunks);
  if (patch.acceptedUserIds !== undefined) {
    columns.accepted_user_ids_json = JSON.stringify(patch.acceptedUserIds);
  }
  if (patch.note !== undefined) columns.note_json = noteJson(patch.note);
  return columns;
}
