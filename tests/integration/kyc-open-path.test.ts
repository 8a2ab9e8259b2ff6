// Opening a KYC file by its path (kyc.openPath): main checks the path before reading a byte (a full path, a
// name Paydesk reads, a regular file, within the size limit), the worker reads the file from disk, and the
// batch is the same as the same bytes opened from memory. Past the old 64 MB cap of bytes sent over IPC.
import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wordsIn } from '../../src/main/i18n/words';
import { createKycBatches } from '../../src/main/kyc/batches';
import { KYC_LIMITS } from '../../src/main/kyc/limits';
import { LARGE_FILE_BYTES } from '../../src/main/kyc/worker/worker-pool';
import type { MessageKey } from '../../src/shared/i18n/messages';
import { KYC_MAX_FILE_BYTES } from '../../src/shared/kyc-batch';
import { type Fixture, startFixture } from '../support/app/paydesk-fixture';
import { refusalOf } from '../support/app/refusal';
import { signIn } from '../support/app/sign-in';
import { CSV_HEADERS, kycCsv, kycCsvLine, kycRecord } from '../support/kyc/generate';
import { kycWorkersForFile } from '../support/kyc/open';
import { tempFolderForFile } from '../support/temp-folder';

const workers = kycWorkersForFile();
const dir = tempFolderForFile('paydesk-open-path-');

