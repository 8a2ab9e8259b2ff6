// Paydesk's main process, standalone, for the crash drills: the real composition root with a persisted data
// folder, a settings file (conf, as the browser harness keeps it), the OS keychain and a log file. The
// parent drives it over Node's IPC channel exactly as the renderer drives main (channel + input → result
// value) and kills it with SIGKILL wherever it likes. Card data arrives only in IPC messages, never in argv
// or the environment, which a diagnostic report would copy to disk.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Conf from 'conf';
import { createPaydesk, type PaydeskConfig } from '../../../src/main/app';
import { createKeychainVault } from '../../../src/main/credentials/keychain-vault';
import { createLogger } from '../../../src/main/log/logger';
import { enrolFirstSupervisor, signIn, TEST_SUPERVISOR, type TestOperator } from '../app/sign-in';

export interface ChildStart {
  type: 'start';
  dataDir: string;
  /** Keychain service under which the parent stored the merchant secret. */
  keychainService: string;
  /** Team mode's timing, when not the app's (the team drills shorten the replicator's waits). */
  teamTiming?: PaydeskConfig['teamTiming'];
  /** The desk's supervisor from an earlier start of this data folder; enrolled anew on a first start. */
  operator?: TestOperator;
  /**
   * How far ahead of the system clock this start's session clock runs: the parent moves it on at each
   * start, so the code of a sign-in after a restart is never one the desk has seen (main refuses replays).
   */
  clockAheadMs: number;
}

export type ParentMessage =
  | ChildStart
  | { type: 'call'; id: number; channel: string; input: unknown }
  | { type: 'report'; id: number }
  | { type: 'close'; id: number };

export type ChildMessage =
  | { type: 'ready'; pid: number; operator: TestOperator }
  | { type: 'result'; id: number; result: unknown }
  | { type: 'reported'; id: number; file: string }
  | { type: 'closed'; id: number }
  | { type: 'event'; event: string; payload: unknown }
  | { type: 'failed'; message: string };

function send(message: ChildMessage, then?: () => void): void {
  process.send?.(message, undefined, undefined, then);
}

async function start(config: ChildStart): Promise<void> {
  const wallMs = () => Date.now() + config.clockAheadMs;
  const reports = join(config.dataDir, 'reports');
  mkdirSync(reports, { recursive: true });
  // What Node writes when the process dies of an uncaught error: the drills scan these like any file.
  process.report.directory = reports;
  process.report.reportOnFatalError = true;
  process.report.reportOnUncaughtException = true;

  const paydesk = await createPaydesk({
    version: 'drill',
    bankPageView: 'iframe',
    dataDir: config.dataDir,
    settingsStore: new Conf<Record<string, unknown>>({
      projectName: 'paydesk',
      cwd: config.dataDir,
      configName: 'settings',
    }),
    vault: createKeychainVault(config.keychainService),
    keychain: { available: true },
    log: createLogger({ filePath: join(config.dataDir, 'logs', 'paydesk.log'), level: 'info' }),
    emit: (event, payload) => send({ type: 'event', event, payload }),
    // The drills' profile points at the parent's gateway; the embedded one only has to start quickly.
    sandbox: { slowFaultDelayMs: 1_000, callbackBackoffMs: 5 },
    ...(config.teamTiming && { teamTiming: config.teamTiming }),
    sessionClock: { monotonicMs: () => performance.now(), wallMs },
  });
  // Signed in before the parent's first call, as the desk's supervisor would be at the start of a shift.
  const call = (channel: string, input?: unknown) => paydesk.dispatch(channel, input);
  const state = await paydesk.session.status();
  let operator: TestOperator;
  if (state.kind === 'first-start') operator = await enrolFirstSupervisor(call, TEST_SUPERVISOR, wallMs);
  else if (config.operator) {
    operator = config.operator;
    await signIn(call, operator, wallMs);
  } else throw new Error(`The desk is ${state.kind} and the parent named no operator to sign in.`);

  process.on('message', (message: ParentMessage) => {
    switch (message.type) {
      case 'call':
        void paydesk
          .dispatch(message.channel, message.input)
          .then((result) => send({ type: 'result', id: message.id, result }));
        break;
      case 'report':
        send({ type: 'reported', id: message.id, file: process.report.writeReport() });
        break;
      case 'close':
        // Exits once the answer is out: a keychain or pool handle must not keep a closed app alive.
        void paydesk.close().then(() => send({ type: 'closed', id: message.id }, () => process.exit(0)));
        break;
    }
  });
  send({ type: 'ready', pid: process.pid, operator });
}

// Without its parent (the drill ended or crashed) this app has no one to answer: it must not linger.
process.on('disconnect', () => process.exit(0));

process.once('message', (message: ParentMessage) => {
  if (message.type !== 'start') {
    send({ type: 'failed', message: `expected a start message, got ${message.type}` });
    return;
  }
  start(message).catch((error: unknown) => {
    const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
    send({ type: 'failed', message: text }, () => process.exit(1));
  });
});
