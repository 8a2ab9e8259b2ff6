// One operator's day at this desk, for a supervisor (issue 31 item 5): their sessions, pay-ins by status
// with totals per currency, KYC batches, the approvals they asked for and gave, and the calls refused to
// them. Main reads it from the history file (history/search/operator-day.ts); Settings → Operators shows it.
import { z } from 'zod';
import { canonicalAmountSchema, kycBatchStatusSchema, payInStatusSchema } from './history-values';
import { operatorIdSchema } from './operators';

/** The most entries of each list one day answers; `capped` says a list was cut there. */
export const OPERATOR_DAY_LIST_CAP = 500;

export const operatorDayQuerySchema = z.strictObject({
  operatorId: operatorIdSchema,
  /** The desk's local day, YYYY-MM-DD. */
  day: z.iso.date(),
  /** Minutes east of UTC at the start of that day (as history.dailyTotals takes them). */
  utcOffsetMinutes: z
    .int()
    .min(-14 * 60)
    .max(14 * 60),
});
export type OperatorDayQuery = z.infer<typeof operatorDayQuerySchema>;

const at = z.int().nonnegative();

/** A session event (the audit trail's `session.*` but refused calls): sign-in, lock, unlock, sign-out… */
const sessionMomentSchema = z.object({
  at,
  /** The audit event without its `session.` prefix: signed_in, locked, unlocked, signed_out, … */
  event: z.string(),
  outcome: z.enum(['success', 'failure']),
  /** Why, when the entry says: a lock's reason (idle, operator), a refusal's reason. */
  reason: z.string().optional(),
});

export const payInDayTotalSchema = z.object({
  status: payInStatusSchema,
  currency: z.string(),
  count: z.int().nonnegative(),
  amount: canonicalAmountSchema,
});
export type PayInDayTotal = z.infer<typeof payInDayTotalSchema>;

const kycBatchMomentSchema = z.object({
  id: z.int().positive(),
  at,
  fileName: z.string(),
  status: kycBatchStatusSchema,
});

/** An `approval.*` entry of a request this operator made. */
const approvalAskedSchema = z.object({
  at,
  /** requested, granted, refused, used. */
  event: z.string(),
  action: z.string(),
  summary: z.string().optional(),
  /** The supervisor who approved (granted, used) or was refused (refused). */
  supervisor: z.string().optional(),
  reason: z.string().optional(),
});

/** A request of someone else this operator approved. */
const approvalGivenSchema = z.object({
  at,
  requester: z.string(),
  action: z.string(),
  summary: z.string().optional(),
  selfApproved: z.boolean().optional(),
});

/** A call main refused for want of a permission (`session.forbidden`). */
const refusedCallSchema = z.object({
  at,
  channel: z.string(),
  permission: z.string(),
});

export const operatorDaySchema = z.object({
  operatorId: z.string(),
  day: z.iso.date(),
  /** The day's start and end (exclusive), epoch ms. */
  from: z.int(),
  to: z.int(),
  sessions: z.array(sessionMomentSchema),
  payIns: z.array(payInDayTotalSchema),
  kycBatches: z.array(kycBatchMomentSchema),
  approvalsAsked: z.array(approvalAskedSchema),
  approvalsGiven: z.array(approvalGivenSchema),
  refusedCalls: z.array(refusedCallSchema),
  /** The lists cut at OPERATOR_DAY_LIST_CAP entries. */
  capped: z.array(z.enum(['sessions', 'kycBatches', 'approvalsAsked', 'approvalsGiven', 'refusedCalls'])),
});
export type OperatorDay = z.infer<typeof operatorDaySchema>;
