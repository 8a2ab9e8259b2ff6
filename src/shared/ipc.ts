// The IPC contract: every channel main answers and every event it emits, with zod schemas both ways.
// Main validates inputs and the sender against this table; the preload and the browser harness build
// window.paydesk from it; nothing else names a channel.
import { z } from 'zod';
import {
  approvalGrantedSchema,
  grantApprovalInputSchema,
  payInLimitSchema,
  setPayInLimitInputSchema,
} from './approvals';
import { bankPageUrlSchema } from './bank-page-url';
import { connectionTestSchema } from './connection-test';
import { historyExportInputSchema, kycExportInputSchema, teamExportInputSchema } from './csv-export';
import {
  auditEntryViewSchema,
  auditStatusSchema,
  dailyTotalSchema,
  dailyTotalsQuerySchema,
  historyFilterSchema,
  historyPageSchema,
  historyRowSchema,
  historyVerificationSchema,
  payInStatusSchema,
  rowAuditSchema,
} from './history';
import { historySalvageNoticeSchema } from './history-startup';
import { type IpcResult, refusalWordsSchema } from './ipc-error';
import {
  kycBatchRef,
  kycBatchSummary,
  kycCheckedEvent,
  kycCloseResult,
  kycConfirmWarningsInput,
  kycConfirmWarningsResult,
  kycDateOrderInput,
  kycExportResult,
  kycMappingInput,
  kycOpenInput,
  kycOpenPathInput,
  kycProgressEvent,
  kycResubmitInput,
  kycRowsPage,
  kycRowsQuery,
  kycSubmitInput,
  kycSubmitResult,
  kycUpdateInput,
  kycUpdateResult,
} from './kyc-batch';
import { kycEditsSchema } from './kyc-edits';
import { languageChannels } from './language-schema';
import { operatorDayQuerySchema, operatorDaySchema } from './operator-day';
import {
  addOperatorInputSchema,
  type ChannelAccess,
  completeEnrolmentInputSchema,
  firstSupervisorInputSchema,
  operatorIdSchema,
  operatorViewSchema,
  resetOperatorInputSchema,
  roleIdSchema,
  roleViewSchema,
  saveRoleInputSchema,
  sessionStateSchema,
  signInInputSchema,
} from './operators';
import { CUSTOMER_FIELDS, payInSubmitSchema } from './payin-input';
import { profileSchema, settingsSchema } from './profile';
import { receiptPdfSchema, receiptRequestSchema, receiptViewSchema } from './receipt';
import { teamCheckSchema, teamConnectionSchema, teamKeySchema, teamSecretsSetSchema } from './team';
import {
  deskIdSchema,
  deskVerificationSchema,
  teamAnswerSchema,
  teamDeskSchema,
  teamHistoryDetailSchema,
  teamHistoryFilterSchema,
  teamHistoryPageSchema,
  teamQueueSchema,
  teamRowRefSchema,
  teamStatusSchema,
} from './team-history';

export { IPC_ERROR_KINDS, type IpcError, type IpcResult, type RefusalWords } from './ipc-error';

const none = z.undefined();
const id = z.strictObject({ id: z.string().min(1).max(64) });
const historyId = z.strictObject({ historyId: z.int().positive() });
/** Card details typed again: Paydesk keeps them in memory only for the request in flight (and asking again). */
const reenteredCard = z.strictObject({
  cardNumber: z.string().regex(/^\d{12,19}$/, 'Digits only, 12 to 19 of them.'),
  cvv: z.string().regex(/^\d{3,4}$/, '3 or 4 digits.'),
  expDate: z.string().regex(/^(0[1-9]|1[0-2])\/\d{2}$/, 'Expiry as MM/YY, e.g. 09/28.'),
});

