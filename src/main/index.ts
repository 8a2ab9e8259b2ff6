// The Electron entry point: with window.ts, bank-windows.ts and ipc-bridge.ts, the only code that imports
// 'electron'.
// It builds the app from the same composition root as the browser harness and binds it to the window.
import { join } from 'node:path';
import { app, type BrowserWindow, ipcMain, powerMonitor, protocol } from 'electron';
import ElectronStore from 'electron-store';
import type { EventPayload, IpcEvent } from '../shared/ipc';
import { createPaydesk, type Paydesk } from './app';
import { createBankPageWindows } from './bank-windows';
import { createKeychainVault } from './credentials/keychain-vault';
import { createMemoryVault } from './credentials/memory-vault';
import { probeKeychain } from './credentials/probe-keychain';
import { bindIpc, emitToWindow } from './ipc-bridge';
import { createLogger } from './log/logger';
import {
  APP_ENTRY_URL,
  APP_SCHEME_PRIVILEGES,
  originOf,
  registerRendererProtocol,
} from './renderer-protocol';
import { APP_CONTENT_SECURITY_POLICY, bringToFront, createAppWindow } from './window';

let paydesk: Paydesk | undefined;
let mainWindow: BrowserWindow | undefined;

async function start(): Promise<void> {
  const dataDir = app.getPath('userData');
  const log = createLogger({ filePath: join(app.getPath('logs'), 'paydesk.log'), level: 'info' });
  const probe = await probeKeychain();
  if (!probe.available)
    log.error({ reason: probe.reason }, 'no OS keychain: merchant secrets kept in memory only');
  const bankPageWindows = createBankPageWindows({
    parent: () => mainWindow,
    isReturnAddress: (url) => paydesk?.listener.isFinalRedirect(url) ?? false,
    onClosedEarly: (historyId) => {
      // The cancel is recorded through the lifecycle; the renderer hears of it as of any change.
      paydesk?.payIns.cancelBankPage(historyId).catch((error: unknown) => {
        log.error({ historyId, err: String(error) }, 'could not record the closed bank page');
      });
    },
  });
  paydesk = await createPaydesk({
    version: app.getVersion(),
    bankPageView: 'window',
    bankPageWindows,
    dataDir,
    settingsStore: new ElectronStore<Record<string, unknown>>({ name: 'settings' }),
    vault: probe.available ? createKeychainVault('Paydesk') : createMemoryVault(),
    // The passphrase only ever goes to the keychain: unreadable, it keeps Paydesk locked (lock-service.ts).
    passphraseVault: createKeychainVault('Paydesk'),
    keychain: probe.available ? { available: true } : { available: false, reason: probe.reason },
    log,
    emit: <E extends IpcEvent>(event: E, payload: EventPayload<E>) => {
      if (mainWindow) emitToWindow(mainWindow, event, payload);
    },
  });
  registerRendererProtocol(protocol, join(import.meta.dirname, '../renderer'), APP_CONTENT_SECURITY_POLICY);
  const devServerUrl = app.isPackaged ? undefined : process.env.ELECTRON_RENDERER_URL;
  const appUrl = devServerUrl ?? APP_ENTRY_URL;
  mainWindow = createAppWindow({ preloadPath: join(import.meta.dirname, '../preload/index.cjs'), appUrl });
  bindIpc(ipcMain, mainWindow, paydesk.dispatch, originOf(appUrl) ?? APP_ENTRY_URL);
  // Locking the computer locks Paydesk too, when the operator has a passphrase to unlock it with.
  const { lock } = paydesk;
  powerMonitor.on('lock-screen', () => {
    if (lock.state().passphraseSet) lock.lockNow();
  });
  mainWindow.on('closed', () => {
    mainWindow = undefined;
  });
}

// One Paydesk per user data folder: two would share history.sqlite and race for the settings file. A second
// launch gets no lock and quits before opening anything; the first then comes to the front.
if (app.requestSingleInstanceLock()) {
  app.on('second-instance', () => {
    if (mainWindow) bringToFront(mainWindow);
  });
  app.enableSandbox();
  protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES]);
  // A start that fails (history cannot be opened, no free port) quits rather than leave a process with no window.
  app
    .whenReady()
    .then(start)
    .catch((error: unknown) => {
      console.error('Paydesk failed to start', error);
      app.quit();
    });
  app.on('window-all-closed', () => {
    void (paydesk?.close() ?? Promise.resolve()).finally(() => app.quit());
  });
} else {
  app.quit();
}
