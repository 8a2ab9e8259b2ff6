// The built app (out-boot-test/main/index.js, exactly what Electron would load) started in a child Node 24
// process against a recording stand-in for Electron, and driven as Electron would drive it: start-up, the
// window and its preload, app:// serving, the IPC bindings and their sender checks, a pay-in and a 3-D Secure
// pay-in through the bound handlers, the lock, a second launch, and the shut-down. What it cannot prove —
// Chromium itself, the real window, the OS — is listed in README ("The boot test").
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { compileFunction } from 'node:vm';
import {
  IPC_CHANNEL_NAMES,
  IPC_FILE_CHANNEL_NAMES,
  IPC_PREFIX,
  type PaydeskApi,
  type SettingsView,
} from '@shared/ipc';
import type { PayInSubmit } from '@shared/payin-input';
import { TEST_CARDS } from '@shared/sandbox-test-data';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { v2Fields } from '../support/app/paydesk-fixture';
import {
  enrolFirstSupervisor,
  nextCode,
  signIn,
  TEST_SUPERVISOR,
  type TestOperator,
} from '../support/app/sign-in';
import { type BootChild, startBootChild } from '../support/boot/boot-child';

/** A booted app's IPC as the sign-in helpers call it (the app window's renderer). */
const callerOf = (child: BootChild) => (channel: string, input?: unknown) => child.invoke(channel, input);

import { BOOT_TEST_OUT_DIR, builtApp } from '../support/boot/build';
import { kycCsv, kycRecord } from '../support/kyc/generate';
import { pdfText } from '../support/pdf/pdf-render';
import type { ServedResponse, WindowView } from './child/protocol';

const app = builtApp(BOOT_TEST_OUT_DIR);
const APP_ENTRY = 'app://paydesk/index.html';
/** What every window of Paydesk's own content must run with (src/main/electron/window.ts). */
const HARDENED = {
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInSubFrames: false,
  nodeIntegrationInWorker: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  webviewTag: false,
};
/** What a sandboxed preload may require (Electron's "Process Sandboxing"): nothing from Node beyond these. */
const SANDBOXED_PRELOAD_MODULES = new Set(['electron', 'events', 'timers', 'url']);

const approvingCard = TEST_CARDS.find((card) => card.outcome === 'approve')!.number;
const threeDsCard = TEST_CARDS.find((card) => card.outcome === '3ds-challenge')!.number;
const expDate = `12/${String((new Date().getUTCFullYear() + 2) % 100).padStart(2, '0')}`;
/** A v2 pay-in as the form sends it, with a fresh customer id. */
const payIn = (cardNumber: string) =>
  ({ version: 'v2', fields: v2Fields({ cardNumber, expDate }) }) as PayInSubmit;

/** Electron names the user-data folder after package.json's productName (README: ~/.config/Paydesk). */
function userDataOf(home: string): string {
  return join(home, '.config', 'Paydesk');
}

function freshHome(): string {
  return mkdtempSync(join(tmpdir(), 'paydesk-boot-'));
}

async function windowsOf(child: BootChild): Promise<{ appWindow: WindowView; others: WindowView[] }> {
  const { windows } = await child.snapshot();
  const [appWindow, ...others] = windows;
  if (!appWindow) throw new Error('no window');
  return { appWindow, others };
}

/** Evaluates the built preload as Chromium's sandboxed preload would: a CommonJS function given `require`. */
/** Files "dropped from disk" in the stand-in renderer: the path Electron's webUtils gives for each. */
const ON_DISK = new WeakMap<File, string>();

function runPreload(child: BootChild, file: string): { api: PaydeskApi; exposedAs: string } {
  const exposed = new Map<string, unknown>();
  const electron = {
    contextBridge: { exposeInMainWorld: (key: string, value: unknown) => exposed.set(key, value) },
    // As Electron documents it: throws for anything but a File, '' for a File not backed by one on disk.
    webUtils: {
      getPathForFile: (given: unknown) => {
        if (!(given instanceof File)) throw new TypeError('getPathForFile takes a File');
        return ON_DISK.get(given) ?? '';
      },
    },
    ipcRenderer: {
      // The renderer's call, as the app window's top frame makes it, to the handler main bound.
      invoke: (channel: string, input: unknown) =>
        child.command({ type: 'invoke', channel, input, caller: 'app' }),
      on: () => undefined,
      removeListener: () => undefined,
    },
  };
  const require = (id: string) => {
    if (!SANDBOXED_PRELOAD_MODULES.has(id)) throw new Error(`a sandboxed preload cannot require '${id}'`);
    if (id !== 'electron') throw new Error(`the stand-in preload has no '${id}'`);
    return electron;
  };
  const module = { exports: {} };
  // compileFunction refuses import/export statements: an ES module preload fails here, as in Chromium.
  const body = compileFunction(
    readFileSync(file, 'utf8'),
    ['exports', 'require', 'module', '__filename', '__dirname'],
    {
      filename: file,
    },
  );
  body(module.exports, require, module, file, join(file, '..'));
  const [[exposedAs, api]] = [...exposed.entries()] as [[string, PaydeskApi]];
  return { api, exposedAs };
}

