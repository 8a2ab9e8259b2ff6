// The status vocabulary of a pay-in as Paydesk records and shows it: the one definition.
import { z } from 'zod';

export const PAYIN_STATUSES = [
  'pending',
  'approved',
  'declined',
  'action_required',
  'processing',
  'refused',
  'outcome_unknown',
  'not_sent',
] as const;
export const payInStatusSchema = z.enum(PAYIN_STATUSES);
export type PayInStatus = z.infer<typeof payInStatusSchema>;

/** Statuses after which the gateway will not change the order any more. */
export const FINAL_STATUSES: ReadonlySet<PayInStatus> = new Set([
  'approved',
  'declined',
  'refused',
  'not_sent',
]);

/** Statuses where money may have moved without Paydesk knowing the result. */
export const UNCERTAIN_STATUSES: ReadonlySet<PayInStatus> = new Set(['pending', 'outcome_unknown']);
