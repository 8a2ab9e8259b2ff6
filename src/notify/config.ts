// The notification service's configuration: one JSON file, read once at start and checked whole before
// anything listens. It names secrets (the database password, each merchant's signing secret) but never
// holds one: they come from systemd's credentials or from a private secrets file (secrets.ts).
import { readFileSync } from 'node:fs';
import { merchantIdNumber, say } from '@shared/gateway/fields';
import { signAlgorithmSchema } from '@shared/gateway/sign-algorithm';
import { z } from 'zod';

/** A credential's name: a file name in $CREDENTIALS_DIRECTORY, or a key of the secrets file. */
const credentialName = z
  .string(say('Must be text.'))
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/,
    'A credential name: letters, digits, ".", "_" or "-", up to 64.',
  );

const object = {
  error: (issue: { code?: string; input?: unknown; keys?: string[] }) =>
    issue.code === 'unrecognized_keys'
      ? `Not a setting here: ${(issue.keys ?? []).join(', ')}.`
      : issue.input === undefined
        ? 'Required.'
        : 'Must be an object.',
};
const LOOPBACK_HOSTS = ['127.0.0.1', '::1', 'localhost'];
const port = z.int(say('A whole number.')).min(0, 'A port, 0 to 65535.').max(65_535, 'A port, 0 to 65535.');
const millis = (fallback: number) =>
  z
    .int('A whole number of milliseconds.')
    .min(100, 'At least 100 ms.')
    .max(60_000, 'At most 60000 ms.')
    .default(fallback);

/** An origin that may frame the return pages: https, or http on a loopback address; nothing after the port. */
const frameAncestor = z.string(say('Must be text.')).transform((value, context) => {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  const loopbackHttp =
    url?.protocol === 'http:' && LOOPBACK_HOSTS.includes(url.hostname.replace(/^\[|\]$/g, ''));
  if (!url || (url.protocol !== 'https:' && !loopbackHttp)) {
    context.addIssue({ code: 'custom', message: 'Must be https (http only on a loopback address).' });
    return z.NEVER;
  }
  if (url.origin !== value.replace(/\/$/, '')) {
    context.addIssue({ code: 'custom', message: 'An origin only: no path, query or user.' });
    return z.NEVER;
  }
  return url.origin;
});

export const notifyConfigSchema = z.strictObject(
  {
    /** Where the service listens: behind the merchant's TLS terminator (nginx), usually on loopback. */
    listen: z.strictObject({ host: z.string(say('Must be text.')).min(1, 'Required.'), port }, object),
    /**
     * The address the gateway and the customer's browser reach: callBackURL is `<publicBaseUrl>/callback`,
     * the return addresses `<publicBaseUrl>/return`, `/success`, `/fail`.
     */
    publicBaseUrl: z
      .url(say('An absolute URL, e.g. https://pay.example.com/paydesk.'))
      .refine((value) => {
        const url = new URL(value);
        return (
          url.protocol === 'https:' ||
          (url.protocol === 'http:' && LOOPBACK_HOSTS.includes(url.hostname.replace(/^\[|\]$/g, '')))
        );
      }, 'Must be https (http only on a loopback address, for a test).')
      .refine((value) => !new URL(value).search && !new URL(value).hash, 'No query or fragment.'),
    database: z.strictObject(
      {
        host: z.string(say('Must be text.')).min(1, 'Required.'),
        port: port.default(5432),
        database: z.string(say('Must be text.')).min(1, 'Required.'),
        user: z.string(say('Must be text.')).min(1, 'Required.'),
        /** The credential holding the role's password (add-notify.sql). */
        passwordCredential: credentialName.default('database-password'),
        /** Connections per instance; the role's CONNECTION LIMIT bounds them across instances. */
        poolSize: z.int('A whole number.').min(1, 'At least 1.').max(100, 'At most 100.').default(10),
        /**
         * The longest a notification waits on PostgreSQL (a free connection, the connect, the INSERT and its
         * COMMIT) before the service answers 503 and leaves it to the gateway's retry.
         */
        timeoutMs: millis(2_000),
        /**
         * The most notifications one INSERT and COMMIT stores (those that waited for a connection while the
         * pool was busy); 1 stores each in its own transaction.
         */
        maxBatch: z.int('A whole number.').min(1, 'At least 1.').max(1_000, 'At most 1000.').default(256),
        /** `require` asks PostgreSQL for TLS; `verify-full` also checks its certificate against caFile. */
        ssl: z.enum(['off', 'require', 'verify-full']).default('off'),
        caFile: z.string().min(1).optional(),
      },
      object,
    ),
    /**
     * The merchants whose notifications are stored. The same merchantId may appear more than once, with
     * another secret (a key being rotated): a notification is stored when any of them verifies it.
     */
    merchants: z
      .array(
        z.strictObject(
          {
            merchantId: merchantIdNumber,
            signAlgorithm: signAlgorithmSchema,
            secretCredential: credentialName,
          },
          object,
        ),
        say('A list of merchants.'),
      )
      .min(1, 'At least one merchant.'),
    /** A JSON file { "<credential name>": "<secret>" }, used when $CREDENTIALS_DIRECTORY is not set. */
    secretsFile: z.string().min(1).optional(),
    /** The largest notification accepted, in bytes; a larger one is answered 413. */
    bodyLimitBytes: z
      .int('A whole number.')
      .min(1024, 'At least 1024.')
      .max(1_048_576, 'At most 1048576.')
      .default(16_384),
    /**
     * The administrator's endpoint (GET /rejections: counts and the latest refused notifications), on a
     * listener of its own that only a loopback address may be given. Left out: no such listener.
     */
    admin: z
      .strictObject(
        {
          host: z.enum(LOOPBACK_HOSTS, 'Only a loopback address: 127.0.0.1, ::1 or localhost.'),
          port,
        },
        object,
      )
      .optional(),
    /**
     * The return pages refuse to be framed by any page (frame-ancestors 'none', X-Frame-Options DENY). For
     * the browser harness only (development and its tests): the origins named here may frame them, and are
     * told by a message that the bank page came back (return-page.ts). Never a production setting.
     */
    returnPage: z
      .strictObject({ frameAncestors: z.array(frameAncestor).max(8, 'At most 8.').default([]) }, object)
      .default({ frameAncestors: [] }),
    logLevel: z.enum(['fatal', 'error', 'warn', 'info', 'debug']).default('info'),
  },
  object,
);

export type NotifyConfig = z.infer<typeof notifyConfigSchema>;

export class NotifyConfigError extends Error {
  override name = 'NotifyConfigError';
}

/** Reads and checks the configuration file; every problem is named with its field. */
export function loadNotifyConfig(file: string): NotifyConfig {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    throw new NotifyConfigError(`The configuration file ${file} cannot be read (${code}).`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new NotifyConfigError(`The configuration file ${file} is not valid JSON.`);
  }
  return parseNotifyConfig(json, file);
}

export function parseNotifyConfig(json: unknown, file = 'configuration'): NotifyConfig {
  const parsed = notifyConfigSchema.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `  ${issue.path.length ? issue.path.join('.') : '(the whole file)'}: ${issue.message}`,
    );
    throw new NotifyConfigError(`The configuration file ${file} is not valid:\n${problems.join('\n')}`);
  }
  if (parsed.data.database.ssl === 'verify-full' && !parsed.data.database.caFile) {
    throw new NotifyConfigError(
      `The configuration file ${file} is not valid:\n  database.caFile: Required with ssl verify-full.`,
    );
  }
  return parsed.data;
}
