// A returning customer: the details their last pay-in with this profile was sent with, read back from the
// request history keeps (card masked, CVV never there). The agent chooses to use them; nothing is filled
// by itself.
import type { HistoryRow } from '@shared/history';
import type { ReturningCustomer } from '@shared/ipc';
import { CUSTOMER_FIELDS, type CustomerField } from '@shared/payin-form';

export function returningCustomerOf(row: HistoryRow | undefined): ReturningCustomer {
  if (row?.kind !== 'payin') return { lastPayIn: null };
  let parsed: unknown;
  try {
    parsed = JSON.parse(row.request);
  } catch {
    return { lastPayIn: null };
  }
  if (typeof parsed !== 'object' || parsed === null) return { lastPayIn: null };
  const sent = new Map(Object.entries(parsed));
  const details: Partial<Record<CustomerField, string>> = {};
  for (const field of CUSTOMER_FIELDS) {
    const value = sent.get(field);
    if (typeof value === 'string' && value.trim() !== '') details[field] = value;
  }
  return { lastPayIn: { historyId: row.id, createdAt: row.createdAt, details } };
}
