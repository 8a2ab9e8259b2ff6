// Starts the built main bundle in a child Node 24 process, as Electron would start it, with 'electron'
// resolved to the recording stand-in (child/boot-hook.ts), and talks to it over the IPC channel. The child
// gets a home folder of its own and no keychain, so it never touches the user's data or secrets.
import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import { IPC_PREFIX, type IpcResult } from '@shared/ipc';
import type { BootCommand, BootMessage, BootNotice, Caller, Snapshot } from '../../boot/child/protocol';
import { PROJECT_ROOT } from './build';

const BOOT_HOOK = new URL('../../boot/child/boot-hook.ts', import.meta.url).href;

export interface BootChild {
  readonly process: ChildProcess;
  /** Resolves with the first notice of that type, past or future. */
  notice<T extends BootNotice['type']>(type: T): Promise<Extract<BootNotice, { type: T }>>;
  command<T = unknown>(command: BootCommand): Promise<T>;
  snapshot(): Promise<Snapshot>;
  /** A renderer's ipcRenderer.invoke, made by `caller`; the channel without its 'paydesk:' prefix. */
  invoke<T = unknown>(channel: string, input?: unknown, caller?: Caller): Promise<IpcResult<T>>;
  /** Resolves when the process has ended, by itself or not. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** What it printed, for a failing test's message. */
  output(): string;
  /** Sends the process a signal, as a logout or `kill` would. */
  signal(signal: NodeJS.Signals): void;
  kill(): void;
}

interface BootChildOptions {
  /** The entry Electron would load: the built main bundle (or the bench's empty app). */
  mainBundle: string;
  home: string;
  /**
   * 'none' (the default): a D-Bus address that leads nowhere, so the app finds no keychain and keeps secrets
   * in memory. 'session': the caller's D-Bus session, for the start-up bench inside scripts/with-keyring.sh.
   */
  keychain?: 'none' | 'session';
  /** Start it as a packaged app (app.isPackaged true). */
  packaged?: boolean;
  /** The OS locale (LANG, as app.getLocale() reads it on Linux); none: en-US. */
  lang?: string;
}

export function startBootChild(options: BootChildOptions): BootChild {
  const child = fork(options.mainBundle, [], {
    cwd: PROJECT_ROOT,
    execArgv: ['--import', BOOT_HOOK],
    serialization: 'advanced',
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    // Nothing of the caller's environment but PATH: no ELECTRON_RENDERER_URL, no NODE_OPTIONS, no XDG folders.
    env: {
      PATH: process.env.PATH ?? '',
      HOME: options.home,
      TMPDIR: process.env.TMPDIR ?? '/tmp',
      DBUS_SESSION_BUS_ADDRESS:
        options.keychain === 'session'
          ? (process.env.DBUS_SESSION_BUS_ADDRESS ?? '')
          : 'unix:path=/nonexistent/paydesk-boot-test',
      ...(options.packaged && { PAYDESK_BOOT_PACKAGED: '1' }),
      ...(options.lang && { LANG: options.lang }),
    },
  });
  let output = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
  });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
  });
  const exited = once(child, 'exit').then(([code, signal]) => ({
    code: code as number | null,
    signal: signal as NodeJS.Signals | null,
  }));

  const notices: BootNotice[] = [];
  const noticeWaiters: { type: string; resolve: (notice: BootNotice) => void }[] = [];
  const answers = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let nextId = 1;

  child.on('message', (message: BootMessage) => {
    if (message.type === 'answer') {
      const waiter = answers.get(message.id);
      answers.delete(message.id);
      if (message.ok) waiter?.resolve(message.value);
      else waiter?.reject(new Error(`the boot child failed a command:\n${message.error}`));
      return;
    }
    notices.push(message);
    for (const waiter of noticeWaiters.filter((candidate) => candidate.type === message.type)) {
      noticeWaiters.splice(noticeWaiters.indexOf(waiter), 1);
      waiter.resolve(message);
    }
  });
  void exited.then(({ code, signal }) => {
    const error = new Error(`the boot child ended (code ${code}, signal ${signal}):\n${output}`);
    for (const waiter of answers.values()) waiter.reject(error);
    answers.clear();
  });

  const command = <T>(payload: BootCommand) =>
    new Promise<T>((resolve, reject) => {
      if (!child.connected) return reject(new Error(`the boot child is not connected:\n${output}`));
      const id = nextId++;
      answers.set(id, { resolve: resolve as (value: unknown) => void, reject });
      child.send({ id, command: payload });
    });

  return {
    process: child,
    notice(type) {
      const seen = notices.find((notice) => notice.type === type);
      if (seen) return Promise.resolve(seen as never);
      return new Promise((resolve, reject) => {
        noticeWaiters.push({ type, resolve: resolve as (notice: BootNotice) => void });
        void exited.then(({ code }) =>
          reject(new Error(`the boot child ended (${code}) before '${type}':\n${output}`)),
        );
      });
    },
    command,
    snapshot: () => command<Snapshot>({ type: 'snapshot' }),
    invoke: <T>(channel: string, input?: unknown, caller: Caller = 'app') =>
      command<IpcResult<T>>({ type: 'invoke', channel: IPC_PREFIX + channel, input, caller }),
    exited,
    output: () => output,
    signal: (signal) => void child.kill(signal),
    kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}
