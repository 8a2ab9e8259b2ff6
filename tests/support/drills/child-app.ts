// The parent's handle on a Paydesk process started from paydesk-child.ts: call channels as the renderer
// would, collect events, ask for a diagnostic report, and kill it with SIGKILL at a moment of the drill's
// choosing. The child's stdout and stderr go to a file, which the secrets scan reads like any other.
import { type ChildProcess, fork } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import type { ChannelArgs, ChannelOutput, IpcChannel, IpcResult } from '@shared/ipc';
import type { TestOperator } from '../app/sign-in';
import type { ChildMessage, ChildStart, ParentMessage } from './paydesk-child';

const CHILD_SCRIPT = join(import.meta.dirname, 'paydesk-child.ts');
const REPO_ROOT = join(import.meta.dirname, '..', '..', '..');

export interface ChildApp {
  pid: number;
  events: { event: string; payload: unknown }[];
  call<T = unknown>(channel: string, input?: unknown): Promise<IpcResult<T>>;
  /** The call's data, typed by the contract, or an error naming the channel and the failure. */
  data<C extends IpcChannel>(channel: C, ...input: ChannelArgs<C>): Promise<ChannelOutput<C>>;
  /** Resolves once `count` events named `event` have arrived. */
  eventsSeen(event: string, count: number): Promise<void>;
  writeReport(): Promise<string>;
  /** SIGKILL: no handler runs, nothing is flushed; resolves once the process is gone. */
  kill(): Promise<void>;
  /** Closes the app the ordinary way and waits for the process to end. */
  close(): Promise<void>;
}

const running = new Set<ChildProcess>();
/** Each data folder's supervisor, signed in again by every later start of it; and the starts so far. */
const operators = new Map<string, TestOperator>();
let starts = 0;

/** Kills every child still running: for a drill's afterAll, when a failed test left one behind. */
export async function killStrayChildren(): Promise<void> {
  await Promise.all(
    [...running].map(
      (child) =>
        new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          child.kill('SIGKILL');
        }),
    ),
  );
}

export class ChildGone extends Error {
  override name = 'ChildGone';
}

export async function startChildApp(options: {
  dataDir: string;
  keychainService: string;
  consoleFile: string;
  teamTiming?: ChildStart['teamTiming'];
}): Promise<ChildApp> {
  const output = createWriteStream(options.consoleFile, { flags: 'a' });
  const child: ChildProcess = fork(CHILD_SCRIPT, [], {
    cwd: REPO_ROOT,
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  running.add(child);
  child.stdout?.pipe(output, { end: false });
  child.stderr?.pipe(output, { end: false });

  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  const events: { event: string; payload: unknown }[] = [];
  const eventWaiters = new Set<() => void>();
  let nextId = 1;
  let gone: Error | undefined;

  const exited = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      running.delete(child);
      gone = new ChildGone(`Paydesk child ${child.pid} ended (${signal ?? `exit ${code}`})`);
      for (const waiter of pending.values()) waiter.reject(gone);
      pending.clear();
      output.end();
      resolve();
    });
  });

  const ready = new Promise<number>((resolve, reject) => {
    child.on('message', (message: ChildMessage) => {
      switch (message.type) {
        case 'ready':
          operators.set(options.dataDir, message.operator);
          resolve(message.pid);
          break;
        case 'failed':
          reject(new Error(`Paydesk child failed to start: ${message.message}`));
          break;
        case 'event':
          events.push({ event: message.event, payload: message.payload });
          for (const waiter of eventWaiters) waiter();
          break;
        case 'result':
          pending.get(message.id)?.resolve(message.result);
          pending.delete(message.id);
          break;
        case 'reported':
          pending.get(message.id)?.resolve(message.file);
          pending.delete(message.id);
          break;
        case 'closed':
          pending.get(message.id)?.resolve(undefined);
          pending.delete(message.id);
          break;
      }
    });
    void exited.then(() => reject(gone));
  });

  function request(message: ParentMessage & { id: number }): Promise<unknown> {
    if (gone) return Promise.reject(gone);
    return new Promise((resolve, reject) => {
      pending.set(message.id, { resolve, reject });
      child.send(message);
    });
  }

  const start: ChildStart = {
    type: 'start',
    dataDir: options.dataDir,
    keychainService: options.keychainService,
    ...(options.teamTiming && { teamTiming: options.teamTiming }),
    ...(operators.has(options.dataDir) && { operator: operators.get(options.dataDir)! }),
    clockAheadMs: ++starts * 60_000,
  };
  child.send(start);
  const pid = await ready;

  const app: ChildApp = {
    pid,
    events,
    call<T>(channel: string, input?: unknown) {
      return request({ type: 'call', id: nextId++, channel, input }) as Promise<IpcResult<T>>;
    },
    async data<C extends IpcChannel>(channel: C, ...input: ChannelArgs<C>) {
      const result = await app.call<ChannelOutput<C>>(channel, input[0]);
      if (!result.ok) throw new Error(`${channel} failed: ${result.error.kind}: ${result.error.message}`);
      return result.data;
    },
    eventsSeen(event, count) {
      const enough = () => events.filter((seen) => seen.event === event).length >= count;
      if (enough()) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const check = () => {
          if (!enough()) return;
          eventWaiters.delete(check);
          resolve();
        };
        eventWaiters.add(check);
        void exited.then(() => {
          eventWaiters.delete(check);
          reject(gone);
        });
      });
    },
    async writeReport() {
      return (await request({ type: 'report', id: nextId++ })) as string;
    },
    async kill() {
      if (!gone) child.kill('SIGKILL');
      await exited;
    },
    async close() {
      if (!gone) await request({ type: 'close', id: nextId++ }).catch(() => undefined);
      await exited;
    },
  };
  return app;
}
