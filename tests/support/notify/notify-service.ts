// Notification service instances as an operator runs them: each its own process (`src/notify/main.ts`
// through tsx, or the built bundle), its configuration in a file, its secrets in a credentials folder
// (as systemd's LoadCredential gives them) or a private secrets file. What it writes to stdout and stderr
// is kept, so that tests can read its log for secrets.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { NotifyConfig } from '../../../src/notify/config';
import { DEFAULT_MERCHANT } from '../../../src/sandbox/merchants';
import type { DeskRoleConnection } from '../team/postgres-cluster';
import { type Nginx, startNginx } from './nginx';

const root = join(import.meta.dirname, '..', '..', '..');
// tsx's loader in the one process (its CLI would run the service in a child of its own, which a SIGKILL
// of the CLI would leave running).
const TSX_LOADER = pathToFileURL(join(root, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;

export const MERCHANT_ID = 1001;
export const MERCHANT_SECRET = 'notify-merchant-secret-7f3a9c';
export const OTHER_MERCHANT_ID = 1002;
export const OTHER_MERCHANT_SECRET = 'other-merchant-secret-c41e02';

/** A configuration for the test merchants against `database` (credential names as below). */
export function testConfig(database: DeskRoleConnection, extra: Partial<NotifyConfig> = {}): NotifyConfig {
  return {
    listen: { host: '127.0.0.1', port: 0 },
    publicBaseUrl: 'https://localhost',
    database: {
      host: database.host,
      port: database.port,
      database: database.database,
      user: database.user,
      passwordCredential: 'database-password',
      poolSize: 10,
      timeoutMs: 2_000,
      maxBatch: 256,
      ssl: 'off',
    },
    merchants: [
      { merchantId: MERCHANT_ID, signAlgorithm: 'hmac-sha256', secretCredential: 'merchant-1001' },
      { merchantId: OTHER_MERCHANT_ID, signAlgorithm: 'md5-key', secretCredential: 'merchant-1002' },
    ],
    bodyLimitBytes: 16_384,
    admin: { host: '127.0.0.1', port: 0 },
    returnPage: { frameAncestors: [] },
    logLevel: 'info',
    ...extra,
  };
}

/** The credentials a test configuration names. */
export function testCredentials(database: DeskRoleConnection): Record<string, string> {
  return {
    'database-password': database.password,
    'merchant-1001': MERCHANT_SECRET,
    'merchant-1002': OTHER_MERCHANT_SECRET,
  };
}

/** The sandbox's default merchant as a configuration names it: its secret is the credential 'merchant-sandbox'. */
export const SANDBOX_MERCHANT: NotifyConfig['merchants'][number] = {
  merchantId: DEFAULT_MERCHANT.merchantId,
  signAlgorithm: DEFAULT_MERCHANT.algorithm,
  secretCredential: 'merchant-sandbox',
};
export const SANDBOX_MERCHANT_CREDENTIALS = { 'merchant-sandbox': DEFAULT_MERCHANT.secret };

/** A service for the sandbox's default merchant alone, on `database` (what a desk's own gateway posts to). */
export function sandboxMerchantService(database: DeskRoleConnection): StartOptions {
  return {
    config: testConfig(database, { merchants: [SANDBOX_MERCHANT] }),
    credentials: { 'database-password': database.password, ...SANDBOX_MERCHANT_CREDENTIALS },
  };
}

export interface NotifyInstance {
  url: string;
  adminUrl: string | null;
  /** host:port, for nginx's upstream. */
  address: string;
  pid: number;
  /** Everything the process wrote, stdout and stderr. */
  output(): string;
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** Settles when the process has exited: its code, or the signal that ended it. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

interface StartOptions {
  config: unknown;
  /** Where the secrets come from: a credentials folder holding these, or none (the config's secretsFile). */
  credentials?: Record<string, string>;
  /** Run out/…/paydesk-notify.mjs instead of the sources. */
  bundle?: string;
  /** Keep nothing the process writes once it listens (a benchmark's millions of log lines). */
  discardOutput?: boolean;
}

/** The process's exit code and output when it exits before it listens (a refused start). */
class NotifyStartFailed extends Error {
  constructor(
    readonly code: number | null,
    readonly output: string,
  ) {
    super(`paydesk-notify exited with ${code} before listening:\n${output}`);
  }
}

/** The configuration file and credentials folder of one run, and its command line. */
function prepare(options: StartOptions, extraArgs: string[] = []) {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-notify-'));
  const configFile = join(dir, 'config.json');
  writeFileSync(configFile, JSON.stringify(options.config, null, 2));
  const env: Record<string, string> = {};
  for (const name of ['PATH', 'HOME', 'LANG']) if (process.env[name]) env[name] = process.env[name] as string;
  if (options.credentials) {
    const credentials = join(dir, 'credentials');
    mkdirSync(credentials, { mode: 0o700 });
    for (const [name, value] of Object.entries(options.credentials)) {
      writeFileSync(join(credentials, name), value, { mode: 0o400 });
    }
    env.CREDENTIALS_DIRECTORY = credentials;
  }
  const [command, args] = options.bundle
    ? [process.execPath, [options.bundle, ...extraArgs, '--config', configFile]]
    : [
        process.execPath,
        [
          '--import',
          TSX_LOADER,
          join(root, 'src', 'notify', 'main.ts'),
          ...extraArgs,
          '--config',
          configFile,
        ],
      ];
  return { dir, env, command, args };
}

/** `--check`: its exit code and what it printed. */
export async function runNotifyCheck(
  options: StartOptions,
): Promise<{ code: number | null; output: string }> {
  const { dir, env, command, args } = prepare(options, ['--check']);
  try {
    const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    const code = await new Promise<number | null>((resolve) => child.once('close', (c) => resolve(c)));
    return { code, output };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function startNotifyInstance(options: StartOptions): Promise<NotifyInstance> {
  const { dir, env, command, args } = prepare(options);
  // In the repository, where tsx finds tsconfig.json (the @shared paths).
  const child: ChildProcess = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  let keep = true;
  child.stdout?.on('data', (chunk: Buffer) => {
    if (keep) output += chunk.toString('utf8');
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    if (keep) output += chunk.toString('utf8');
  });
  const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const exited = ended.then(({ code }) => code);
  const listening = await new Promise<{ url: string; adminUrl: string | null }>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`paydesk-notify did not start in 30 s:\n${output}`)),
      30_000,
    );
    const look = () => {
      const line = output.split('\n').find((l) => l.includes('"msg":"listening"'));
      if (!line) return;
      clearTimeout(timer);
      child.stdout?.off('data', look);
      resolve(JSON.parse(line));
    };
    child.stdout?.on('data', look);
    void exited.then((code) => {
      clearTimeout(timer);
      // Let the last output arrive.
      setTimeout(() => reject(new NotifyStartFailed(code, output)), 50);
    });
  }).catch((error) => {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  });
  if (options.discardOutput) keep = false;
  return {
    ...listening,
    address: new URL(listening.url).host,
    pid: child.pid ?? 0,
    output: () => output,
    exited: ended,
    async kill(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill(signal);
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Runs the service to its refusal: its exit code and what it said. */
export async function refusedStart(options: StartOptions): Promise<{ code: number | null; output: string }> {
  try {
    const instance = await startNotifyInstance(options);
    await instance.kill();
    throw new Error('paydesk-notify started, where it should have refused to');
  } catch (error) {
    if (error instanceof NotifyStartFailed) return { code: error.code, output: error.output };
    throw error;
  }
}

/**
 * The deployment the end-to-end notification tests run: `count` instances of one configuration behind
 * Debian's nginx (TLS with a CA of its own). Each instance is pushed onto `instances` as it starts, so that
 * the caller's clean-up kills those that started even when a later one fails.
 */
export async function startBehindNginx(
  instances: NotifyInstance[],
  options: StartOptions,
  count = 2,
): Promise<Nginx> {
  for (let i = 0; i < count; i++) instances.push(await startNotifyInstance(options));
  return startNginx({ upstreams: instances.map((instance) => instance.address) });
}