function fileOf(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

const records = [0, 1, 2, 3, 4].map(kycRecord);

describe('kyc.openPath: the batch', () => {
  it('is the one the same bytes make when opened from memory', async () => {
    const text = kycCsv(records);
    const batches = createKycBatches({ workers });
    const byPath = await batches.checked((await batches.openPath(fileOf('people.csv', text))).batchId);
    const inMemory = await batches.open(new TextEncoder().encode(text), 'people.csv');
    expect(byPath.fileName).toBe('people.csv');
    expect(byPath.counts).toMatchObject({ total: 5, valid: 5, invalid: 0 });
    expect(byPath.sha256).toBe(inMemory.sha256);
    expect(batches.rows(byPath.batchId, { limit: 10 }).rows.map((row) => row.record)).toEqual(
      batches.rows(inMemory.batchId, { limit: 10 }).rows.map((row) => row.record),
    );
  });

  it('follows a link the operator dropped to the file it names', async () => {
    const target = fileOf('target.csv', kycCsv(records));
    const link = join(dir, 'link.csv');
    symlinkSync(target, link);
    const summary = await createKycBatches({ workers }).openPath(link);
    expect(summary).toMatchObject({ fileName: 'link.csv', counts: { total: 5 } });
  });

  it(`opens a file past the ${KYC_MAX_FILE_BYTES / 1024 / 1024} MB that bytes over IPC may have, keeping its threads`, async () => {
    const path = join(dir, 'large.csv');
    const out = createWriteStream(path);
    out.write(`${CSV_HEADERS.join(',')}\r\n`);
    let records = 0;
    while (
      out.bytesWritten + out.writableLength <=
      Math.max(KYC_MAX_FILE_BYTES, LARGE_FILE_BYTES) + 1024 * 1024
    ) {
      if (!out.write(`${kycCsvLine(kycRecord(records++))}\r\n`)) await once(out, 'drain');
    }
    out.end();
    await once(out, 'finish');
    const batches = createKycBatches({ workers });
    await batches.openPath(fileOf('small.csv', kycCsv([kycRecord(0)])));
    const threads = workers.threadsStarted;
    const summary = await batches.checked((await batches.openPath(path)).batchId);
    expect(summary.counts).toMatchObject({ total: records, valid: records, invalid: 0 });
    rmSync(path);
    // The threads that read and checked it collect what they held and read the next file too.
    expect(workers.threadsStarted).toBe(threads);
    await batches.checked((await batches.openPath(fileOf('next.csv', kycCsv([kycRecord(1)])))).batchId);
    expect(workers.threadsStarted).toBe(threads);
  });
});

describe('kyc.openPath: what main refuses before reading a byte', () => {
  const batches = () => createKycBatches({ workers, limits: { maxFileBytes: 1024 } });

  it('a path that is not a full path', async () => {
    fileOf('relative.csv', kycCsv(records));
    const refusal = await refusalOf(batches().openPath('relative.csv'));
    expect(refusal).toMatchObject({
      kind: 'invalid',
      message: 'Paydesk opens a file by its full path only.',
    });
  });

  it('a file of a kind Paydesk does not read, whatever it holds', async () => {
    const refusal = await refusalOf(batches().openPath(fileOf('secrets.key', kycCsv(records))));
    expect(refusal.message).toBe('"secrets.key" is not a file Paydesk reads: open a CSV, XLSX or JSON file.');
    expect((await refusalOf(batches().openPath(fileOf('old.xls', 'x')))).message).toMatch(/legacy Excel/);
  });

  it('a folder, a device and a pipe, named like KYC files', async () => {
    mkdirSync(join(dir, 'folder.csv'));
    symlinkSync('/dev/zero', join(dir, 'zero.csv'));
    execFileSync('mkfifo', [join(dir, 'pipe.csv')]);
    for (const name of ['folder.csv', 'zero.csv', 'pipe.csv']) {
      const refusal = await refusalOf(batches().openPath(join(dir, name)));
      expect(refusal, name).toMatchObject({ kind: 'invalid', message: `"${name}" is not a file.` });
    }
  });

  it('a file that is not there', async () => {
    const refusal = await refusalOf(batches().openPath(join(dir, 'gone.csv')));
    expect(refusal).toMatchObject({
      kind: 'not_found',
      message: '"gone.csv" cannot be found or read. Open it again.',
    });
  });

  it('a file past the size limit, and an empty one', async () => {
    const big = fileOf('big.csv', 'x'.repeat(3000));
    const tooLarge = await refusalOf(batches().openPath(big));
    expect(tooLarge.message).toBe(
      '"big.csv" is 2.9 KB; Paydesk opens files of at most 1 KB. Split it into smaller files.',
    );
    // The sizes go as numbers, which the reader's language formats.
    const { key, values } = tooLarge.words!;
    expect((await wordsIn('de'))(key as MessageKey, values)).toBe(
      '„big.csv“ ist 2,9 KB groß; Paydesk öffnet Dateien bis höchstens 1 KB. Teilen Sie sie in kleinere Dateien auf.',
    );
    expect((await refusalOf(batches().openPath(fileOf('empty.csv', '')))).message).toBe(
      '"empty.csv" is empty.',
    );
  });

  it('is stated in one place, large enough for a million records', () => {
    // bench:kyc-open writes a million records as about 210 MB of CSV.
    expect(KYC_LIMITS.maxFileBytes).toBeGreaterThan(210 * 1024 * 1024);
    expect(KYC_LIMITS.maxCells).toBeGreaterThanOrEqual(1_000_000 * CSV_HEADERS.length);
  });
});

describe('kyc.openPath through the app', () => {
  let fixture: Fixture;
  beforeAll(async () => {
    fixture = await startFixture();
  });
  afterAll(() => fixture.close());

  it('is answered by the file dispatcher, never by a contract call the page could make', async () => {
    const path = fileOf('app.csv', kycCsv(records));
    const opened = await fixture.paydesk.dispatchFile('kyc.openPath', { path });
    expect(opened).toMatchObject({ ok: true, data: { fileName: 'app.csv', counts: { total: 5 } } });
    expect(await fixture.call('kyc.openPath', { path })).toMatchObject({
      ok: false,
      error: { kind: 'forbidden' },
    });
    expect(await fixture.paydesk.dispatchFile('kyc.open', { path })).toMatchObject({
      ok: false,
      error: { kind: 'forbidden' },
    });
    const prepared = await fixture.data('kyc.prepare');
    expect(prepared.maxFileBytes).toBe(KYC_LIMITS.maxFileBytes);
  });

  it('validates its input and waits behind the operator lock like every call', async () => {
    const path = fileOf('locked.csv', kycCsv(records));
    expect(await fixture.paydesk.dispatchFile('kyc.openPath', { path: 'a\0b.csv' })).toMatchObject({
      ok: false,
      error: { kind: 'invalid' },
    });
    await fixture.data('session.lockNow');
    expect(await fixture.paydesk.dispatchFile('kyc.openPath', { path })).toMatchObject({
      ok: false,
      error: { kind: 'locked' },
    });
    await signIn(fixture.call, fixture.operator!);
    expect(await fixture.paydesk.dispatchFile('kyc.openPath', { path })).toMatchObject({ ok: true });
  });
});
