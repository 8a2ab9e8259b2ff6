// The Electron host's entry point (built as out/main/index.js): this folder, src/main/electron, is the only
// code that imports 'electron'. It builds the app from the same composition root (../app.ts) as the
// browser harness (../web-harness) and binds it to the window.
import { join } from 'node:path';
import type { EventPayload, IpcEvent } from '@shared/ipc';
import { languageForLocale } from '@shared/languages';
import { app, type BrowserWindow, dialog, ipcMain, Menu, powerMonitor, protocol } from 'electron';
import ElectronStore from 'electron-store';
import { createPaydesk, type Paydesk } from '../app';
import { createKeychainVault } from '../credentials/keychain-vault';
import { createMemoryVault } from '../credentials/memory-vault';
import { probeKeychain } from '../credentials/probe-keychain';
import { checkDataFolder, startFailureText } from '../data-folder';
import { type AppLogger, createLogger } from '../log/logger';
import { setAsideUnreadableSettings } from '../settings/settings-file';
import { appMenuTemplate } from './app-menu';
import { createBankPageWindows } from './bank-windows';
import { loadEveryLanguage, loadWords, wordsNow } from './desk-words';
import { bindIpc, emitToWindow } from './ipc-bridge';
import { createMenuLanguage } from './menu-language';
import {
  APP_ENTRY_URL,
  APP_SCHEME_PRIVILEGES,
  originOf,
  registerRendererProtocol,
} from './renderer-protocol';
import { APP_CONTENT_SECURITY_POLICY, bringToFront, createAppWindow } from './window';

let paydesk: Paydesk | undefined;
let mainWindow: BrowserWindow | undefined;
/** The log, once start() has opened it: a failed start is written there too. */
let appLog: AppLogger | undefined;

const logFile = () => join(app.getPath('logs'), 'paydesk.log');
/** The desk's language, the OS's: the start-up dialog's, and the menu's until someone signs in. */
const deskLanguage = () => languageForLocale(app.getLocale());
/** The language of whoever is signed in, else the desk's: the menu's and the bank window's title. */
const readersLanguage = () => paydesk?.languages.current().language ?? deskLanguage();
const appMenu = createMenuLanguage({
  language: readersLanguage,
  show: (t) => Menu.setApplicationMenu(Menu.buildFromTemplate(appMenuTemplate(t, process.platform))),
});

