// The desk's operator accounts, in the data folder (operators.json), sealed with a key kept in the OS
// keychain: an HMAC over the whole file, so that an agent who edits the file to make themselves a supervisor
// (or to clear a lockout) gets a desk that opens for nobody, and each authenticator secret encrypted
// (AES-256-GCM), so the file alone does not let anyone compute a code. Passphrases are scrypt hashes with
// their own salt (credentials/passphrase-hash.ts).
//
// Fails closed: a key in the keychain with no file, a file with no key, a seal that does not verify or a
// file that does not parse is `damaged`, never "no accounts yet" (which would let anyone create a supervisor).
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type PayInLimit, payInLimitSchema } from '@shared/approvals';
import type { MessageKey } from '@shared/i18n/messages';
import type { RefusalWords } from '@shared/ipc';
import { operatorIdSchema, permissionSchema, roleIdSchema } from '@shared/operators';
import { z } from 'zod';
import type { CredentialVault } from '../credentials/vault';
import { fileStamp } from '../history/backups/history-backups';
import { DAMAGED_FOLDER } from '../history/salvage/salvage-reports';
import { englishOf, wordsOf } from '../i18n/refuse';

export const ACCOUNTS_FILE = 'operators.json';

const accountSchema = z.strictObject({
  id: operatorIdSchema,
  displayName: z.string().min(1).max(60),
  role: roleIdSchema,
  enabled: z.boolean(),
  createdAt: z.iso.datetime(),
  createdBy: z.string().min(1),
  passphraseHash: z.string().startsWith('scrypt$'),
  /** Set by a supervisor (new account or reset): its owner must choose their own at the next sign-in. */
  temporaryPassphrase: z.boolean(),
  /** The confirmed authenticator: its secret encrypted under the accounts key, and the last step used. */
  totp: z.strictObject({ secret: z.string().min(1), lastStep: z.int().nonnegative() }).nullable(),
  wrongInARow: z.int().min(0).max(1_000),
  lockout: z.strictObject({ startedAt: z.iso.datetime(), endsAt: z.iso.datetime() }).optional(),
});
export type Account = z.infer<typeof accountSchema>;

const customRoleSchema = z.strictObject({
  id: roleIdSchema,
  label: z.string().min(1).max(40),
  permissions: z.array(permissionSchema),
  basedOn: roleIdSchema.optional(),
  changedAt: z.iso.datetime(),
  changedBy: z.string().min(1),
});
export type CustomRole = z.infer<typeof customRoleSchema>;

/** What the sealed file holds besides the accounts. */
interface AccountsExtras {
  limits: PayInLimit[];
  roles: CustomRole[];
}

const accountsBodySchema = z.strictObject({
  version: z.literal(1),
  accounts: z.array(accountSchema),
  /** The pay-in limits above which a supervisor approves (absent in a file from before approvals). */
  limits: z.array(payInLimitSchema).optional(),
  /** A supervisor's own roles (absent in a file from before them). */
  roles: z.array(customRoleSchema).optional(),
});
const sealedFileSchema = z.strictObject({ body: z.string(), seal: z.string().regex(/^[0-9a-f]{64}$/) });

/** What is wrong with a damaged store: its key gone from the keychain, its file gone, changed or unreadable. */
export type AccountsDamage = 'key missing' | 'file missing' | 'changed' | 'unreadable';

type AccountsRead =
  | { kind: 'none' }
  | ({ kind: 'found'; accounts: Account[] } & AccountsExtras)
  | AccountsTrouble;

/** Why the accounts cannot be trusted (`damaged`) or read (`keychain`), in English and in words. */
export type AccountsTrouble =
  | { kind: 'damaged'; why: AccountsDamage; message: string; words: RefusalWords }
  | { kind: 'keychain'; message: string; words: RefusalWords };

export type AccountStore = Awaited<ReturnType<typeof accountStoreIn>>;

type KeyVault = Pick<CredentialVault, 'getOperatorsKey' | 'setOperatorsKey'>;

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Why nobody can sign in, in the catalogue's words (`session.damaged.*`: each says the way out too). */
function damaged(why: AccountsDamage, key: MessageKey): AccountsRead {
  const words = wordsOf(key, { file: ACCOUNTS_FILE });
  return { kind: 'damaged', why, message: englishOf(words), words };
}

