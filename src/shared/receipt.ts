// A pay-in's receipt: what main reads from a settled history row, and the one wording of it that the PDF
// (main) and the printed page (renderer) both lay out. Only the gateway's word makes a receipt: a pay-in
// approved or declined. For any other status nobody knows what happened to the money, and a receipt would
// tell the customer something nobody can prove.
import { z } from 'zod';
import { canonicalAmountSchema } from './history';
import { languageSchema } from './language-schema';
import type { PayInStatus } from './payin-lifecycle';
import { environmentSchema } from './profile';
import { timeZoneSchema } from './time-zone';

const RECEIPT_STATUSES = ['approved', 'declined'] as const satisfies readonly PayInStatus[];
type ReceiptStatus = (typeof RECEIPT_STATUSES)[number];

export function hasReceipt(status: PayInStatus): status is ReceiptStatus {
  return (RECEIPT_STATUSES as readonly PayInStatus[]).includes(status);
}

export const receiptRequestSchema = z.strictObject({
  historyId: z.int().positive(),
  timeZone: timeZoneSchema,
  /** The receipt's language: the agent's, or the cardholder's chosen in the receipt dialog. */
  language: languageSchema,
});
export type ReceiptRequest = z.infer<typeof receiptRequestSchema>;

export const receiptSchema = z.object({
  historyId: z.int().positive(),
  status: z.enum(RECEIPT_STATUSES),
  /** The business name the customer knows: the profile's receipt name, else its name. */
  merchantName: z.string().min(1),
  merchantId: z.string().nullable(),
  /** `null` when the profile the pay-in went through has been removed since. */
  environment: environmentSchema.nullable(),
  amount: canonicalAmountSchema,
  currency: z.string().min(1).max(8),
  brand: z.string().nullable(),
  /** The last four digits only: a customer's receipt needs no more of the card (PCI DSS 3.4.1). */
  last4: z
    .string()
    .regex(/^\d{4}$/)
    .nullable(),
  merchantTradeNo: z.string().min(1),
  orderId: z.string().nullable(),
  declineReason: z.string().nullable(),
  operator: z.string().min(1),
  apiVersion: z.enum(['v1', 'v2']),
  /** When the agent sent the pay-in (epoch ms). */
  paidAt: z.int().nonnegative(),
  issuedAt: z.int().nonnegative(),
  timeZone: timeZoneSchema,
});
export type Receipt = z.infer<typeof receiptSchema>;

const receiptLineSchema = z.object({ label: z.string(), value: z.string() });

/** How a receipt reads, top to bottom, in its language: the PDF and the printed page lay out exactly this. */
const receiptTextSchema = z.object({
  title: z.string(),
  /** Set when no real money can have moved: a test or sandbox gateway. */
  testNotice: z.string().optional(),
  merchant: z.string(),
  merchantDetail: z.string().optional(),
  outcome: z.string(),
  outcomeDetail: z.string().optional(),
  amount: z.string(),
  lines: z.array(receiptLineSchema),
  footer: z.string(),
});
export type ReceiptText = z.infer<typeof receiptTextSchema>;

/** A receipt as main words it (shared/receipt-text.ts) for the dialog to show and print. */
export const receiptViewSchema = z.object({
  receipt: receiptSchema,
  language: languageSchema,
  text: receiptTextSchema,
});
export type ReceiptView = z.infer<typeof receiptViewSchema>;

export const receiptPdfSchema = z.object({
  fileName: z.string().regex(/^[\w.-]+\.pdf$/),
  /** The PDF's bytes, base64: the harness carries IPC as JSON. */
  pdfBase64: z.string().min(1),
});