describe('the built app, booted against a stand-in for Electron', () => {
  const home = freshHome();
  let child: BootChild;
  let paydesk: PaydeskApi;
  let sandboxOrigin: string;
  let supervisor: TestOperator;
  const tradeNos: { approved?: string; threeDs?: string } = {};

  beforeAll(async () => {
    child = startBootChild({ mainBundle: app.mainBundle, home, keychain: 'session' });
    await child.notice('loaded');
    // Nothing opens before someone signs in: the desk's first supervisor, enrolled as on a first start.
    supervisor = await enrolFirstSupervisor(callerOf(child), TEST_SUPERVISOR, () => Date.now());
  });

  afterAll(() => {
    child.kill();
    rmSync(home, { recursive: true, force: true });
  });

  it('takes the single-instance lock and registers the sandbox and app:// before ready, then opens its window', async () => {
    const { timeline, menu } = await child.snapshot();
    expect(timeline.slice(0, 8)).toEqual([
      'app.requestSingleInstanceLock → true',
      'app.enableSandbox',
      'protocol.registerSchemesAsPrivileged app',
      'app ready',
      'Menu.setApplicationMenu',
      'protocol.handle app',
      'new BrowserWindow #1',
      `BrowserWindow #1 loadURL ${APP_ENTRY}`,
    ]);
    expect(existsSync(join(userDataOf(home), 'history.sqlite'))).toBe(true);
    // Paydesk's own menu, not Electron's default (Reload, DevTools, in English): Edit and its keys.
    expect(menu).toEqual([
      {
        label: 'Edit',
        submenu: [
          { role: 'undo', label: 'Undo' },
          { role: 'redo', label: 'Redo' },
          { type: 'separator' },
          { role: 'cut', label: 'Cut' },
          { role: 'copy', label: 'Copy' },
          { role: 'paste', label: 'Paste' },
          { type: 'separator' },
          { role: 'selectAll', label: 'Select all' },
        ],
      },
    ]);
  });

  it('creates the app window hidden until its first paint, hardened, with a CommonJS preload that exposes only window.paydesk', async () => {
    const { appWindow } = await windowsOf(child);
    expect(appWindow.options).toMatchObject({ show: false, title: 'Paydesk' });
    expect(appWindow.visible).toBe(false);
    expect(appWindow.webPreferences).toMatchObject(HARDENED);
    // Not packaged (this is how electron-vite dev and preview start it): DevTools stay available.
    expect(appWindow.webPreferences.devTools).toBe(true);
    expect(appWindow.sessionPartition).toBeUndefined();

    const preload = appWindow.webPreferences.preload as string;
    expect(preload).toBe(app.preload);
    expect(existsSync(preload)).toBe(true);
    const { api, exposedAs } = runPreload(child, preload);
    expect(exposedAs).toBe('paydesk');
    expect(Object.keys(api).sort()).toEqual(['invoke', 'on', 'openKycFile']);
    paydesk = api;

    const shown = await child.command<WindowView>({
      type: 'window',
      windowId: appWindow.id,
      action: 'ready-to-show',
    });
    expect(shown.visible).toBe(true);
  });

  it('serves the renderer on app://paydesk/ with its CSP, and refuses anything outside the renderer folder', async () => {
    const request = (url: string, method?: string) =>
      child.command<ServedResponse>({ type: 'request', url, method });
    const index = await request(APP_ENTRY);
    expect(index.status).toBe(200);
    expect(index.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(index.body).toBe(readFileSync(join(app.rendererDir, 'index.html'), 'utf8'));
    const csp = index.headers['content-security-policy'] ?? '';
    expect(csp.split('; ')).toEqual(
      expect.arrayContaining([
        "default-src 'self'",
        "script-src 'self'",
        "connect-src 'self'",
        "frame-src 'none'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'none'",
      ]),
    );
    expect(await request('app://paydesk/')).toMatchObject({ status: 200, body: index.body });

    // The page's own script and styles, as it references them.
    const assets = [...index.body.matchAll(/(?:src|href)="\.?(\/assets\/[^"]+)"/g)].map((match) => match[1]!);
    expect(assets.some((asset) => asset.endsWith('.js'))).toBe(true);
    for (const asset of assets) {
      const served = await request(`app://paydesk${asset}`);
      expect(served.status, asset).toBe(200);
      expect(served.headers['content-type'], asset).toMatch(/^text\/(javascript|css)/);
      expect(served.headers['content-security-policy'], asset).toBe(csp);
    }

    const mainBundle = readFileSync(app.mainBundle, 'utf8');
    for (const outside of [
      'app://paydesk/..%2fmain%2findex.js',
      'app://paydesk/%2e%2e/preload/index.cjs',
      'app://paydesk/assets/..%2f..%2f..%2fpackage.json',
      'app://paydesk/%00index.html',
      'app://paydesk/no-such-file.js',
      'app://elsewhere/index.html',
    ]) {
      const refused = await request(outside);
      expect(refused.status, outside).toBe(404);
      expect(refused.body, outside).not.toContain(mainBundle.slice(0, 200));
    }
    expect((await request(APP_ENTRY, 'POST')).status).toBe(404);

    // Whatever else the default session loads gets the same policy.
    const hooked = await child.command<{ responseHeaders: Record<string, string[]> }>({
      type: 'response-headers',
      url: 'http://127.0.0.1:5173/',
      headers: { 'content-type': ['text/html'] },
    });
    expect(hooked.responseHeaders['Content-Security-Policy']).toEqual([csp]);
  });

  it('keeps the app window on its page: navigation and popups are refused, permissions denied', async () => {
    const { appWindow } = await windowsOf(child);
    for (const url of ['https://attacker.example/', 'file:///etc/passwd', 'app://paydesk/other.html']) {
      expect(
        await child.command({ type: 'navigate', windowId: appWindow.id, event: 'will-navigate', url }),
        url,
      ).toEqual({ prevented: true });
    }
    expect(
      await child.command({ type: 'open-popup', windowId: appWindow.id, url: 'https://attacker.example/' }),
    ).toEqual({ action: 'deny' });
    const { sessions } = await child.snapshot();
    expect(sessions[0]).toMatchObject({
      partition: '',
      grantsPermissionRequest: false,
      passesPermissionCheck: false,
      hooksResponseHeaders: true,
    });
  });

  it('guards web contents it never opened itself (DevTools, a webview): no new windows, no webviews', async () => {
    expect(await child.command({ type: 'foreign-web-contents' })).toEqual({
      windowOpen: { action: 'deny' },
      webviewPrevented: true,
    });
  });

  it('downloads in the app window only its own exports (a Blob of its page), nothing from elsewhere', async () => {
    const download = (url: string) =>
      child.command<{ prevented: boolean }>({ type: 'download', partition: '', url });
    expect(await download('https://attacker.example/invoice.pdf.exe')).toMatchObject({ prevented: true });
    expect(await download('blob:https://attacker.example/0b6e1b8e')).toMatchObject({ prevented: true });
    expect(await download('data:application/octet-stream;base64,TVo=')).toMatchObject({ prevented: true });
    // History's and KYC's CSV exports (lib/download.ts).
    expect(await download('blob:app://paydesk/0b6e1b8e-52c4-4a57-9b4e-8d0d1c8f1c55')).toMatchObject({
      prevented: false,
    });
  });

  it('binds every channel of the contract, answering only the app window’s top frame on the app origin', async () => {
    const { handledChannels, listenedChannels } = await child.snapshot();
    expect([...handledChannels].sort()).toEqual(
      [...IPC_CHANNEL_NAMES, ...IPC_FILE_CHANNEL_NAMES].map((name) => IPC_PREFIX + name).sort(),
    );
    // The one other listener is electron-store's, answering its own renderer helper (unused by Paydesk).
    expect(listenedChannels).toEqual(['electron-store-get-data']);

    for (const channel of [...IPC_CHANNEL_NAMES, ...IPC_FILE_CHANNEL_NAMES]) {
      for (const caller of ['app-sub-frame', 'app-foreign-origin', 'other-window'] as const) {
        const refused = await child.invoke(channel, undefined, caller);
        expect(refused, `${channel} from ${caller}`).toMatchObject({
          ok: false,
          error: { kind: 'forbidden' },
        });
      }
    }
    const info = await paydesk.invoke('app.info');
    expect(info).toMatchObject({ ok: true, data: { version: '0.1.0', bankPageView: 'window' } });
  });

  it('opens a KYC file dropped from disk by its path: the preload finds it, the built worker reads it', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'paydesk-boot-kyc-'));
    try {
      const path = join(folder, 'dropped.csv');
      const text = kycCsv([0, 1, 2].map(kycRecord));
      writeFileSync(path, text);
      const dropped = new File([text], 'dropped.csv');
      ON_DISK.set(dropped, path);
      const opened = await paydesk.openKycFile(dropped);
      // Answered once read, its rows then checked in the built workers (kyc.checked tells the page).
      expect(opened).toMatchObject({ ok: true, data: { fileName: 'dropped.csv', counts: { total: 3 } } });
      if (!opened.ok) throw new Error(opened.error.message);
      await expect
        .poll(async () => {
          const page = await paydesk.invoke('kyc.rows', { batchId: opened.data.batchId });
          return page.ok ? page.data.counts : page.error;
        })
        .toMatchObject({ total: 3, valid: 3, checking: 0 });
      // A File the page made has no path: refused in the preload, main never asked.
      const made = await paydesk.openKycFile(new File([text], path));
      expect(made).toMatchObject({ ok: false, error: { kind: 'invalid' } });
      // And a page cannot name a path through invoke.
      await expect(
        (paydesk.invoke as (channel: string, input: unknown) => Promise<unknown>)('kyc.openPath', { path }),
      ).rejects.toThrow(/Unknown Paydesk channel/);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('sends a pay-in through the bound handler to the embedded sandbox and into history', async () => {
    const result = await paydesk.invoke('payin.submit', payIn(approvingCard));
    if (!result.ok) throw new Error(result.error.message);
    expect(result.data).toMatchObject({ status: 'approved', maskedPan: '424242******4242' });
    expect(result.data.orderId).toBeTruthy();
    tradeNos.approved = result.data.merchantTradeNo;

    const page = await paydesk.invoke('history.query', { text: result.data.merchantTradeNo });
    if (!page.ok) throw new Error(page.error.message);
    expect(page.data.rows).toEqual([
      expect.objectContaining({ kind: 'payin', status: 'approved', orderId: result.data.orderId }),
    ]);

    // The built main finds its PDF library and the embedded font outside the bundle, and its catalogues in it.
    const receipt = await paydesk.invoke('payin.receiptPdf', {
      historyId: result.data.historyId,
      timeZone: 'Europe/Berlin',
      language: 'de',
    });
    if (!receipt.ok) throw new Error(receipt.error.message);
    const words = pdfText(Buffer.from(receipt.data.pdfBase64, 'base64'));
    expect(words).toContain(result.data.merchantTradeNo);
    expect(words).toContain('ZAHLUNGSBELEG');
  });

  it('opens a 3-D Secure page in its own window (own partition, no preload) and cancels the pay-in when it is closed', async () => {
    const submitted = await paydesk.invoke('payin.submit', payIn(threeDsCard));
    if (!submitted.ok) throw new Error(submitted.error.message);
    const { historyId, bankPage, merchantTradeNo } = submitted.data;
    expect(submitted.data.status).toBe('action_required');
    expect(bankPage?.kind).toBe('3ds');
    tradeNos.threeDs = merchantTradeNo;

    const { appWindow, others } = await windowsOf(child);
    expect(others).toHaveLength(1);
    const bank = others[0]!;
    expect(bank.parentId).toBe(appWindow.id);
    expect(bank.options).toMatchObject({ modal: true, title: 'Bank verification' });
    expect(bank.webPreferences).toMatchObject(HARDENED);
    expect(bank.webPreferences.preload).toBeUndefined();
    // Whatever the bank page offers, nothing is downloaded.
    for (const url of ['https://bank.example/statement.pdf', `blob:${new URL(bankPage!.url).origin}/1`]) {
      expect(
        await child.command({ type: 'download', partition: bank.sessionPartition!, url }),
        url,
      ).toMatchObject({ prevented: true });
    }
    // An in-memory partition of its own: no cookie or storage shared with the app or a later bank page.
    expect(bank.sessionPartition).toMatch(/^bank-page-[0-9a-f-]{36}$/);
    const { sessions } = await child.snapshot();
    expect(sessions.find((candidate) => candidate.partition === bank.sessionPartition)).toMatchObject({
      cache: false,
      grantsPermissionRequest: false,
      passesPermissionCheck: false,
    });
    expect(bank.loadedUrls).toEqual([bankPage!.url]);
    const guard = (url: string) =>
      child.command({ type: 'navigate', windowId: bank.id, event: 'will-navigate', url });
    expect(await guard('file:///etc/passwd')).toEqual({ prevented: true });
    expect(await guard('https://bank.example/acs/step-2')).toEqual({ prevented: false });
    expect(await child.command({ type: 'open-popup', windowId: bank.id, url: 'https://x.example/' })).toEqual(
      {
        action: 'deny',
      },
    );

    // What the window loads, as Chromium would (once: the address is single-use), is the gateway's page, and
    // its form goes to the embedded sandbox, whose challenge page for this order answers.
    const page = await (await fetch(bankPage!.url)).text();
    const action = /<form[^>]*action="([^"]+)"/i.exec(page)?.[1]?.replaceAll('&amp;', '&');
    expect(action).toMatch(/\/_sandbox\/acs\//);
    sandboxOrigin = new URL(action!).origin;
    const challenge = await fetch(action!);
    expect(challenge.status).toBe(200);
    expect(await challenge.text()).toMatch(/One-time code/i);
    expect(merchantTradeNo).toBeTruthy();

    // The result panel's "Bring to front" reaches this window.
    const focused = await paydesk.invoke('payin.focusBankPage', { historyId });
    expect(focused).toEqual({ ok: true, data: { focused: true } });
    expect((await windowsOf(child)).others[0]).toMatchObject({ focusCount: bank.focusCount + 1 });

    await child.command({ type: 'window', windowId: bank.id, action: 'close' });
    await expect
      .poll(async () => {
        const detail = await paydesk.invoke('history.get', { id: historyId });
        return detail.ok ? detail.data.row.status : detail.error.kind;
      })
      .toBe('outcome_unknown');
    const { sent } = await child.snapshot();
    expect(sent).toContainEqual({
      windowId: appWindow.id,
      channel: `${IPC_PREFIX}payin.changed`,
      payload: [expect.objectContaining({ historyId, status: 'outcome_unknown' })],
    });
  });

  it('Cancel in the result panel closes the bank window, and the pay-in is cancelled once', async () => {
    const submitted = await paydesk.invoke('payin.submit', payIn(threeDsCard));
    if (!submitted.ok) throw new Error(submitted.error.message);
    const { historyId } = submitted.data;
    const bank = (await windowsOf(child)).others.find((window) => !window.destroyed);
    expect(bank).toBeDefined();
    const cancelled = await paydesk.invoke('payin.cancelBankPage', { historyId });
    expect(cancelled).toMatchObject({ ok: true, data: { status: 'outcome_unknown' } });
    expect((await windowsOf(child)).others.find((window) => window.id === bank!.id)).toMatchObject({
      destroyed: true,
    });
    expect(await paydesk.invoke('payin.focusBankPage', { historyId })).toEqual({
      ok: true,
      data: { focused: false },
    });
    const detail = await paydesk.invoke('history.get', { id: historyId });
    if (!detail.ok) throw new Error(detail.error.message);
    expect(detail.data.timeline.filter((entry) => entry.event === 'payin.bank_page_closed')).toHaveLength(1);
  });

  it("closes the bank window on the profile's notification service return page, recording the hint", async () => {
    const service = 'https://notify.example.com/paydesk';
    const must = <T>(result: { ok: true; data: T } | { ok: false; error: { message: string } }): T => {
      if (!result.ok) throw new Error(result.error.message);
      return result.data;
    };
    // A team connection (nothing listens on port 1: team mode waits) lets a profile name a service.
    must(
      await paydesk.invoke('settings.setTeam', {
        connection: { host: '127.0.0.1', port: 1, database: 'paydesk_team', user: 'desk_boot' },
      }),
    );
    must(
      await paydesk.invoke('profiles.save', {
        id: 'sandbox-notified',
        name: 'Sandbox via its service',
        environment: 'sandbox',
        embeddedSandbox: true,
        merchantId: 100001,
        notificationService: { baseUrl: service },
      }),
    );
    must(await paydesk.invoke('profiles.activate', { id: 'sandbox-notified' }));
    try {
      const { historyId } = must(await paydesk.invoke('payin.submit', payIn(threeDsCard)));
      const bank = (await windowsOf(child)).others.find((window) => !window.destroyed);
      expect(bank).toBeDefined();
      const navigate = (event: 'will-navigate' | 'will-redirect', url: string) =>
        child.command({ type: 'navigate', windowId: bank!.id, event, url });
      // A look-alike host is no return: the window stays.
      await navigate(
        'will-redirect',
        'https://notify.example.com.evil.example/paydesk/return?status=COMPLETED',
      );
      expect((await windowsOf(child)).others.find((window) => window.id === bank!.id)).toMatchObject({
        destroyed: false,
      });
      await navigate('will-redirect', `${service}/return?orderStatus=2&status=COMPLETED`);
      await expect
        .poll(async () => (await windowsOf(child)).others.find((window) => window.id === bank!.id)?.destroyed)
        .toBe(true);
      const detail = must(await paydesk.invoke('history.get', { id: historyId }));
      // The hint only: awaiting the gateway's confirmation, not cancelled, not settled.
      expect(detail.row.status).toBe('awaiting_confirmation');
      expect(detail.timeline.filter((entry) => entry.event === 'payin.browser_return')).toHaveLength(1);
      expect(detail.timeline.filter((entry) => entry.event === 'payin.bank_page_closed')).toHaveLength(0);
    } finally {
      must(await paydesk.invoke('profiles.activate', { id: 'sandbox' }));
      must(await paydesk.invoke('profiles.remove', { id: 'sandbox-notified' }));
      must(await paydesk.invoke('settings.setTeam', { connection: null }));
    }
  });

  it("the embedded sandbox's inspection (orders, every KYC record) answers no process without this run's token", async () => {
    for (const path of [
      `/_sandbox/orders?merchantTradeNo=${tradeNos.approved}`,
      '/_sandbox/kyc?merchantId=100001',
    ]) {
      const answer = await fetch(`${sandboxOrigin}${path}`);
      expect(answer.status).toBe(401);
      expect(await answer.text()).not.toContain(tradeNos.approved!);
      const guessed = await fetch(`${sandboxOrigin}${path}`, { headers: { authorization: 'Bearer guess' } });
      expect(guessed.status).toBe(401);
    }
  });

  it('locking the computer locks Paydesk; the same operator signs in again to go on', async () => {
    await child.command({ type: 'power', event: 'lock-screen' });
    expect(await paydesk.invoke('session.status')).toMatchObject({
      ok: true,
      data: { kind: 'signed-in', locked: true, operator: { id: supervisor.id } },
    });
    expect(await paydesk.invoke('history.query', {})).toMatchObject({ ok: false, error: { kind: 'locked' } });
    const { sent } = await child.snapshot();
    expect(sent).toContainEqual(
      expect.objectContaining({
        channel: `${IPC_PREFIX}session.changed`,
        payload: expect.objectContaining({ kind: 'signed-in', locked: true }),
      }),
    );
    expect(await signIn(callerOf(child), supervisor, () => Date.now())).toMatchObject({ locked: false });
  });

  it('a second launch with the same user data quits without opening anything, and the first comes to the front', async () => {
    const { appWindow } = await windowsOf(child);
    await child.command({ type: 'window', windowId: appWindow.id, action: 'minimize' });

    const second = startBootChild({ mainBundle: app.mainBundle, home });
    try {
      const quit = await second.notice('quit');
      expect(quit.timeline).toEqual(['app.requestSingleInstanceLock → false', 'app.quit']);
      expect(await second.exited).toEqual({ code: 0, signal: null });
    } finally {
      second.kill();
    }

    // Chromium hands the second launch's command line to the first instance.
    await child.command({ type: 'second-instance', argv: ['paydesk'], workingDirectory: home });
    const { appWindow: after } = await windowsOf(child);
    expect(after).toMatchObject({ minimized: false, visible: true, focusCount: appWindow.focusCount + 1 });
  });

  it('on window-all-closed closes history, the return listener and the sandbox, quits, and the process ends by itself', async () => {
    const { appWindow } = await windowsOf(child);
    await child.command({ type: 'window', windowId: appWindow.id, action: 'close' });
    const quit = await child.notice('quit');
    expect(quit.timeline.slice(-2)).toEqual([`BrowserWindow #${appWindow.id} closed`, 'app.quit']);
    // Nothing is killed: a server, socket, timer or worker left open would keep the process alive.
    const ended = await Promise.race([
      child.exited,
      new Promise((resolve) => setTimeout(() => resolve('still running 10 s after quit'), 10_000)),
    ]);
    expect(ended, child.output()).toEqual({ code: 0, signal: null });
    await expect(fetch(`${sandboxOrigin}/_sandbox/orders`)).rejects.toThrow();

    // History was closed, not abandoned: SQLite folded its write-ahead log back in, and a restart finds both
    // pay-ins as they were left.
    const historyFile = join(userDataOf(home), 'history.sqlite');
    expect(existsSync(historyFile)).toBe(true);
    expect(existsSync(`${historyFile}-wal`)).toBe(false);
    const restarted = startBootChild({ mainBundle: app.mainBundle, home, keychain: 'session' });
    try {
      await restarted.notice('loaded');
      await signIn(callerOf(restarted), supervisor, () => Date.now());
      for (const [tradeNo, status] of [
        [tradeNos.approved, 'approved'],
        [tradeNos.threeDs, 'outcome_unknown'],
      ] as const) {
        const page = await restarted.invoke<{ rows: { status: string }[] }>('history.query', {
          text: tradeNo,
        });
        expect(page, tradeNo).toMatchObject({ ok: true, data: { rows: [{ status }] } });
      }
      await restarted.command({ type: 'window', windowId: 1, action: 'close' });
      expect(await restarted.exited).toEqual({ code: 0, signal: null });
    } finally {
      restarted.kill();
    }
  });
});

