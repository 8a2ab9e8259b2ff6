// What the hosts (the Electron app, the browser harness, the tests) give the composition root (app.ts), and
// every feature reads from it.
import type { ChannelOutput, EventPayload, IpcEvent, RefusalWords, SettingsNotice } from '@shared/ipc';
import type { CredentialVault } from './credentials/vault';
import type { SessionClock } from './operators/credential-check';
import type { BankPageWindows } from './payin/bank-page-windows';
import type { PayInTransport } from './payin/gateway-transport';
import type { OverdueTiming } from './payin/overdue-ask';
import type { KeyValueStore } from './settings/settings-service';
import type { TeamModeDeps } from './team/team-mode';

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
  /** The OS's locale (Electron's app.getLocale()): the language at first start. English when absent. */
  osLocale?: string;
  settingsStore: KeyValueStore;
  /** What the host found wrong with the settings file before the store opened it (settings-file.ts). */
  settingsNotices?: readonly SettingsNotice[];
  /** The OS keychain (or, for the ephemeral harness, memory): the only home of merchant secrets. */
  vault: CredentialVault;
  /**
   * The OS keychain even when it could not be read at start, when `vault` is not it: the operator
   * accounts' key and the audit trail's key and anchor are looked for there, so that sign-in fails
   * closed rather than forget accounts it cannot see, and the audit key is never replaced (or
   * forgotten) because the keychain was late. `vault` otherwise.
   */
  keychainVault?: CredentialVault;
  keychain: { available: boolean; reason?: string; words?: RefusalWords };
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
  /** The session's clocks: idleness, lockouts and the authenticator codes' time (tests set them). */
  sessionClock?: SessionClock;
}

type AppInfo = ChannelOutput<'app.info'>;
