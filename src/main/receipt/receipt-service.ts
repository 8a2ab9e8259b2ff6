// Receipts for settled pay-ins: the view the renderer prints, and the PDF a customer is sent. A PDF is a
// copy of the payment leaving the desk, so its making is written to the pay-in's audit trail.
import type { Profile } from '@shared/profile';
import type { Receipt, ReceiptRequest, ReceiptView } from '@shared/receipt';
import { receiptFileName, receiptText } from '@shared/receipt-text';
import type { HistoryStore } from '../history/store/history-store';
import { wordsIn } from '../i18n/words';
import { receiptOf } from './receipt-of';
import { receiptPdf } from './receipt-pdf';

export type Receipts = ReturnType<typeof createReceipts>;

export function createReceipts(deps: {
  history: Pick<HistoryStore, 'getById' | 'recordPayInEvent'>;
  profiles: () => readonly Profile[];
  operator: () => string;
  /** The display name of the operator a row names (operators/session-service.ts). */
  displayNameOf?: (operator: string) => string;
  now?: () => number;
}) {
  const now = deps.now ?? Date.now;
  const receiptFor = ({ historyId, timeZone }: ReceiptRequest): Receipt =>
    receiptOf(
      deps.history.getById(historyId),
      deps.profiles(),
      { issuedAt: now(), timeZone },
      deps.displayNameOf,
    );

  const worded = async (request: ReceiptRequest): Promise<ReceiptView> => {
    const receipt = receiptFor(request);
    const t = await wordsIn(request.language);
    return { receipt, language: request.language, text: receiptText(receipt, t, request.language) };
  };

  return {
    view: worded,
    async pdf(request: ReceiptRequest): Promise<{ fileName: string; pdfBase64: string }> {
      const { receipt, text } = await worded(request);
      const bytes = await receiptPdf(receipt, text);
      deps.history.recordPayInEvent(receipt.historyId, 'payin.receipt_pdf', deps.operator(), {
        status: receipt.status,
        language: request.language,
      });
      return { fileName: receiptFileName(receipt), pdfBase64: bytes.toString('base64') };
    },
  };
}
