// Throughput and latency of the sandbox on approved v2 pay-ins, each with its own merchantTradeNo.
// The sandbox runs as a child process (the CLI, state in memory) so that autocannon, here, does not
// share its event loop. Run: npm run bench:sandbox [-- --duration S --connections N]
import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { cpus, totalmem } from 'node:os';
import { parseArgs } from 'node:util';

type Histogram = { average: number; p50: number; p90: number; p99: number; max: number };
type AutocannonResult = {
  requests: Histogram & { total: number; mean: number };
  latency: Histogram;
  errors: number;
  timeouts: number;
  non2xx: number;
  duration: number;
};
type BenchRequest = { method: string; path: string; headers: Record<string, string>; body?: string };
type AutocannonOptions = {
  url: string;
  connections: number;
  duration: number;
  requests: {
    method: string;
    path: string;
    headers: Record<string, string>;
    setupRequest: (request: BenchRequest) => BenchRequest;
    onResponse: (status: number, body: string) => void;
  }[];
};
type Autocannon = (options: AutocannonOptions) => Promise<AutocannonResult>;

// autocannon ships no type definitions; the shape used here is declared above.
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: '10' },
  },
});
const duration = Number(values.duration);
const warmup = Number(values.warmup);
const connections = Number(values.connections);

function startSandboxProcess(): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/sandbox/cli.ts', '--port', '0'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) resolve({ child, url: match[1]! });
    });
    child.once('exit', (code) => reject(new Error(`sandbox exited (${code}) before listening`)));
  });
}

const expiry = `12/${String((new Date().getUTCFullYear() + 2) % 100).padStart(2, '0')}`;
const template = {
  merchantId: 100001,
  userId: 'bench-user',
  firstName: 'Ada',
  lastName: 'Lovelace',
  mobile: '5550123456',
  addressLine: '12 Analytical Row',
  country: 'GB',
  city: 'London',
  zip: 'N1 9GU',
  cardNumber: '4242424242424242',
  cvv: '123',
  expDate: expiry,
  ip: '203.0.113.7',
  amount: '25.00',
};

async function run(url: string, seconds: number, label: string) {
  let sequence = 0;
  let notApproved = 0;
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        path: '/openapi/v2/pwpp',
        headers: { 'content-type': 'application/json' },
        setupRequest: (request) => {
          sequence += 1;
          return {
            ...request,
            body: JSON.stringify({ ...template, merchantTradeNo: `${label}-${sequence}` }),
          };
        },
        onResponse: (status, body) => {
          if (status !== 200 || !body.includes('"orderStatus":2')) notApproved += 1;
        },
      },
    ],
  });
  return { result, notApproved };
}

const { child, url } = await startSandboxProcess();
try {
  await run(url, warmup, 'warmup');
  const { result, notApproved } = await run(url, duration, 'bench');
  const cpu = cpus();
  console.log(`command:     npm run bench:sandbox -- --duration ${duration} --connections ${connections}`);
  console.log(
    `machine:     ${cpu[0]?.model ?? 'unknown cpu'}, ${cpu.length} cores, ${(totalmem() / 2 ** 30).toFixed(1)} GiB`,
  );
  console.log(`node:        ${process.version} (sandbox and load generator: separate processes)`);
  console.log(
    `load:        ${connections} connections, ${duration} s after ${warmup} s warm-up, approved v2 pay-ins`,
  );
  console.log(`requests/s:  ${result.requests.average.toFixed(0)} (total ${result.requests.total})`);
  console.log(
    `latency:     p50 ${result.latency.p50} ms, p90 ${result.latency.p90} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`,
  );
  console.log(
    `problems:    ${result.errors} errors, ${result.timeouts} timeouts, ${notApproved} not approved`,
  );
  const met = result.requests.average >= 5000 && result.latency.p99 <= 20;
  console.log(`goal:        >= 5000 requests/s with p99 <= 20 ms: ${met ? 'met' : 'NOT met'}`);
} finally {
  child.kill('SIGTERM');
}
