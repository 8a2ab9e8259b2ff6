// Who is at the desk: operator accounts, the named permissions a role is made of, the four built-in roles,
// and the session main keeps (PCI DSS 7.2, 8.2.1, 8.3.4–8.3.6, 8.4.2). Main enforces all of it: every IPC
// channel declares what it needs (ipc.ts), and the dispatcher's gate (main/ipc/session-gate.ts) refuses the
// rest. The renderer only hides what the role cannot do.
import { z } from 'zod';
import { refusalWordsSchema } from './refusal-words';
import {
  BUILT_IN_ROLES,
  type ChannelAccess,
  PERMISSION_LABELS,
  PERMISSIONS,
  ROLE_IDS,
  ROLE_LABELS,
} from './roles';

export { BUILT_IN_ROLES, type ChannelAccess, PERMISSION_LABELS, PERMISSIONS, ROLE_IDS, ROLE_LABELS };

/** An operator's id, a role's, and an authenticator's code: the patterns schema-problem-words.ts words. */
export const OPERATOR_ID_PATTERN = /^[a-z][a-z0-9._-]{1,39}$/;
export const ROLE_ID_PATTERN = /^[a-z][a-z0-9-]{1,39}$/;
export const TOTP_CODE_PATTERN = /^\d{6}$/;

/** An operator's id: never changes, never reused; what every audit entry and history row names. */
export const operatorIdSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(
    OPERATOR_ID_PATTERN,
    'An operator id is 2 to 40 characters: letters, digits, ".", "_" or "-", starting with a letter (e.g. ana.ruiz).',
  );
export type OperatorId = z.output<typeof operatorIdSchema>;

/** PCI DSS 8.3.6: at least 12 characters. */
export const OPERATOR_PASSPHRASE_MIN = 12;
const operatorPassphraseSchema = z
  .string()
  .max(256, 'At most 256 characters.')
  .min(OPERATOR_PASSPHRASE_MIN, `At least ${OPERATOR_PASSPHRASE_MIN} characters.`);
/** What sign-in takes: any length, so a short guess is refused like any wrong one, not by its shape. */
const typedPassphraseSchema = z.string().min(1, 'Type your passphrase.').max(256);
const totpCodeSchema = z
  .string()
  .trim()
  .regex(TOTP_CODE_PATTERN, 'The 6 digits your authenticator app shows.');
const displayNameSchema = z.string().trim().min(1, 'A name is needed.').max(60, 'At most 60 characters.');

/** Wrong sign-ins in a row before the account is locked, and for how long (PCI DSS 8.3.4). */
export const ACCOUNT_LOCKOUT = { wrongAttempts: 10, minutes: 30 } as const;

export const permissionSchema = z.enum(PERMISSIONS);
export type Permission = z.infer<typeof permissionSchema>;
/**
 * A role's id: one of the four built in, or a supervisor's own (a copy of one, changed). Main refuses an id
 * it does not know; an account whose role is gone may do nothing.
 */
export const roleIdSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(
    ROLE_ID_PATTERN,
    'A role id is 2 to 40 characters: letters, digits or "-", starting with a letter (e.g. senior-agent).',
  );
export type RoleId = z.output<typeof roleIdSchema>;

/** A role as Settings shows it: its name, its permissions, and whether it is one of the four built in. */
export const roleViewSchema = z.object({
  id: roleIdSchema,
  label: z.string(),
  permissions: z.array(permissionSchema),
  builtIn: z.boolean(),
  /** The role it was copied from. */
  basedOn: z.string().optional(),
});
export type RoleView = z.infer<typeof roleViewSchema>;

/** A supervisor's own role: created as a copy of another and changed, or changed again. */
export const saveRoleInputSchema = z.strictObject({
  id: roleIdSchema,
  label: z.string().trim().min(1, 'A name is needed.').max(40, 'At most 40 characters.'),
  permissions: z.array(permissionSchema).max(PERMISSIONS.length),
  basedOn: roleIdSchema.optional(),
});

/** An account as a supervisor sees it in Settings: never a hash or a secret. */
export const operatorViewSchema = z.object({
  id: operatorIdSchema,
  displayName: z.string(),
  role: roleIdSchema,
  enabled: z.boolean(),
  /** Enrolled: a passphrase of its own and a confirmed authenticator. False after a reset, until the next sign-in. */
  enrolled: z.boolean(),
  /** Locked after too many wrong sign-ins, until then. */
  lockedOutUntil: z.iso.datetime().optional(),
  createdAt: z.iso.datetime(),
  createdBy: z.string(),
});
export type OperatorView = z.infer<typeof operatorViewSchema>;

