// The 'electron' module as the built main bundle sees it in the boot test (boot-hook.ts resolves 'electron'
// here, for the bundle and for electron-store). It holds only the parts of Electron's main-process API that
// Paydesk calls, behaving as Electron documents them, and records what the app asks of them.
//
// Each part implements a Pick of its type in node_modules/electron/electron.d.ts (StandIn below), so it
// cannot offer a member Electron lacks, nor one with another signature: a new Electron call in src/main fails
// the boot test until a line is added here, and that line compiles only if Electron has the API. Events come
// from Node's EventEmitter, which Electron's emitters extend too (its typed `on` overloads return the full
// Electron type, so they cannot be picked).
// Node runs this file with its own type stripping (no tsx): erasable syntax only, imports with '.ts'.
import { EventEmitter } from 'node:events';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import type {
  App,
  BrowserWindowConstructorOptions,
  CustomScheme,
  Dialog,
  BrowserWindow as ElectronBrowserWindow,
  FromPartitionOptions,
  HandlerDetails,
  HeadersReceivedResponse,
  IpcMain,
  IpcMainInvokeEvent,
  OnHeadersReceivedListenerDetails,
  Protocol,
  Session,
  WebContents,
  WebFrameMain,
  WebRequest,
  WebRequestFilter,
  WindowOpenHandlerResponse,
} from 'electron';
import { note, recorder } from './recorder.ts';

/** Members K of Electron's T; those holding other Electron objects are retyped to their stand-ins (Nested). */
type StandIn<T, K extends keyof T, Nested extends Partial<Record<K, unknown>> = Record<never, never>> = Omit<
  Pick<T, K>,
  keyof Nested
> &
  Nested;

/** Electron's Event as listeners of 'close', 'will-navigate' and the like receive it. */
export class StandInEvent {
  defaultPrevented = false;
  readonly url: string | undefined;
  constructor(url?: string) {
    this.url = url;
  }
  preventDefault(): void {
    this.defaultPrevented = true;
  }
}

export class StandInFrame
  implements StandIn<WebFrameMain, 'url' | 'parent', { parent: StandInFrame | null }>
{
  url: string;
  readonly parent: StandInFrame | null;
  constructor(url: string, parent: StandInFrame | null) {
    this.url = url;
    this.parent = parent;
  }
}

type HeadersListener = (
  details: OnHeadersReceivedListenerDetails,
  callback: (response: HeadersReceivedResponse) => void,
) => void;

export class StandInWebRequest implements StandIn<WebRequest, 'onHeadersReceived'> {
  headersListener: HeadersListener | null = null;
  onHeadersReceived(
    ...args: [filter: WebRequestFilter, listener: HeadersListener | null] | [listener: HeadersListener | null]
  ): void {
    this.headersListener = args.length === 2 ? args[1] : args[0];
  }
}

type PermissionRequestHandler = Parameters<Session['setPermissionRequestHandler']>[0];
type PermissionCheckHandler = Parameters<Session['setPermissionCheckHandler']>[0];

/** Sessions emit 'will-download' (the driver's 'download' command); Paydesk must prevent it. */
export class StandInSession
  extends EventEmitter
  implements
    StandIn<
      Session,
      'setPermissionRequestHandler' | 'setPermissionCheckHandler' | 'webRequest',
      { webRequest: StandInWebRequest }
    >
{
  readonly partition: string;
  readonly options: FromPartitionOptions | undefined;
  readonly webRequest = new StandInWebRequest();
  permissionRequestHandler: PermissionRequestHandler = null;
  permissionCheckHandler: PermissionCheckHandler = null;
  constructor(partition: string, options?: FromPartitionOptions) {
    super();
    this.partition = partition;
    this.options = options;
  }
  setPermissionRequestHandler(handler: PermissionRequestHandler): void {
    this.permissionRequestHandler = handler;
  }
  setPermissionCheckHandler(handler: PermissionCheckHandler): void {
    this.permissionCheckHandler = handler;
  }
}

const partitions = new Map<string, StandInSession>();
const defaultSession = new StandInSession('');

export const session: StandIn<
  typeof Electron.Session,
  'defaultSession' | 'fromPartition',
  {
    defaultSession: StandInSession;
    fromPartition(partition: string, options?: FromPartitionOptions): StandInSession;
  }
> = {
  defaultSession,
  fromPartition(partition, options) {
    note(`session.fromPartition ${partition}`);
    let found = partitions.get(partition);
    if (!found) {
      found = new StandInSession(partition, options);
      partitions.set(partition, found);
    }
    return found;
  },
};

export function allSessions(): StandInSession[] {
  return [defaultSession, ...partitions.values()];
}

type WindowOpenHandler = (details: HandlerDetails) => WindowOpenHandlerResponse;

export class StandInWebContents
  extends EventEmitter
  implements StandIn<WebContents, 'mainFrame' | 'send' | 'setWindowOpenHandler', { mainFrame: StandInFrame }>
{
  readonly mainFrame = new StandInFrame('', null);
  readonly windowId: number;
  windowOpenHandler: WindowOpenHandler | undefined;
  constructor(windowId: number) {
    super();
    this.windowId = windowId;
  }
  send(channel: string, ...args: unknown[]): void {
    recorder.sent.push({ windowId: this.windowId, channel, payload: args[0] });
  }
  setWindowOpenHandler(handler: WindowOpenHandler): void {
    this.windowOpenHandler = handler;
  }
}

