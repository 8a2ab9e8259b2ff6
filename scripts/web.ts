// npm run web -- --port N [--ephemeral] [--data DIR] [--memory-keys] [--sandbox-slow-ms N] [--payin-timeout-ms N] [--trust-ca FILE]: the browser
// harness (development and browser tests). --sandbox-slow-ms shortens the embedded sandbox's 500.02 delay
// (35 s); --payin-timeout-ms saves the built-in Sandbox profile with that request timeout (30 s; 1000 at least),
// so that the browser tests can rehearse a timeout in seconds. --trust-ca: a CA (PEM file) trusted beside the
// system's by the embedded sandbox's notifications and by Test connection's notification-service health (the
// browser tests' nginx in front of the notification service, with a CA made at test time). --memory-keys: the
// settings in the --data folder, but the operator accounts' key and the audit key in memory, as --ephemeral
// keeps them (a browser test's desk on a machine with no keychain; nobody can sign in after a restart).
// --locale: the OS locale the desk starts in (Electron's app.getLocale()); en-US unless given, whatever the
// machine's, so that the browser tests read English by default (en-XA: the tests' pseudo-locale).
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import Conf from 'conf';
import packageJson from '../package.json' with { type: 'json' };
import { createKeychainVault } from '../src/main/credentials/keychain-vault';
import { createMemoryVault } from '../src/main/credentials/memory-vault';
import { probeKeychain } from '../src/main/credentials/probe-keychain';
import { checkDataFolder, startFailureText } from '../src/main/data-folder';
import { inEnglish, wordsIn } from '../src/main/i18n/words';
import { createLogger } from '../src/main/log/logger';
import { setAsideUnreadableSettings } from '../src/main/settings/settings-file';
import type { KeyValueStore } from '../src/main/settings/settings-service';
import { startWebHarness } from '../src/main/web-harness/web-harness';
import { languageForLocale } from '../src/shared/languages';
import { SANDBOX_PROFILE } from '../src/shared/profile';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '5174' },
    ephemeral: { type: 'boolean', default: false },
    'memory-keys': { type: 'boolean', default: false },
    data: { type: 'string' },
    'sandbox-slow-ms': { type: 'string' },
    'payin-timeout-ms': { type: 'string' },
    'trust-ca': { type: 'string' },
    locale: { type: 'string', default: 'en-US' },
    // iframe: the bank page in the result panel's sandboxed frame; popup: in a window of its own, which the
    // renderer opens (the browser tests' stand-in for the Electron app's bank-page window).
    'bank-page-view': { type: 'string', default: 'iframe' },
  },
});
const bankPageView = values['bank-page-view'];
if (bankPageView !== 'iframe' && bankPageView !== 'popup') {
  console.error(`--bank-page-view must be iframe or popup, not "${bankPageView}"`);
  process.exit(2);
}
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a port number, not "${values.port}"`);
  process.exit(2);
}

function millisecondsOption(name: 'sandbox-slow-ms' | 'payin-timeout-ms', min: number): number | undefined {
  const text = values[name];
  if (text === undefined) return undefined;
  const ms = Number(text);
  if (!Number.isInteger(ms) || ms < min || ms > 120_000) {
    console.error(`--${name} must be a whole number of milliseconds from ${min} to 120000, not "${text}"`);
    process.exit(2);
  }
  return ms;
}
const slowFaultDelayMs = millisecondsOption('sandbox-slow-ms', 0);
const payInTimeoutMs = millisecondsOption('payin-timeout-ms', 1000);
const trustedCa = values['trust-ca'] === undefined ? undefined : readFileSync(values['trust-ca'], 'utf8');

const dataDir = resolve(
  values.data ??
    (values.ephemeral ? mkdtempSync(join(tmpdir(), 'paydesk-web-')) : join(homedir(), '.paydesk-web')),
);
const logFile = join(dataDir, 'logs', 'paydesk.log');
/** A start that cannot go on: one clear message (data-folder.ts), no stack trace, nothing changed. */
async function cannotStart(error: unknown): Promise<never> {
  const t = await wordsIn(languageForLocale(values.locale)).catch(() => inEnglish());
  const { title, body } = startFailureText(error, { dataDir, logFile }, t);
  console.error(`${title}\n\n${body}`);
  process.exit(1);
}
try {
  // For this OS user only (history, logs, settings); conf would create it 0755.
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  // A read-only folder or a full disk, said before the logger or anything else fails on it.
  checkDataFolder(dataDir);
} catch (error) {
  await cannotStart(error);
}
const settingsNotice = values.ephemeral
  ? undefined
  : setAsideUnreadableSettings(join(dataDir, 'settings.json'));
const memory = new Map<string, unknown>();
const settingsStore: KeyValueStore = values.ephemeral
  ? {
      get: (key) => structuredClone(memory.get(key)),
      set: (key, value) => void memory.set(key, structuredClone(value)),
    }
  : new Conf<Record<string, unknown>>({ projectName: 'paydesk', cwd: dataDir, configName: 'settings' });
const probe = values.ephemeral
  ? { available: false as const, reason: 'an --ephemeral harness run' }
  : await probeKeychain();
const vault = probe.available ? createKeychainVault('paydesk') : createMemoryVault();
const log = createLogger({ filePath: logFile, level: 'info' });

const harness = await startWebHarness({
  port,
  // PAYDESK_OUT_DIR: another build folder (electron-vite build --outDir), so parallel test runs do not collide.
  rendererDir: resolve(import.meta.dirname, '..', process.env.PAYDESK_OUT_DIR ?? 'out', 'renderer'),
  config: {
    version: packageJson.version,
    bankPageView,
    dataDir,
    osLocale: values.locale,
    settingsStore,
    ...(settingsNotice && { settingsNotices: [settingsNotice] }),
    vault,
    // Outside --ephemeral and --memory-keys, the operator accounts' key and the audit key go to the keychain
    // only, as in the app: without one, nobody signs in (operators/account-store.ts).
    ...(!values.ephemeral && !values['memory-keys'] && { keychainVault: createKeychainVault('paydesk') }),
    keychain: probe.available
      ? { available: true }
      : { available: false, reason: probe.reason, ...('words' in probe && { words: probe.words }) },
    log,
    sandbox: {
      ...(slowFaultDelayMs !== undefined && { slowFaultDelayMs }),
      ...(trustedCa && { callbackCa: trustedCa }),
    },
    ...(trustedCa && { extraCa: trustedCa }),
    logFile,
  },
}).catch(cannotStart);

// The host's own setting, as the command line asks (not an operator's call: nobody is signed in yet).
if (payInTimeoutMs !== undefined) {
  const sandboxProfile =
    harness.paydesk.settings.read().profiles.find((profile) => profile.id === SANDBOX_PROFILE.id) ??
    SANDBOX_PROFILE;
  try {
    await harness.paydesk.settings.saveProfile({ ...sandboxProfile, requestTimeoutMs: payInTimeoutMs });
  } catch (error) {
    console.error(
      `--payin-timeout-ms: the Sandbox profile could not be saved: ${error instanceof Error ? error.message : String(error)}`,
    );
    await harness.close();
    process.exit(2);
  }
}
/**
 * Where the embedded sandbox answers. It runs only once a Sandbox profile has needed it (an active profile
 * of another gateway starts none, and a start that failed is tried again on first use); until then
 * `paydesk.sandbox` throws, which here would end the harness right after its ready line.
 */
function sandboxAddress(): string {
  try {
    return harness.paydesk.sandbox.url;
  } catch {
    return 'not started (it starts when a Sandbox profile is used)';
  }
}
console.log(`Paydesk web harness on ${harness.url}`);
console.log(`  data folder: ${dataDir}; sandbox gateway: ${sandboxAddress()}`);

// Once: when-exit (electron-store → conf → atomically) sends the signal again after its own handler, so a
// SIGTERM arrives twice; the second waits for the first close rather than start another.
let stopping: Promise<void> | undefined;
const stop = () => {
  stopping ??= harness.close().then(() => process.exit(0));
  return stopping;
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
