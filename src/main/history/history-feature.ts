// History as a feature of the app: the file checked before it is trusted (a damaged one set aside and
// salvaged into a fresh one, history-startup.ts), the audit key and anchor from the vault before it opens,
// the background checks, the hourly backups, and its IPC handlers.
import { join } from 'node:path';
import type { HistoryVerification } from '@shared/history';
import type { PaydeskConfig } from '../app-config';
import { teamCopyAtStart } from '../team/team-restore';
import { loadAuditTrust, vaultTrustStore } from './audit/audit-trust';
import { startHistoryBackups } from './backups/history-backups';
import { historyHandlers } from './history-handlers';
import { checkInBackground, prepareHistoryFile } from './history-startup';
import { HistoryClosedError, openHistoryStore } from './store/history-store';

export async function createHistoryFeature(config: PaydeskConfig) {
  const { log } = config;
  const historyFile = join(config.dataDir, 'history.sqlite');
  const trustStore = vaultTrustStore(config.keychainVault ?? config.vault, historyFile);
  const prepared = await prepareHistoryFile({
    historyFile,
    dataDir: config.dataDir,
    logFile: config.logFile,
    trustStore,
    log,
    now: Date.now,
    teamCopy: teamCopyAtStart({
      dataDir: config.dataDir,
      settingsStore: config.settingsStore,
      vault: config.vault,
    }),
  });
  // A new key is saved before anything is sealed with it.
  const trust = await loadAuditTrust(trustStore, {
    filePath: historyFile,
    onWriteError: (error) =>
      log.error({ err: errorText(error) }, 'could not write the audit anchor to the vault'),
  });
  prepared.seal(trust);
  const history = openHistoryStore(historyFile, {
    trust,
    onAuditStatus: (status) => config.emit('history.auditChanged', status),
  });
  logVerification(log, history.auditStatus().verification);
  // The check at start walked only what is new; every entry and row is checked in the background, a
  // slice at a time (bench/audit.ts: seconds at a million rows), and History shows the result when done.
  history
    .verifyAll()
    .then((verification) => {
      if (!verification.ok) logVerification(log, verification);
    })
    .catch((error: unknown) => {
      if (!(error instanceof HistoryClosedError)) {
        log.error({ err: errorText(error) }, 'the full check of the audit trail failed');
      }
    });
  const recovered = history.markPendingAsOutcomeUnknown();
  if (recovered.length > 0)
    log.info({ recovered }, 'pending pay-ins from a previous run marked outcome_unknown');
  // A file too large to check at start is checked in a worker thread now (history-startup.ts).
  const deepCheck =
    prepared.inspection.state === 'sound' && prepared.inspection.deferred
      ? checkInBackground(historyFile, config.dataDir, log)
      : undefined;
  // Hourly while open and one at close, each checked after writing (history-backups.ts).
  const backups = startHistoryBackups({ historyFile, dataDir: config.dataDir, log });

  return {
    history,
    backups,
    /** What the check at start found, and the salvage's report when there was one. */
    startup: {
      inspection: prepared.inspection,
      notice: prepared.plan?.notice,
      /** The background quick_check's verdict, for a file too large to check at start. */
      deepCheck: deepCheck?.verdict,
    },
    handlers: (operator: () => string, ownRowsOnly: () => string | undefined) =>
      historyHandlers({ history, operator, ownRowsOnly, dataDir: config.dataDir }),
    /** The newest anchor to the keychain (one that does not answer does not keep Paydesk open), the last backup. */
    async stop(): Promise<void> {
      await Promise.race([history.flush(), new Promise((done) => setTimeout(done, 2_000).unref())]);
      await backups.stop();
      await deepCheck?.stop();
      history.close();
    },
  };
}

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** What a check of the audit trail found goes to the log too (seqs and row ids only, never row content). */
function logVerification(log: PaydeskConfig['log'], verification: HistoryVerification): void {
  const { scope, entries, rowsChecked, unproved, notices } = verification;
  if (verification.ok) {
    log.info({ scope, entries, rowsChecked, unproved, notices }, 'audit trail verified');
    return;
  }
  log.error(
    {
      scope,
      problemCount: verification.problemCount,
      problems: verification.problems.slice(0, 20).map(({ kind, seq, rowId }) => ({ kind, seq, rowId })),
      notices,
    },
    'the audit trail fails verification',
  );
}