describe('the built app stopped by a signal, twice in a row', () => {
  const home = freshHome();
  afterAll(() => rmSync(home, { recursive: true, force: true }));

  it('closes once, takes the final backup before the history closes, quits, and leaves no WAL or .partial', async () => {
    const child = startBootChild({ mainBundle: app.mainBundle, home, keychain: 'session' });
    try {
      await child.notice('loaded');
      await enrolFirstSupervisor(callerOf(child), TEST_SUPERVISOR, () => Date.now());
      for (let i = 0; i < 3; i++) {
        const result = await child.invoke<{ status: string }>('payin.submit', payIn(approvingCard));
        expect(result).toMatchObject({ ok: true, data: { status: 'approved' } });
      }
      // As when-exit (electron-store → conf → atomically) does after its own handler: the signal again.
      child.signal('SIGTERM');
      child.signal('SIGTERM');
      const quit = await child.notice('quit');
      expect(quit.timeline.filter((line) => line === 'app.quit')).toEqual(['app.quit']);
      expect(await child.exited, child.output()).toEqual({ code: 0, signal: null });
    } finally {
      child.kill();
    }
    const historyFile = join(userDataOf(home), 'history.sqlite');
    expect(existsSync(`${historyFile}-wal`)).toBe(false);
    const backupsDir = join(userDataOf(home), 'backups');
    const names = readdirSync(backupsDir);
    expect(names.filter((name) => name.includes('.partial'))).toEqual([]);
    expect(names).toHaveLength(1);
    const backup = new DatabaseSync(join(backupsDir, names[0]!), { readOnly: true });
    try {
      expect(backup.prepare('SELECT count(*) AS n FROM history_rows').get()).toEqual({ n: 3 });
    } finally {
      backup.close();
    }
  });
});

