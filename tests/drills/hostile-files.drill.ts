// Fault drill 5, hostile files — the big half (npm run drills): 200 MB, a million columns, a gigabyte ZIP
// bomb that tells and one that lies, 65,535 workbook parts, JSON ten million levels deep, 33 million
// one-letter rows, and a 60 MB file of real records. Each gets a clear refusal from the limit that guards
// it, or a correct parse, and main keeps turning its event loop while the worker reads. Memory is bounded
// by those limits and the worker's heap limit, which is rehearsed here too; time by the limits and the
// worker's time limit, rehearsed likewise.
// Run: bash scripts/with-keyring.sh npx vitest run tests/drills/hostile-files.drill.ts

import type { KycBatchSummary } from '@shared/kyc-batch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKycBatches, type KycBatchesOptions } from '../../src/main/kyc/batches';
import { KYC_LIMITS } from '../../src/main/kyc/limits';
import { type Fixture, startFixture } from '../support/app/paydesk-fixture';
import {
  deflatedPart,
  nestedJson,
  repeatedPart,
  wideHeader,
  workbookParts,
  zipArchive,
} from '../support/drills/hostile-files-corpus';
import { CSV_HEADERS, kycCsvLine, kycRecord } from '../support/kyc/generate';
import { kycWorkersForFile, openRefusal, utf8 } from '../support/kyc/open';

const workers = kycWorkersForFile();

const MB = 1024 * 1024;

const refusedWith = async (
  bytes: Uint8Array,
  fileName: string,
  options?: Omit<KycBatchesOptions, 'workers'>,
) => (await openRefusal(workers, bytes, fileName, options)).message;

/** Counts turns of main's event loop (timer callbacks) until `work` settles: proof main was not held. */
async function turnsDuring<T>(work: Promise<T>): Promise<{ value: T; turns: number }> {
  let turns = 0;
  let settled = false;
  const tick = (): void => {
    if (settled) return;
    turns++;
    setTimeout(tick, 0);
  };
  setTimeout(tick, 0);
  try {
    return { value: await work, turns };
  } finally {
    settled = true;
  }
}

/** `records` generated KYC records as CSV bytes, built line by line. */
function kycFile(records: number): Uint8Array {
  const lines = [CSV_HEADERS.join(',')];
  for (let i = 0; i < records; i++) lines.push(kycCsvLine(kycRecord(i)));
  return utf8(`${lines.join('\r\n')}\r\n`);
}