function keysOf(key: Buffer): { seal: Buffer; secrets: Buffer } {
  const derive = (info: string) => Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), info, 32));
  return { seal: derive('paydesk operators seal'), secrets: derive('paydesk operators totp') };
}

/** The desk whose accounts these are: the accounts file's absolute path, hashed (the keychain holds no path). */
function deskIdOf(file: string): string {
  return createHash('sha256')
    .update(`paydesk-operators:${resolve(file)}`)
    .digest('hex')
    .slice(0, 32);
}

export function accountStoreIn(dataDir: string, vault: KeyVault) {
  const file = join(dataDir, ACCOUNTS_FILE);
  const deskId = deskIdOf(file);
  let keys: { seal: Buffer; secrets: Buffer } | undefined;

  async function readKey(): Promise<Buffer | undefined> {
    const stored = await vault.getOperatorsKey(deskId);
    return stored === undefined ? undefined : Buffer.from(stored, 'base64');
  }

  const sealOf = (body: string) => createHmac('sha256', keys!.seal).update(body, 'utf8').digest('hex');

  return {
    file,

    async read(): Promise<AccountsRead> {
      let key: Buffer | undefined;
      try {
        key = await readKey();
      } catch (error) {
        const words = wordsOf('session.damaged.keychain', { reason: errorText(error) });
        return { kind: 'keychain', message: englishOf(words), words };
      }
      const present = existsSync(file);
      if (!key && !present) return { kind: 'none' };
      if (key?.length !== 32) {
        return damaged('key missing', 'session.damaged.keyMissing');
      }
      keys = keysOf(key);
      if (!present) {
        return damaged('file missing', 'session.damaged.fileMissing');
      }
      try {
        const sealed = sealedFileSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
        const expected = Buffer.from(sealOf(sealed.body), 'hex');
        if (!timingSafeEqual(expected, Buffer.from(sealed.seal, 'hex'))) {
          return damaged('changed', 'session.damaged.changed');
        }
        const read = accountsBodySchema.parse(JSON.parse(sealed.body));
        return { kind: 'found', accounts: read.accounts, limits: read.limits ?? [], roles: read.roles ?? [] };
      } catch {
        return damaged('unreadable', 'session.damaged.unreadable');
      }
    },

    /**
     * Moves a damaged accounts file into the data folder's `damaged/` (as found, for whoever looks into
     * it) before a copy rebuilt from the team replaces it; its path there, or undefined when there was none.
     */
    setAside(at: number): string | undefined {
      if (!existsSync(file)) return undefined;
      const kept = join(DAMAGED_FOLDER, `operators-${fileStamp(at)}.json`);
      mkdirSync(join(dataDir, DAMAGED_FOLDER), { recursive: true, mode: 0o700 });
      renameSync(file, join(dataDir, kept));
      return kept;
    },

    /** Makes the key and puts it in the keychain, if this desk has none yet (a write follows at once). */
    async prepareKey(): Promise<void> {
      if (keys) return;
      const key = randomBytes(32);
      await vault.setOperatorsKey(deskId, key.toString('base64'));
      keys = keysOf(key);
    },

    /** Writes every account, limit and role, sealed; the first write makes the key and puts it in the keychain. */
    async write(
      accounts: readonly Account[],
      extras: AccountsExtras = { limits: [], roles: [] },
    ): Promise<void> {
      await this.prepareKey();
      const body = JSON.stringify(accountsBodySchema.parse({ version: 1, accounts, ...extras }));
      const next = `${file}.${process.pid}.tmp`;
      try {
        writeFileSync(next, `${JSON.stringify({ body, seal: sealOf(body) }, null, 1)}\n`, { mode: 0o600 });
        renameSync(next, file);
      } finally {
        rmSync(next, { force: true });
      }
    },

    encryptSecret(base32: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', keys!.secrets, iv);
      const sealed = Buffer.concat([cipher.update(base32, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64');
    },

    decryptSecret(encrypted: string): string {
      const raw = Buffer.from(encrypted, 'base64');
      const decipher = createDecipheriv('aes-256-gcm', keys!.secrets, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}
