// `npm run sandbox -- --port N [--merchant-id ID] [--secret S] [--algorithm A] [--data FILE]`: the sandbox
// alone, on 127.0.0.1 only. Prints the listening line once connections are accepted.
import { parseArgs } from 'node:util';
import { signAlgorithmSchema } from '@shared/gateway/sign-algorithm';
import { DEFAULT_MERCHANT } from './merchants';
import { startSandbox } from './server';

const USAGE = `Usage: npm run sandbox -- [--port N] [--merchant-id ID] [--secret S] [--algorithm hmac-sha256|md5-key] [--data FILE]
  --port         TCP port on 127.0.0.1 (default 8787; 0 picks a free one)
  --merchant-id  merchant id (default ${DEFAULT_MERCHANT.merchantId})
  --secret       the merchant's signing secret (default ${DEFAULT_MERCHANT.secret})
  --algorithm    signature algorithm (default ${DEFAULT_MERCHANT.algorithm})
  --data         SQLite file that keeps the state across restarts (default: in memory)`;

function fail(message: string): never {
  process.stderr.write(`${message}\n${USAGE}\n`);
  process.exit(2);
}

async function main(): Promise<void> {
  let values: ReturnType<typeof parse>['values'];
  function parse() {
    return parseArgs({
      options: {
        port: { type: 'string', default: '8787' },
        'merchant-id': { type: 'string', default: String(DEFAULT_MERCHANT.merchantId) },
        secret: { type: 'string', default: DEFAULT_MERCHANT.secret },
        algorithm: { type: 'string', default: DEFAULT_MERCHANT.algorithm },
        data: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    });
  }
  try {
    values = parse().values;
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const port = Number(values.port);
  if (!/^\d+$/.test(values.port) || port > 65_535) fail(`--port: ${values.port} is not a port number.`);
  const merchantId = Number(values['merchant-id']);
  if (!/^\d+$/.test(values['merchant-id']) || !Number.isSafeInteger(merchantId) || merchantId <= 0) {
    fail(`--merchant-id: ${values['merchant-id']} is not a positive whole number.`);
  }
  if (values.secret === '') fail('--secret: must not be empty.');
  const algorithm = signAlgorithmSchema.safeParse(values.algorithm);
  if (!algorithm.success) fail(`--algorithm: ${values.algorithm} is not hmac-sha256 or md5-key.`);

  const sandbox = await startSandbox({
    port,
    host: '127.0.0.1',
    merchants: [{ merchantId, secret: values.secret, algorithm: algorithm.data }],
    ...(values.data ? { dataFile: values.data } : {}),
  });
  process.stdout.write(`Sandbox gateway listening on ${sandbox.url}\n`);
  process.stdout.write(
    `Merchant ${merchantId} (${algorithm.data}); state ${values.data ? `in ${values.data}` : 'in memory'}.\n`,
  );
  const stop = () => {
    sandbox.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Sandbox gateway failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
