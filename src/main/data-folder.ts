// Before anything is opened in the data folder (the log, the settings, the history): can Paydesk write
// there at all? A read-only folder (a mount, a permission, a sync client's lock) or a full disk used to
// surface as whichever write failed first, with a stack trace (the logger's, as a rule). Here it is one
// clear sentence, and nothing in the folder has been touched: the check writes a file of its own, flushes
// it to disk and removes it. Also the text both hosts show when a start fails (startFailureText).
import { closeSync, fsyncSync, mkdirSync, openSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { Translate } from '@shared/i18n/messages';

/** Bytes the check writes: room for the log's first lines and the history's WAL at start. */
const PROBE_BYTES = 1024 * 1024;
export const PROBE_FILE = '.paydesk-write-check';

/** `message` is the log's English; the dialog words `kind` with `folder`, `code` and `detail`. */
class DataFolderError extends Error {
  override name = 'DataFolderError';
  constructor(
    readonly kind: 'read_only' | 'disk_full' | 'unusable',
    message: string,
    readonly code: string | undefined,
    readonly folder: string,
    readonly detail = '',
  ) {
    super(message);
  }
}

class ShortWriteError extends Error {
  readonly code = 'ENOSPC';
  constructor(written: number) {
    super(`only ${written} of ${PROBE_BYTES} bytes could be written`);
  }
}

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** Throws a DataFolderError saying what is wrong with `dataDir`, or returns when Paydesk can write there. */
export function checkDataFolder(dataDir: string): void {
  const probe = join(dataDir, PROBE_FILE);
  let fd: number | undefined;
  try {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    fd = openSync(probe, 'w', 0o600);
    // A disk with less room than the probe takes what fits and says nothing: write(2) returns a short
    // count, not ENOSPC. That is a full disk too, or the history's first writes fail later as "disk I/O error".
    const written = writeSync(fd, Buffer.alloc(PROBE_BYTES));
    if (written < PROBE_BYTES) throw new ShortWriteError(written);
    fsyncSync(fd);
  } catch (error) {
    const code = codeOf(error);
    if (code === 'ENOSPC' || code === 'EDQUOT' || error instanceof ShortWriteError) {
      throw new DataFolderError(
        'disk_full',
        `The disk that holds Paydesk's data folder (${dataDir}) is full. Nothing was changed: free some space there, then start Paydesk again.`,
        code,
        dataDir,
      );
    }
    if (code === 'EROFS' || code === 'EACCES' || code === 'EPERM') {
      throw new DataFolderError(
        'read_only',
        `Paydesk cannot write to its data folder (${dataDir}): it is read-only (${code}). Nothing was changed: make the folder writable for this user, then start Paydesk again.`,
        code,
        dataDir,
      );
    }
    const detail = error instanceof Error ? error.message : String(error);
    throw new DataFolderError(
      'unusable',
      `Paydesk cannot use its data folder (${dataDir}): ${detail}. Nothing was changed.`,
      code,
      dataDir,
      detail,
    );
  } finally {
    // Only a probe that was opened is there to remove: under a path that is no folder, removing it would
    // throw (ENOTDIR) over the error that says so.
    if (fd !== undefined) {
      closeSync(fd);
      rmSync(probe, { force: true });
    }
  }
}

/**
 * What a failed start says, in `t`'s language (the desk's): a title and a plain text body, no stack trace.
 * A data folder's problem is worded from its kind; another failure's reason is its own message (the
 * history's, SQLite's), shown as it is.
 */
export function startFailureText(
  error: unknown,
  where: { dataDir: string; logFile?: string },
  t: Translate,
): { title: string; body: string } {
  const name = error instanceof Error ? error.name : '';
  const reason =
    error instanceof DataFolderError
      ? t(`desk.window.dataFolder.${error.kind}`, {
          folder: error.folder,
          code: error.code ?? '',
          reason: error.detail,
        })
      : error instanceof Error
        ? error.message
        : String(error);
  const title =
    name === 'HistoryTooNewError'
      ? t('desk.window.historyTooNew')
      : error instanceof DataFolderError
        ? t('desk.window.dataFolderTitle')
        : t('desk.window.startFailed');
  const log =
    where.logFile && !(error instanceof DataFolderError)
      ? ` ${t('desk.window.startFailureLog', { file: where.logFile })}`
      : '';
  return {
    title,
    body: `${t('desk.window.startFailureBody', { reason, folder: where.dataDir })}${log} ${t('desk.window.startAgain')}`,
  };
}
