// Starts the browser harness (scripts/web.ts) as a child process, reads the URL with its token from the
// line it prints, and stops it again. Used by the e2e global setup and by scripts/screenshots.ts.
import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { bridgeCaller, enrolFirstSupervisor, TEST_SUPERVISOR, type TestOperator } from '../app/sign-in';
import { rememberDeskSupervisor } from './desk-operator';

export const CHROMIUM_PATH = process.env.PAYDESK_CHROMIUM ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The 500.02 fault answers after this long, and the Sandbox profile gives up after PAYIN_TIMEOUT_MS. */
const SANDBOX_SLOW_MS = 6_000;
export const PAYIN_TIMEOUT_MS = 3_000;

export interface RunningHarness {
  url: string;
  dataDir: string | undefined;
  /** With `signedIn`: the desk's first supervisor, signed in (their secret for signing in again). */
  supervisor: TestOperator | undefined;
  close(): Promise<void>;
}

const READY = /Paydesk web harness on (http:\/\/\S+)/;
const DATA = /data folder: (.+?); sandbox gateway/;

interface HarnessOptions {
  /**
   * false: settings and the lock record in the --data folder, the OS keychain as the app uses it, and the
   * sandbox's own timings (no --sandbox-slow-ms, --payin-timeout-ms).
   */
  ephemeral?: boolean;
  /** Added to the harness's environment (e.g. a D-Bus address that leads nowhere: no keychain). */
  env?: Record<string, string>;
  /**
   * The desk's first supervisor created and signed in through the bridge before the test's page opens, as
   * a shift would find it (the flows that are not about signing in). Otherwise the page opens on the first
   * start screen.
   */
  signedIn?: boolean;
}

export async function startHarness(
  port: number,
  extraArgs: string[] = [],
  options: HarnessOptions = {},
): Promise<RunningHarness> {
  const root = resolve(import.meta.dirname, '../../..');
  const child: ChildProcess = spawn(
    'npx',
    [
      'tsx',
      'scripts/web.ts',
      '--port',
      String(port),
      // The test timings save the Sandbox profile at start, which a locked data folder would refuse.
      ...(options.ephemeral === false
        ? []
        : [
            '--ephemeral',
            '--sandbox-slow-ms',
            String(SANDBOX_SLOW_MS),
            '--payin-timeout-ms',
            String(PAYIN_TIMEOUT_MS),
          ]),
      ...extraArgs,
    ],
    // Its own process group, so that stopping it also stops the node process that npx and tsx start.
    { cwd: root, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...options.env } },
  );
  let output = '';
  let errors = '';
  const exited = new Promise<void>((done) => child.once('exit', () => done()));

  const { url, dataDir } = await new Promise<{ url: string; dataDir: string | undefined }>((ready, fail) => {
    const timer = setTimeout(() => fail(new Error(`The harness did not start in 60 s.\n${errors}`)), 60_000);
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
      // Ready once both lines are in: the URL, then the data folder (removed again by close()).
      const found = READY.exec(output);
      const data = DATA.exec(output);
      if (found && data) {
        clearTimeout(timer);
        ready({ url: found[1]!, dataDir: data[1] });
      }
    });
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      errors += chunk;
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`The harness exited (${code}) before it was ready.\n${errors}`));
    });
  });

  let supervisor: TestOperator | undefined;
  if (options.signedIn) {
    const address = new URL(url);
    supervisor = await enrolFirstSupervisor(
      bridgeCaller(address.origin, address.searchParams.get('token') ?? ''),
      TEST_SUPERVISOR,
      () => Date.now(),
    );
    rememberDeskSupervisor(address.origin, supervisor);
  }

  return {
    url,
    dataDir,
    supervisor,
    async close() {
      if (child.exitCode === null && child.signalCode === null && child.pid) {
        process.kill(-child.pid, 'SIGTERM');
        const killer = setTimeout(() => child.pid && process.kill(-child.pid, 'SIGKILL'), 10_000);
        await exited;
        clearTimeout(killer);
      }
      // The harness's last writes may still land while the folder goes: removal tries again.
      if (dataDir) rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    },
  };
}