describe('a packaged app whose settings file is not JSON', () => {
  const home = freshHome();
  afterAll(() => rmSync(home, { recursive: true, force: true }));

  it('sets the file aside, starts with the defaults and says so; DevTools are off', async () => {
    const settingsFile = join(userDataOf(home), 'settings.json');
    const damaged = '{"settings": {"operatorName": "Jane Doe", "profiles": [{"id": "live"';
    mkdirSync(userDataOf(home), { recursive: true });
    writeFileSync(settingsFile, damaged);
    const child = startBootChild({ mainBundle: app.mainBundle, home, packaged: true, keychain: 'session' });
    try {
      await child.notice('loaded');
      const { appWindow } = await windowsOf(child);
      expect(appWindow.webPreferences).toMatchObject({ ...HARDENED, devTools: false });
      await enrolFirstSupervisor(callerOf(child), TEST_SUPERVISOR, () => Date.now());

      const view = await child.invoke<SettingsView>('settings.get');
      if (!view.ok) throw new Error(view.error.message);
      expect(view.data.settings).toMatchObject({ operatorName: '', activeProfileId: 'sandbox' });
      expect(view.data.notices).toEqual([
        {
          kind: 'file_unreadable',
          message: expect.stringMatching(/settings file could not be read/),
          backupFile: expect.stringMatching(/settings\.backup-.+\.json$/),
          words: { key: 'settings.notice.unreadable' },
        },
      ]);
      const backupFile = view.data.notices[0]!.backupFile!;
      expect(readFileSync(backupFile, 'utf8')).toBe(damaged);
      expect(join(backupFile, '..')).toBe(userDataOf(home));

      // A 3-D Secure page's window is packaged too: no DevTools.
      const submitted = await child.invoke<{ bankPage?: unknown }>('payin.submit', payIn(threeDsCard));
      expect(submitted).toMatchObject({ ok: true, data: { bankPage: expect.anything() } });
      const { others } = await windowsOf(child);
      expect(others[0]?.webPreferences).toMatchObject({ devTools: false });

      await child.command({ type: 'window', windowId: appWindow.id, action: 'close' });
      expect(await child.exited).toEqual({ code: 0, signal: null });
    } finally {
      child.kill();
    }
  });
});