const appInfoSchema = z.object({
  version: z.string(),
  /**
   * Where a 3DS or hosted payment page shows: `window`, Electron's isolated window, which main opens;
   * `iframe`, a sandboxed frame in the result panel (the browser harness); `popup`, a browser window the
   * renderer opens itself (the harness's window mode, which stands in for `window` in browser tests).
   */
  bankPageView: z.enum(['window', 'iframe', 'popup']),
  /** `reason` in English (the log's); `words`, the same from the catalogue, in the reader's language. */
  keychain: z.object({
    available: z.boolean(),
    reason: z.string().optional(),
    words: refusalWordsSchema.optional(),
  }),
});

/** Something the settings file held that Paydesk could not use, and what it did instead (shown until restart). */
export const settingsNoticeSchema = z.object({
  /** file_unreadable: not JSON, set aside whole; profile_dropped: one profile left out; setting_reset: one setting back to its default. */
  kind: z.enum(['file_unreadable', 'profile_dropped', 'setting_reset']),
  /** In English (the log's); `words`, the same from the catalogue, in the reader's language. */
  message: z.string(),
  words: refusalWordsSchema.optional(),
  /** Where the settings file is kept as it was before Paydesk changed it. */
  backupFile: z.string().optional(),
});
export type SettingsNotice = z.infer<typeof settingsNoticeSchema>;

export const settingsViewSchema = z.object({
  settings: settingsSchema,
  /** Whether a merchant secret is in the keychain, per profile id: the secret itself never leaves main. */
  secretSet: z.record(z.string(), z.boolean()),
  notices: z.array(settingsNoticeSchema),
  /** With a team connection: whether its password and the team key are in the keychain. */
  teamSecretsSet: teamSecretsSetSchema.optional(),
});
export type SettingsView = z.infer<typeof settingsViewSchema>;

export const storedCardSchema = z.object({
  ccStorageID: z.string(),
  userId: z.string(),
  maskedPan: z.string(),
  brand: z.string(),
  expDate: z.string(),
  /** When the gateway stored it (epoch ms); absent for cards remembered before Paydesk kept the time. */
  storedAt: z.int().nonnegative().optional(),
});
export type StoredCard = z.infer<typeof storedCardSchema>;

export const payInResultSchema = z.object({
  historyId: z.int().positive(),
  merchantTradeNo: z.string(),
  status: payInStatusSchema,
  amount: z.string(),
  currency: z.string(),
  maskedPan: z.string().optional(),
  orderId: z.string().optional(),
  traceid: z.string().optional(),
  remark: z.string().optional(),
  /** What a support agent should read: the gateway's msg or Paydesk's explanation of a failure. */
  message: z.string().optional(),
  /** `message` as the catalogue's key and values, said in the reader's language (lib/words-text.ts). */
  words: refusalWordsSchema.optional(),
  /** The request field the gateway's refusal names, to highlight it in the form. */
  field: z.string().optional(),
  /** A 3DS or hosted payment page to show in the isolated bank-page view. */
  bankPage: z.object({ kind: z.enum(['3ds', 'redirect']), url: bankPageUrlSchema }).optional(),
  /** The card this pay-in stored with the gateway (storeCc), as Paydesk now offers it for the customer. */
  storedCard: storedCardSchema.optional(),
  /** Team mode: what the team duplicate check said (absent without team mode, or when the agent confirmed). */
  teamCheck: teamCheckSchema.optional(),
});
export type PayInResult = z.infer<typeof payInResultSchema>;

const customerId = z.strictObject({ userId: z.string().trim().min(1).max(64) });

/** Why a pay-in is marked for follow-up: what the next person needs to know, in the operator's words. */
export const FOLLOW_UP_REASON_MAX = 500;
export const followUpReasonSchema = z
  .string()
  .trim()
  .min(3, 'Say why in a few words (at least 3 characters).')
  .max(FOLLOW_UP_REASON_MAX, `At most ${FOLLOW_UP_REASON_MAX} characters.`);

/** A returning customer: the details their last pay-in with the active profile was sent with. */
export const returningCustomerSchema = z.object({
  lastPayIn: z
    .object({
      historyId: z.int().positive(),
      createdAt: z.int().nonnegative(),
      details: z.partialRecord(z.enum(CUSTOMER_FIELDS), z.string()),
    })
    .nullable(),
});
export type ReturningCustomer = z.infer<typeof returningCustomerSchema>;

