// The history file checked before it is trusted at start (inspectHistory): its header against its size, that
// SQLite opens it and reads its newest and oldest pages, its version, the keychain's anchor, and SQLite's
// quick_check when the file is small enough. A damaged one is salvaged (history-salvage.ts); one a newer
// Paydesk wrote is refused (HistoryTooNewError).
import { closeSync, existsSync, openSync, readSync, statSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import type { RefusalWords } from '@shared/ipc-error';
import { type Worded, worded } from '../../i18n/worded';
import { LATEST_SCHEMA_VERSION } from '../store/migrations';

/** SQLite's result codes that mean the file is not what it should be (primary codes). */
const CORRUPT = 11;
const NOT_A_DATABASE = 26;

export type HistoryInspection =
  | { state: 'absent' }
  /** deferred: the file is too large for quick_check at start; it runs in the background (history-startup.ts). */
  | { state: 'sound'; ms: number; deferred: boolean }
  /** reason: in English (the log's, the report's); words: the same from the catalogue (none in a note written before). */
  | { state: 'damaged'; reason: string; words?: RefusalWords; ms: number }
  | { state: 'newer'; version: number; latest: number };

/** A history written by a newer Paydesk: never migrated down, never salvaged over. */
export class HistoryTooNewError extends Error {
  override name = 'HistoryTooNewError';
  constructor(
    readonly version: number,
    readonly latest: number,
  ) {
    super(
      `The history file was written by a newer Paydesk (schema version ${version}; this Paydesk knows up to ${latest}). ` +
        'Paydesk does not change a newer file: install the newer Paydesk, or open this one on a copy of its data folder.',
    );
  }
}

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Whether an error from SQLite says the file is damaged (not busy, not a permission, not a full disk). */
function isDamageError(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null && 'errcode' in error ? error.errcode : undefined;
  if (typeof code === 'number') return (code & 0xff) === CORRUPT || (code & 0xff) === NOT_A_DATABASE;
  return /malformed|not a database/i.test(errorText(error));
}

export function damaged(found: { message: string; words?: RefusalWords }, ms: number): HistoryInspection {
  return { state: 'damaged', reason: found.message, ...(found.words && { words: found.words }), ms };
}

/** The file is shorter than its own header says (a cut file): found without reading the pages. */
function truncation(file: string): Worded | undefined {
  const fd = openSync(file, 'r');
  try {
    const header = Buffer.alloc(100);
    if (readSync(fd, header, 0, 100, 0) < 100) return worded('history.salvage.reason.shortHeader');
    if (header.toString('latin1', 0, 16) !== 'SQLite format 3\0')
      return worded('history.salvage.reason.notSqlite');
    const raw = header.readUInt16BE(16);
    const pageSize = raw === 1 ? 65536 : raw;
    const pages = header.readUInt32BE(28);
    // The page count in the header is only valid when written by the same change as the counter.
    if (header.readUInt32BE(92) !== header.readUInt32BE(24) || pages === 0) return undefined;
    const size = statSync(file).size;
    return size < pages * pageSize
      ? worded('history.salvage.reason.truncated', { size, expected: pages * pageSize })
      : undefined;
  } finally {
    closeSync(fd);
  }
}

/**
 * Files up to this size get SQLite's quick_check at start (about 0.2 s at this size on the bench
 * machine; 3 s at a million rows, bench/history-damage.ts). A larger file gets the cheap checks at start
 * and its quick_check in a worker thread right after (history-startup.ts): damage found there is
 * salvaged at the next start.
 */
const QUICK_CHECK_AT_START_BYTES = 64 * 2 ** 20;

/** SQLite's quick_check of `file` (every page of every table and index), read-only: 'ok' or the findings. */
export function quickCheck(file: string): string {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    return db
      .prepare('PRAGMA quick_check(10)')
      .all()
      .map((row) => String(Object.values(row)[0]))
      .join('; ');
  } finally {
    db.close();
  }
}

/**
 * Checks the history file before it is trusted: its header against its size, that SQLite opens it and its
 * schema, its version, its newest and oldest rows and entries (the pages a start reads first), SQLite's
 * quick_check when the file is small enough (QUICK_CHECK_AT_START_BYTES, else `deferred`), and, with the
 * anchor from the keychain, that the file still holds the newest entry it had (a lost WAL, a cut tail).
 * Opens the file read-only; throws what is not damage (a permission, a busy file).
 */
export function inspectHistory(
  file: string,
  anchor?: { seq: number; hash: string },
  options: { quickCheckUpToBytes?: number } = {},
): HistoryInspection {
  // Anything but a file (nothing yet, a folder in its place): the store's open says what is wrong.
  if (!existsSync(file) || !statSync(file).isFile()) return { state: 'absent' };
  const started = performance.now();
  const ms = () => performance.now() - started;
  const cut = truncation(file);
  if (cut) return damaged(cut, ms());
  let db: DatabaseSync | undefined;
  try {
    db = new DatabaseSync(file, { readOnly: true });
    db.prepare('SELECT count(*) FROM sqlite_master').get();
    const version = Number(db.prepare('PRAGMA user_version').get()?.user_version ?? 0);
    if (version > LATEST_SCHEMA_VERSION) return { state: 'newer', version, latest: LATEST_SCHEMA_VERSION };
    const tables = new Set(
      db
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table'")
        .all()
        .map((row) => String(row.name)),
    );
    if (tables.has('history_rows')) {
      db.prepare(
        'SELECT * FROM (SELECT * FROM history_rows ORDER BY id DESC LIMIT 50) UNION ALL SELECT * FROM (SELECT * FROM history_rows ORDER BY id LIMIT 50)',
      ).all();
    }
    if (tables.has('audit_log')) {
      db.prepare(
        'SELECT * FROM (SELECT * FROM audit_log ORDER BY seq DESC LIMIT 50) UNION ALL SELECT * FROM (SELECT * FROM audit_log ORDER BY seq LIMIT 50)',
      ).all();
    }
    if (anchor && anchor.seq > 0 && tables.has('audit_log')) {
      const newest = Number(db.prepare('SELECT max(seq) AS s FROM audit_log').get()?.s ?? 0);
      const at = db.prepare('SELECT hash FROM audit_log WHERE seq = ?').get(anchor.seq);
      if (newest < anchor.seq || (at && String(at.hash) !== anchor.hash)) {
        return damaged(worded('history.salvage.reason.lostWrites', { newest, anchor: anchor.seq }), ms());
      }
    }
    db.close();
    const size = statSync(file).size + (existsSync(`${file}-wal`) ? statSync(`${file}-wal`).size : 0);
    if (size > (options.quickCheckUpToBytes ?? QUICK_CHECK_AT_START_BYTES)) {
      return { state: 'sound', ms: ms(), deferred: true };
    }
    const verdict = quickCheck(file);
    if (verdict !== 'ok') {
      return damaged(worded('history.salvage.reason.quickCheck', { verdict }), ms());
    }
    return { state: 'sound', ms: ms(), deferred: false };
  } catch (error) {
    if (isDamageError(error)) {
      return damaged(worded('history.salvage.reason.unreadable', { detail: errorText(error) }), ms());
    }
    throw error;
  } finally {
    if (db?.isOpen) db.close();
  }
}