/** The signed-in operator as the renderer knows them: what to show and what to offer. */
export const signedInOperatorSchema = z.object({
  id: operatorIdSchema,
  displayName: z.string(),
  role: roleIdSchema,
  /** The role's name, built in or a supervisor's own. */
  roleLabel: z.string(),
  permissions: z.array(permissionSchema),
});
export type SignedInOperator = z.infer<typeof signedInOperatorSchema>;

/** An authenticator to add: the secret as a QR code and as text, for an app that cannot scan. */
export const enrolmentSchema = z.object({
  operatorId: operatorIdSchema,
  displayName: z.string(),
  /** otpauth://totp/… (RFC 6238: SHA-1, 6 digits, 30 s). */
  otpauthUri: z.string().startsWith('otpauth://totp/'),
  /** The same secret in base32, for typing into an app by hand. */
  secret: z.string().regex(/^[A-Z2-7]+$/),
  /** The QR code of otpauthUri as an SVG image. */
  qrSvg: z.string().startsWith('<svg'),
  /** A new passphrase is needed too (a first account, or after a supervisor's reset). */
  needsPassphrase: z.boolean(),
});
export type Enrolment = z.infer<typeof enrolmentSchema>;

/**
 * The desk's session, as main keeps it:
 * - `first-start`: no account yet: the first supervisor is created here (an upgraded desk offers its old
 *   operator name);
 * - `signed-out`: the sign-in screen;
 * - `enrolling`: an account proved its passphrase and must now choose one of its own and confirm an
 *   authenticator;
 * - `signed-in`: `locked` after the idle time or Lock now: the same person signs in again (or another
 *   switches operator, which drops what was on screen);
 * - `damaged`: the account store cannot be trusted; nothing opens.
 */
export const sessionStateSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('first-start'),
    /** The operator name of a desk upgraded from the single passphrase, offered as the display name. */
    suggestedDisplayName: z.string().optional(),
  }),
  z.object({
    kind: z.literal('signed-out'),
    /**
     * An enrolment just ended because the team database refused it: `reset`, a supervisor reset the
     * account after it started (sign in with the new one-time passphrase); `refused`, the account no
     * longer waits for one (enrolled at another desk, or disabled).
     */
    enrolmentEnded: z.enum(['reset', 'refused']).optional(),
  }),
  z.object({ kind: z.literal('enrolling'), enrolment: enrolmentSchema }),
  z.object({
    kind: z.literal('signed-in'),
    operator: signedInOperatorSchema,
    locked: z.boolean(),
    idleLockMinutes: z.int(),
    /**
     * Team mode, and the team database could not be reached at sign-in: the operator was proved against
     * the desk's last copy of the team's accounts (a change made since is not known here yet).
     */
    offline: z.literal(true).optional(),
  }),
  /** `words`: the message in the catalogue's words (`session.damaged.*`), for the reader's language. */
  z.object({ kind: z.literal('damaged'), message: z.string(), words: refusalWordsSchema.optional() }),
]);
export type SessionState = z.infer<typeof sessionStateSchema>;

export const signInInputSchema = z.strictObject({
  operatorId: z.string().trim().toLowerCase().min(1, 'Type your operator id.').max(40),
  passphrase: typedPassphraseSchema,
  /** Absent only for an account a supervisor has just created or reset (it enrols next). */
  code: totpCodeSchema.optional(),
});

export const firstSupervisorInputSchema = z.strictObject({
  id: operatorIdSchema,
  displayName: displayNameSchema,
  passphrase: operatorPassphraseSchema,
});

export const completeEnrolmentInputSchema = z.strictObject({
  /** The account's own new passphrase, when the enrolment needs one. */
  passphrase: operatorPassphraseSchema.optional(),
  code: totpCodeSchema,
});

export const addOperatorInputSchema = z.strictObject({
  id: operatorIdSchema,
  displayName: displayNameSchema,
  role: roleIdSchema,
  /** A one-time passphrase the supervisor gives the person: they choose their own at the first sign-in. */
  temporaryPassphrase: operatorPassphraseSchema,
});

export const resetOperatorInputSchema = z.strictObject({
  id: operatorIdSchema,
  temporaryPassphrase: operatorPassphraseSchema,
});
