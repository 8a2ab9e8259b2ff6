// npm run web -- --port N [--ephemeral] [--data DIR]: the browser harness (development and browser tests).
import { mkdtempSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import Conf from 'conf';
import packageJson from '../package.json' with { type: 'json' };
import { createKeychainVault } from '../src/main/credentials/keychain-vault';
import { createMemoryVault } from '../src/main/credentials/memory-vault';
import { probeKeychain } from '../src/main/credentials/probe-keychain';
import { createLogger } from '../src/main/log/logger';
import type { KeyValueStore } from '../src/main/settings/settings-service';
import { startWebHarness } from '../src/main/web-harness';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '5174' },
    ephemeral: { type: 'boolean', default: false },
    data: { type: 'string' },
  },
});
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a port number, not "${values.port}"`);
  process.exit(2);
}

const dataDir = resolve(
  values.data ??
    (values.ephemeral ? mkdtempSync(join(tmpdir(), 'paydesk-web-')) : join(homedir(), '.paydesk-web')),
);
const memory = new Map<string, unknown>();
const settingsStore: KeyValueStore = values.ephemeral
  ? {
      get: (key) => structuredClone(memory.get(key)),
      set: (key, value) => void memory.set(key, structuredClone(value)),
    }
  : new Conf<Record<string, unknown>>({ projectName: 'paydesk', cwd: dataDir, configName: 'settings' });
const probe = values.ephemeral
  ? { available: false as const, reason: 'ephemeral run: secrets kept in memory' }
  : await probeKeychain();
const vault = probe.available ? createKeychainVault('paydesk') : createMemoryVault();
const log = createLogger({ filePath: join(dataDir, 'logs', 'paydesk.log'), level: 'info' });

const harness = await startWebHarness({
  port,
  rendererDir: resolve(import.meta.dirname, '../out/renderer'),
  config: {
    version: packageJson.version,
    bankPageView: 'iframe',
    dataDir,
    settingsStore,
    vault,
    keychain: probe.available ? { available: true } : { available: false, reason: probe.reason },
    log,
  },
});
console.log(`Paydesk web harness on ${harness.url}`);
console.log(`  data folder: ${dataDir}; sandbox gateway: ${harness.paydesk.sandbox.url}`);

const stop = async () => {
  await harness.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