const historyDetailSchema = z.object({
  row: historyRowSchema,
  timeline: z.array(auditEntryViewSchema),
  /** The row checked against its audit trail as it was read. */
  audit: rowAuditSchema,
  /** A KYC batch's hand edits of records that were sent, from its audit entries, oldest first. */
  kycEdits: kycEditsSchema.optional(),
  /** Audit entries of the batch whose edits could not be read back (left out of kycEdits). */
  kycEditsUnreadable: z.int().nonnegative().optional(),
});

/** A channel: what it takes, what it answers, and what the caller needs (operators.ts: main's gate checks it). */
const channel = <I extends z.ZodType, O extends z.ZodType>(input: I, output: O, access: ChannelAccess) => ({
  input,
  output,
  access,
});

export const ipcChannels = {
  'app.info': channel(none, appInfoSchema, 'anyone'),
  'settings.get': channel(none, settingsViewSchema, 'signed-in'),
  'settings.update': channel(
    z.strictObject({ idleLockMinutes: z.int().min(1).max(240).optional() }),
    settingsViewSchema,
    'settings.manage',
  ),
  'profiles.save': channel(profileSchema, settingsViewSchema, 'settings.manage'),
  'profiles.remove': channel(id, settingsViewSchema, 'settings.manage'),
  'profiles.activate': channel(id, settingsViewSchema, 'settings.manage'),
  'profiles.testConnection': channel(id, connectionTestSchema, 'settings.manage'),
  'secret.set': channel(
    z.strictObject({ profileId: z.string().min(1).max(64), secret: z.string().min(1).max(512) }),
    settingsViewSchema,
    'secrets.manage',
  ),
  'secret.remove': channel(
    z.strictObject({ profileId: z.string().min(1).max(64) }),
    settingsViewSchema,
    'secrets.manage',
  ),
  /** Sets or removes (null) the team database connection; removing it also removes its password and key. */
  'settings.setTeam': channel(
    z.strictObject({ connection: teamConnectionSchema.nullable() }),
    settingsViewSchema,
    'settings.manage',
  ),
  /** Stores the team connection's password and/or the team key in the keychain. */
  'secret.setTeam': channel(
    z.strictObject({ password: z.string().min(1).max(512).optional(), key: teamKeySchema.optional() }),
    settingsViewSchema,
    'secrets.manage',
  ),
  /** Who is at the desk (operators.ts): what the sign-in screen and the shell show. */
  'session.status': channel(none, sessionStateSchema, 'anyone'),
  ...languageChannels,
  /** The first start of a desk (no account yet): the first supervisor, who enrols next. */
  'session.createFirstSupervisor': channel(firstSupervisorInputSchema, sessionStateSchema, 'anyone'),
  /** Id, passphrase and code; a refusal never says which was wrong. Also unlocks a locked desk (same person). */
  'session.signIn': channel(signInInputSchema, sessionStateSchema, 'anyone'),
  /** The enrolling account's own passphrase (when needed) and its first code: signs it in. */
  'session.completeEnrolment': channel(completeEnrolmentInputSchema, sessionStateSchema, 'anyone'),
  /** Signs out (also switch operator: the next person signs in); what was on screen is dropped. */
  'session.signOut': channel(none, sessionStateSchema, 'anyone'),
  'session.lockNow': channel(none, sessionStateSchema, 'signed-in'),
  /** The renderer reports the operator's keyboard or pointer activity (throttled) so main can time idleness. */
  'session.activity': channel(none, sessionStateSchema, 'signed-in'),
  'operators.list': channel(none, z.array(operatorViewSchema), 'operators.manage'),
  /** A new account with a one-time passphrase: its owner chooses their own and enrols at the first sign-in. */
  'operators.add': channel(addOperatorInputSchema, z.array(operatorViewSchema), 'operators.manage'),
  'operators.setEnabled': channel(
    z.strictObject({ id: operatorIdSchema, enabled: z.boolean() }),
    z.array(operatorViewSchema),
    'operators.manage',
  ),
  'operators.setRole': channel(
    z.strictObject({ id: operatorIdSchema, role: roleIdSchema }),
    z.array(operatorViewSchema),
    'operators.manage',
  ),
  /** A forgotten passphrase or a lost phone: a one-time passphrase, and enrolment again (PCI DSS 8.3.5). */
  'operators.reset': channel(resetOperatorInputSchema, z.array(operatorViewSchema), 'operators.manage'),
  'operators.limits': channel(none, z.array(payInLimitSchema), 'operators.manage'),
  'roles.list': channel(none, z.array(roleViewSchema), 'operators.manage'),
  'roles.save': channel(saveRoleInputSchema, z.array(roleViewSchema), 'operators.manage'),
  'operators.setLimit': channel(setPayInLimitInputSchema, z.array(payInLimitSchema), 'operators.manage'),
  /** A supervisor approves, at the requester's desk, with their own id, passphrase and code. */
  'approvals.grant': channel(grantApprovalInputSchema, approvalGrantedSchema, 'signed-in'),
  'payin.submit': channel(payInSubmitSchema, payInResultSchema, 'payin.send'),
  'payin.askAgain': channel(
    historyId.extend({ card: reenteredCard.optional() }),
    payInResultSchema,
    'payin.send',
  ),
  'payin.cancelBankPage': channel(historyId, payInResultSchema, 'payin.send'),
  /** Brings the pay-in's bank page window to the front; `focused` false when main has no such window open. */
  'payin.focusBankPage': channel(historyId, z.object({ focused: z.boolean() }), 'payin.send'),
  /** A settled pay-in's receipt (approved or declined only), worded in the language asked for, in the desk's time zone, to show and print. */
  'payin.receipt': channel(receiptRequestSchema, receiptViewSchema, 'receipt.issue'),
  /** The same receipt as a PDF to send the customer; audited as a copy leaving the desk. */
  'payin.receiptPdf': channel(receiptRequestSchema, receiptPdfSchema, 'receipt.issue'),
  'payin.storedCards': channel(customerId, z.array(storedCardSchema), 'payin.send'),
  /** Takes a stored card off Paydesk's list (the gateway keeps it); answers the customer's cards left. */
  'payin.forgetStoredCard': channel(
    z.strictObject({ ccStorageID: z.string().min(1).max(128) }),
    z.array(storedCardSchema),
    'payin.removeCard',
  ),
  'payin.customer': channel(customerId, returningCustomerSchema, 'payin.send'),
  /**
   * The pay-ins this desk sent since it started that are still under way (IN_PROGRESS_STATUSES), newest
   * first, each with its bank page while that is still valid (assumption A38): what the Pay-in page shows
   * again after an unlock.
   */
  'payin.underWay': channel(none, z.array(payInResultSchema), 'payin.send'),
  /** The pay-in's bank page again, while it is still valid (A38); refused (`conflict`) once it is not. */
  'payin.reopenBankPage': channel(historyId, payInResultSchema, 'payin.send'),
  /** Marks a pay-in that is not settled for follow-up, with the reason: audited with the operator's name. */
  'payin.markFollowUp': channel(
    historyId.extend({ reason: followUpReasonSchema }),
    z.object({ historyId: z.int().positive(), operator: z.string(), reason: z.string(), at: z.int() }),
    'payin.send',
  ),
  /** The KYC page is open: main readies the worker that reads files, so the first file opens as fast as later ones. */
  'kyc.prepare': channel(
    none,
    // The largest file Paydesk opens by path, for the KYC page to say so.
    z.strictObject({ ready: z.literal(true), maxFileBytes: z.int().positive() }),
    'kyc.send',
  ),
  'kyc.open': channel(kycOpenInput, kycBatchSummary, 'kyc.send'),
  'kyc.setMapping': channel(kycMappingInput, kycBatchSummary, 'kyc.send'),
  'kyc.setDateOrder': channel(kycDateOrderInput, kycBatchSummary, 'kyc.send'),
  'kyc.rows': channel(kycRowsQuery, kycRowsPage, 'kyc.send'),
  'kyc.update': channel(kycUpdateInput, kycUpdateResult, 'kyc.send'),
  'kyc.submit': channel(kycSubmitInput, kycSubmitResult, 'kyc.send'),
  'kyc.resubmitChunk': channel(kycResubmitInput, kycSubmitResult, 'kyc.send'),
  /** The rows to fix as CSV, in the form the operator chose (csv-export.ts). */
  'kyc.exportRejected': channel(kycExportInputSchema, kycExportResult, 'kyc.send'),
  /** Closes a file, also while it is being checked (the check stops); not while it is being sent. */
  'kyc.close': channel(kycBatchRef, kycCloseResult, 'kyc.send'),
  /** The compliance officer confirms document-date warnings (expired, not yet valid): those rows may be sent. */
  'kyc.confirmWarnings': channel(kycConfirmWarningsInput, kycConfirmWarningsResult, 'kyc.send'),
  'history.query': channel(historyFilterSchema, historyPageSchema, 'history.own'),
  'history.get': channel(z.strictObject({ id: z.int().positive() }), historyDetailSchema, 'history.own'),
  'history.dailyTotals': channel(dailyTotalsQuerySchema, z.array(dailyTotalSchema), 'history.own'),
  /** One operator's day at this desk, in the caller's local day (shared/operator-day.ts). */
  'history.operatorDay': channel(operatorDayQuerySchema, operatorDaySchema, 'operators.activity'),
  /** The filter's rows as CSV, in the form the operator chose (csv-export.ts): audited. */
  'history.exportCsv': channel(
    historyExportInputSchema,
    z.object({ csv: z.string(), fileName: z.string() }),
    'history.export',
  ),
  /** A full check of every audit entry and every row, now; reports every problem it finds. */
  'history.verify': channel(none, historyVerificationSchema, 'history.verify'),
  /** The latest check's result (at start, then each full check) without checking again. */
  'history.auditStatus': channel(none, auditStatusSchema, 'signed-in'),
  /** The notice of a history salvaged at start (history/salvage/salvage-reports.ts), until acknowledged; null when none. */
  'history.startupNotice': channel(none, historySalvageNoticeSchema.nullable(), 'signed-in'),
  /** The operator has read it (audited); answers the next notice still unread, or null. */
  'history.acknowledgeStartupNotice': channel(none, historySalvageNoticeSchema.nullable(), 'signed-in'),
  /** Team mode's replication: the outbox's depth, the last batch sent, the last error. No database call. */
  'team.status': channel(none, teamStatusSchema, 'signed-in'),
  /**
   * Team History (team/team-history.ts), read from PostgreSQL: each answers `ok: false` with the reason
   * (no team connection, the database unreachable or slow, a grant missing) rather than a refusal.
   */
  'team.query': channel(teamHistoryFilterSchema, teamAnswerSchema(teamHistoryPageSchema), 'team.read'),
  'team.get': channel(teamRowRefSchema, teamAnswerSchema(teamHistoryDetailSchema.nullable()), 'team.read'),
  'team.dailyTotals': channel(
    z.strictObject({
      filter: teamHistoryFilterSchema,
      utcOffsetMinutes: dailyTotalsQuerySchema.shape.utcOffsetMinutes,
    }),
    teamAnswerSchema(z.array(dailyTotalSchema)),
    'team.read',
  ),
  /** Audited on this desk, like History's own export. */
  'team.exportCsv': channel(
    teamExportInputSchema,
    teamAnswerSchema(
      z.object({ csv: z.string(), fileName: z.string(), rows: z.int(), truncated: z.boolean() }),
    ),
    'team.read',
  ),
  /** The desks the team view's desk filter offers (a desk's own role: itself only). */
  'team.desks': channel(none, teamAnswerSchema(z.array(teamDeskSchema)), 'team.read'),
  /** The pay-ins whose outcome is unknown on any desk of the team, newest first. */
  'team.outcomeUnknown': channel(none, teamAnswerSchema(teamQueueSchema), 'team.read'),
  /**
   * A supervisor's check of every desk (or one) from the team database alone (team/team-verify.ts):
   * signatures, links, anchors and every replicated row. Audited on this desk.
   */
  'team.verify': channel(
    z.strictObject({ deskId: deskIdSchema.optional() }),
    teamAnswerSchema(z.array(deskVerificationSchema)),
    'team.verify',
  ),
} as const;

