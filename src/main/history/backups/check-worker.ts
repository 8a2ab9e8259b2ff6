// SQLite's quick_check of a history file (or a backup of it) in a worker thread: seconds at a million
// rows (bench/history-damage.ts), which the main process, answering the page and writing pay-ins, must
// not be held for. Counts the rows and entries too, on the same read-only connection. The worker's code
// is inline: the app's bundle has no separate worker entry for it.
import { Worker } from 'node:worker_threads';

export type FileCheck =
  | { ok: true; rows: number; entries: number; userVersion: number }
  | { ok: false; reason: string; damaged: boolean };

const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { DatabaseSync } = require('node:sqlite');
const text = (error) => (error && error.message ? error.message : String(error));
let answer;
try {
  if (workerData.selfContained) {
    // A fresh backup into one file (journal mode DELETE, no -wal beside it): its WAL is checkpointed
    // into it here, which at a million rows takes long enough to matter to the main thread.
    const rw = new DatabaseSync(workerData.file);
    try {
      rw.exec('PRAGMA journal_mode = DELETE');
    } finally {
      rw.close();
    }
  }
  const db = new DatabaseSync(workerData.file, { readOnly: true });
  try {
    const verdict = db.prepare('PRAGMA quick_check(10)').all().map((row) => String(Object.values(row)[0])).join('; ');
    if (verdict !== 'ok') {
      answer = { ok: false, reason: 'quick_check: ' + verdict, damaged: true };
    } else {
      const count = (sql) => Number(Object.values(db.prepare(sql).get())[0]);
      answer = {
        ok: true,
        rows: count('SELECT count(*) FROM history_rows'),
        entries: count('SELECT count(*) FROM audit_log'),
        userVersion: count('PRAGMA user_version'),
      };
    }
  } finally {
    db.close();
  }
} catch (error) {
  const code = error && typeof error.errcode === 'number' ? error.errcode & 0xff : undefined;
  answer = { ok: false, reason: text(error), damaged: code === 11 || code === 26 || /malformed|not a database/i.test(text(error)) };
}
parentPort.postMessage(answer);
`;

/**
 * Checks `file` in a worker thread; `selfContained` first turns it into one file (a fresh backup). stop()
 * ends the worker early (the answer is then undefined).
 */
export function checkFileInWorker(
  file: string,
  options: { selfContained?: boolean } = {},
): { result: Promise<FileCheck | undefined>; stop(): Promise<void> } {
  const worker = new Worker(WORKER, {
    eval: true,
    workerData: { file, selfContained: options.selfContained === true },
  });
  const result = new Promise<FileCheck | undefined>((resolve) => {
    worker.once('message', (message: FileCheck) => resolve(message));
    worker.once('error', (error) => resolve({ ok: false, reason: String(error), damaged: false }));
    worker.once('exit', () => resolve(undefined));
  });
  return { result, stop: () => worker.terminate().then(() => undefined) };
}
