// The Electron layer with `electron` mocked (its binary cannot run here): the windows' security
// settings, the IPC bindings' coverage of the contract, and the sender check.

import { IPC_CHANNEL_NAMES, IPC_FILE_CHANNEL_NAMES, IPC_PREFIX, type IpcResult } from '@shared/ipc';
import { beforeEach, describe, expect, it, vi } from 'vitest';

type Handler = (event: unknown, input: unknown) => Promise<IpcResult<unknown>>;
const fake = vi.hoisted(() => {
  const handlers = new Map<string, Handler>();
  const windows: {
    options: Record<string, unknown>;
    listeners: Map<string, (...args: unknown[]) => void>;
  }[] = [];
  const exposed = new Map<string, unknown>();
  const invoked: { channel: string; input: unknown }[] = [];
  const loaded: string[] = [];
  /** Files "on disk": the paths webUtils.getPathForFile knows them by (Electron: '' for a File made in JS). */
  const filePaths = new WeakMap<object, string>();
  return { handlers, windows, exposed, invoked, loaded, filePaths };
});

vi.mock('electron', () => {
  const makeSession = () => ({
    setPermissionRequestHandler: vi.fn(),
    setPermissionCheckHandler: vi.fn(),
    webRequest: { onHeadersReceived: vi.fn() },
    on: vi.fn(),
  });
  class BrowserWindow {
    readonly listeners = new Map<string, (...args: unknown[]) => void>();
    readonly webContents: Record<string, unknown>;
    constructor(readonly options: Record<string, unknown>) {
      const mainFrame = { parent: null, url: 'app://paydesk/index.html' };
      this.webContents = {
        mainFrame,
        setWindowOpenHandler: vi.fn(),
        on: (name: string, listener: (...args: unknown[]) => void) => this.listeners.set(name, listener),
        send: vi.fn(),
      };
      fake.windows.push(this);
    }
    once() {}
    loadURL(url: string) {
      fake.loaded.push(url);
      return Promise.resolve();
    }
    loadFile() {
      return Promise.resolve();
    }
    isDestroyed() {
      return false;
    }
    close() {}
  }
  return {
    app: { isPackaged: false },
    BrowserWindow,
    session: { defaultSession: makeSession(), fromPartition: vi.fn(() => makeSession()) },
    contextBridge: { exposeInMainWorld: (key: string, api: unknown) => fake.exposed.set(key, api) },
    webUtils: {
      getPathForFile: (file: unknown) => {
        if (!(file instanceof File)) throw new TypeError('getPathForFile takes a File');
        return fake.filePaths.get(file) ?? '';
      },
    },
    ipcRenderer: {
      invoke: (channel: string, input: unknown) => {
        fake.invoked.push({ channel, input });
        return Promise.resolve({ ok: true, data: null });
      },
      on: vi.fn(),
      removeListener: vi.fn(),
    },
  };
});

const { APP_WEB_PREFERENCES, createAppWindow, openBankPageWindow } = await import(
  '../../src/main/electron/window'
);
const { bindIpc } = await import('../../src/main/electron/ipc-bridge');
const { APP_ENTRY_URL, APP_ORIGIN } = await import('../../src/main/electron/renderer-protocol');
const { BrowserWindow } = await import('electron');

beforeEach(() => {
  fake.handlers.clear();
  fake.windows.length = 0;
});

function fakeIpcMain() {
  return {
    handle: (channel: string, handler: Handler) => fake.handlers.set(channel, handler),
    removeHandler: (channel: string) => fake.handlers.delete(channel),
  };
}

