// What the renderer is told of a pay-in, built from its history row: the one mapping, used by main for
// every answer and event and by the renderer when it reads a row back. The row's note (`note`) is what
// the agent must read for every status that is not a plain outcome.
import type { PayInRow } from './history';
import type { PayInResult } from './ipc';

export function payInResultOf(row: PayInRow, extra: Partial<PayInResult> = {}): PayInResult {
  const result: PayInResult = {
    historyId: row.id,
    merchantTradeNo: row.merchantTradeNo,
    status: row.status,
    amount: row.amount,
    currency: row.currency,
    ...extra,
  };
  if (row.maskedPan) result.maskedPan = row.maskedPan;
  if (row.orderId) result.orderId = row.orderId;
  if (row.traceid) result.traceid = row.traceid;
  if (row.remark) result.remark = row.remark;
  if (row.note && result.message === undefined) {
    result.message = row.note.message;
    if (row.note.words) result.words = row.note.words;
  }
  if (row.note?.field && result.field === undefined) result.field = row.note.field;
  return result;
}
