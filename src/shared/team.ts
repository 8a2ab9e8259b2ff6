// Team mode's vocabulary, shared by main and the renderer: the team database connection as settings keep
// it (never its password or the team key: those live in the OS keychain), the team key's form, and what
// the team duplicate check said about a pay-in.
import { z } from 'zod';
import { refusalWordsSchema } from './ipc-error';

/** A host name, an IPv4 or bracket-free IPv6 address, or a unix socket folder (an absolute path). */
const hostSchema = z
  .string()
  .trim()
  .min(1)
  .max(255)
  .regex(/^(\/[\w./-]*|[A-Za-z0-9:][A-Za-z0-9.:-]*)$/, 'A host name, an IP address or a socket folder.');

/** A PostgreSQL identifier as a role or database name: what add-desk.sql and setup.sql accept. */
const pgName = z
  .string()
  .trim()
  .regex(/^[A-Za-z_][A-Za-z0-9_$-]{0,62}$/, 'Letters, digits, _ and -, up to 63, not starting with a digit.');

export const teamConnectionSchema = z.strictObject({
  host: hostSchema,
  port: z.int().min(1).max(65535).default(5432),
  database: pgName,
  /** This desk's own login role (docs/team/add-desk.sql). */
  user: pgName,
  /** How other desks see this one in a duplicate warning; the computer's name when empty. */
  deskName: z.string().trim().max(60).default(''),
  /**
   * PEM file of the certificate authority that signed the server's certificate, when it is not one the
   * system trusts. The certificate is verified either way for any host that is not loopback.
   */
  caFile: z.string().trim().min(1).max(1024).optional(),
});
export type TeamConnection = z.infer<typeof teamConnectionSchema>;

/** The team key: 32 random bytes as hex (`openssl rand -hex 32`), the same on every desk of the team. */
export const teamKeySchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[0-9a-f]{64}$/, 'The team key is 64 hexadecimal characters (openssl rand -hex 32).');

/** What the team duplicate check said before a pay-in was sent (a match is a duplicate_suspected refusal). */
export const teamCheckSchema = z.object({
  state: z.enum(['clear', 'skipped']),
  /** For `skipped`: why, in words for the agent (English: logs, and a reader without the key). */
  message: z.string().optional(),
  /** The same as the catalogue's key and values, said in the reader's language. */
  words: refusalWordsSchema.optional(),
});
export type TeamCheck = z.infer<typeof teamCheckSchema>;

/** Whether the keychain holds the team password and key: the values never leave main. */
export const teamSecretsSetSchema = z.object({ password: z.boolean(), key: z.boolean() });
