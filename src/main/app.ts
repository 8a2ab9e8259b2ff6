// The composition root: builds every service from a config object. Imports nothing from 'electron', so
// the two hosts around it, the Electron app (electron/index.ts) and the browser harness
// (web-harness/web-harness.ts), run the very same app.
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import type { Sandbox } from '../sandbox';
import { DEFAULT_MERCHANT } from '../sandbox/merchants';
import type { HistoryVerification } from '../shared/history';
import {
  CHANNELS_OPEN_WHILE_LOCKED,
  type ChannelOutput,
  type EventPayload,
  type IpcEvent,
  type PayInResult,
  type SettingsNotice,
} from '../shared/ipc';
import type { Profile } from '../shared/profile';
import type { CredentialVault } from './credentials/vault';
import { testConnection } from './gateway/test-connection';
import { loadAuditTrust, vaultTrustStore } from './history/audit-trust';
import { InvalidCursorError } from './history/filter-sql';
import { HistoryClosedError, openHistoryStore } from './history/history-store';
import { createIpcDispatcher, type IpcDispatcher, type IpcHandlers } from './ipc/dispatch';
import { createKycBatches } from './kyc/batches';
import { createKycDesk } from './kyc/kyc-desk';
import { createMappingMemory } from './kyc/mapping-memory';
import { KycWorkerPool } from './kyc/worker-pool';
import { lockRecordIn } from './lock/lock-record';
import { createLockService } from './lock/lock-service';
import { gatewayTransport, type PayInTransport } from './payin/gateway-transport';
import { createPayInService } from './payin/payin-service';
import { createStoredCards } from './payin/stored-cards';
import { createReceipts } from './receipt/receipt-service';
import { IpcFailure } from './refusal';
import { startReturnListener } from './returns/return-listener';
import { createSettingsService, type KeyValueStore } from './settings/settings-service';

export interface LogSink {
  info(object: object, message?: string): void;
  error(object: object, message?: string): void;
}

/**
 * The Electron host's bank-page windows (electron/bank-windows.ts): the core opens one for each pay-in that needs
 * the bank when `bankPageView` is `window`, and brings it forward or closes it on the renderer's request.
 */
export interface BankPageWindows {
  open(historyId: number, url: string): void;
  /** false when no window of this pay-in is open. */
  focus(historyId: number): boolean;
  close(historyId: number): void;
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
  emit: <E extends IpcEvent>(event: E, payload: EventPayload<E>) => void;
  /** Replaces the HTTP transport (fault drills); the real client otherwise. */
  transport?: PayInTransport;
  /** Options of the embedded sandbox (tests shorten its fault delays). */
  sandbox?: { slowFaultDelayMs?: number; callbackBackoffMs?: number };
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
  // The audit key and anchor come from the vault before the file is opened: a new key is saved before
  // anything is sealed with it.
  const trust = await loadAuditTrust(vaultTrustStore(config.keychainVault ?? config.vault, historyFile), {
    filePath: historyFile,
    onWriteError: (error) =>
      config.log.error({ err: errorText(error) }, 'could not write the audit anchor to the vault'),
  });
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

  const settings = createSettingsService({
    store: config.settingsStore,
    vault: config.vault,
    notices: config.settingsNotices ?? [],
    onNotice: ({ kind, message, backupFile }) => config.log.error({ kind, backupFile }, message),
  });
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

