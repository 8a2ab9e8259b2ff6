// A pay-in's receipt: what main reads from a settled history row, and the one wording of it that the PDF
// (main) and the printed page (renderer) both lay out. Only the gateway's word makes a receipt: a pay-in
// approved or declined. For any other status nobody knows what happened to the money, and a receipt would
// tell the customer something nobody can prove.
import { z } from 'zod';
import { canonicalAmountSchema } from './history';
import type { PayInStatus } from './payin-lifecycle';
import { environmentSchema } from './profile';

export const RECEIPT_STATUSES = ['approved', 'declined'] as const satisfies readonly PayInStatus[];
export type ReceiptStatus = (typeof RECEIPT_STATUSES)[number];

export function hasReceipt(status: PayInStatus): status is ReceiptStatus {
  return (RECEIPT_STATUSES as readonly PayInStatus[]).includes(status);
}

/** An IANA time zone this runtime knows (the renderer's own, sent so the receipt shows the desk's clock). */
export const timeZoneSchema = z
  .string()
  .min(1)
  .max(64)
  .refine(
    (zone) => {
      try {
        new Intl.DateTimeFormat('en-GB', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    },
    { message: 'An IANA time zone such as Europe/Berlin.' },
  );

export const receiptRequestSchema = z.strictObject({
  historyId: z.int().positive(),
  timeZone: timeZoneSchema,
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

export const receiptPdfSchema = z.object({
  fileName: z.string().regex(/^[\w.-]+\.pdf$/),
  /** The PDF's bytes, base64: the harness carries IPC as JSON. */
  pdfBase64: z.string().min(1),
});

export interface ReceiptLine {
  label: string;
  value: string;
}

/** How a receipt reads, top to bottom: the PDF and the printed page lay out exactly this. */
export interface ReceiptText {
  title: string;
  /** Set when no real money can have moved: a test or sandbox gateway. */
  testNotice?: string;
  merchant: string;
  merchantDetail?: string;
  outcome: string;
  outcomeDetail?: string;
  amount: string;
  lines: ReceiptLine[];
  footer: string;
}

export function formatReceiptTime(at: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
    timeZoneName: 'short',
  }).format(at);
}

function cardText(receipt: Receipt): string {
  const brand = receipt.brand ? `${receipt.brand.charAt(0).toUpperCase()}${receipt.brand.slice(1)}` : 'Card';
  return receipt.last4 ? `${brand} ending ${receipt.last4}` : `${brand} stored with the merchant`;
}

export function receiptText(receipt: Receipt): ReceiptText {
  const approved = receipt.status === 'approved';
  const lines: ReceiptLine[] = [
    { label: 'Card', value: cardText(receipt) },
    { label: 'Date and time', value: formatReceiptTime(receipt.paidAt, receipt.timeZone) },
    { label: 'Order number', value: receipt.merchantTradeNo },
  ];
  if (receipt.orderId) lines.push({ label: 'Gateway order ID', value: receipt.orderId });
  lines.push(
    { label: 'Payment', value: 'Card details taken by phone (MOTO)' },
    { label: 'Taken by', value: receipt.operator },
  );
  const text: ReceiptText = {
    title: approved ? 'Payment receipt' : 'Declined payment',
    merchant: receipt.merchantName,
    outcome: approved ? 'Approved' : 'Declined',
    amount: `${receipt.amount} ${receipt.currency}`,
    lines,
    footer: `Issued ${formatReceiptTime(receipt.issuedAt, receipt.timeZone)} by Paydesk. Keep this receipt for your records.`,
  };
  if (receipt.merchantId) text.merchantDetail = `Merchant no. ${receipt.merchantId}`;
  if (!approved) {
    const reason = receipt.declineReason?.replace(/[.\s]+$/, '');
    text.outcomeDetail = reason
      ? `The card was declined: ${reason}. Nothing was charged.`
      : 'The card was declined. Nothing was charged.';
  }
  if (receipt.environment !== 'production' && receipt.environment !== null) {
    text.testNotice = `Test payment on a ${receipt.environment} gateway: no real money moved.`;
  }
  return text;
}

export function receiptFileName(receipt: Receipt): string {
  const safe = receipt.merchantTradeNo.replace(/[^\w.-]/g, '_').slice(0, 64);
  return `receipt-${safe}.pdf`;
}