describe('drill 5: big hostile KYC files', () => {
  it('refuses 200 MB (and 64 MB and a byte) before any parsing', async () => {
    // Zeros would be refused as binary by the parser: the size message shows the parser never ran.
    expect(await refusedWith(new Uint8Array(200 * MB), 'huge.csv')).toBe(
      'The file is 200 MB; Paydesk opens files of at most 64 MB. Split it into smaller files.',
    );
    expect(await refusedWith(new Uint8Array(64 * MB + 1), 'just-over.csv')).toBe(
      'The file is 64 MB; Paydesk opens files of at most 64 MB. Split it into smaller files.',
    );
  });

  it('refuses a header of a million columns from the header line alone', async () => {
    expect(await refusedWith(utf8(`${wideHeader(1_000_000)}\r\n1,2\r\n`), 'million.csv')).toBe(
      'The header row has 1,000,000 columns; Paydesk reads at most 500. Check that this is a KYC file, or ' +
        'remove the columns it does not need.',
    );
  });

  it('reads a record with a million cells under a normal header, keeping its width and a note', async () => {
    const service = createKycBatches({ workers });
    const row = `${kycCsvLine(kycRecord(1))}${',x'.repeat(1_000_000)}`;
    const summary = await service.open(utf8(`${CSV_HEADERS.join(',')}\r\n${row}\r\n`), 'long-row.csv');
    expect(summary.counts).toMatchObject({ total: 1, invalid: 1 });
    expect(summary.errors[0]).toMatchObject({
      field: null,
      message: 'This row has 1000015 cells but the header has 15: check for an unquoted delimiter.',
    });
    expect(service.rows(summary.batchId).rows[0]?.record.userId).toBe('user-000001');
  });

  it('refuses gigabyte ZIP bombs, told or hidden, and a workbook of 65,535 parts, before inflating', async () => {
    const sheet = await repeatedPart('xl/worksheets/sheet1.xml', 1024 * MB);
    expect(sheet.packed.byteLength).toBeLessThan(2 * MB);
    expect(await refusedWith(zipArchive(await workbookParts(sheet)), 'bomb.xlsx')).toBe(
      'The workbook unpacks to more than 256.0 MB ("xl/worksheets/sheet1.xml" alone is 1024.0 MB); ' +
        'Paydesk reads workbooks of at most 256.0 MB unpacked. Save the sheet as CSV UTF-8, or split it.',
    );
    const liar = zipArchive(await workbookParts({ ...sheet, statedSize: 10_000 }));
    expect(await refusedWith(liar, 'liar.xlsx')).toBe(
      'The workbook\'s part "xl/worksheets/sheet1.xml" unpacks to more than the 9.8 KB it states ' +
        '(a "ZIP bomb"); Paydesk does not open it.',
    );
    const tiny = await deflatedPart('x', 'x');
    const parts = Array.from({ length: 65_535 }, (_, i) => ({ ...tiny, name: `p${i}` }));
    expect(await refusedWith(zipArchive(parts), 'crowd.xlsx')).toBe(
      'The workbook holds more than 65,535 parts; a KYC workbook has a few dozen and Paydesk reads at ' +
        'most 1,000.',
    );
  });

  it('refuses JSON ten million levels deep without parsing it', async () => {
    expect(await refusedWith(utf8(nestedJson(10_000_000)), 'deep.json')).toMatch(
      /^The JSON nests lists and objects more than 32 levels deep/,
    );
  });

  it('stops 33 million one-letter rows at the cell limit', async () => {
    const rows = new Uint8Array(66 * 1000 * 1000 - 2);
    for (let i = 0; i < rows.length; i += 2) {
      rows[i] = 0x61;
      rows[i + 1] = 0x0a;
    }
    expect(rows.byteLength).toBeLessThan(64 * MB);
    // 33 million cells, over the limit (25 million since files open by path; 5 million before).
    const cells = KYC_LIMITS.maxCells.toLocaleString('en-US');
    expect(rows.byteLength / 2).toBeGreaterThan(KYC_LIMITS.maxCells);
    expect(await refusedWith(rows, 'letters.csv')).toBe(
      `The file has more than ${cells} records of 1 columns; Paydesk reads at most ${cells} cells in ` +
        'one file. Split it, or remove the columns it does not need.',
    );
  });

  describe('a 60 MB file of real records', () => {
    let big: Uint8Array;
    beforeAll(() => {
      big = kycFile(270_000);
      expect(big.byteLength).toBeGreaterThan(55 * MB);
      expect(big.byteLength).toBeLessThan(64 * MB);
    });

    it('opens correctly while main keeps turning its event loop', async () => {
      const service = createKycBatches({ workers });
      const { value: summary, turns } = await turnsDuring(service.open(big, 'big.csv'));
      expect(summary.counts).toMatchObject({ total: 270_000, valid: 270_000, invalid: 0 });
      expect(turns).toBeGreaterThan(20);
      const last = service.rows(summary.batchId, { offset: 269_999, limit: 1 }).rows[0]!;
      expect(last).toMatchObject({ index: 269_999, row: 270_001, state: 'valid' });
      expect(last.record.userId).toBe('user-269999');
    });

    it('is refused, not fatal, when the worker’s heap or time limit is too small for it', async () => {
      expect(await refusedWith(big, 'big.csv', { limits: { workerHeapMb: 16 } })).toBe(
        'Reading this file needs more than the 16 MB Paydesk gives one file. Split it into smaller files, ' +
          'or remove the columns it does not need.',
      );
      expect(await refusedWith(big, 'big.csv', { limits: { workerTimeLimitMs: 200 } })).toBe(
        'Paydesk stopped reading this file after 200 ms. Check that it is a KYC file, or split it into ' +
          'smaller files.',
      );
      const summary = await createKycBatches({ workers }).open(kycFile(10), 'after.csv');
      expect(summary.counts.valid).toBe(10);
    });
  });
});

describe('drill 5: 200 MB through the app', () => {
  let fx: Fixture;
  beforeAll(async () => {
    fx = await startFixture();
  });
  afterAll(() => fx.close());

  it('is refused at the IPC boundary, and the app answers the next call', async () => {
    const bytes = Buffer.alloc(200 * MB, 0x61).toString('base64');
    const result = await fx.call<KycBatchSummary>('kyc.open', { fileName: 'huge.csv', bytes });
    expect(result).toEqual({
      ok: false,
      error: { kind: 'invalid', message: 'bytes: The file is over 64 MB.', field: 'bytes' },
    });
    expect((await fx.call('app.info')).ok).toBe(true);
  });
});