describe('app window', () => {
  it('isolates the renderer: context isolation, sandbox, no Node, web security', () => {
    createAppWindow({ preloadPath: '/app/preload/index.cjs', appUrl: APP_ENTRY_URL });
    const prefs = fake.windows[0]?.options.webPreferences as Record<string, unknown>;
    expect(prefs).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      webviewTag: false,
      preload: '/app/preload/index.cjs',
    });
    expect(fake.loaded.at(-1)).toBe('app://paydesk/index.html');
  });

  it('blocks navigation away from the app page', () => {
    createAppWindow({ preloadPath: '/p', appUrl: APP_ENTRY_URL });
    const navigate = fake.windows[0]?.listeners.get('will-navigate');
    const event = { preventDefault: vi.fn() };
    navigate?.(event);
    expect(event.preventDefault).toHaveBeenCalled();
  });
});

describe('bank-page window', () => {
  it('runs with its own session, no preload and no Node, and refuses non-http navigation', () => {
    const parent = new BrowserWindow({});
    fake.windows.length = 0;
    openBankPageWindow(parent, 'http://127.0.0.1:9/acs', () => false, 'Bankprüfung');
    const options = fake.windows[0]?.options as Record<string, unknown>;
    expect(options.title).toBe('Bankprüfung');
    const prefs = options.webPreferences as Record<string, unknown>;
    expect(options.modal).toBe(true);
    expect(prefs.preload).toBeUndefined();
    expect(prefs.nodeIntegration).toBe(false);
    expect(prefs.sandbox).toBe(true);
    expect(prefs.session).toBeDefined();
    const navigate = fake.windows[0]?.listeners.get('will-navigate');
    const blocked = { url: 'file:///etc/passwd', preventDefault: vi.fn() };
    navigate?.(blocked);
    expect(blocked.preventDefault).toHaveBeenCalled();
    const allowed = { url: 'https://bank.example/acs', preventDefault: vi.fn() };
    navigate?.(allowed);
    expect(allowed.preventDefault).not.toHaveBeenCalled();
  });

  it('shares the app window security settings', () => {
    expect(APP_WEB_PREFERENCES.sandbox).toBe(true);
  });
});

describe('IPC bindings', () => {
  function boundWindow() {
    createAppWindow({ preloadPath: '/p', appUrl: APP_ENTRY_URL });
    return fake.windows[0] as unknown as import('electron').BrowserWindow;
  }

  const unused = async () => ({ ok: true as const, data: null });

  it('registers exactly one handler per contract channel and per file channel', () => {
    const window = boundWindow();
    bindIpc(fakeIpcMain() as never, window, unused, APP_ORIGIN, unused);
    expect([...fake.handlers.keys()].sort()).toEqual(
      [...IPC_CHANNEL_NAMES, ...IPC_FILE_CHANNEL_NAMES].map((name) => IPC_PREFIX + name).sort(),
    );
  });

  /** The app window bound with dispatchers that answer `data` and note in `calls` each call they get. */
  function boundRecording(data: { contract: unknown; file: unknown }) {
    const window = boundWindow();
    const calls: string[] = [];
    bindIpc(
      fakeIpcMain() as never,
      window,
      async (channel) => {
        calls.push(`contract ${channel}`);
        return { ok: true as const, data: data.contract };
      },
      APP_ORIGIN,
      async (channel, input) => {
        calls.push(`file ${channel} ${JSON.stringify(input)}`);
        return { ok: true as const, data: data.file };
      },
    );
    return { window, calls };
  }

  it('answers a file channel with the file dispatcher, from the app window’s top frame only', async () => {
    const { window, calls } = boundRecording({ contract: null, file: 'opened' });
    const handler = fake.handlers.get(`${IPC_PREFIX}kyc.openPath`)!;
    const contents = window.webContents as unknown as { mainFrame: unknown };
    const input = { path: '/home/agent/kyc.csv' };
    expect(await handler({ sender: window.webContents, senderFrame: contents.mainFrame }, input)).toEqual({
      ok: true,
      data: 'opened',
    });
    const fromChild = await handler(
      { sender: window.webContents, senderFrame: { parent: contents.mainFrame } },
      input,
    );
    expect(fromChild).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    expect(calls).toEqual(['file kyc.openPath {"path":"/home/agent/kyc.csv"}']);
  });

  it('answers the top frame of the app window and refuses any other frame', async () => {
    const { window, calls } = boundRecording({ contract: 'answered', file: null });
    const handler = fake.handlers.get(`${IPC_PREFIX}app.info`)!;
    const contents = window.webContents as unknown as { mainFrame: unknown };
    const trusted = await handler({ sender: window.webContents, senderFrame: contents.mainFrame }, undefined);
    expect(trusted).toEqual({ ok: true, data: 'answered' });

    const childFrame = { parent: contents.mainFrame };
    const fromChild = await handler({ sender: window.webContents, senderFrame: childFrame }, undefined);
    expect(fromChild).toMatchObject({ ok: false, error: { kind: 'forbidden' } });

    // The app window's own top frame, navigated to another origin, is no longer the app.
    const elsewhere = contents.mainFrame as { url: string };
    elsewhere.url = 'https://attacker.example/';
    const fromElsewhere = await handler({ sender: window.webContents, senderFrame: elsewhere }, undefined);
    expect(fromElsewhere).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    elsewhere.url = 'app://paydesk/index.html';

    const otherContents = { mainFrame: { parent: null, url: 'app://paydesk/index.html' } };
    const fromOther = await handler(
      { sender: otherContents, senderFrame: otherContents.mainFrame },
      undefined,
    );
    expect(fromOther).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    expect(calls).toEqual(['contract app.info']);
  });
});

