// `npm run notify -- --config FILE` (or `node paydesk-notify.mjs --config FILE` from the bundle): the
// notification service, headless. With `--check`: the deployment check (check.ts), exit 0 or 2. A bad configuration or a missing or exposed secret stops it at once,
// exit code 2, with what is wrong on stderr; SIGTERM/SIGINT let the requests under way finish first, and
// the process exits within 10 s (server.ts, close).
import { parseArgs } from 'node:util';
import { checkDeployment } from './check';
import { loadNotifyConfig, NotifyConfigError } from './config';
import { loadNotifySecrets, NotifySecretsError } from './secrets';
import { startNotifyService } from './server';

const USAGE = 'Usage: paydesk-notify [--check] --config FILE   (README, "Notifications in production")';

function fail(message: string): never {
  process.stderr.write(`paydesk-notify: ${message}\n`);
  process.exit(2);
}

async function main(): Promise<void> {
  let configFile: string | undefined;
  let check = false;
  try {
    const { values } = parseArgs({
      options: { config: { type: 'string' }, check: { type: 'boolean', default: false } },
      strict: true,
    });
    configFile = values.config;
    check = values.check;
  } catch (error) {
    fail(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  }
  if (!configFile) fail(`--config is required.\n${USAGE}`);
  let service: Awaited<ReturnType<typeof startNotifyService>>;
  try {
    const config = loadNotifyConfig(configFile);
    const secrets = loadNotifySecrets(config);
    if (check) {
      const result = await checkDeployment(config, secrets.get(config.database.passwordCredential) ?? '');
      for (const line of result.lines) process.stdout.write(`${line}\n`);
      if (!result.ok) fail(`check failed: ${result.reason}`);
      process.stdout.write('check passed: the service can start with this configuration\n');
      process.exit(0);
    }
    service = await startNotifyService(config, secrets);
  } catch (error) {
    if (error instanceof NotifyConfigError || error instanceof NotifySecretsError) fail(error.message);
    const code = (error as NodeJS.ErrnoException).code;
    fail(
      `could not start${code ? ` (${code})` : ''}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  process.stdout.write(
    `${JSON.stringify({ service: 'paydesk-notify', msg: 'listening', url: service.url, adminUrl: service.adminUrl ?? null })}\n`,
  );
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    // Within 10 s whatever happens (the unit's TimeoutStopSec is 20): the close cuts what is still open
    // after 7 s, and a pool that would not end is not waited for past 9 s.
    setTimeout(() => process.exit(1), 9_000).unref();
    service.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

void main();
