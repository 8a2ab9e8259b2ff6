// How a receipt reads (receipt.ts holds its schema): the wording the PDF and the printed page lay out, in the
// receipt's language (the desk's, or the cardholder's chosen in the receipt dialog), and the PDF's file name.
// Main words it (main/receipt) from the shared catalogues; the renderer lays out what main sends.
import { formatAmount } from './i18n/format';
import type { Translate } from './i18n/messages';
import type { Receipt, ReceiptText } from './receipt';

function formatReceiptTime(at: number, timeZone: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
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

function cardText(receipt: Receipt, t: Translate): string {
  const brand = receipt.brand
    ? `${receipt.brand.charAt(0).toUpperCase()}${receipt.brand.slice(1)}`
    : t('receipt.card.noBrand');
  return receipt.last4
    ? t('receipt.card.ending', { brand, last4: receipt.last4 })
    : t('receipt.card.stored', { brand });
}

/** The receipt in the words of `t`, with dates and amounts as `locale` (the same language) writes them. */
export function receiptText(receipt: Receipt, t: Translate, locale: string): ReceiptText {
  const approved = receipt.status === 'approved';
  const lines: ReceiptText['lines'] = [
    { label: t('receipt.line.card'), value: cardText(receipt, t) },
    {
      label: t('receipt.line.dateTime'),
      value: formatReceiptTime(receipt.paidAt, receipt.timeZone, locale),
    },
    { label: t('receipt.line.orderNumber'), value: receipt.merchantTradeNo },
  ];
  if (receipt.orderId) lines.push({ label: t('receipt.line.gatewayOrderId'), value: receipt.orderId });
  lines.push(
    { label: t('receipt.line.payment'), value: t('receipt.payment.moto') },
    { label: t('receipt.line.takenBy'), value: receipt.operator },
  );
  const text: ReceiptText = {
    title: approved ? t('receipt.title.approved') : t('receipt.title.declined'),
    merchant: receipt.merchantName,
    outcome: approved ? t('receipt.outcome.approved') : t('receipt.outcome.declined'),
    amount: formatAmount(receipt.amount, receipt.currency, locale),
    lines,
    footer: t('receipt.footer', { time: formatReceiptTime(receipt.issuedAt, receipt.timeZone, locale) }),
  };
  if (receipt.merchantId)
    text.merchantDetail = t('receipt.merchantNumber', { merchantId: receipt.merchantId });
  if (!approved) {
    // The gateway's own words, as it sent them.
    const reason = receipt.declineReason?.replace(/[.\s]+$/, '');
    text.outcomeDetail = reason ? t('receipt.declined.reason', { reason }) : t('receipt.declined.noReason');
  }
  if (receipt.environment !== 'production' && receipt.environment !== null) {
    text.testNotice = t(`receipt.testNotice.${receipt.environment}`);
  }
  return text;
}

export function receiptFileName(receipt: Receipt): string {
  const safe = receipt.merchantTradeNo.replace(/[^\w.-]/g, '_').slice(0, 64);
  return `receipt-${safe}.pdf`;
}
