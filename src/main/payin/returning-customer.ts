// A returning customer: the details their last pay-in with this profile was sent with, read back from the
// request history keeps (card masked, CVV never there). The agent chooses to use them; nothing is filled
// by itself.
import { sentCustomerDetails } from '@shared/customer-fields';
import type { HistoryRow } from '@shared/history';
import type { ReturningCustomer } from '@shared/ipc';

export function returningCustomerOf(row: HistoryRow | undefined): ReturningCustomer {
  const details = row?.kind === 'payin' ? sentCustomerDetails(row.request) : undefined;
  if (row?.kind !== 'payin' || !details) return { lastPayIn: null };
  return { lastPayIn: { historyId: row.id, createdAt: row.createdAt, details } };
}