  // The embedded sandbox runs only while a profile needs it: started at start-up when the active profile
  // is the Sandbox, otherwise on the first call that needs it. Its module (fastify) is loaded only then,
  // and the start-up one runs in the background: the window does not wait for it, the first call that
  // needs it does. A start that failed is tried again by the next call. Its inspection endpoints (every
  // KYC record it accepted) answer only this run's random token.
  let sandbox: Sandbox | undefined;
  let sandboxStarting: Promise<Sandbox> | undefined;
  function embeddedSandbox(): Promise<Sandbox> {
    sandboxStarting ??= import('../sandbox')
      .then(({ startSandbox }) =>
        startSandbox({
          port: 0,
          dataFile: join(config.dataDir, 'sandbox.sqlite'),
          inspectionToken: randomBytes(24).toString('base64url'),
          ...config.sandbox,
        }),
      )
      .then(
        (started) => {
          sandbox = started;
          return started;
        },
        (error: unknown) => {
          sandboxStarting = undefined;
          throw error;
        },
      );
    return sandboxStarting;
  }
  const startedInBackground: Promise<void> = settings.activeProfile().embeddedSandbox
    ? embeddedSandbox().then(
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
      const { url } = await embeddedSandbox();
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
    emitSettled: (result) => config.emit('payin.settled', result),
    log: config.log,
  });

  /** In window mode the bank page opens in the host's isolated window as soon as the answer asks for it. */
  function withBankWindow(result: PayInResult): PayInResult {
    if (result.bankPage && config.bankPageView === 'window') {
      config.bankPageWindows?.open(result.historyId, result.bankPage.url);
    }
    return result;
  }

  const receipts = createReceipts({
    history,
    profiles: () => settings.read().profiles,
    operator: operatorName,
  });

  // One worker thread reads and checks KYC files for the whole app, started on the first file.
  const kycWorkers = new KycWorkerPool();
  const kyc = createKycBatches({ workers: kycWorkers });
  const kycDesk = createKycDesk({
    batches: kyc,
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
  });

  const handlers: IpcHandlers = {
    'app.info': async () => ({
      version: config.version,
      bankPageView: config.bankPageView,
      keychain: config.keychain,
    }),
    'settings.get': () => settings.view(),
    'settings.update': (input) => settings.update(input),
    'profiles.save': (profile) => settings.saveProfile(profile),
    'profiles.remove': ({ id }) => settings.removeProfile(id),
    'profiles.activate': ({ id }) => settings.activate(id),
    'profiles.testConnection': async ({ id }) => {
      const profile = settings.read().profiles.find((candidate) => candidate.id === id);
      if (!profile) throw new IpcFailure('not_found', `No connection profile with id "${id}".`, 'id');
      return testConnection(await endpointsOf(profile), {
        connectTimeoutMs: profile.connectTimeoutMs,
        timeoutMs: profile.requestTimeoutMs,
      });
    },
    'secret.set': ({ profileId, secret }) => settings.setSecret(profileId, secret),
    'secret.remove': ({ profileId }) => settings.removeSecret(profileId),
    'lock.status': async () => lock.status(),
    'lock.activity': async () => lock.activity(),
    'lock.lockNow': async () => lock.lockNow(),
    'lock.unlock': ({ passphrase }) => lock.unlock(passphrase),
    'lock.setPassphrase': ({ current, passphrase }) => lock.setPassphrase(current, passphrase),
    'lock.removePassphrase': ({ current }) => lock.removePassphrase(current),
    'payin.submit': async (input) => withBankWindow(await payIns.submit(input)),
    'payin.retry': async (input) => withBankWindow(await payIns.retry(input)),
    'payin.cancelBankPage': async ({ historyId }) => {
      const result = await payIns.cancelBankPage(historyId);
      config.bankPageWindows?.close(historyId);
      return result;
    },
    'payin.focusBankPage': async ({ historyId }) => ({
      focused: config.bankPageWindows?.focus(historyId) ?? false,
    }),
    'payin.receipt': async (request) => receipts.view(request),
    'payin.receiptPdf': (request) => receipts.pdf(request),
    'payin.storedCards': ({ userId }) => payIns.storedCardsFor(userId),
    'payin.forgetStoredCard': ({ ccStorageID }) => payIns.forgetStoredCard(ccStorageID),
    'payin.customer': ({ userId }) => payIns.returningCustomer(userId),
    'kyc.prepare': async () => {
      await kyc.prepare();
      return { ready: true as const };
    },
    'kyc.open': (input) => kycDesk.open(input),
    'kyc.setMapping': ({ batchId, mapping }) => kycDesk.setMapping(batchId, mapping),
    'kyc.rows': async ({ batchId, ...query }) => kyc.rows(batchId, query),
    'kyc.update': async ({ batchId, index, field, value }) => kyc.update(batchId, index, field, value),
    'kyc.submit': ({ batchId, onlyRemaining, confirmedProfile }) =>
      kycDesk.submit(batchId, onlyRemaining, confirmedProfile),
    'kyc.resubmitChunk': ({ batchId, chunkIndex, confirmedProfile }) =>
      kycDesk.resubmitChunk(batchId, chunkIndex, confirmedProfile),
    'kyc.exportRejected': async ({ batchId }) => kyc.exportRejected(batchId),
    'history.query': async (filter) => {
      try {
        return history.query(filter);
      } catch (error) {
        // A cursor is opaque text from the renderer: one Paydesk did not issue is bad input, not a fault.
        if (error instanceof InvalidCursorError) throw new IpcFailure('invalid', error.message, 'cursor');
        throw error;
      }
    },
    'history.get': async ({ id }) => {
      const row = history.getById(id);
      if (!row) throw new IpcFailure('not_found', `No history entry ${id}.`, 'id');
      const audit = history.rowAudit(id) ?? { state: 'failed' as const, reasons: ['The row is gone.'] };
      const timeline = history
        .auditTrail(id)
        .map(({ seq, at, operator, event, outcome, resource, detail }) => ({
          seq,
          at,
          operator,
          event,
          outcome,
          resource,
          detail,
        }));
      return { row, timeline, audit };
    },
    'history.dailyTotals': async (query) => history.dailyTotals(query),
    'history.exportCsv': async (filter) => ({
      csv: history.exportCsv(filter, { operator: operatorName() }),
      fileName: `paydesk-history-${new Date().toISOString().slice(0, 10)}.csv`,
    }),
    'history.verify': async () => history.verifyAll(),
    'history.auditStatus': async () => history.auditStatus(),
  };

  const dispatchUnlocked = createIpcDispatcher(handlers, (channel, error) =>
    config.log.error(
      { channel, err: error instanceof Error ? error.message : String(error) },
      'IPC handler failed',
    ),
  );
  const openWhileLocked: ReadonlySet<string> = new Set(CHANNELS_OPEN_WHILE_LOCKED);
  const dispatch: IpcDispatcher = async (channel, input) => {
    if (lock.isLocked() && !openWhileLocked.has(channel)) {
      return {
        ok: false,
        error: { kind: 'locked', message: 'Paydesk is locked: unlock it with the operator passphrase.' },
      };
    }
    return dispatchUnlocked(channel, input);
  };

  return {
    dispatch,
    history,
    /** The embedded sandbox; throws when no profile has needed it yet (tests and tools use it). */
    get sandbox(): Sandbox {
      if (!sandbox) throw new Error('The embedded sandbox is not running: no Sandbox profile has been used.');
      return sandbox;
    },
    /** Starts the embedded sandbox if it is not running (for tools that talk to it directly). */
    embeddedSandbox,
    /** Settles when what start-up began in the background (the Sandbox profile's gateway) is done. */
    startedInBackground,
    listener,
    settings,
    payIns,
    lock,
    async close() {
      lock.stopIdleClock();
      await listener.close();
      await kycWorkers.close();
      await (sandboxStarting ? (await sandboxStarting).close() : undefined);
      // The newest anchor to the keychain; a keychain that does not answer does not keep Paydesk open.
      await Promise.race([history.flush(), new Promise((done) => setTimeout(done, 2_000).unref())]);
      history.close();
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