let nextWindowId = 1;
const openWindows: StandInBrowserWindow[] = [];
const everyWindow: StandInBrowserWindow[] = [];

export class StandInBrowserWindow
  extends EventEmitter
  implements
    StandIn<
      ElectronBrowserWindow,
      | 'id'
      | 'webContents'
      | 'loadURL'
      | 'show'
      | 'close'
      | 'isDestroyed'
      | 'isMinimized'
      | 'minimize'
      | 'restore'
      | 'focus',
      { webContents: StandInWebContents }
    >
{
  readonly id = nextWindowId++;
  readonly webContents = new StandInWebContents(this.id);
  readonly options: BrowserWindowConstructorOptions;
  readonly loadedUrls: string[] = [];
  visible: boolean;
  minimized = false;
  focusCount = 0;
  destroyed = false;

  static getAllWindows(): StandInBrowserWindow[] {
    return [...openWindows];
  }

  /** Every window ever created, closed ones too (Electron forgets those; the test does not). */
  static everyWindow(): StandInBrowserWindow[] {
    return [...everyWindow];
  }

  constructor(options: BrowserWindowConstructorOptions = {}) {
    super();
    if (!appIsReady) throw new Error('Cannot create BrowserWindow before app is ready');
    this.options = options;
    this.visible = options.show !== false;
    note(`new BrowserWindow #${this.id}${options.parent ? ' (child)' : ''}`);
    openWindows.push(this);
    everyWindow.push(this);
  }

  loadURL(url: string): Promise<void> {
    note(`BrowserWindow #${this.id} loadURL ${url}`);
    if (everyWindow.every((window) => window.loadedUrls.length === 0)) {
      recorder.notify({ type: 'loaded', at: performance.now(), url });
    }
    this.loadedUrls.push(url);
    this.webContents.mainFrame.url = url;
    return Promise.resolve();
  }

  show(): void {
    this.visible = true;
  }

  minimize(): void {
    this.minimized = true;
  }

  isMinimized(): boolean {
    return this.minimized;
  }

  restore(): void {
    this.minimized = false;
    this.visible = true;
  }

  focus(): void {
    this.focusCount += 1;
  }

  isDestroyed(): boolean {
    return this.destroyed;
  }

  /** As Electron: 'close' may be prevented; children go with their parent; the last window's close tells the app. */
  close(): void {
    if (this.destroyed) return;
    const event = new StandInEvent();
    this.emit('close', event);
    if (event.defaultPrevented) return;
    for (const child of openWindows.filter((window) => window.options.parent === (this as unknown))) {
      child.close();
    }
    this.destroy();
    if (openWindows.length === 0 && !quitting) app.emit('window-all-closed');
  }

  private destroy(): void {
    this.destroyed = true;
    openWindows.splice(openWindows.indexOf(this), 1);
    note(`BrowserWindow #${this.id} closed`);
    this.emit('closed');
  }
}

export class StandInIpcMain extends EventEmitter implements StandIn<IpcMain, 'handle' | 'removeHandler'> {
  readonly handlers = new Map<string, (event: IpcMainInvokeEvent, ...args: unknown[]) => unknown>();
  handle(channel: string, listener: (event: IpcMainInvokeEvent, ...args: never[]) => unknown): void {
    if (this.handlers.has(channel))
      throw new Error(`Attempted to register a second handler for '${channel}'`);
    this.handlers.set(channel, listener as (event: IpcMainInvokeEvent, ...args: unknown[]) => unknown);
  }
  removeHandler(channel: string): void {
    this.handlers.delete(channel);
  }
}

type ProtocolHandler = Parameters<Protocol['handle']>[1];

export class StandInProtocol implements StandIn<Protocol, 'handle' | 'registerSchemesAsPrivileged'> {
  readonly handlers = new Map<string, ProtocolHandler>();
  privileged: CustomScheme[] = [];
  handle(scheme: string, handler: ProtocolHandler): void {
    if (!appIsReady) throw new Error('protocol.handle must be called after the app is ready');
    note(`protocol.handle ${scheme}`);
    this.handlers.set(scheme, handler);
  }
  registerSchemesAsPrivileged(customSchemes: CustomScheme[]): void {
    // Electron allows it only before 'ready', and only once.
    if (appIsReady)
      throw new Error('protocol.registerSchemesAsPrivileged should be called before app is ready');
    note(`protocol.registerSchemesAsPrivileged ${customSchemes.map((custom) => custom.scheme).join(',')}`);
    this.privileged = customSchemes;
  }
}

/** Electron shows a modal box; the stand-in records what it would have said (in the quit notice too). */
export const dialog: StandIn<Dialog, 'showErrorBox'> = {
  showErrorBox(title, content) {
    note(`dialog.showErrorBox ${title}`);
    recorder.dialogs.push({ title, content });
  },
};

