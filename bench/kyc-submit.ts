// KYC submit of a 10,000-record CSV to the sandbox: Paydesk's batch path (kyc.open then kyc.submit through
// the app's dispatch: decode, parse, map, validate, then signed chunks of 500, 2 in flight) against newman
// running a one-request-per-row collection with the same CSV as its data file (bench/support/
// kyc-newman-collection.ts). Each run gets a fresh sandbox process with its own data file, so the accepted
// count read back from its inspection endpoint belongs to that run alone; runs alternate Paydesk, newman.
// Run: npm run bench:kyc-submit [-- --records N --runs R | --quick]
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_MERCHANT } from '../src/sandbox';
import type { KycBatchSummary, KycSubmitResult } from '../src/shared/kyc-batch';
import { kycCsv, kycRecord } from '../tests/support/kyc/generate';
import { type ChildServer, startSandboxProcess } from './support/child-server';
import { kycNewmanCollection } from './support/kyc-newman-collection';
import { startBenchApp } from './support/paydesk-app';
import { loadLine, machineLine, median, ms, printBenchResult, printTable, ratioText } from './support/report';

const { values } = parseArgs({
  options: {
    records: { type: 'string' },
    runs: { type: 'string' },
    quick: { type: 'boolean', default: false },
  },
});
const quick = values.quick;
const RECORDS = Number(values.records ?? (quick ? 1_000 : 10_000));
const RUNS = Number(values.runs ?? (quick ? 1 : 3));
const GOAL_RATIO = 20;
const command = quick
  ? 'npm run bench:kyc-submit -- --quick'
  : `npm run bench:kyc-submit -- --records ${RECORDS} --runs ${RUNS}`;
const { merchantId, secret } = DEFAULT_MERCHANT;
const NEWMAN = join('node_modules', 'newman', 'bin', 'newman.js');

const work = mkdtempSync(join(tmpdir(), 'paydesk-bench-kyc-submit-'));
const csvFile = join(work, 'kyc.csv');
writeFileSync(csvFile, kycCsv(Array.from({ length: RECORDS }, (_, i) => kycRecord(i))));
const oneRowFile = join(work, 'kyc-one.csv');
writeFileSync(oneRowFile, kycCsv([kycRecord(RECORDS)]));
const collectionFile = join(work, 'kyc-one-per-row.postman_collection.json');
writeFileSync(
  collectionFile,
  JSON.stringify(kycNewmanCollection('http://127.0.0.1:8787', merchantId), null, 2),
);

let sandboxes = 0;
async function freshSandbox(): Promise<ChildServer> {
  sandboxes += 1;
  const dir = join(work, `sandbox-${sandboxes}`);
  mkdirSync(dir);
  return startSandboxProcess({ dataFile: join(dir, 'sandbox.sqlite') });
}

type Accepted = Map<string, string>;
/** What the sandbox accepted, per userId, as key-sorted JSON: to compare the two runs record by record. */
async function acceptedAt(url: string): Promise<Accepted> {
  const response = await fetch(`${url}/_sandbox/kyc?merchantId=${merchantId}`);
  const body = (await response.json()) as { data: { records: { userId: string; record: object }[] } };
  const sorted = (record: object) =>
    JSON.stringify(Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : 1))));
  return new Map(body.data.records.map(({ userId, record }) => [userId, sorted(record)]));
}

async function paydeskRun() {
  const sandbox = await freshSandbox();
  const app = await startBenchApp();
  try {
    // A profile pointed at the sandbox process, as an operator would set one up for a test gateway.
    await app.call('profiles.save', {
      id: 'bench-gateway',
      name: 'Bench gateway',
      environment: 'test',
      baseUrl: sandbox.url,
      kycBaseUrl: sandbox.url,
      merchantId,
    });
    await app.call('secret.set', { profileId: 'bench-gateway', secret });
    await app.call('profiles.activate', { id: 'bench-gateway' });

    const started = performance.now();
    // What the renderer hands over when a file is dropped: its bytes, base64 for the IPC contract.
    const bytes = readFileSync(csvFile).toString('base64');
    const summary = await app.call<KycBatchSummary>('kyc.open', { fileName: 'kyc.csv', bytes });
    const opened = performance.now();
    const result = await app.call<KycSubmitResult>('kyc.submit', {
      batchId: summary.batchId,
      onlyRemaining: true,
    });
    const ended = performance.now();
    if (summary.counts.valid !== RECORDS) throw new Error(`Paydesk: ${summary.counts.valid} valid records`);
    const notAccepted = result.chunks.filter((chunk) => chunk.state !== 'accepted');
    if (notAccepted.length > 0) {
      const first = notAccepted[0]!;
      console.log(
        `Paydesk: ${notAccepted.length} of ${result.chunks.length} chunks not accepted; chunk ${first.index} ${first.state}: ${first.msg}`,
      );
    }
    return {
      totalMs: ended - started,
      openMs: opened - started,
      submitMs: ended - opened,
      requests: result.chunks.length,
      acceptedByPaydesk: result.counts.accepted,
      accepted: await acceptedAt(sandbox.url),
    };
  } finally {
    await app.close();
    await sandbox.stop();
  }
}

