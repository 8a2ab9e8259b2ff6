// A history row read as a receipt. Refused for every status but approved and declined: Paydesk never
// hands a customer a paper for money nobody has proved moved or stayed.
import type { HistoryRow } from '@shared/history';
import type { Profile } from '@shared/profile';
import { hasReceipt, type Receipt } from '@shared/receipt';
import { refusal } from '../i18n/refuse';

/** The merchantId as sent (v1 and v2 both carry it), so a removed profile still gets its number printed. */
function merchantIdSent(request: string): string | null {
  try {
    const sent = JSON.parse(request) as { merchantId?: unknown };
    const id = sent.merchantId;
    return typeof id === 'number' || (typeof id === 'string' && /^\d+$/.test(id)) ? String(id) : null;
  } catch {
    return null;
  }
}

export function receiptOf(
  row: HistoryRow | undefined,
  profiles: readonly Profile[],
  at: { issuedAt: number; timeZone: string },
  /** The operator as the customer reads them: an account's display name (a row from before accounts keeps its name). */
  displayNameOf: (operator: string) => string = (operator) => operator,
): Receipt {
  if (row?.kind !== 'payin') throw refusal('not_found', 'refusal.payin.notFound', undefined, 'historyId');
  if (!hasReceipt(row.status)) {
    throw refusal('conflict', 'refusal.receipt.notSettled', undefined, 'historyId');
  }
  const profile = profiles.find((candidate) => candidate.name === row.profile);
  return {
    historyId: row.id,
    status: row.status,
    merchantName: profile?.receiptName ?? profile?.name ?? row.profile,
    merchantId: merchantIdSent(row.request) ?? (profile ? String(profile.merchantId) : null),
    environment: profile?.environment ?? null,
    amount: row.amount,
    currency: row.currency,
    brand: row.brand,
    last4: row.last4 && /^\d{4}$/.test(row.last4) ? row.last4 : null,
    merchantTradeNo: row.merchantTradeNo,
    orderId: row.orderId,
    declineReason: row.status === 'declined' && row.remark?.trim() ? row.remark.trim() : null,
    operator: displayNameOf(row.operator),
    apiVersion: row.apiVersion,
    paidAt: row.createdAt,
    issuedAt: at.issuedAt,
    timeZone: at.timeZone,
  };
}
