// The pay-ins the desk's own log names (payin/send-and-record.ts writes "pay-in sent" with the order
// number, amount and currency, and "pay-in answered" with the status): the last source of a pay-in whose
// history row was on a page the salvage could not read. Only what those two lines carry is taken; a line
// that is not JSON, or not one of them, is passed over.
import { existsSync, readFileSync } from 'node:fs';

export type LoggedPayIn = {
  historyId: number;
  merchantTradeNo: string;
  amount: string;
  currency: string;
  apiVersion?: 'v1' | 'v2';
  /** The profile it was sent with (logged from this version on). */
  profile?: string;
  maskedPan?: string;
  /** When it was sent (ms). */
  sentAt: number;
  /** The newest status an answer recorded; undefined when no answer was logged (it was in flight). */
  status?: string;
  orderId?: string;
  traceid?: string;
};

/** A canonical amount, as the pay-in's row holds it. */
const AMOUNT = /^\d{1,15}\.\d{2}$/;

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 && value.length <= 200 ? value : undefined;
}

/** Every pay-in the log at `logFile` names, by history id; empty when there is no log. */
export function readLoggedPayIns(logFile: string | undefined): Map<number, LoggedPayIn> {
  const found = new Map<number, LoggedPayIn>();
  if (!logFile || !existsSync(logFile)) return found;
  let content: string;
  try {
    content = readFileSync(logFile, 'utf8');
  } catch {
    return found;
  }
  for (const line of content.split('\n')) {
    if (!line.includes('"pay-in sent"') && !line.includes('"pay-in answered"')) continue;
    let entry: Record<string, unknown>;
    try {
      entry = JSON.parse(line) as Record<string, unknown>;
    } catch {
      continue;
    }
    const historyId = entry.historyId;
    if (typeof historyId !== 'number' || !Number.isSafeInteger(historyId) || historyId <= 0) continue;
    if (entry.msg === 'pay-in sent') {
      const merchantTradeNo = text(entry.merchantTradeNo);
      const amount = text(entry.amount);
      const currency = text(entry.currency);
      if (!merchantTradeNo || !amount || !AMOUNT.test(amount) || !currency) continue;
      const sentAt = Date.parse(String(entry.time));
      const known = found.get(historyId);
      // Asking again logs "sent" again for the same row: the first one holds the row's own time.
      found.set(historyId, {
        ...known,
        historyId,
        merchantTradeNo,
        amount,
        currency,
        sentAt: known?.sentAt ?? (Number.isFinite(sentAt) ? sentAt : 0),
        ...(entry.version === 'v1' || entry.version === 'v2' ? { apiVersion: entry.version } : {}),
        ...(text(entry.maskedPan) && { maskedPan: text(entry.maskedPan) }),
        ...(text(entry.profile) && { profile: text(entry.profile) }),
      });
    } else if (entry.msg === 'pay-in answered') {
      const known = found.get(historyId);
      const status = text(entry.status);
      if (!known || !status) continue;
      found.set(historyId, {
        ...known,
        status,
        ...(text(entry.orderId) && { orderId: text(entry.orderId) }),
        ...(text(entry.traceid) && { traceid: text(entry.traceid) }),
      });
    }
  }
  return found;
}
