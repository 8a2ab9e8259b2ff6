// Receipts for settled pay-ins: the view the renderer prints, and the PDF a customer is sent. A PDF is a
// copy of the payment leaving the desk, so its making is written to the pay-in's audit trail.
import type { Profile } from '@shared/profile';
import type { Receipt, ReceiptRequest } from '@shared/receipt';
import { receiptFileName } from '@shared/receipt-text';
import type { HistoryStore } from '../history/store/history-store';
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

  return {
    view: receiptFor,
    async pdf(request: ReceiptRequest): Promise<{ fileName: string; pdfBase64: string }> {
      const receipt = receiptFor(request);
      const bytes = await receiptPdf(receipt);
      deps.history.recordPayInEvent(receipt.historyId, 'payin.receipt_pdf', deps.operator(), {
        status: receipt.status,
      });
      return { fileName: receiptFileName(receipt), pdfBase64: bytes.toString('base64') };
    },
  };
}
