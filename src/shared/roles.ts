// The named permissions, the four built-in roles and their names, without zod: the shell names the
// signed-in operator's role on the pay-in page's first paint, which must not load a schema library.
// operators.ts builds the schemas from these.
/**
 * The named permissions. Each IPC channel needs one of them, or is open to any signed-in operator
 * (`signed-in`), or to anybody at the desk (`anyone`: what the sign-in screen itself calls).
 */
export const PERMISSIONS = [
  /** Send pay-ins, ask the gateway again, follow a bank page, look up a returning customer. */
  'payin.send',
  /** Take a stored card off Paydesk's list. */
  'payin.removeCard',
  /** Show, print or send a settled pay-in's receipt. */
  'receipt.issue',
  /** Open, check, edit and send KYC batches. */
  'kyc.send',
  /** Read History's rows this operator made. */
  'history.own',
  /** Read every row of this desk's History. */
  'history.all',
  /** Export History (customers' personal data) as CSV. */
  'history.export',
  /** Run a full check of the audit trail. */
  'history.verify',
  /** Settings: profiles, the idle lock, team connection. */
  'settings.manage',
  /** Merchant secrets and team secrets in the keychain. */
  'secrets.manage',
  /** Add, disable, reset operators and change their roles. */
  'operators.manage',
  /** See each operator's day: sessions, pay-ins, KYC batches, approvals, refused calls. */
  'operators.activity',
  /** Team History across every desk. */
  'team.read',
  /** Verify every desk's replicated audit trail. */
  'team.verify',
  /** Approve, at the desk, what another operator asked for (four eyes: shared/approvals.ts). */
  'approvals.grant',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** What an IPC channel needs: a permission, any signed-in operator, or nobody (the sign-in screen's calls). */
export type ChannelAccess = Permission | 'signed-in' | 'anyone';

/**
 * Each permission in English, as main words a role's save in its approval summary. Settings names them in the
 * reader's language from the catalogue (`settings.roles.permission.<id>`).
 */
export const PERMISSION_LABELS: Record<Permission, string> = {
  'payin.send': 'Send pay-ins, ask again, follow bank pages',
  'payin.removeCard': 'Ask to remove a stored card',
  'receipt.issue': 'Show, print and send receipts',
  'kyc.send': 'Open, check, edit and send KYC batches',
  'history.own': 'Read History: their own rows',
  'history.all': 'Read History: every row of the desk',
  'history.export': 'Ask to export History as CSV',
  'history.verify': 'Check the audit trail',
  'settings.manage': 'Settings: profiles, idle lock, team connection',
  'secrets.manage': 'Merchant and team secrets',
  'operators.manage': 'Operators, roles and pay-in limits',
  'operators.activity': 'See each operator’s day',
  'team.read': 'Team History',
  'team.verify': "Verify every desk's audit trail",
  'approvals.grant': 'Approve what others ask for (four eyes)',
};

/** The built-in roles' ids: never changed, never removed. A supervisor's own roles are copies of them. */
export const ROLE_IDS = ['agent', 'compliance', 'reviewer', 'supervisor'] as const;
type RoleId = (typeof ROLE_IDS)[number];

export const ROLE_LABELS: Record<RoleId, string> = {
  agent: 'Agent',
  compliance: 'Compliance',
  reviewer: 'Reviewer',
  supervisor: 'Supervisor',
};

/**
 * The built-in roles. An agent may ask to remove a stored card, which always waits for a supervisor's
 * approval (shared/approvals.ts), as a reviewer's export of personal data does.
 */
export const BUILT_IN_ROLES: Record<RoleId, readonly Permission[]> = {
  agent: ['payin.send', 'payin.removeCard', 'receipt.issue', 'history.own'],
  compliance: ['kyc.send', 'history.own'],
  reviewer: ['history.all', 'receipt.issue', 'history.export', 'history.verify'],
  supervisor: PERMISSIONS,
};
