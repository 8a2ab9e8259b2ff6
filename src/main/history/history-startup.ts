// The history file at start, before the store opens it (app.ts): checked (salvage/inspect-history.ts's
// inspectHistory), salvaged when damaged, refused when a newer Paydesk wrote it. Split in two around
// the loading of the audit key: the check and the salvage come first (the key's loader peeks at the
// file, and a fresh key must seal from after what the salvage brought back), the salvage's own entries
// after, once the key is at hand. A team desk's damaged history also takes the desk's rows back from the
// team database (team/team-restore.ts), verified there first.
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type RefusalWords, refusalWordsSchema } from '@shared/ipc-error';
import { z } from 'zod';
import { worded } from '../i18n/worded';
import { type AuditTrust, type AuditTrustStore, anchorSchema } from './audit/audit-trust';
import { checkFileInWorker } from './backups/check-worker';
import { type SalvagePlan, salvageHistory } from './salvage/history-salvage';
import {
  damaged,
  type HistoryInspection,
  HistoryTooNewError,
  inspectHistory,
} from './salvage/inspect-history';
import { DAMAGED_FOLDER, markTeamAuditKey } from './salvage/salvage-reports';
import { sealSalvage } from './salvage/seal-salvage';
import type { TeamCopy, TeamCopyUnavailable } from './salvage/team-copy';

type HistoryStartupLog = {
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

/** `words` since the notice is said in the reader's language: a file written before has none. */
const damageFoundSchema = z.looseObject({ reason: z.string(), words: refusalWordsSchema.optional() });

function damageFound(dataDir: string): { message: string; words?: RefusalWords } | undefined {
  const file = join(dataDir, DAMAGE_FOUND_FILE);
  if (!existsSync(file)) return undefined;
  try {
    const found = damageFoundSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (!found.success) return worded('history.salvage.reason.found');
    const { reason, words } = found.data;
    return { message: reason, ...(words && { words }) };
  } catch {
    return worded('history.salvage.reason.found');
  }
}

/**
 * quick_check of a file too large to check at start, in a worker thread (check-worker.ts). Damage is
 * logged and written down (DAMAGE_FOUND_FILE), so the next start sets the file aside and salvages it.
 * Answers the verdict; stop() ends the worker (Paydesk closing).
 */
export function checkInBackground(historyFile: string, dataDir: string, log: HistoryStartupLog) {
  const check = checkFileInWorker(historyFile);
  const verdict = check.result.then((found) => {
    if (found === undefined) return undefined;
    if (found.ok) {
      log.info({ rows: found.rows }, 'history file checked in the background');
      return 'ok';
    }
    if (!found.damaged) {
      log.error({ err: found.reason }, 'the background check of the history file could not run');
      return found.reason;
    }
    const { message: reason, words } = worded('history.salvage.reason.foundWhileOpen', {
      verdict: found.reason,
    });
    log.error({ reason }, 'the history file is damaged: it is set aside and salvaged at the next start');
    try {
      writeFileSync(join(dataDir, DAMAGE_FOUND_FILE), JSON.stringify({ reason, words, at: Date.now() }), {
        mode: 0o600,
      });
    } catch (error) {
      log.error({ err: String(error) }, 'could not note the damage for the next start');
    }
    return found.reason;
  });
  return { verdict, stop: check.stop };
}

/**
 * A salvage cut short by a crash (the process killed between setting the file aside and putting the fresh
 * one in its place) leaves no history and a damaged set without its report: the set goes back in place,
 * unchanged, so this start finds it and salvages it again. Answers the file put back.
 */
function putBackUnfinished(historyFile: string, dataDir: string): string | undefined {
  const dir = join(dataDir, DAMAGED_FOLDER);
  if (existsSync(historyFile) || !existsSync(dir)) return undefined;
  const unfinished = readdirSync(dir)
    .filter((name) => /^history-[0-9TZ-]+\.sqlite$/.test(name))
    .filter((name) => !existsSync(join(dir, name.replace(/\.sqlite$/, '.report.json'))))
    .sort()
    .at(-1);
  if (!unfinished) return undefined;
  for (const suffix of ['', '-wal', '-shm']) {
    const from = join(dir, `${unfinished}${suffix}`);
    if (existsSync(from)) renameSync(from, `${historyFile}${suffix}`);
  }
  return join(dir, unfinished);
}

type PreparedHistory = {
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
  /** Files up to this size get quick_check at start (inspect-history.ts's default otherwise). */
  quickCheckUpToBytes?: number;
  /** A team desk's copy in the team database (team-restore.ts's teamCopyAtStart), asked only on damage. */
  teamCopy?: () => Promise<TeamCopy | TeamCopyUnavailable | undefined>;
}): Promise<PreparedHistory> {
  const { historyFile, log, now } = options;
  const anchor = await readAnchor(options.trustStore);
  const resumed = putBackUnfinished(historyFile, options.dataDir);
  if (resumed)
    log.error({ file: resumed }, 'a salvage did not finish last time: the damaged file is back to try again');
  const noted = damageFound(options.dataDir);
  const inspection = noted
    ? damaged(noted, 0)
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
    // A restore on request (npm run team:restore) left its report for this start to complete.
    return { inspection, plan: undefined, seal: (trust) => markTeamAuditKey(options.dataDir, trust) };
  }
  log.error({ reason: inspection.reason }, 'the history file is damaged: setting it aside and salvaging it');
  const team = await teamCopyOf(options.teamCopy, log);
  const plan = salvageHistory({
    historyFile,
    dataDir: options.dataDir,
    logFile: options.logFile,
    reason: inspection.reason,
    ...(inspection.words && { reasonWords: inspection.words }),
    now: now(),
    ...(anchor && { anchoredSeq: anchor.seq }),
    ...(team && { team }),
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
  return {
    inspection,
    plan,
    seal: (trust) => {
      sealSalvage(historyFile, trust, plan, now());
      markTeamAuditKey(options.dataDir, trust);
    },
  };
}

/** The team's copy for a salvage; what went wrong is logged, and the salvage goes on without it. */
async function teamCopyOf(
  source: (() => Promise<TeamCopy | TeamCopyUnavailable | undefined>) | undefined,
  log: HistoryStartupLog,
): Promise<TeamCopy | TeamCopyUnavailable | undefined> {
  if (!source) return undefined;
  try {
    const team = await source();
    if (team && 'rows' in team) {
      log.info(
        { deskId: team.deskId, rows: team.rows.size, entries: team.entries.size },
        "the desk's rows verified in the team database: restoring them",
      );
    } else if (team) {
      log.error({ deskId: team.deskId, outcome: team.outcome, reason: team.reason }, 'no team restore');
    }
    return team;
  } catch (error) {
    log.error({ err: error instanceof Error ? error.message : String(error) }, 'no team restore');
    return undefined;
  }
}