describe('the operator accounts on the OS keychain, over restarts', () => {
  // These children use the keyring session scripts/with-keyring.sh started for the boot tests: Paydesk's
  // own entries, per data folder, in a keyring of this run's.
  const home = freshHome();
  afterAll(() => rmSync(home, { recursive: true, force: true }));

  async function started(keychain: 'none' | 'session'): Promise<BootChild> {
    const child = startBootChild({ mainBundle: app.mainBundle, home, keychain });
    await child.notice('loaded');
    return child;
  }

  async function closed(child: BootChild): Promise<void> {
    await child.command({ type: 'window', windowId: 1, action: 'close' });
    expect(await child.exited).toEqual({ code: 0, signal: null });
  }

  it('an account locked after 10 wrong sign-ins stays locked over a restart', async () => {
    const child = await started('session');
    let supervisor: TestOperator;
    try {
      supervisor = await enrolFirstSupervisor(callerOf(child), TEST_SUPERVISOR, () => Date.now());
      await child.invoke('session.signOut');
      for (let attempt = 1; attempt <= 10; attempt += 1) {
        await child.invoke('session.signIn', {
          operatorId: supervisor.id,
          passphrase: `wrong passphrase ${attempt}`,
          code: '000000',
        });
      }
      await closed(child);
    } finally {
      child.kill();
    }

    const again = await started('session');
    try {
      expect(await again.invoke('session.status')).toMatchObject({ ok: true, data: { kind: 'signed-out' } });
      expect(
        await again.invoke('session.signIn', {
          operatorId: supervisor.id,
          passphrase: supervisor.passphrase,
          code: await nextCode(supervisor.secret!, () => Date.now()),
        }),
      ).toMatchObject({
        ok: false,
        error: { kind: 'locked', message: expect.stringMatching(/10 failed sign-ins/) },
      });
      await closed(again);
    } finally {
      again.kill();
    }
  });

  it('started without its keychain, the desk opens for nobody and says what to do', async () => {
    const child = await started('none');
    try {
      const status = await child.invoke<{ kind: string; message?: string }>('session.status');
      expect(status).toMatchObject({ ok: true, data: { kind: 'damaged' } });
      expect(status.ok && status.data.message).toMatch(
        /keychain, which keeps the key of the operator accounts/,
      );
      expect(await child.invoke('history.query', {})).toMatchObject({ ok: false, error: { kind: 'locked' } });
      expect(await child.invoke('settings.get')).toMatchObject({ ok: false, error: { kind: 'locked' } });
      await closed(child);
    } finally {
      child.kill();
    }
  });
});

