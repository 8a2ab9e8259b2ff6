// The settings file as a file: what to do when it cannot be used as it is. electron-store and conf throw
// on a file that is not JSON — inside start-up, before any window — so the hosts look first, and a file
// that is not a JSON object is moved aside (kept, never deleted) for the store to start afresh. A copy is
// also kept before Paydesk rewrites a file it had to leave parts of out (settings-service.ts).
import { constants, copyFileSync, existsSync, readFileSync, renameSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import type { SettingsNotice } from '@shared/ipc';
import { worded } from '../i18n/worded';

/** `settings.json` → `settings.backup-2030-01-01T09-00-00-000Z.json`, beside it; never an existing file. */
function backupPath(filePath: string, now: Date): string {
  const extension = extname(filePath);
  const stem = join(dirname(filePath), basename(filePath, extension));
  const stamp = now.toISOString().replaceAll(/[:.]/g, '-');
  let candidate = `${stem}.backup-${stamp}${extension}`;
  for (let n = 2; existsSync(candidate); n += 1) candidate = `${stem}.backup-${stamp}-${n}${extension}`;
  return candidate;
}

function isJsonObject(text: string): boolean {
  try {
    // Editors may save a byte order mark; conf skips it too.
    const value: unknown = JSON.parse(text.replace(/^\uFEFF/, ''));
    return value !== null && typeof value === 'object' && !Array.isArray(value);
  } catch {
    return false;
  }
}

/**
 * Before the store opens the file: when it is there and is not a JSON object, moves it aside and says so.
 * undefined when there is no file or it is one the store can read.
 */
export function setAsideUnreadableSettings(filePath: string, now = new Date()): SettingsNotice | undefined {
  let text: string;
  try {
    text = readFileSync(filePath, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  if (isJsonObject(text)) return undefined;
  const backupFile = backupPath(filePath, now);
  renameSync(filePath, backupFile);
  return { kind: 'file_unreadable', ...worded('settings.notice.unreadable'), backupFile };
}

/** A copy of the file as it is, before Paydesk rewrites it; its path. */
export function keepCopyOfSettings(filePath: string, now = new Date()): string | undefined {
  if (!existsSync(filePath)) return undefined;
  const backupFile = backupPath(filePath, now);
  copyFileSync(filePath, backupFile, constants.COPYFILE_EXCL);
  return backupFile;
}
