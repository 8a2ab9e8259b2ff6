// A supervisor's approval at the desk (four eyes, issue 31 item 4): what needs one, what main asks the page
// to show the supervisor, what the supervisor types, and the pay-in limits that decide when a pay-in needs
// one. Main decides all of it (main/operators/approval-rules.ts); the page only shows the request main
// described and carries the supervisor's credentials back.
import { z } from 'zod';
import { CURRENCY_CODE_PATTERN, operatorAmount } from './gateway/fields';
import { operatorIdSchema, PERMISSIONS, ROLE_IDS, roleIdSchema, TOTP_CODE_PATTERN } from './operators';

/** What waits for a supervisor. */
export const APPROVAL_ACTIONS = [
  /** A pay-in above the operator's limit in its currency. */
  'payin.over_limit',
  /** Making a production profile the desk's active one. */
  'profile.production',
  /** Taking a stored card off Paydesk's list. */
  'card.remove',
  /** An export of History that holds customers' personal data. */
  'export.personal_data',
  /** Adding, enabling or disabling, resetting an operator, changing a role or a pay-in limit. */
  'operator.change',
  /** Sending identity (KYC) records to a production gateway, once the officer confirmed the profile. */
  'kyc.production',
] as const;
export type ApprovalAction = (typeof APPROVAL_ACTIONS)[number];

/** How long a request (and the approval given to it) stays usable: the supervisor is at the same desk. */
export const APPROVAL_TTL_MINUTES = 5;

/**
 * What the supervisor approves in the catalogue's words (`approval.summary.*`), for the page to say in the
 * reader's language: the values as main put them in its English summary, and those the reader reads in
 * their own terms named again: an amount, formatted in their language; a built-in role or a permission, by its name there.
 */
const approvalSummaryWordsSchema = z.object({
  key: z.string().max(120),
  values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  amounts: z.record(z.string(), z.object({ amount: z.string(), currency: z.string() })).optional(),
  roles: z.record(z.string(), z.enum(ROLE_IDS)).optional(),
  /** A list of permissions, named in the reader's language and joined as the English is ("; "). */
  permissions: z.record(z.string(), z.array(z.enum(PERMISSIONS))).optional(),
});
export type ApprovalSummaryWords = z.infer<typeof approvalSummaryWordsSchema>;

/** An approval request's id (schema-problem-words.ts words a refusal by this pattern). */
export const APPROVAL_REQUEST_ID_PATTERN = /^[0-9a-f]{32}$/;

/** What main answers a call that needs an approval with (IpcError's `approval`), for the approval dialog. */
export const approvalRequestSchema = z.object({
  id: z.string().regex(APPROVAL_REQUEST_ID_PATTERN),
  action: z.enum(APPROVAL_ACTIONS),
  /** What the supervisor approves, in main's English words (amount, order, operator, file…): the audit's. */
  summary: z.string(),
  summaryWords: approvalSummaryWordsSchema.optional(),
  requestedBy: z.object({ id: z.string(), displayName: z.string() }),
  /**
   * The requester is this desk's only supervisor: they approve their own request (issue 31: the first
   * supervisor of a desk with only one), which is audited as that exception.
   */
  selfApprovalAllowed: z.boolean(),
});
export type ApprovalRequest = z.infer<typeof approvalRequestSchema>;

/** What the supervisor types at the requester's desk. */
export const grantApprovalInputSchema = z.strictObject({
  requestId: z.string().regex(APPROVAL_REQUEST_ID_PATTERN, 'No such request.'),
  supervisorId: z.string().trim().toLowerCase().min(1, 'Type the supervisor’s operator id.').max(40),
  passphrase: z.string().min(1, 'Type the supervisor’s passphrase.').max(256),
  code: z.string().trim().regex(TOTP_CODE_PATTERN, 'The 6 digits the supervisor’s authenticator app shows.'),
});

export const approvalGrantedSchema = z.object({
  requestId: z.string(),
  approvedBy: z.object({ id: z.string(), displayName: z.string() }),
});

const currencyCode = z
  .string()
  .regex(CURRENCY_CODE_PATTERN, 'A three-letter ISO 4217 currency code such as EUR.');

/** Whose limit: every operator of a role, or one operator (theirs comes first). */
const limitScopeSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('role'), role: roleIdSchema }),
  z.strictObject({ kind: z.literal('operator'), operatorId: operatorIdSchema }),
]);
export type LimitScope = z.infer<typeof limitScopeSchema>;

/** A pay-in above this amount in this currency waits for a supervisor's approval. */
export const payInLimitSchema = z.object({
  scope: limitScopeSchema,
  currency: currencyCode,
  amount: z.string().regex(/^(0|[1-9]\d*)\.\d{2}$/),
});
export type PayInLimit = z.infer<typeof payInLimitSchema>;

export const setPayInLimitInputSchema = z.strictObject({
  scope: limitScopeSchema,
  currency: currencyCode,
  /** The limit, as the supervisor types it (never rounded); null takes the limit away. */
  amount: operatorAmount.nullable(),
});