/**
 * Channels that carry a path on disk. Only a host calls them, with a path it derived itself from a File the
 * operator dropped or picked: the preload's `openKycFile` (webUtils.getPathForFile), the browser harness's
 * upload (the temporary file it wrote). They are never on window.paydesk's `invoke`, so no page can name
 * a path; main answers them through the same lock gate and dispatcher as the contract's channels.
 */
export const ipcFileChannels = {
  'kyc.openPath': channel(kycOpenPathInput, kycBatchSummary, 'kyc.send'),
} as const;

export const ipcEvents = {
  /** Pay-ins changed by one commit, from any source (an answer, callbacks, a bank page); not only settled. */
  'payin.changed': z.array(payInResultSchema).min(1),
  'kyc.progress': kycProgressEvent,
  'kyc.checked': kycCheckedEvent,
  'session.changed': sessionStateSchema,
  /** A check of the audit trail finished (the background one after start, or history.verify). */
  'history.auditChanged': auditStatusSchema,
} as const;

/**
 * Who hears each event, as a channel's `access` says who may call it (main/ipc/event-gate.ts holds it, for
 * both hosts). `own-rows`: every pay-in with `history.all`, only the listener's own with `history.own`,
 * none otherwise. Signed out or locked, only `anyone`'s events reach the window.
 */