describe('preload', () => {
  type Api = {
    invoke: (channel: string, input?: unknown) => Promise<unknown>;
    on: (event: string, listener: () => void) => () => void;
    openKycFile: (file: unknown) => Promise<unknown>;
  };
  async function preloadApi(): Promise<Api> {
    await import('../../src/preload/index');
    return fake.exposed.get('paydesk') as Api;
  }

  it('exposes only invoke, on and openKycFile, prefixes channels and refuses unknown ones', async () => {
    const api = await preloadApi();
    expect(Object.keys(api).sort()).toEqual(['invoke', 'on', 'openKycFile']);
    expect(Object.isFrozen(api)).toBe(true);
    await api.invoke('app.info');
    expect(fake.invoked.at(-1)).toEqual({ channel: `${IPC_PREFIX}app.info`, input: undefined });
    await expect(api.invoke('fs.readFile', '/etc/passwd')).rejects.toThrow(/Unknown Paydesk channel/);
    expect(() => api.on('shell.exec', () => {})).toThrow(/Unknown Paydesk event/);
  });

  it('never lets the page name a path: the file channels are not on invoke', async () => {
    const api = await preloadApi();
    const before = fake.invoked.length;
    for (const name of IPC_FILE_CHANNEL_NAMES) {
      await expect(api.invoke(name, { path: '/etc/passwd' })).rejects.toThrow(/Unknown Paydesk channel/);
    }
    expect(fake.invoked.length).toBe(before);
  });

  it('opens a dropped file by the path Electron gives for it', async () => {
    const api = await preloadApi();
    const dropped = new File(['userId\n'], 'kyc.csv');
    fake.filePaths.set(dropped, '/home/agent/exports/kyc.csv');
    await api.openKycFile(dropped);
    expect(fake.invoked.at(-1)).toEqual({
      channel: `${IPC_PREFIX}kyc.openPath`,
      input: { path: '/home/agent/exports/kyc.csv' },
    });
  });

  it('refuses a File the page made, and anything that is not a File, without calling main', async () => {
    const api = await preloadApi();
    const before = fake.invoked.length;
    // A File made in the page, named like a path: it has no file behind it.
    const made = new File(['x'], '/etc/passwd.csv');
    for (const given of [made, '/etc/passwd.csv', { path: '/etc/passwd.csv' }, undefined]) {
      expect(await api.openKycFile(given)).toMatchObject({
        ok: false,
        error: { kind: 'invalid', message: expect.stringMatching(/not on disk/) },
      });
    }
    expect(fake.invoked.length).toBe(before);
  });
});
