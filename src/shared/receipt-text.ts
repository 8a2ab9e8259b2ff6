// How a receipt reads (receipt.ts holds its schema): the wording the PDF and the printed page lay out, and
// the PDF's file name. Apart from the schema so that the pay-in page shows a receipt without loading zod.
import type { Receipt } from './receipt';

interface ReceiptLine {
  label: string;
  value: string;
}

/** How a receipt reads, top to bottom: the PDF and the printed page lay out exactly this. */
interface ReceiptText {
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

function formatReceiptTime(at: number, timeZone: string): string {
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
