// What each write to the history may carry, parsed before anything reaches SQL (the pay-in and KYC
// services are trusted callers, but a row is evidence: a malformed one is refused, not stored), and the
// columns it sets. Card fields never reach a column: the request is stored with its card number masked
// and its CVV dropped, remarks and answers with anything card-like scrubbed.
import type { SQLInputValue } from 'node:sqlite';
import { detectBrand } from '@shared/cards/card';
import { canonicalAmountSchema, kycBatchRowSchema, maskedPanSchema, payInRowSchema } from '@shared/history';
import { kycEditsSchema } from '@shared/kyc-edits';
import { z } from 'zod';
import { scrubText } from '../../log/redaction';
import { type ColumnValues, columnOfField } from '../row-table/columns';
import { toMinorUnits } from './amount-minor';
import { redactCardFields, redactRawBody } from './redact-card-fields';
import { noteJson } from './row-mapping';

export const newPayInSchema = payInRowSchema
  .pick({ profile: true, operator: true, apiVersion: true })
  .extend({
    /** v1: the request's currency; v2: the profile's display currency (assumption A15). */
    currency: payInRowSchema.shape.currency,
    /** The body as it is sent, card fields included: the store masks and drops them before writing. */
    request: z.looseObject({
      merchantTradeNo: payInRowSchema.shape.merchantTradeNo,
      userId: payInRowSchema.shape.userId,
      /** Canonical already (main's parse of the IPC input made it so): checked here, never read again. */
      amount: canonicalAmountSchema,
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

/** What a pay-in's change may set: the row's own fields, each as the row's schema has it. */
export const payInPatchSchema = payInRowSchema
  .pick({ status: true, orderId: true, traceid: true, remark: true, rawResponse: true, note: true })
  .partial()
  .extend({
    /** Who made the change; the row's operator when left out. */
    operator: z.string().min(1).optional(),
  });
export type PayInPatch = z.input<typeof payInPatchSchema>;

export const newKycBatchSchema = kycBatchRowSchema.pick({
  profile: true,
  operator: true,
  fileName: true,
  sha256: true,
  counts: true,
});
export type NewKycBatch = z.input<typeof newKycBatchSchema>;

export const kycBatchPatchSchema = kycBatchRowSchema
  .pick({ status: true, counts: true, chunks: true, acceptedUserIds: true, note: true })
  .partial()
  .extend({
    operator: z.string().min(1).optional(),
    /**
     * Hand edits of records that left Paydesk since the last save: not a column, they go into this
     * change's audit entry (kyc-edit-trail.ts reads them back).
     */
    edits: kycEditsSchema.optional(),
  });
export type KycBatchPatch = z.input<typeof kycBatchPatchSchema>;

/** The request once redacted: its card number masked as History keeps it. */
const maskedCardSchema = z.looseObject({ cardNumber: maskedPanSchema });

/** A new pay-in's column values: the card masked and out of the request. */
export function newPayInColumns(input: NewPayIn) {
  const pending = newPayInSchema.parse(input);
  const { amount, cardNumber } = pending.request;
  const redactedRequest = redactCardFields(pending.request);
  const maskedPan =
    typeof cardNumber === 'string'
      ? maskedCardSchema.parse(redactedRequest).cardNumber
      : (pending.maskedPan ?? null);
  const brand =
    pending.brand ?? (typeof cardNumber === 'string' ? (detectBrand(cardNumber)?.name ?? null) : null);
  return {
    kind: 'payin',
    status: 'pending',
    profile: pending.profile,
    operator: pending.operator,
    api_version: pending.apiVersion,
    merchant_trade_no: pending.request.merchantTradeNo,
    user_id: pending.request.userId,
    masked_pan: maskedPan,
    brand,
    last4: maskedPan ? maskedPan.slice(-4) : null,
    amount,
    amount_minor: toMinorUnits(amount),
    currency: pending.currency,
    request_json: JSON.stringify(redactedRequest),
    card_key: pending.cardKey ?? null,
  } as const satisfies ColumnValues;
}

/** A new KYC batch's column values. */
export function newKycBatchColumns(batch: z.output<typeof newKycBatchSchema>) {
  return {
    kind: 'kyc_batch',
    status: 'pending',
    profile: batch.profile,
    operator: batch.operator,
    file_name: batch.fileName,
    sha256: batch.sha256,
    counts_json: JSON.stringify(batch.counts),
    chunks_json: '[]',
    accepted_user_ids_json: '[]',
  } as const satisfies ColumnValues;
}

/** How a field is written where it is not written as it is: card data scrubbed, JSON as text. */
const WRITE_AS: Record<string, (value: never) => SQLInputValue> = {
  remark: (remark: string | null) => (remark === null ? null : scrubText(remark)),
  rawResponse: (raw: string | null) => (raw === null ? null : redactRawBody(raw)),
  note: noteJson,
};

/**
 * A change's fields that are not written to the row: who made the change (the audit entry names them; the
 * row's `operator` column stays the agent who made the pay-in, though the row table has a field of that
 * name) and its edits (they go into the audit entry).
 */
const NOT_WRITTEN = new Set(['operator', 'edits']);

/** The columns a change sets: one per field it names (not `operator` nor `edits`, above). */
function patchColumns(patch: Record<string, unknown>): Record<string, SQLInputValue> {
  const columns: Record<string, SQLInputValue> = {};
  for (const [field, value] of Object.entries(patch)) {
    const spec = columnOfField(field);
    if (value === undefined || !spec || NOT_WRITTEN.has(field)) continue;
    const writeAs = WRITE_AS[field] as ((value: unknown) => SQLInputValue) | undefined;
    columns[spec.sql] = writeAs
      ? writeAs(value)
      : spec.json
        ? JSON.stringify(value)
        : (value as SQLInputValue);
  }
  return columns;
}

/** The columns a pay-in patch sets (only those it names). */
export function payInPatchColumns(patch: z.output<typeof payInPatchSchema>): Record<string, SQLInputValue> {
  return patchColumns(patch);
}

/** The columns a KYC batch patch sets (only those it names). */
export function kycBatchPatchColumns(
  patch: z.output<typeof kycBatchPatchSchema>,
): Record<string, SQLInputValue> {
  return patchColumns(patch);
}