/** newman's CLI as an integrator types it; its report goes to a pipe that is read and dropped. */
async function newman(dataFile: string, url: string) {
  const child = spawn(
    process.execPath,
    [
      NEWMAN,
      'run',
      collectionFile,
      '-d',
      dataFile,
      '--env-var',
      `baseUrl=${url}`,
      '--env-var',
      `secret=${secret}`,
      '--color',
      'off',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString('utf8')).slice(-4000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const [code] = (await once(child, 'exit')) as [number | null];
  const failed = /assertions\s*│\s*\d+\s*│\s*(\d+)/.exec(tail)?.[1];
  return { code, failedAssertions: failed === undefined ? Number.NaN : Number(failed), tail };
}

async function newmanRun(dataFile = csvFile, rows = RECORDS) {
  const sandbox = await freshSandbox();
  try {
    const started = performance.now();
    const run = await newman(dataFile, sandbox.url);
    const totalMs = performance.now() - started;
    if (run.code !== 0 || run.failedAssertions !== 0) {
      throw new Error(`newman exited ${run.code}, ${run.failedAssertions} failed assertions:\n${run.tail}`);
    }
    return { totalMs, requests: rows, accepted: await acceptedAt(sandbox.url) };
  } finally {
    await sandbox.stop();
  }
}

function differences(a: Accepted, b: Accepted): number {
  let count = Math.abs(a.size - b.size);
  for (const [userId, record] of a) if (b.has(userId) && b.get(userId) !== record) count += 1;
  for (const userId of a.keys()) if (!b.has(userId)) count += 1;
  return count;
}

console.log(`machine: ${machineLine()}`);
console.log(`command: ${command}`);
console.log(`load:    ${loadLine()} (1/5/15 min) before the run`);
const csvBytes = readFileSync(csvFile).byteLength;
console.log(
  `work:    ${RECORDS.toLocaleString('en')} records, CSV ${(csvBytes / 2 ** 20).toFixed(1)} MB, ${RUNS} run(s) each, alternating; a fresh sandbox process per run`,
);

try {
  // newman's fixed cost (start, load collection and data, one request): part of every newman run.
  const startup = await newmanRun(oneRowFile, 1);
  const rows: string[][] = [];
  const paydeskTimes: number[] = [];
  const paydeskSubmitTimes: number[] = [];
  const newmanTimes: number[] = [];
  let mismatches = 0;
  let acceptedPaydesk = 0;
  let acceptedNewman = 0;
  for (let run = 1; run <= RUNS; run += 1) {
    const paydesk = await paydeskRun();
    const peer = await newmanRun();
    paydeskTimes.push(paydesk.totalMs);
    paydeskSubmitTimes.push(paydesk.submitMs);
    newmanTimes.push(peer.totalMs);
    const diff = differences(paydesk.accepted, peer.accepted);
    mismatches += diff;
    acceptedPaydesk = paydesk.accepted.size;
    acceptedNewman = peer.accepted.size;
    if (paydesk.accepted.size !== RECORDS || peer.accepted.size !== RECORDS || diff !== 0) {
      console.log(
        `run ${run}: accepted at the sandbox ${paydesk.accepted.size} (Paydesk; it reported ${paydesk.acceptedByPaydesk}) vs ${peer.accepted.size} (newman), ${diff} records differ`,
      );
    }
    rows.push([
      String(run),
      `${ms(paydesk.totalMs)} (open ${ms(paydesk.openMs)}, submit ${ms(paydesk.submitMs)})`,
      String(paydesk.requests),
      ms(peer.totalMs),
      String(peer.requests),
      `${paydesk.accepted.size} / ${peer.accepted.size}`,
      ratioText(peer.totalMs / paydesk.totalMs),
      loadLine().split(',')[0]!,
    ]);
  }
  const paydeskMedian = median(paydeskTimes);
  const newmanMedian = median(newmanTimes);
  const ratio = newmanMedian / paydeskMedian;
  rows.push([
    '**median**',
    `${ms(paydeskMedian)} (submit ${ms(median(paydeskSubmitTimes))})`,
    '',
    ms(newmanMedian),
    '',
    '',
    ratioText(ratio),
    '',
  ]);
  console.log();
  printTable(
    [
      'run',
      'Paydesk open+submit',
      'requests',
      'newman, one request per row',
      'requests',
      'accepted at sandbox (Paydesk / newman)',
      'newman ÷ Paydesk',
      'load (1 min)',
    ],
    rows,
  );
  console.log(
    `\nnewman's fixed cost (start, load, one row): ${ms(startup.totalMs)}; per row after that ≈ ${((newmanMedian - startup.totalMs) / RECORDS).toFixed(2)} ms`,
  );
  console.log(
    `records/s: Paydesk ${Math.round(RECORDS / (paydeskMedian / 1000)).toLocaleString('en')}, newman ${Math.round(RECORDS / (newmanMedian / 1000)).toLocaleString('en')}`,
  );
  console.log(
    `accepted records: ${mismatches === 0 ? 'the same userIds with identical records in every run' : `${mismatches} differences`}`,
  );
  const met = ratio >= GOAL_RATIO && mismatches === 0 && acceptedPaydesk === RECORDS;
  console.log(`goal: ≥ ${GOAL_RATIO}× newman, identical accepted counts: ${met ? 'met' : 'MISSED'}`);
  console.log(`load:    ${loadLine()} (1/5/15 min) after the run`);
  printBenchResult({
    bench: 'kyc-submit',
    title: `KYC submit, ${RECORDS.toLocaleString('en')} records`,
    command,
    figure: `${ms(paydeskMedian)} (${acceptedPaydesk.toLocaleString('en')} accepted)`,
    peer: `newman ${ms(newmanMedian)} (${acceptedNewman.toLocaleString('en')} accepted)`,
    ratio: `${ratioText(ratio)} faster`,
    goal: `≥ ${GOAL_RATIO}× faster, same accepted count`,
    met,
    quick,
    values: {
      records: RECORDS,
      runs: RUNS,
      paydeskMs: paydeskMedian,
      paydeskSubmitMs: median(paydeskSubmitTimes),
      newmanMs: newmanMedian,
      newmanStartupMs: startup.totalMs,
      ratio,
      acceptedPaydesk,
      acceptedNewman,
      mismatches,
    },
  });
} finally {
  rmSync(work, { recursive: true, force: true });
}