describe('a start-up that fails', () => {
  it('quits instead of leaving a process with no window, and says why', async () => {
    const home = freshHome();
    // A folder where the history file should be: SQLite cannot open it.
    mkdirSync(join(userDataOf(home), 'history.sqlite'), { recursive: true });
    const child = startBootChild({ mainBundle: app.mainBundle, home });
    try {
      const quit = await child.notice('quit');
      expect(quit.timeline.filter((entry) => entry.startsWith('new BrowserWindow'))).toEqual([]);
      expect(quit.timeline.at(-1)).toBe('app.quit');
      expect(await child.exited).toEqual({ code: 0, signal: null });
      expect(child.output()).toContain('Paydesk failed to start');
      // The operator sees why, instead of nothing at all.
      expect(quit.timeline).toContain('dialog.showErrorBox Paydesk could not start');
      expect(quit.dialogs).toEqual([
        {
          title: 'Paydesk could not start',
          content: expect.stringMatching(/unable to open database file[\s\S]*Nothing was sent to a gateway/),
        },
      ]);
      expect(quit.dialogs[0]?.content).toContain(join(userDataOf(home), 'logs', 'paydesk.log'));
    } finally {
      child.kill();
      rmSync(home, { recursive: true, force: true });
    }
  });
  it('a history written by a newer Paydesk: a dialog that names its version, the file untouched', async () => {
    const home = freshHome();
    mkdirSync(userDataOf(home), { recursive: true });
    const file = join(userDataOf(home), 'history.sqlite');
    const db = new DatabaseSync(file);
    db.exec('CREATE TABLE history_rows (id INTEGER PRIMARY KEY); PRAGMA user_version = 99;');
    db.close();
    const before = readFileSync(file);
    const child = startBootChild({ mainBundle: app.mainBundle, home });
    try {
      const quit = await child.notice('quit');
      expect(quit.timeline.filter((entry) => entry.startsWith('new BrowserWindow'))).toEqual([]);
      expect(quit.dialogs).toEqual([
        {
          title: 'This history was written by a newer Paydesk',
          content: expect.stringMatching(/schema version 99[\s\S]*Nothing was sent to a gateway/),
        },
      ]);
      expect(readFileSync(file).equals(before)).toBe(true);
    } finally {
      child.kill();
      rmSync(home, { recursive: true, force: true });
    }
  });
});
