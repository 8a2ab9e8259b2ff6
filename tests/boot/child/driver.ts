// Runs in the app's child process beside the stand-in: does what the parent asks, as Electron would drive
// the app (a renderer's IPC call from a given frame, a request on the app's scheme, a window closed, the
// screen locked), and answers with what the app did. When the app quits, it lets go of the IPC channel, so
// that the process ends by itself only if the app closed everything it opened.
import {
  allSessions,
  app,
  BrowserWindow,
  ipcMain,
  powerMonitor,
  protocol,
  StandInEvent,
  StandInFrame,
  type StandInSession,
  StandInWebContents,
} from './electron-stand-in.ts';
import type {
  BootCommand,
  BootMessage,
  Caller,
  ServedResponse,
  SessionView,
  Snapshot,
  WindowView,
} from './protocol.ts';
import { recorder } from './recorder.ts';

const send = (message: BootMessage, then?: () => void) => {
  if (!process.send) throw new Error('the boot driver needs an IPC channel to its parent (fork it)');
  process.send(message, undefined, undefined, then);
};

let commandsInFlight = 0;
let quitSeen = false;

/** After quit, and once every command has its answer: the IPC channel was the driver's only handle. */
function letGoIfDone(): void {
  if (!quitSeen || commandsInFlight > 0 || !process.connected) return;
  process.disconnect();
  // Should the process not end, say what keeps it alive (the parent reports it with the failure).
  setTimeout(() => {
    process.stderr.write(`still alive after quit: ${JSON.stringify(process.getActiveResourcesInfo())}\n`);
  }, 3_000).unref();
}

recorder.notify = (notice) => {
  if (notice.type !== 'quit') return send(notice);
  quitSeen = true;
  send(notice, letGoIfDone);
};

function windowById(id: number) {
  const found = BrowserWindow.everyWindow().find((window) => window.id === id);
  if (!found) throw new Error(`no window #${id}`);
  return found;
}

/** The app window: the first window without a parent. */
function appWindow() {
  const found = BrowserWindow.everyWindow().find((window) => !window.options.parent);
  if (!found) throw new Error('the app has created no window');
  return found;
}

function eventFrom(caller: Caller) {
  const contents = appWindow().webContents;
  switch (caller) {
    case 'app':
    case 'app-foreign-origin':
      return { sender: contents, senderFrame: contents.mainFrame };
    case 'app-sub-frame':
      return { sender: contents, senderFrame: new StandInFrame(contents.mainFrame.url, contents.mainFrame) };
    case 'other-window': {
      // Another window's contents showing the app's own page: still not the app window.
      const other = new StandInWebContents(0);
      other.mainFrame.url = contents.mainFrame.url;
      return { sender: other, senderFrame: other.mainFrame };
    }
  }
}

async function invoke(channel: string, input: unknown, caller: Caller): Promise<unknown> {
  const handler = ipcMain.handlers.get(channel);
  if (!handler) throw new Error(`no ipcMain handler for ${channel}`);
  const event = eventFrom(caller);
  const frame = appWindow().webContents.mainFrame;
  const appUrl = frame.url;
  // The app window's top frame after navigating elsewhere (which the window should not allow anyway).
  if (caller === 'app-foreign-origin') frame.url = 'https://attacker.example/';
  try {
    // Electron copies arguments and answers with the structured clone algorithm.
    return structuredClone(await handler(event as never, structuredClone(input)));
  } finally {
    frame.url = appUrl;
  }
}

async function request(url: string, method = 'GET'): Promise<ServedResponse> {
  const scheme = new URL(url).protocol.slice(0, -1);
  const handler = protocol.handlers.get(scheme);
  if (!handler) throw new Error(`no protocol handler for ${scheme}:`);
  const response = await handler(new Request(url, { method }));
  return {
    status: response.status,
    headers: Object.fromEntries(response.headers),
    body: await response.text(),
  };
}

function responseHeaders(url: string, headers: Record<string, string[]>) {
  const listener = allSessions()[0]?.webRequest.headersListener;
  if (!listener) return undefined;
  let answer: unknown;
  listener({ url, responseHeaders: headers } as never, (response) => {
    answer = response;
  });
  return answer;
}

