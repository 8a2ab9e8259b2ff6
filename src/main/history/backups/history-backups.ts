// Backups the desk makes of its own history: SQLite's online backup (node:sqlite `backup()`) of a
// read-only connection, a few hundred pages a step with the event loop free in between, so pay-ins go on
// while it runs. Each lands in `<data>/backups/history-<UTC time>.sqlite` under a temporary name, is
// turned into a self-contained file (journal mode DELETE: no -wal beside it, one file to copy back by
// hand), then opened read-only in a worker thread and checked (quick_check, its row and entry counts)
// before it takes its real name. A backup that fails its check is deleted: only verified files carry the name.
// Kept: the newest KEEP_RECENT, plus the newest of each of the last KEEP_DAILY days. Hourly while Paydesk
// is open and one at close (app.ts): a day's work is at most an hour behind in the newest backup.
import {
  closeSync,
  existsSync,
  fdatasync,
  mkdirSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { join } from 'node:path';
import { type BackupProgressInfo, backup, DatabaseSync } from 'node:sqlite';
import { checkFileInWorker } from './check-worker';

const BACKUPS_FOLDER = 'backups';
const KEEP_RECENT = 24;
const KEEP_DAILY = 7;
const BACKUP_INTERVAL_MS = 60 * 60 * 1000;
/** Pages per backup step: ~1 MB, a few ms; the loop is free between steps. */
const PAGES_PER_STEP = 256;
/** How much of the copy may be written before it is flushed to disk (flushAsWritten). */
const FLUSH_EVERY_BYTES = 4 * 2 ** 20;

const NAME = /^history-(\d{4})-(\d{2})-(\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z\.sqlite$/;

type BackupFile = { file: string; at: number };
type BackupCheck =
  | { ok: true; rows: number; entries: number; userVersion: number }
  | { ok: false; reason: string };

export function backupsDirOf(dataDir: string): string {
  return join(dataDir, BACKUPS_FOLDER);
}

/** A time as it appears in file names: ISO 8601 in UTC, with '-' for ':' and '.'. */
export function fileStamp(at: number): string {
  return new Date(at).toISOString().replace(/[:.]/g, '-');
}

/** The backups in `dir`, newest first (by the time in their names). */
export function listBackups(dir: string): BackupFile[] {
  if (!existsSync(dir)) return [];
  const found: BackupFile[] = [];
  for (const name of readdirSync(dir)) {
    const match = NAME.exec(name);
    if (!match) continue;
    const [, y, mo, d, h, mi, s, ms] = match.map(Number);
    found.push({ file: join(dir, name), at: Date.UTC(y!, mo! - 1, d!, h!, mi!, s!, ms!) });
  }
  return found.sort((a, b) => b.at - a.at);
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Opens a backup read-only and checks it: SQLite's quick_check, then its rows and entries counted. */
export function checkBackup(file: string): BackupCheck {
  let db: DatabaseSync | undefined;
  try {
    db = new DatabaseSync(file, { readOnly: true });
    const check = db.prepare('PRAGMA quick_check(5)').all();
    const verdict = check.map((row) => String(Object.values(row)[0])).join('; ');
    if (verdict !== 'ok') return { ok: false, reason: `quick_check: ${verdict}` };
    const rows = Number(db.prepare('SELECT count(*) AS n FROM history_rows').get()?.n);
    const entries = Number(db.prepare('SELECT count(*) AS n FROM audit_log').get()?.n);
    const userVersion = Number(db.prepare('PRAGMA user_version').get()?.user_version);
    return { ok: true, rows, entries, userVersion };
  } catch (error) {
    return { ok: false, reason: errorText(error) };
  } finally {
    if (db?.isOpen) db.close();
  }
}

/** Which backups to keep: the newest KEEP_RECENT, and the newest of each of the last KEEP_DAILY days. */
function backupsToDrop(backups: readonly BackupFile[]): BackupFile[] {
  const keep = new Set(backups.slice(0, KEEP_RECENT).map((backup) => backup.file));
  const days = new Set<string>();
  for (const backup of backups) {
    const day = new Date(backup.at).toISOString().slice(0, 10);
    if (days.has(day)) continue;
    if (days.size >= KEEP_DAILY) break;
    days.add(day);
    keep.add(backup.file);
  }
  return backups.filter((backup) => !keep.has(backup.file));
}

type BackupResult = { file: string; rows: number; entries: number; ms: number };

/**
 * The copy's pages flushed to disk as they are written, on libuv's pool, rather than all at the copy's
 * final commit. On ext4 one fsync of a gigabyte holds every other fsync of the disk behind it: a pay-in's
 * commit (synchronous=FULL) waited 383 ms behind a backup of a million rows, the event loop with it
 * (docs/BENCHMARKS.md). Flushed every few MB, a commit waits behind a few MB at most. A flush that fails
 * costs nothing: the copy's own commit still syncs it.
 */
function flushAsWritten(file: string, pageSize: number, everyBytes: number) {
  let fd: number | undefined;
  let flushedPages = 0;
  let inFlight: Promise<void> | undefined;
  return {
    progress({ totalPages, remainingPages }: BackupProgressInfo): void {
      const copied = totalPages - remainingPages;
      if (inFlight || (copied - flushedPages) * pageSize < everyBytes || !existsSync(file)) return;
      fd ??= openSync(file, 'r');
      flushedPages = copied;
      const flushing = fd;
      inFlight = new Promise((resolve) =>
        fdatasync(flushing, () => {
          inFlight = undefined;
          resolve();
        }),
      );
    },
    async close(): Promise<void> {
      await inFlight;
      if (fd !== undefined) closeSync(fd);
    },
  };
}

/**
 * Backs the history file up now and checks the copy; drops the backups the rule above no longer keeps.
 * Throws when the copy cannot be made or fails its check (nothing is left under a backup's name then).
 */
export async function backUpHistory(
  historyFile: string,
  dataDir: string,
  now: number,
  /** bench:history-damage's peer: Infinity copies as before, flushed only by the copy's own commit. */
  options: { flushEveryBytes?: number } = {},
): Promise<BackupResult> {
  const started = performance.now();
  const dir = backupsDirOf(dataDir);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  let at = now;
  while (existsSync(join(dir, `history-${fileStamp(at)}.sqlite`))) at += 1;
  const file = join(dir, `history-${fileStamp(at)}.sqlite`);
  const partial = `${file}.partial`;
  const source = new DatabaseSync(historyFile, { readOnly: true });
  try {
    // One read transaction for the whole copy: a snapshot the store's writes (WAL) neither block nor
    // change, where a write between two steps would otherwise start the backup over.
    source.exec('BEGIN');
    source.prepare('SELECT count(*) FROM sqlite_master').get();
    const pageSize = Number(source.prepare('PRAGMA page_size').get()?.page_size);
    const flusher = flushAsWritten(partial, pageSize, options.flushEveryBytes ?? FLUSH_EVERY_BYTES);
    try {
      await backup(source, partial, { rate: PAGES_PER_STEP, progress: (info) => flusher.progress(info) });
    } finally {
      await flusher.close();
    }
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  } finally {
    if (source.isTransaction) source.exec('COMMIT');
    source.close();
  }
  try {
    // Made self-contained and checked off the main thread: both read every page (seconds at a million rows).
    const check = await checkFileInWorker(partial, { selfContained: true }).result;
    if (!check?.ok) {
      throw new Error(
        `The backup failed its check after writing: ${check ? check.reason : 'the check stopped'}`,
      );
    }
    renameSync(partial, file);
    for (const old of backupsToDrop(listBackups(dir))) rmSync(old.file, { force: true });
    return { file, rows: check.rows, entries: check.entries, ms: performance.now() - started };
  } finally {
    for (const leftover of [partial, `${partial}-wal`, `${partial}-shm`, `${partial}-journal`]) {
      if (existsSync(leftover)) rmSync(leftover, { force: true });
    }
  }
}

type BackupLog = {
  info(object: object, message?: string): void;
  error(object: object, message?: string): void;
};

/** Backs up every `intervalMs` while open, and once more on stop(). One backup at a time. */
export function startHistoryBackups(options: {
  historyFile: string;
  dataDir: string;
  log: BackupLog;
  now?: () => number;
  intervalMs?: number;
}) {
  const now = options.now ?? Date.now;
  let running: Promise<BackupResult | undefined> | undefined;
  let stopped = false;
  function backUpNow(): Promise<BackupResult | undefined> {
    running ??= backUpHistory(options.historyFile, options.dataDir, now())
      .then(
        (result) => {
          options.log.info(
            { file: result.file, rows: result.rows, entries: result.entries, ms: Math.round(result.ms) },
            'history backed up',
          );
          return result;
        },
        (error: unknown) => {
          options.log.error({ err: errorText(error) }, 'the history backup failed');
          return undefined;
        },
      )
      .finally(() => {
        running = undefined;
      });
    return running;
  }
  const timer = setInterval(() => {
    if (!stopped) void backUpNow();
  }, options.intervalMs ?? BACKUP_INTERVAL_MS);
  timer.unref();
  return {
    backUpNow,
    /** The last backup, at close: waits for one under way, then makes a fresh one. */
    async stop(): Promise<BackupResult | undefined> {
      stopped = true;
      clearInterval(timer);
      await running;
      if (!existsSync(options.historyFile) || statSync(options.historyFile).size === 0) return undefined;
      return backUpNow();
    },
  };
}
