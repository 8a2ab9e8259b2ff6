// The service's secrets (the database password, each merchant's signing secret), read once at start from
// systemd's credentials ($CREDENTIALS_DIRECTORY/<name>, as LoadCredential= gives them) or else from the
// secrets file the configuration names, which must be a regular file of the service's own user that no
// group or other may read. A secret is never an argument or an environment variable, and no message here
// ever quotes a file's content: a wrong file is named, never shown.
import { closeSync, constants, fstatSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { NotifyConfig } from './config';

export class NotifySecretsError extends Error {
  override name = 'NotifySecretsError';
}

/** The secrets by credential name; only the names the configuration uses. */
export type NotifySecrets = ReadonlyMap<string, string>;

/** Every credential name the configuration uses. */
function credentialNames(config: NotifyConfig): string[] {
  return [
    ...new Set([config.database.passwordCredential, ...config.merchants.map((m) => m.secretCredential)]),
  ];
}

const secretsFileSchema = z.record(z.string(), z.string());

/** A trailing newline (an editor's, or `echo`'s) is not part of a secret. */
const trimNewline = (text: string) => text.replace(/\r?\n$/, '');

export function loadNotifySecrets(
  config: NotifyConfig,
  env: Readonly<Record<string, string | undefined>> = process.env,
): NotifySecrets {
  const names = credentialNames(config);
  const directory = env.CREDENTIALS_DIRECTORY;
  const secrets = new Map<string, string>();
  if (directory) {
    for (const name of names) {
      let value: string;
      try {
        value = trimNewline(readFileSync(join(directory, name), 'utf8'));
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
        throw new NotifySecretsError(
          `The credential "${name}" cannot be read from $CREDENTIALS_DIRECTORY (${code}): add LoadCredential=${name}:… to the unit.`,
        );
      }
      if (value === '') throw new NotifySecretsError(`The credential "${name}" is empty.`);
      secrets.set(name, value);
    }
    return secrets;
  }
  if (!config.secretsFile) {
    throw new NotifySecretsError(
      'No secrets: $CREDENTIALS_DIRECTORY is not set (systemd LoadCredential=) and the configuration names no secretsFile.',
    );
  }
  const all = readSecretsFile(config.secretsFile);
  for (const name of names) {
    const value = all[name];
    if (value === undefined || value === '') {
      throw new NotifySecretsError(`The secrets file ${config.secretsFile} has no "${name}".`);
    }
    secrets.set(name, value);
  }
  return secrets;
}

/** The secrets file, after checking it is ours alone: opened once, checked and read through one descriptor. */
function readSecretsFile(file: string): Record<string, string> {
  let fd: number;
  try {
    // O_NOFOLLOW: a symbolic link is refused, not followed to a file whose owner nobody checked.
    fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    const why = code === 'ELOOP' ? 'it is a symbolic link; name the file itself' : code;
    throw new NotifySecretsError(`The secrets file ${file} cannot be opened (${why}).`);
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) throw new NotifySecretsError(`The secrets file ${file} is not a regular file.`);
    const uid = process.getuid?.();
    if (uid !== undefined && stat.uid !== uid) {
      throw new NotifySecretsError(
        `The secrets file ${file} belongs to uid ${stat.uid}, not to the service's user (uid ${uid}): chown it.`,
      );
    }
    if ((stat.mode & 0o077) !== 0) {
      throw new NotifySecretsError(
        `The secrets file ${file} may be read or changed by others (mode ${(stat.mode & 0o777).toString(8).padStart(3, '0')}): chmod 600 it.`,
      );
    }
    let json: unknown;
    try {
      json = JSON.parse(readFileSync(fd, 'utf8'));
    } catch {
      // JSON.parse's own message quotes the text around the error: never repeated here.
      throw new NotifySecretsError(`The secrets file ${file} is not valid JSON.`);
    }
    const parsed = secretsFileSchema.safeParse(json);
    if (!parsed.success) {
      throw new NotifySecretsError(
        `The secrets file ${file} must be one JSON object of names to secrets (text).`,
      );
    }
    return parsed.data;
  } finally {
    closeSync(fd);
  }
}