/** Paydesk only listens to it ('lock-screen'); the driver emits. */
export class StandInPowerMonitor extends EventEmitter {}

/** The app's package.json as Electron finds it: the nearest one above the entry script. */
function appPackage(): { name: string; productName?: string; version: string } {
  let folder = dirname(process.argv[1] ?? process.cwd());
  while (!existsSync(join(folder, 'package.json'))) {
    const parent = dirname(folder);
    if (parent === folder) throw new Error('no package.json above the entry script');
    folder = parent;
  }
  return JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'));
}

let appIsReady = false;
let quitting = false;
let singleInstanceLock: string | undefined;

export class StandInApp
  extends EventEmitter
  implements
    StandIn<
      App,
      | 'whenReady'
      | 'quit'
      | 'getPath'
      | 'getName'
      | 'getVersion'
      | 'getLocale'
      | 'isPackaged'
      | 'enableSandbox'
      | 'requestSingleInstanceLock'
    >
{
  /** The boot test starts a "packaged" app with PAYDESK_BOOT_PACKAGED=1 (BootChildOptions.packaged). */
  readonly isPackaged = process.env.PAYDESK_BOOT_PACKAGED === '1';
  private readonly pkg = appPackage();
  private readonly ready: Promise<void>;

  constructor() {
    super();
    // Electron is ready once the entry script has run; setImmediate comes after the whole module graph.
    // An app that quit before that never gets there: Electron ends the process first.
    this.ready = new Promise((resolve) =>
      setImmediate(() => {
        if (quitting) return;
        appIsReady = true;
        note('app ready');
        recorder.notify({ type: 'ready', at: performance.now() });
        this.emit('ready');
        resolve();
      }),
    );
  }

  whenReady(): Promise<void> {
    return this.ready;
  }

  getName(): string {
    return this.pkg.productName ?? this.pkg.name;
  }

  getVersion(): string {
    return this.pkg.version;
  }

  /** As Chromium's l10n_util on Linux: the POSIX locale (LC_ALL, LC_MESSAGES, LANG) as a tag; en-US without one. */
  getLocale(): string {
    const posix = process.env.LC_ALL || process.env.LC_MESSAGES || process.env.LANG || '';
    const tag = posix.replace(/[.@].*$/, '').replace('_', '-');
    return tag === '' || tag === 'C' || tag === 'POSIX' ? 'en-US' : tag;
  }

  /** Linux paths, as Electron computes them: userData under XDG_CONFIG_HOME or ~/.config. */
  getPath(name: Parameters<App['getPath']>[0]): string {
    const appData = process.env.XDG_CONFIG_HOME ?? join(homedir(), '.config');
    const userData = join(appData, this.getName());
    switch (name) {
      case 'home':
        return homedir();
      case 'appData':
        return appData;
      case 'userData':
        return userData;
      case 'logs':
        return join(userData, 'logs');
      default:
        throw new Error(`the stand-in has no path '${name}'`);
    }
  }

  enableSandbox(): void {
    if (appIsReady) throw new Error('app.enableSandbox() can only be called before app is ready');
    note('app.enableSandbox');
  }

  /** Chromium's lock: a file in userData that only one process can create. */
  requestSingleInstanceLock(): boolean {
    const lockFile = join(this.getPath('userData'), 'SingletonLock');
    mkdirSync(dirname(lockFile), { recursive: true });
    try {
      closeSync(openSync(lockFile, 'wx'));
      singleInstanceLock = lockFile;
    } catch {
      singleInstanceLock = undefined;
    }
    note(`app.requestSingleInstanceLock → ${singleInstanceLock !== undefined}`);
    return singleInstanceLock !== undefined;
  }

  /** As Electron: before-quit, every window closed (no 'window-all-closed' then), will-quit, quit. */
  quit(): void {
    if (quitting) return;
    note('app.quit');
    const beforeQuit = new StandInEvent();
    this.emit('before-quit', beforeQuit);
    if (beforeQuit.defaultPrevented) return;
    quitting = true;
    for (const window of StandInBrowserWindow.getAllWindows()) window.close();
    this.emit('will-quit', new StandInEvent());
    this.emit('quit', new StandInEvent(), 0);
    if (singleInstanceLock) rmSync(singleInstanceLock, { force: true });
    // Electron would end the process here; the stand-in leaves that to the event loop, so that a handle the
    // app forgot to close keeps the process alive and the test sees it.
    recorder.notify({
      type: 'quit',
      at: performance.now(),
      timeline: [...recorder.timeline],
      dialogs: structuredClone(recorder.dialogs),
      menu: structuredClone(recorder.menu),
    });
  }
}

export const app = new StandInApp();
export const ipcMain = new StandInIpcMain();
export const protocol = new StandInProtocol();
export const powerMonitor = new StandInPowerMonitor();
export { Menu } from './menu-stand-in.ts';
export { StandInBrowserWindow as BrowserWindow };

// electron-store imports the default export.
export default { app, BrowserWindow: StandInBrowserWindow, dialog, ipcMain, powerMonitor, protocol, session };