function sessionView(target: StandInSession): SessionView {
  let granted: boolean | undefined;
  target.permissionRequestHandler?.(
    {} as never,
    'media',
    (permission) => {
      granted = permission;
    },
    {} as never,
  );
  return {
    partition: target.partition,
    cache: target.options?.cache,
    grantsPermissionRequest: granted,
    passesPermissionCheck: target.permissionCheckHandler?.(
      null,
      'media',
      'https://bank.example',
      {} as never,
    ),
    hooksResponseHeaders: target.webRequest.headersListener !== null,
  };
}

function windowView(window: InstanceType<typeof BrowserWindow>): WindowView {
  const { parent, webPreferences = {}, ...options } = window.options;
  const { session, ...preferences } = webPreferences;
  return {
    id: window.id,
    parentId: (parent as unknown as { id: number } | undefined)?.id,
    options,
    webPreferences: preferences,
    sessionPartition: (session as unknown as StandInSession | undefined)?.partition,
    loadedUrls: [...window.loadedUrls],
    visible: window.visible,
    minimized: window.minimized,
    focusCount: window.focusCount,
    destroyed: window.destroyed,
  };
}

function snapshot(): Snapshot {
  return {
    timeline: [...recorder.timeline],
    windows: BrowserWindow.everyWindow().map(windowView),
    sessions: allSessions().map(sessionView),
    handledChannels: [...ipcMain.handlers.keys()],
    listenedChannels: ipcMain.eventNames().map(String),
    protocolSchemes: [...protocol.handlers.keys()],
    sent: structuredClone(recorder.sent),
    menu: structuredClone(recorder.menu),
  };
}

async function run(command: BootCommand): Promise<unknown> {
  switch (command.type) {
    case 'snapshot':
      return snapshot();
    case 'invoke':
      return invoke(command.channel, command.input, command.caller);
    case 'request':
      return request(command.url, command.method);
    case 'response-headers':
      return responseHeaders(command.url, command.headers);
    case 'window': {
      const window = windowById(command.windowId);
      if (command.action === 'ready-to-show') window.emit('ready-to-show');
      else if (command.action === 'minimize') window.minimize();
      else window.close();
      return windowView(window);
    }
    case 'navigate': {
      const event = new StandInEvent(command.url);
      windowById(command.windowId).webContents.emit(command.event, event, command.url);
      return { prevented: event.defaultPrevented };
    }
    case 'open-popup': {
      const handler = windowById(command.windowId).webContents.windowOpenHandler;
      return handler?.({ url: command.url } as never);
    }
    case 'power':
      powerMonitor.emit(command.event);
      return undefined;
    case 'download': {
      const target = allSessions().find((candidate) => candidate.partition === command.partition);
      if (!target) throw new Error(`no session '${command.partition}'`);
      const event = new StandInEvent(command.url);
      target.emit('will-download', event, { getURL: () => command.url }, null);
      return { prevented: event.defaultPrevented, listeners: target.listenerCount('will-download') };
    }
    case 'foreign-web-contents': {
      const contents = new StandInWebContents(0);
      app.emit('web-contents-created', new StandInEvent(), contents);
      const attach = new StandInEvent('about:blank');
      contents.emit('will-attach-webview', attach, {}, {});
      return {
        windowOpen: contents.windowOpenHandler?.({ url: 'https://x.example/' } as never),
        webviewPrevented: attach.defaultPrevented,
      };
    }
    case 'second-instance':
      app.emit('second-instance', new StandInEvent(), command.argv, command.workingDirectory, {});
      return undefined;
  }
}

process.on('message', (raw) => {
  const { id, command } = raw as { id: number; command: BootCommand };
  commandsInFlight += 1;
  const answer = (message: BootMessage) =>
    send(message, () => {
      commandsInFlight -= 1;
      letGoIfDone();
    });
  run(command).then(
    (value) => answer({ type: 'answer', id, ok: true, value }),
    (error: unknown) =>
      answer({
        type: 'answer',
        id,
        ok: false,
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      }),
  );
});
