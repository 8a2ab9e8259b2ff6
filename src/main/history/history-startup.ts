// The history file at start, before the store opens it (app.ts): checked (history-salvage.ts's
// inspectHistory), salvaged when damaged, refused when a newer Paydesk wrote it. Split in two around
// the loading of the audit key: the check and the salvage come first (the key's loader peeks at the
// file, and a fresh key must seal from after what the salvage brought back), the salvage's own entries
// after, once the key is at hand.
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
}): Promise<PreparedHistory> {
  const { historyFile, log, now } = options;
  const anchor = await readAnchor(options.trustStore);
  const inspection = inspectHistory(historyFile, anchor);
  if (inspection.state === 'newer') throw new HistoryTooNewError(inspection.version, inspection.latest);
  if (inspection.state !== 'damaged') {
    if (inspection.state === 'sound') {
      log.info({ ms: Math.round(inspection.ms) }, 'history file checked');
    }
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
