// The history file at start, before the store opens it (app.ts): checked (history-salvage.ts's
// inspectHistory), salvaged when damaged, refused when a newer Paydesk wrote it. Split in two around
// the loading of the audit key: the check and the salvage come first (the key's loader peeks at the
// file, and a fresh key must seal from after what the salvage brought back), the salvage's own entries
// after, once the key is at hand.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { type AuditTrust, type AuditTrustStore, anchorSchema } from './audit-trust';
import {
  type HistoryInspection,
  HistoryTooNewError,
  inspectHistory,
  type SalvagePlan,
  salvageHistory,
  sealSalvage,
} from './history-salvage';

export type HistoryStartupLog = {
  info(object: object, message?: string): void;
  error(object: object, message?: string): void;
};

async function readAnchor(store: AuditTrustStore): Promise<{ seq: number; hash: string } | undefined> {
  try {
    const text = await store.read('anchor');
    if (text === undefined) return undefined;
    const parsed = anchorSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    // A keychain that cannot be read: the key's loader says so; the check goes on without the anchor.
    return undefined;
  }
}

/** Damage the background check found while Paydesk ran: the next start salvages the file. */
export const DAMAGE_FOUND_FILE = 'history.damage-found.json';

function damageFound(dataDir: string): string | undefined {
  const file = join(dataDir, DAMAGE_FOUND_FILE);
  if (!existsSync(file)) return undefined;
  try {
    const reason = (JSON.parse(readFileSync(file, 'utf8')) as { reason?: unknown }).reason;
    return typeof reason === 'string' ? reason : 'The check of the history file found damage.';
  } catch {
    return 'The check of the history file found damage.';
  }
}

// The worker's whole code: quick_check on a read-only connection of its own, off the main thread (3 s
// at a million rows, bench/history-damage.ts). Inline: the app's bundle has no worker entry for it.
const QUICK_CHECK_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { DatabaseSync } = require('node:sqlite');
let verdict;
try {
  const db = new DatabaseSync(workerData.file, { readOnly: true });
  try {
    verdict = db.prepare('PRAGMA quick_check(10)').all().map((row) => String(Object.values(row)[0])).join('; ');
  } finally {
    db.close();
  }
} catch (error) {
  verdict = 'error: ' + (error && error.message ? error.message : String(error));
}
parentPort.postMessage(verdict);
`;

/**
 * quick_check of a file too large to check at start, in a worker thread. Damage is logged and written
 * down (DAMAGE_FOUND_FILE), so the next start sets the file aside and salvages it. Answers the verdict;
 * stop() ends the worker (Paydesk closing).
 */
export function checkInBackground(historyFile: string, dataDir: string, log: HistoryStartupLog) {
  const worker = new Worker(QUICK_CHECK_WORKER, { eval: true, workerData: { file: historyFile } });
  worker.unref();
  const verdict = new Promise<string | undefined>((resolve) => {
    worker.once('message', (message: unknown) => resolve(String(message)));
    worker.once('error', () => resolve(undefined));
    worker.once('exit', () => resolve(undefined));
  }).then((found) => {
    if (found === undefined) return undefined;
    if (found === 'ok') {
      log.info({}, 'history file checked in the background');
      return found;
    }
    const damage = !found.startsWith('error: ') || /malformed|not a database/i.test(found);
    if (!damage) {
      log.error({ err: found }, 'the background check of the history file could not run');
      return found;
    }
    const reason = `SQLite's check of the file, run while Paydesk was open, found: ${found}`;
    log.error({ reason }, 'the history file is damaged: it is set aside and salvaged at the next start');
    try {
      writeFileSync(join(dataDir, DAMAGE_FOUND_FILE), JSON.stringify({ reason, at: Date.now() }), {
        mode: 0o600,
      });
    } catch (error) {
      log.error({ err: String(error) }, 'could not note the damage for the next start');
    }
    return found;
  });
  return {
    verdict,
    stop: () => worker.terminate().then(() => undefined),
  };
}

export type PreparedHistory = {
  inspection: HistoryInspection;
  plan: SalvagePlan | undefined;
  /** Seals the salvage's entries once the audit key is loaded (nothing to do when there was none). */
  seal(trust: AuditTrust): void;
};

export async function prepareHistoryFile(options: {
  historyFile: string;
  dataDir: string;
  logFile?: string | undefined;
  trustStore: AuditTrustStore;
  log: HistoryStartupLog;
  now: () => number;
  /** Files up to this size get quick_check at start (history-salvage.ts's default otherwise). */
  quickCheckUpToBytes?: number;
}): Promise<PreparedHistory> {
  const { historyFile, log, now } = options;
  const anchor = await readAnchor(options.trustStore);
  const noted = damageFound(options.dataDir);
  const inspection = noted
    ? { state: 'damaged' as const, reason: noted, ms: 0 }
    : inspectHistory(historyFile, anchor, {
        ...(options.quickCheckUpToBytes !== undefined && {
          quickCheckUpToBytes: options.quickCheckUpToBytes,
        }),
      });
  if (inspection.state === 'newer') throw new HistoryTooNewError(inspection.version, inspection.latest);
  if (inspection.state !== 'damaged') {
    if (inspection.state === 'sound') {
      log.info({ ms: Math.round(inspection.ms), deferred: inspection.deferred }, 'history file checked');
    }
    if (noted) rmSync(join(options.dataDir, DAMAGE_FOUND_FILE), { force: true });
    return { inspection, plan: undefined, seal: () => undefined };
  }
  log.error({ reason: inspection.reason }, 'the history file is damaged: setting it aside and salvaging it');
  const plan = salvageHistory({
    historyFile,
    dataDir: options.dataDir,
    logFile: options.logFile,
    reason: inspection.reason,
    now: now(),
    ...(anchor && { anchoredSeq: anchor.seq }),
  });
  rmSync(join(options.dataDir, DAMAGE_FOUND_FILE), { force: true });
  const { notice } = plan;
  log.error(
    {
      damagedFiles: notice.damagedFiles,
      backupUsed: notice.backupUsed?.file ?? null,
      rows: notice.rows,
      entries: notice.entries,
      missingRowCount: notice.missingRowCount,
      mismatchedRowCount: notice.mismatchedRowCount,
      openPayIns: notice.openPayIns.map(({ historyId, merchantTradeNo, status }) => ({
        historyId,
        merchantTradeNo,
        status,
      })),
    },
    'history salvaged',
  );
  return { inspection, plan, seal: (trust) => sealSalvage(historyFile, trust, plan, now()) };
}
