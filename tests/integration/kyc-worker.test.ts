// Opening runs in a worker thread: main keeps answering while a file is read, the worker's time and heap
// limits turn a runaway file into a refusal (and the next file gets a fresh worker), and the bytes a caller
// passes stay its own unless it hands them over.

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createKycBatches } from '../../src/main/kyc/batches';
import { copyInSlices, decodeBase64InSlices } from '../../src/main/kyc/bytes-in-slices';
import { workerScript } from '../../src/main/kyc/worker/worker-pool';
import { refusalOf } from '../support/app/refusal';
import { kycCsv, kycRecord } from '../support/kyc/generate';
import { kycWorkersForFile, utf8 } from '../support/kyc/open';

const workers = kycWorkersForFile();

const file = (records: number) => utf8(kycCsv(Array.from({ length: records }, (_, i) => kycRecord(i))));
const big = file(20_000);

/** Counts turns of main's event loop (timer callbacks) until `work` settles. */
async function turnsDuring(work: Promise<unknown>): Promise<number> {
  let turns = 0;
  let settled = false;
  const done = work.finally(() => {
    settled = true;
  });
  const tick = (): void => {
    if (settled) return;
    turns++;
    setTimeout(tick, 0);
  };
  setTimeout(tick, 0);
  await done;
  return turns;
}

describe('KYC open in a worker thread', () => {
  it('keeps main answering while a file is read: timers and page requests run before the open ends', async () => {
    const service = createKycBatches({ workers });
    const small = await service.open(file(10), 'small.csv');
    const order: string[] = [];
    const opening = service.open(big, 'big.csv').then((summary) => {
      order.push('opened');
      return summary;
    });
    setTimeout(() => {
      // A page of another batch, answered from main while the worker reads.
      order.push(`page of ${service.rows(small.batchId, { limit: 5 }).rows.length}`);
    }, 0);
    const turns = await turnsDuring(opening);
    expect(order).toEqual(['page of 5', 'opened']);
    // Main turned its loop many times while the file was read, not once at the end.
    expect(turns).toBeGreaterThan(5);
    expect((await opening).counts).toMatchObject({ total: 20_000, valid: 20_000 });
  });

  it('prepare starts the workers ahead of the first file, and that file is read by the same threads', async () => {
    await workers.close();
    const before = workers.threadsStarted;
    const service = createKycBatches({ workers });
    await service.prepare();
    expect(workers.threadsStarted).toBe(before + workers.threads);
    const summary = await service.open(file(10), 'after-prepare.csv');
    expect(summary.counts).toMatchObject({ total: 10, valid: 10 });
    expect(workers.threadsStarted).toBe(before + workers.threads);
    // Ready already: another page visit starts nothing.
    await service.prepare();
    expect(workers.threadsStarted).toBe(before + workers.threads);
  });

  it('stops a job past its time limit with a refusal, and the next open gets a fresh worker', async () => {
    const hasty = createKycBatches({ workers, limits: { workerTimeLimitMs: 5 } });
    expect((await refusalOf(hasty.open(big, 'big.csv'))).message).toBe(
      'Paydesk stopped reading this file after 5 ms. Check that it is a KYC file, or split it into smaller files.',
    );
    const summary = await createKycBatches({ workers }).open(file(3), 'after.csv');
    expect(summary.counts.valid).toBe(3);
  });

  it('refuses a file that needs more heap than the worker has, and main carries on', async () => {
    const cramped = createKycBatches({ workers, limits: { workerHeapMb: 16 } });
    const failure = await refusalOf(cramped.open(big, 'big.csv'));
    expect(failure.message).toBe(
      'Reading this file needs more than the 16 MB Paydesk gives one file. Split it into smaller files, ' +
        'or remove the columns it does not need.',
    );
    expect((await createKycBatches({ workers }).open(file(3), 'after.csv')).counts.valid).toBe(3);
  });

  it('reads bytes handed over in shared memory where they are, and copies any others', async () => {
    const service = createKycBatches({ workers });
    const kept = file(2);
    const before = Buffer.from(kept);
    const copied = await service.open(kept, 'kept.csv', { handOver: true });
    expect(Buffer.from(kept).equals(before)).toBe(true);
    expect(service.rows(copied.batchId).rows[1]?.record.userId).toBe('user-000001');

    const given = await decodeBase64InSlices(Buffer.from(file(2)).toString('base64'));
    expect(given.buffer).toBeInstanceOf(SharedArrayBuffer);
    const summary = await service.open(given, 'given.csv', { handOver: true });
    expect(service.rows(summary.batchId).rows[1]?.record.userId).toBe('user-000001');
  });

  it('asks history by the hash the worker computed', async () => {
    const service = createKycBatches({ workers });
    const seen: string[] = [];
    const summary = await service.open(file(3), 'again.csv', {
      alreadyAccepted: (sha256) => {
        seen.push(sha256);
        return new Set(['user-000001']);
      },
    });
    expect(seen).toEqual([summary.sha256]);
    expect(summary.counts).toMatchObject({ accepted: 1, valid: 2 });
  });
});

describe('where the worker script is', () => {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-worker-path-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('runs the TypeScript source through tsx from sources, and the built file next to the bundle', () => {
    const here = new URL('../../src/main/kyc/worker/worker-pool.ts', import.meta.url).href;
    const source = workerScript(here);
    expect(source.url.href).toBe(new URL('kyc-worker.ts', here).href);
    expect(source.execArgv).toEqual([
      '--import',
      // Resolved as worker-pool.ts resolves it (a worktree may share another checkout's node_modules).
      pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href,
    ]);

    writeFileSync(join(dir, 'kyc-worker.js'), '');
    const beside = workerScript(pathToFileURL(join(dir, 'index.js')).href);
    expect(beside).toEqual({ url: pathToFileURL(join(dir, 'kyc-worker.js')) });
    // Code split into a shared chunk one folder down finds it too.
    const fromChunk = workerScript(pathToFileURL(join(dir, 'chunks', 'shared-abc.js')).href);
    expect(fromChunk).toEqual({ url: pathToFileURL(join(dir, 'kyc-worker.js')) });
    expect(() => workerScript(pathToFileURL('/nowhere/index.js').href)).toThrow(/KYC worker/);
  });
});

describe('bytes copied and decoded a slice at a time', () => {
  it('gives the same bytes as doing it at once, across slice boundaries', async () => {
    for (const size of [0, 1, 2, 3, 1024 * 1024 - 1, 1024 * 1024, 3 * 1024 * 1024 + 2]) {
      const bytes = new Uint8Array(randomBytes(size));
      const base64 = Buffer.from(bytes).toString('base64');
      expect(Buffer.from(await decodeBase64InSlices(base64)).equals(Buffer.from(bytes))).toBe(true);
      const copy = await copyInSlices(bytes);
      expect(Buffer.from(copy).equals(Buffer.from(bytes))).toBe(true);
      expect(copy.buffer).toBeInstanceOf(SharedArrayBuffer);
    }
  });
});