export type EventAccess = ChannelAccess | 'own-rows';
export const ipcEventAccess: Record<keyof typeof ipcEvents, EventAccess> = {
  'payin.changed': 'own-rows',
  'kyc.progress': 'kyc.send',
  'kyc.checked': 'kyc.send',
  'session.changed': 'anyone',
  'history.auditChanged': 'signed-in',
};

export type IpcChannel = keyof typeof ipcChannels;
export type IpcFileChannel = keyof typeof ipcFileChannels;
export type IpcEvent = keyof typeof ipcEvents;
export type ChannelInput<C extends IpcChannel> = z.input<(typeof ipcChannels)[C]['input']>;
export type ChannelOutput<C extends IpcChannel> = z.output<(typeof ipcChannels)[C]['output']>;
export type EventPayload<E extends IpcEvent> = z.output<(typeof ipcEvents)[E]>;
/** A call's arguments after the channel: none for a channel that takes no input, else its input. */
export type ChannelArgs<C extends IpcChannel> = ChannelInput<C> extends undefined ? [] : [ChannelInput<C>];

export const IPC_CHANNEL_NAMES = Object.keys(ipcChannels) as IpcChannel[];
export const IPC_EVENT_NAMES = Object.keys(ipcEvents) as IpcEvent[];
export const IPC_FILE_CHANNEL_NAMES = Object.keys(ipcFileChannels) as IpcFileChannel[];

/** The prefix every Electron IPC channel carries, so that no other code's channel can collide. */
export const IPC_PREFIX = 'paydesk:';

/** window.paydesk: each channel as an async function returning a result value, plus event subscription. */
export type PaydeskApi = {
  invoke<C extends IpcChannel>(channel: C, ...input: ChannelArgs<C>): Promise<IpcResult<ChannelOutput<C>>>;
  on<E extends IpcEvent>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
  /**
   * Opens a KYC file the operator dropped or picked, by its place on disk: the host finds the path from
   * the File itself (a File made by the page, with no file behind it, is refused), and main reads it.
   */
  openKycFile(file: File): Promise<IpcResult<z.output<(typeof ipcFileChannels)['kyc.openPath']['output']>>>;
};