async function start(): Promise<void> {
  // A catalogue that cannot be read leaves these words English; it never stops the start.
  await loadWords(deskLanguage()).catch(() => undefined);
  loadEveryLanguage();
  await appMenu.refresh();
  const dataDir = app.getPath('userData');
  // A read-only folder or a full disk, said plainly before the logger or anything else fails on it.
  checkDataFolder(dataDir);
  const log = createLogger({ filePath: logFile(), level: 'info' });
  appLog = log;
  const probe = await probeKeychain();
  if (!probe.available)
    log.error({ reason: probe.reason }, 'no OS keychain: merchant secrets kept in memory only');
  const bankPageWindows = createBankPageWindows({
    parent: () => mainWindow,
    isReturnAddress: (url, historyId) => paydesk?.bankPageReturned(historyId, url) ?? false,
    onClosedEarly: (historyId) => {
      // The cancel is recorded through the lifecycle; the renderer hears of it as of any change.
      paydesk?.payIns.cancelBankPage(historyId).catch((error: unknown) => {
        log.error({ historyId, err: String(error) }, 'could not record the closed bank page');
      });
    },
    title: () => wordsNow(readersLanguage())('desk.window.bankTitle'),
  });
  // electron-store would throw on a file that is not JSON: it is set aside first, and the operator told.
  const settingsNotice = setAsideUnreadableSettings(join(dataDir, 'settings.json'));
  paydesk = await createPaydesk({
    version: app.getVersion(),
    bankPageView: 'window',
    bankPageWindows,
    dataDir,
    osLocale: app.getLocale(),
    settingsStore: new ElectronStore<Record<string, unknown>>({ name: 'settings' }),
    ...(settingsNotice && { settingsNotices: [settingsNotice] }),
    vault: probe.available ? createKeychainVault('Paydesk') : createMemoryVault(),
    // The accounts' key only ever goes to the keychain: unreadable, nobody signs in (operators/account-store.ts).
    keychainVault: createKeychainVault('Paydesk'),
    keychain: probe.available
      ? { available: true }
      : { available: false, reason: probe.reason, words: probe.words },
    log,
    logFile: logFile(),
    emit: <E extends IpcEvent>(event: E, payload: EventPayload<E>) => {
      if (mainWindow) emitToWindow(mainWindow, event, payload);
      // Another operator signed in, or everyone out: the menu in the language now read.
      if (event === 'session.changed') void appMenu.refresh();
    },
  });
  registerRendererProtocol(protocol, join(import.meta.dirname, '../renderer'), APP_CONTENT_SECURITY_POLICY);
  const devServerUrl = app.isPackaged ? undefined : process.env.ELECTRON_RENDERER_URL;
  const appUrl = devServerUrl ?? APP_ENTRY_URL;
  mainWindow = createAppWindow({ preloadPath: join(import.meta.dirname, '../preload/index.cjs'), appUrl });
  const { dispatch } = paydesk;
  bindIpc(
    ipcMain,
    mainWindow,
    async (channel, input) => {
      const answer = await dispatch(channel, input);
      // The operator chose another language (Settings): the menu follows, as the page does.
      if (channel === 'language.set') await appMenu.refresh();
      return answer;
    },
    originOf(appUrl) ?? APP_ENTRY_URL,
    paydesk.dispatchFile,
  );
  // Locking the computer locks Paydesk too: the same operator signs in again.
  const { session } = paydesk;
  powerMonitor.on('lock-screen', () => void session.lockNow());
  mainWindow.on('closed', () => {
    mainWindow = undefined;
  });
}

let quitting: Promise<void> | undefined;
/**
 * Closes the core, then quits; once, whatever asks: the last window closed, a signal, or that signal again
 * (when-exit, through electron-store → conf → atomically, sends it a second time after its own handler).
 */
function closeAndQuit(): Promise<void> {
  quitting ??= (paydesk?.close() ?? Promise.resolve()).finally(() => app.quit());
  return quitting;
}

// One Paydesk per user data folder: two would share history.sqlite and race for the settings file. A second
// launch gets no lock and quits before opening anything; the first then comes to the front.
if (app.requestSingleInstanceLock()) {
  app.on('second-instance', () => {
    if (mainWindow) bringToFront(mainWindow);
  });
  // Every web contents, including those this code never opens itself (DevTools, a webview): no new
  // windows, no webviews. The app window and the bank windows add their own, narrower, guards.
  app.on('web-contents-created', (_event, contents) => {
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
    contents.on('will-attach-webview', (event) => event.preventDefault());
  });
  app.enableSandbox();
  protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES]);
  // A start that fails (history cannot be opened, no free port) says why in a dialog and quits, rather
  // than leave a process with no window.
  app
    .whenReady()
    .then(start)
    .catch((error: unknown) => {
      const reason = error instanceof Error ? error.message : String(error);
      console.error('Paydesk failed to start', error);
      appLog?.error({ err: reason }, 'Paydesk failed to start');
      const { title, body } = startFailureText(
        error,
        { dataDir: app.getPath('userData'), logFile: logFile() },
        wordsNow(deskLanguage()),
      );
      dialog.showErrorBox(title, body);
      app.quit();
    });
  app.on('window-all-closed', () => void closeAndQuit());
  // A logout or `kill` (SIGTERM), Ctrl+C in a terminal (SIGINT): the same close as the last window's,
  // final backup included, rather than the process ending with the history's WAL beside it.
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => void closeAndQuit());
} else {
  app.quit();
}
