// The composition root: builds every service from a config object. Imports nothing from 'electron', so
// the two hosts around it, the Electron app (electron/index.ts) and the browser harness
// (web-harness/web-harness.ts), run the very same app.
import { mkdirSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import type { HistoryVerification } from '@shared/history';
import type { ChannelOutput, EventPayload, IpcEvent, SettingsNotice } from '@shared/ipc';
import { serviceReturnKind } from '@shared/notification-service';
import type { Profile } from '@shared/profile';
import type { Sandbox } from '../sandbox';
import { DEFAULT_MERCHANT } from '../sandbox/merchants';
import type { CredentialVault } from './credentials/vault';
import { embeddedSandboxIn } from './embedded-sandbox';
import { loadAuditTrust, vaultTrustStore } from './history/audit-trust';
import { startHistoryBackups } from './history/history-backups';
import { historyHandlers } from './history/history-handlers';
import { checkInBackground, prepareHistoryFile } from './history/history-startup';
import { HistoryClosedError, openHistoryStore, SYSTEM_OPERATOR } from './history/history-store';
import {
  createFileDispatcher,
  createIpcDispatcher,
  type IpcDispatcher,
  type IpcHandlers,
} from './ipc/dispatch';
import { lockGated } from './ipc/lock-gate';
import { createKycBatches } from './kyc/batches';
import { deskToday } from './kyc/checking/document-dates';
import { kycFileHandlers, kycHandlers } from './kyc/kyc-handlers';
import { createKycService } from './kyc/kyc-service';
import { createMappingMemory } from './kyc/mapping-memory';
import { KycWorkerPool } from './kyc/worker/worker-pool';
import { lockHandlers } from './lock/lock-handlers';
import { lockRecordIn } from './lock/lock-record';
import { createLockService } from './lock/lock-service';
import type { BankPageWindows } from './payin/bank-page-windows';
import { gatewayTransport, type PayInTransport } from './payin/gateway-transport';
import type { OverdueTiming } from './payin/overdue-ask';
import { payInHandlers } from './payin/payin-handlers';
import { createPayInService, type PayInService } from './payin/payin-service';
import { createStoredCards } from './payin/stored-cards';
import { createReceipts } from './receipt/receipt-service';
import { IpcFailure } from './refusal';
import { startReturnListener } from './returns/return-listener';
import { settingsHandlers } from './settings/settings-handlers';
import { createSettingsService, type KeyValueStore } from './settings/settings-service';
import { teamHandlers } from './team/team-handlers';
import { createTeamMode, type TeamModeDeps } from './team/team-mode';
import { teamCopyAtStart } from './team/team-restore';

export interface LogSink {
  info(object: object, message?: string): void;
  error(object: object, message?: string): void;
}

export interface PaydeskConfig {
  version: string;
  bankPageView: AppInfo['bankPageView'];
  /** The host's bank-page windows, for `bankPageView: 'window'`. */
  bankPageWindows?: BankPageWindows;
  /** Folder for history.sqlite and the embedded sandbox's state. */
  dataDir: string;
  settingsStore: KeyValueStore;
  /** What the host found wrong with the settings file before the store opened it (settings-file.ts). */
  settingsNotices?: readonly SettingsNotice[];
  /** The OS keychain (or, for the ephemeral harness, memory): the only home of merchant secrets. */
  vault: CredentialVault;
  /**
   * The OS keychain even when it could not be read at start, when `vault` is not it: the operator
   * passphrase's hash and the audit trail's key and anchor are looked for there, so that the lock fails
   * closed rather than forget a passphrase it cannot see, and the audit key is never replaced (or
   * forgotten) because the keychain was late. `vault` otherwise.
   */
  keychainVault?: CredentialVault;
  keychain: { available: boolean; reason?: string };
  log: LogSink;
  /** The file `log` writes to: a source of pay-ins a damaged history lost (history-salvage.ts). */
  logFile?: string;
  emit: <E extends IpcEvent>(event: E, payload: EventPayload<E>) => void;
  /** Replaces the HTTP transport (fault drills); the real client otherwise. */
  transport?: PayInTransport;
  /** Options of the embedded sandbox (tests shorten its fault delays, give it a CA to post through). */
  sandbox?: { slowFaultDelayMs?: number; callbackBackoffMs?: number; callbackCa?: string };
  /**
   * A CA (PEM) trusted beside the system's when Test connection asks a notification service's health
   * (tests: the CA made at test time for nginx). A production desk trusts the system's CAs only.
   */
  extraCa?: string;
  /** Team mode's timing: the replicator's backoff, the duplicate check's deadline (tests). */
  teamTiming?: TeamModeDeps['timing'];
  /**
   * Main's clock for what depends on the day: whether a KYC identity document is expired or not valid
   * yet, in the desk's time zone (the system's). Tests set it; Date.now otherwise.
   */
  now?: () => number;
  /** When the desk asks again by itself about a pay-in overdue for the gateway's word (tests shorten it). */
  overdueAsk?: Partial<OverdueTiming>;
}

type AppInfo = ChannelOutput<'app.info'>;

export type Paydesk = Awaited<ReturnType<typeof createPaydesk>>;

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export async function createPaydesk(config: PaydeskConfig) {
  // History, logs and the lock record: for this OS user only.
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  const historyFile = join(config.dataDir, 'history.sqlite');
  const trustStore = vaultTrustStore(config.keychainVault ?? config.vault, historyFile);
  // Checked before it is trusted; a damaged file is set aside and salvaged into a fresh one, a file from
  // a newer Paydesk refused (history-startup.ts).
  const prepared = await prepareHistoryFile({
    historyFile,
    dataDir: config.dataDir,
    logFile: config.logFile,
    trustStore,
    log: config.log,
    now: Date.now,
    teamCopy: teamCopyAtStart({
      dataDir: config.dataDir,
      settingsStore: config.settingsStore,
      vault: config.vault,
    }),
  });
  // The audit key and anchor come from the vault before the file is opened: a new key is saved before
  // anything is sealed with it.
  const trust = await loadAuditTrust(trustStore, {
    filePath: historyFile,
    onWriteError: (error) =>
      config.log.error({ err: errorText(error) }, 'could not write the audit anchor to the vault'),
  });
  prepared.seal(trust);
  const history = openHistoryStore(historyFile, {
    trust,
    onAuditStatus: (status) => config.emit('history.auditChanged', status),
  });
  logVerification(config.log, history.auditStatus().verification);
  // The check at start walked only what is new; every entry and row is checked in the background, a
  // slice at a time (bench/audit.ts: seconds at a million rows), and History shows the result when done.
  history
    .verifyAll()
    .then((verification) => {
      if (!verification.ok) logVerification(config.log, verification);
    })
    .catch((error: unknown) => {
      if (!(error instanceof HistoryClosedError)) {
        config.log.error({ err: errorText(error) }, 'the full check of the audit trail failed');
      }
    });
  const recovered = history.markPendingAsOutcomeUnknown();
  if (recovered.length > 0)
    config.log.info({ recovered }, 'pending pay-ins from a previous run marked outcome_unknown');
  // A file too large to check at start is checked in a worker thread now (history-startup.ts).
  const deepCheck =
    prepared.inspection.state === 'sound' && prepared.inspection.deferred
      ? checkInBackground(historyFile, config.dataDir, config.log)
      : undefined;
  // Hourly while open and one at close, each checked after writing (history-backups.ts).
  const backups = startHistoryBackups({ historyFile, dataDir: config.dataDir, log: config.log });

  const settings = createSettingsService({
    store: config.settingsStore,
    vault: config.vault,
    notices: config.settingsNotices ?? [],
    onNotice: ({ kind, message, backupFile }) => config.log.error({ kind, backupFile }, message),
    onTeamChange: () => team.restart(),
  });
  // The pay-in service is built below, after team mode: a notification heard before then waits for it.
  let payInsBuilt: (service: PayInService) => void = () => undefined;
  const payInsReady = new Promise<PayInService>((resolve) => {
    payInsBuilt = resolve;
  });
  // Team mode (team/team-mode.ts): only with a team connection in the settings and its password and key
  // in the vault; otherwise nothing of it runs. It never waits for the database. It hears the gateway's
  // notifications stored by the merchant's notification service (team/notification-subscriber.ts), each
  // handled as the callback it is, its signature verified here with the desk's own merchant secret.
  const team = createTeamMode({
    connection: () => settings.read().team,
    vault: config.vault,
    outbox: history.teamOutbox,
    dataDir: config.dataDir,
    log: config.log,
    ...(config.teamTiming && { timing: config.teamTiming }),
    notifications: {
      cursor: history.notificationCursor,
      handle: async (body) => (await payInsReady).handleCallback(body),
      onRefused: (notification, why) => {
        const detail = {
          notificationId: notification.id,
          merchantId: notification.merchantId,
          receivedAt: notification.receivedAt.toISOString(),
          why,
        };
        config.log.error(
          { ...detail, merchantTradeNo: notification.merchantTradeNo },
          "a notification in the team database was refused: it is not the gateway's word (edited there, or forged)",
        );
        history.recordEvent({
          operator: SYSTEM_OPERATOR,
          event: 'payin.notification_refused',
          outcome: 'failure',
          resource: notification.merchantTradeNo,
          detail,
        });
      },
    },
  });
  await team.restart();
  const storedCards = createStoredCards(config.settingsStore);
  const lock = await createLockService({
    vault: config.keychainVault ?? config.vault,
    record: lockRecordIn(config.dataDir),
    idleLockMinutes: () => settings.read().idleLockMinutes,
    emit: (state) => config.emit('lock.changed', state),
    audit: (event, outcome, detail) =>
      history.recordEvent({ operator: operatorName(), event, outcome, resource: 'operator-lock', detail }),
  });
  lock.startIdleClock();

  async function secretOf(profile: Profile): Promise<string | undefined> {
    const stored = await config.vault.getSecret(profile.id);
    // The embedded sandbox's merchant secret is public test data: v1 works out of the box.
    return stored ?? (profile.embeddedSandbox ? DEFAULT_MERCHANT.secret : undefined);
  }

  // The embedded sandbox: the start-up one runs in the background; the window does not wait for it, the
  // first call that needs it does.
  const sandbox = embeddedSandboxIn(config.dataDir, config.sandbox);
  const startedInBackground: Promise<void> = settings.activeProfile().embeddedSandbox
    ? sandbox.start().then(
        () => undefined,
        (error: unknown) =>
          config.log.error(
            { err: errorText(error) },
            'the embedded sandbox did not start; the next call tries again',
          ),
      )
    : Promise.resolve();

  async function endpointsOf(profile: Profile): Promise<{ baseUrl: string; kycBaseUrl: string }> {
    if (profile.embeddedSandbox) {
      const { url } = await sandbox.start();
      return { baseUrl: url, kycBaseUrl: url };
    }
    if (!profile.baseUrl || !profile.kycBaseUrl) {
      throw new IpcFailure('invalid', `Profile "${profile.name}" has no gateway address.`, 'baseUrl');
    }
    return { baseUrl: profile.baseUrl, kycBaseUrl: profile.kycBaseUrl };
  }

  function operatorName(): string {
    return settings.read().operatorName || userInfo().username || 'operator';
  }

  const listener = await startReturnListener(
    {
      onReturn: (event) => {
        try {
          payIns.handleReturn(event);
        } catch (error) {
          config.log.error(
            { historyId: event.historyId, err: errorText(error) },
            'could not record a browser return',
          );
          throw error;
        }
      },
      onCallback: async (body) => {
        try {
          return await payIns.handleCallback(body);
        } catch (error) {
          // The listener answers 500, so the gateway sends the notification again (A12).
          config.log.error({ err: errorText(error) }, 'could not record a payment notification');
          throw error;
        }
      },
    },
    { portFile: join(config.dataDir, 'return-listener.port') },
  );

  async function connectionOf(profile: Profile) {
    return {
      profile,
      baseUrl: (await endpointsOf(profile)).baseUrl,
      secret: () => secretOf(profile),
      operator: operatorName(),
    };
  }

  const payIns = createPayInService({
    history,
    transport: config.transport ?? gatewayTransport,
    listener,
    storedCards,
    connection: async () => connectionOf(settings.activeProfile()),
    connectionFor: async (profileName) => {
      const profile = settings.read().profiles.find((candidate) => candidate.name === profileName);
      if (!profile) {
        throw new IpcFailure(
          'not_found',
          `The profile "${profileName}" this pay-in was sent with no longer exists, so Paydesk cannot ask its gateway again. Look the order up at that gateway before charging again.`,
        );
      }
      return connectionOf(profile);
    },
    callbackSecrets: async (merchantId) => {
      const matches = settings.read().profiles.filter((profile) => profile.merchantId === merchantId);
      const found: { profile: Profile; secret: string }[] = [];
      for (const profile of matches) {
        const secret = await secretOf(profile);
        if (secret) found.push({ profile, secret });
      }
      return found;
    },
    emitChanged: (result) => config.emit('payin.changed', result),
    log: config.log,
    team: () => team.current(),
    operator: operatorName,
    activeProfileName: () => settings.activeProfile().name,
    ...(config.overdueAsk && { overdue: config.overdueAsk }),
  });
  payInsBuilt(payIns);

  const receipts = createReceipts({
    history,
    profiles: () => settings.read().profiles,
    operator: operatorName,
  });

  // One worker thread reads and checks KYC files for the whole app, started on the first file.
  const now = config.now ?? Date.now;
  const kycWorkers = new KycWorkerPool();
  const kyc = createKycService({
    batches: createKycBatches({
      workers: kycWorkers,
      onChecked: (event) => config.emit('kyc.checked', event),
      today: () => deskToday(now()),
    }),
    history,
    connection: async () => {
      const profile = settings.activeProfile();
      return {
        profile,
        kycBaseUrl: (await endpointsOf(profile)).kycBaseUrl,
        secret: () => secretOf(profile),
        operator: operatorName(),
      };
    },
    emitProgress: (event) => config.emit('kyc.progress', event),
    mappings: createMappingMemory(config.settingsStore),
    operator: operatorName,
    now,
  });

  const handlers: IpcHandlers = {
    'app.info': async () => ({
      version: config.version,
      bankPageView: config.bankPageView,
      keychain: config.keychain,
    }),
    ...settingsHandlers({ settings, endpointsOf, ...(config.extraCa && { extraCa: config.extraCa }) }),
    ...lockHandlers(lock),
    ...payInHandlers({
      payIns,
      receipts,
      bankPageView: config.bankPageView,
      bankPageWindows: config.bankPageWindows,
    }),
    ...kycHandlers(kyc),
    ...historyHandlers({ history, operator: operatorName, dataDir: config.dataDir }),
    ...teamHandlers({ team, history, operator: operatorName }),
  };
  // Every call goes through the lock gate, then the dispatcher: the input parsed, the answer a value.
  const onInternalError = (channel: string, error: unknown) =>
    config.log.error({ channel, err: errorText(error) }, 'IPC handler failed');
  const dispatch: IpcDispatcher = lockGated(createIpcDispatcher(handlers, onInternalError), () =>
    lock.isLocked(),
  );
  // The file channels, for the hosts alone: each derives the path from a File the operator gave.
  const dispatchFile: IpcDispatcher = lockGated(
    createFileDispatcher(kycFileHandlers(kyc), onInternalError),
    () => lock.isLocked(),
  );

  let closing: Promise<void> | undefined;
  async function closeEverything(): Promise<void> {
    lock.stopIdleClock();
    payIns.stop();
    await team.stop();
    await listener.close();
    await kycWorkers.close();
    await sandbox.close();
    // The newest anchor to the keychain; a keychain that does not answer does not keep Paydesk open.
    await Promise.race([history.flush(), new Promise((done) => setTimeout(done, 2_000).unref())]);
    await backups.stop();
    await deepCheck?.stop();
    history.close();
  }

  return {
    dispatch,
    /** The file channels (ipcFileChannels): never reachable by a channel name the page sends. */
    dispatchFile,
    history,
    /** The embedded sandbox; throws when no profile has needed it yet (tests and tools use it). */
    get sandbox(): Sandbox {
      const running = sandbox.running;
      if (!running) throw new Error('The embedded sandbox is not running: no Sandbox profile has been used.');
      return running;
    },
    /** Starts the embedded sandbox if it is not running (for tools that talk to it directly). */
    embeddedSandbox: sandbox.start,
    /** Settles when what start-up began in the background (the Sandbox profile's gateway) is done. */
    startedInBackground,
    listener,
    settings,
    payIns,
    /** The history's own backups (history-backups.ts). */
    backups,
    /** What the check at start found, and the salvage's report when there was one. */
    historyStartup: {
      inspection: prepared.inspection,
      notice: prepared.plan?.notice,
      /** The background quick_check's verdict, for a file too large to check at start. */
      deepCheck: deepCheck?.verdict,
    },
    lock,
    /** Team mode: its running store (replicator, duplicate check) when on. */
    team,
    /**
     * The bank-page view of pay-in `historyId` reached `url`: whether the bank step is over there (the view
     * closes itself). The return listener's addresses record the return themselves; the profile's
     * notification service's return pages are on the merchant's server, so the return is recorded here,
     * the same unsigned hint (A25): the pay-in awaits the gateway's confirmation.
     */
    bankPageReturned(historyId: number, url: string): boolean {
      if (listener.isFinalRedirect(url)) return true;
      const row = history.getById(historyId);
      if (row?.kind !== 'payin') return false;
      const service = settings.read().profiles.find((p) => p.name === row.profile)?.notificationService;
      const kind = service && serviceReturnKind(service, url);
      if (!kind) return false;
      try {
        payIns.handleReturn({ historyId, kind, query: Object.fromEntries(new URL(url).searchParams) });
      } catch (error) {
        config.log.error({ historyId, err: errorText(error) }, 'could not record a browser return');
      }
      return true;
    },
    /**
     * Closes everything, the final backup before the history: safe to call any number of times, at once or
     * after each other, from any host (a second SIGTERM, window-all-closed after a signal). Every call
     * waits for the one close. Run twice at once, the history closed under a second backup's reader: its
     * WAL stayed behind and the backup was cut off as a `.partial`.
     */
    close() {
      closing ??= closeEverything();
      return closing;
    },
  };
}

/** What a check of the audit trail found goes to the log too (seqs and row ids only, never row content). */
function logVerification(log: LogSink, verification: HistoryVerification): void {
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
