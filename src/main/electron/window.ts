// The app window and the isolated bank-page window, with every security setting in one place.
import { randomUUID } from 'node:crypto';
import { isOpenableBankPageUrl } from '@shared/bank-page-url';
import { app, BrowserWindow, type Session, session, type WebContents } from 'electron';
import { originOf } from './renderer-protocol';

export const APP_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'none'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

export const APP_WEB_PREFERENCES = Object.freeze({
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInSubFrames: false,
  nodeIntegrationInWorker: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  webviewTag: false,
  spellcheck: false,
});

/** DevTools would let anyone at the desk read and drive the page (the bank page too): development only. */
function webPreferences() {
  return { ...APP_WEB_PREFERENCES, devTools: !app.isPackaged };
}

function denyEverything(target: Session): void {
  target.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  target.setPermissionCheckHandler(() => false);
}

/**
 * Downloads: only `allowedPrefix` — the app's own exports, a Blob its page made and saved with <a download>
 * (lib/download.ts); nothing a page from elsewhere offers. undefined: none at all (the bank page).
 */
function refuseDownloads(target: Session, allowedPrefix?: string): void {
  target.on('will-download', (event, item) => {
    if (allowedPrefix === undefined || !item.getURL().startsWith(allowedPrefix)) event.preventDefault();
  });
}

/** Navigation and new windows are blocked: the app's own page is the only content in the app window. */
function lockNavigation(contents: WebContents): void {
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  contents.on('will-navigate', (event) => event.preventDefault());
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

/** appUrl: the renderer on app:// (see renderer-protocol.ts), or electron-vite's dev server in development. */
export function createAppWindow(options: { preloadPath: string; appUrl: string }) {
  denyEverything(session.defaultSession);
  refuseDownloads(session.defaultSession, `blob:${originOf(options.appUrl)}/`);
  session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
    callback({
      responseHeaders: {
        ...details.responseHeaders,
        'Content-Security-Policy': [APP_CONTENT_SECURITY_POLICY],
      },
    });
  });
  const window = new BrowserWindow({
    width: 1280,
    height: 800,
    minWidth: 1024,
    minHeight: 640,
    show: false,
    title: 'Paydesk',
    webPreferences: { ...webPreferences(), preload: options.preloadPath },
  });
  lockNavigation(window.webContents);
  window.once('ready-to-show', () => window.show());
  void window.loadURL(options.appUrl);
  return window;
}

/** What a second launch of Paydesk does to the first one's window: show it again, in front. */
export function bringToFront(window: BrowserWindow): void {
  if (window.isDestroyed()) return;
  if (window.isMinimized()) window.restore();
  window.focus();
}

/**
 * Opens a 3DS or hosted payment page: third-party content in a modal child window with its own
 * in-memory session, no preload and no Node; popups and permissions denied; navigation to https only
 * (plain http on loopback).
 * `isFinished` recognises the return listener's final redirect, after which the window closes itself.
 */
export function openBankPageWindow(
  parent: BrowserWindow,
  url: string,
  isFinished: (url: string) => boolean,
  /** The window's title in the operator's language (desk.window.bankTitle). */
  title: string,
): BrowserWindow {
  // The result's address was checked where main built it and by the IPC contract; this is the last gate
  // before a window loads it (a file:, javascript:, data: or chrome: address never gets a window).
  if (!isOpenableBankPageUrl(url)) throw new Error('Refused to open a bank page that is not https.');
  const bankSession = session.fromPartition(`bank-page-${randomUUID()}`, { cache: false });
  denyEverything(bankSession);
  refuseDownloads(bankSession);
  const window = new BrowserWindow({
    parent,
    modal: true,
    width: 520,
    height: 680,
    title,
    webPreferences: {
      ...webPreferences(),
      session: bankSession,
      preload: undefined,
      javascript: true,
    },
  });
  const contents = window.webContents;
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  const guard = (event: { preventDefault(): void }, target: string) => {
    if (!isOpenableBankPageUrl(target)) event.preventDefault();
  };
  contents.on('will-navigate', (event) => guard(event, event.url));
  contents.on('will-redirect', (event) => {
    guard(event, event.url);
    if (isFinished(event.url)) setTimeout(() => window.close(), 0);
  });
  contents.on('did-navigate', (_event, target) => {
    if (isFinished(target)) setTimeout(() => window.close(), 0);
  });
  void window.loadURL(url);
  return window;
}
