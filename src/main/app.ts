// The composition root: the app is a list of features, each built from the hosts' config and the features
// before it (history first: every other writes to it), each giving its service, its IPC handlers and its
// stop. Imports nothing from 'electron', so the two hosts around it, the Electron app (electron/index.ts) and
// the browser harness (web-harness/web-harness.ts), run the very same app.
import { mkdirSync } from 'node:fs';
import { ipcChannels, ipcFileChannels } from '@shared/ipc';
import type { Sandbox } from '../sandbox';
import type { PaydeskConfig } from './app-config';
import { createGatewayAccess } from './gateway/gateway-access';
import { createHistoryFeature, errorText } from './history/history-feature';
import {
  createFileDispatcher,
  createIpcDispatcher,
  type IpcDispatcher,
  type IpcHandlers,
} from './ipc/dispatch';
import { type EventListenerCheck, gateEvents } from './ipc/event-gate';
import { sessionGated } from './ipc/session-gate';
import { createKycFeature } from './kyc/kyc-feature';
import { createOperatorsFeature } from './operators/operators-feature';
import { createPayInFeature } from './payin/payin-feature';
import type { PayInService } from './payin/payin-service';
import { createLanguageService, languageHandlers } from './settings/language-service';
import { settingsHandlers } from './settings/settings-handlers';
import { createSettingsService } from './settings/settings-service';
import { createTeamFeature } from './team/team-feature';

export type { PaydeskConfig } from './app-config';

export type Paydesk = Awaited<ReturnType<typeof createPaydesk>>;

export async function createPaydesk(hostConfig: PaydeskConfig) {
  // The features emit through the event gate: an event reaches the window only if the session may hear it.
  const heard: { session?: EventListenerCheck; ownerOf?: (historyId: number) => string | undefined } = {};
  const config: PaydeskConfig = {
    ...hostConfig,
    emit: gateEvents(hostConfig.emit, {
      session: () => heard.session,
      ownerOf: (historyId) => heard.ownerOf?.(historyId),
    }),
  };
  // History, logs and the lock record: for this OS user only.
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  const history = await createHistoryFeature(config);
  heard.ownerOf = (historyId) => history.history.getById(historyId)?.operator;

  const settings = createSettingsService({
    store: config.settingsStore,
    vault: config.vault,
    notices: config.settingsNotices ?? [],
    onNotice: ({ kind, message, backupFile }) => config.log.error({ kind, backupFile }, message),
    onTeamChange: () => team.team.restart(),
  });
  const operators = await createOperatorsFeature(config, { settings, history: history.history });
  heard.session = operators.session;
  // Whoever is signed in, by id: every audit entry and history row names them (never a name from the page).
  const operator = () => operators.session.operatorId();
  const languages = createLanguageService({
    settings,
    osLocale: config.osLocale,
    operator: () => operators.session.signedInId(),
  });

  // The pay-in service is built after team mode: a notification heard before then waits for it.
  let payInsBuilt: (service: PayInService) => void = () => undefined;
  const payInsReady = new Promise<PayInService>((resolve) => {
    payInsBuilt = resolve;
  });
  const team = await createTeamFeature(config, {
    settings,
    history: history.history,
    payIns: payInsReady,
    onAccountsChange: () => void operators.teamChanged(),
  });
  // In team mode the desk's operators are the team's (operators/team-accounts-sync.ts).
  operators.readTeamAccountsFrom(() => team.team.current()?.accounts);
  const gateway = createGatewayAccess(config, settings, operator, errorText);
  const payIn = await createPayInFeature(config, {
    history: history.history,
    settings,
    gateway,
    team: team.team,
    operator,
    displayNameOf: (id) => operators.session.accounts().get(id)?.displayName ?? id,
    errorText,
    language: () => languages.current().language,
  });
  payInsBuilt(payIn.payIns);
  const kyc = createKycFeature(config, { history: history.history, gateway, operator });

  const handlers: IpcHandlers = operators.withApprovals({
    'app.info': async () => ({
      version: config.version,
      bankPageView: config.bankPageView,
      keychain: config.keychain,
    }),
    ...settingsHandlers({
      settings,
      endpointsOf: gateway.endpointsOf,
      ...(config.extraCa && { extraCa: config.extraCa }),
    }),
    ...operators.handlers(),
    ...languageHandlers(languages),
    ...payIn.handlers(),
    ...kyc.handlers(),
    ...history.handlers(operator, () => (operators.session.can('history.all') ? undefined : operator())),
    ...team.handlers(operator),
  });
  // Every call goes through the session's gate (signed in, not locked, the role's permission), then the
  // dispatcher: the input parsed, the answer a value.
  const onInternalError = (channel: string, error: unknown) =>
    config.log.error({ channel, err: errorText(error) }, 'IPC handler failed');
  const onForbidden = (channel: string, permission: string, message: string) =>
    history.history.recordEvent({
      operator: operator(),
      event: 'session.forbidden',
      outcome: 'failure',
      resource: channel,
      detail: { permission, message },
    });
  const dispatch: IpcDispatcher = sessionGated(
    createIpcDispatcher(handlers, onInternalError),
    ipcChannels,
    operators.session,
    onForbidden,
  );
  // The file channels, for the hosts alone: each derives the path from a File the operator gave.
  const dispatchFile: IpcDispatcher = sessionGated(
    createFileDispatcher(kyc.fileHandlers(), onInternalError),
    ipcFileChannels,
    operators.session,
    onForbidden,
  );

  // In this order: nothing new starts (the idle clock, the pay-ins' timers and listener), team mode stops
  // hearing, the KYC worker and the sandbox go, the history last (its final backup and anchor).
  const stopOrder = [operators, payIn, team, kyc, gateway, history];
  let closing: Promise<void> | undefined;
  async function closeEverything(): Promise<void> {
    for (const feature of stopOrder) await feature.stop();
  }

  return {
    dispatch,
    /** The file channels (ipcFileChannels): never reachable by a channel name the page sends. */
    dispatchFile,
    history: history.history,
    /** The embedded sandbox; throws when no profile has needed it yet (tests and tools use it). */
    get sandbox(): Sandbox {
      const running = gateway.sandbox.running;
      if (!running) throw new Error('The embedded sandbox is not running: no Sandbox profile has been used.');
      return running;
    },
    /** Starts the embedded sandbox if it is not running (for tools that talk to it directly). */
    embeddedSandbox: gateway.sandbox.start,
    /** Settles when what start-up began in the background (the Sandbox profile's gateway) is done. */
    startedInBackground: gateway.startedInBackground,
    listener: payIn.listener,
    settings,
    payIns: payIn.payIns,
    /** The history's own backups (history-backups.ts). */
    backups: history.backups,
    /** What the check at start found, and the salvage's report when there was one. */
    historyStartup: history.startup,
    /** Who is signed in (operators/session-service.ts), and the supervisor's account changes. */
    session: operators.session,
    operators: operators.admin,
    /** Team mode: its running store (replicator, duplicate check) when on. */
    team: team.team,
    bankPageReturned: payIn.bankPageReturned,
    /** The language the signed-in operator reads, else the desk's (settings/language-service.ts). */
    languages,
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
