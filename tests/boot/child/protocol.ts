// The messages between a boot test (or the start-up bench) and the built app in its child process: commands
// that do to the stand-in what Electron would (a renderer's IPC call, a request on app://, a window closed,
// the screen locked), and notices the child sends by itself. Types only: both sides import it.

/** Who makes an IPC call: the app window's top frame, or a caller main must refuse. */
export type Caller = 'app' | 'app-sub-frame' | 'app-foreign-origin' | 'other-window';

/** What a person sees of a menu item (menu-stand-in.ts): its label and role, a separator's type, its items. */
export interface MenuView {
  label?: string;
  role?: string;
  type?: string;
  submenu?: MenuView[];
}

export type BootCommand =
  | { type: 'snapshot' }
  | { type: 'invoke'; channel: string; input?: unknown; caller: Caller }
  /** A request as Chromium would hand it to the handler registered for its scheme. */
  | { type: 'request'; url: string; method?: string }
  /** A response from anywhere passing through the default session's header hook. */
  | { type: 'response-headers'; url: string; headers: Record<string, string[]> }
  | { type: 'window'; windowId: number; action: 'ready-to-show' | 'minimize' | 'close' }
  | { type: 'navigate'; windowId: number; event: 'will-navigate' | 'will-redirect'; url: string }
  | { type: 'open-popup'; windowId: number; url: string }
  | { type: 'power'; event: 'lock-screen' }
  /** A download starting in a session ('' the default one): Paydesk's handler should prevent it. */
  | { type: 'download'; partition: string; url: string }
  /**
   * Web contents Paydesk did not make itself (DevTools, a webview, a window a page opened): Electron
   * announces each with web-contents-created; the answer says what Paydesk's global guard did with it.
   */
  | { type: 'foreign-web-contents' }
  /** What Chromium relays to the first instance when another is started with the same user data. */
  | { type: 'second-instance'; argv: string[]; workingDirectory: string };

export type BootNotice =
  | { type: 'ready'; at: number }
  /** The first BrowserWindow.loadURL: `at` is milliseconds since the child process started. */
  | { type: 'loaded'; at: number; url: string }
  /** app.quit() ran to its end; `timeline` is everything the app asked of Electron until then. */
  | {
      type: 'quit';
      at: number;
      timeline: string[];
      dialogs: { title: string; content: string }[];
      menu: MenuView[] | null | undefined;
    };

export type BootAnswer = { type: 'answer'; id: number } & (
  | { ok: true; value: unknown }
  | { ok: false; error: string }
);

export type BootMessage = BootNotice | BootAnswer;

export interface SessionView {
  /** '' for the default session. */
  partition: string;
  cache: boolean | undefined;
  /** What the session's handlers answer a page that asks for the camera. */
  grantsPermissionRequest: boolean | undefined;
  passesPermissionCheck: boolean | undefined;
  hooksResponseHeaders: boolean;
}

export interface WindowView {
  id: number;
  parentId: number | undefined;
  /** The constructor options as given, with `parent` and `webPreferences.session` left out (see above/below). */
  options: Record<string, unknown>;
  webPreferences: Record<string, unknown>;
  /** The partition of webPreferences.session; undefined when none was given (the default session). */
  sessionPartition: string | undefined;
  loadedUrls: string[];
  visible: boolean;
  minimized: boolean;
  focusCount: number;
  destroyed: boolean;
}

export interface Snapshot {
  /** What the app asked of Electron, in order (e.g. 'app.requestSingleInstanceLock → true'). */
  timeline: string[];
  windows: WindowView[];
  sessions: SessionView[];
  /** ipcMain.handle channels, and ipcMain.on channels. */
  handledChannels: string[];
  listenedChannels: string[];
  protocolSchemes: string[];
  sent: { windowId: number; channel: string; payload: unknown }[];
  /** The application menu the app set; undefined: none set (Electron's default English one shows). */
  menu: MenuView[] | null | undefined;
}

export interface ServedResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}
