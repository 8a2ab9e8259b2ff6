// Fault drill 5, hostile files — the quick half (the big files are in hostile-files.drill.ts). Every bad
// KYC file gets a clear, specific refusal or a correct parse, from the limit that guards it (limits.ts),
// never a hang: empty, binary, UTF-16 and BOMs, legacy and fake workbooks, formulas in cells, quotes that
// never close, wide headers, deep JSON, ZIP bombs that say their size and ZIP bombs that lie about it.
// Limits are tightened per case where the real ones would need a big file to reach.
import { randomBytes } from 'node:crypto';
import type { KycBatchSummary } from '@shared/kyc-batch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKycBatches, type KycBatchesOptions } from '../../src/main/kyc/batches';
import { type Fixture, startFixture } from '../support/app/paydesk-fixture';
import {
  deflatedPart,
  nestedJson,
  repeatedPart,
  sheetXml,
  wideHeader,
  workbookParts,
  zipArchive,
} from '../support/drills/hostile-files-corpus';
import { CSV_HEADERS, kycCsv, kycRecord } from '../support/kyc/generate';
import { kycWorkersForFile, openRefusal, utf8 } from '../support/kyc/open';
import { xlsxBytes } from '../support/kyc/xlsx';

const workers = kycWorkersForFile();

const SAVE_AS = 'Save it from your spreadsheet program as "CSV UTF-8" and open it again.';
const MB = 1024 * 1024;

async function refusedWith(
  bytes: Uint8Array,
  fileName: string,
  options: Omit<KycBatchesOptions, 'workers'> = {},
) {
  const failure = await openRefusal(workers, bytes, fileName, options);
  expect(failure.kind).toBe('invalid');
  return failure.message;
}

describe('hostile KYC files: refused with a message saying what is wrong', () => {
  it('empty, blank and BOM-only files', async () => {
    expect(await refusedWith(new Uint8Array(), 'empty.csv')).toBe('The file is empty.');
    expect(await refusedWith(utf8('\uFEFF\r\n  \r\n,,\r\n'), 'blank.csv')).toBe(
      'The file has no header row.',
    );
    expect(await refusedWith(utf8('[]'), 'none.json')).toBe('The JSON holds no records with named fields.');
  });

  it('binary files, whatever they are called', async () => {
    const binary = 'The file is not text (it holds binary data). Open a CSV, XLSX or JSON file.';
    expect(await refusedWith(new Uint8Array(randomBytes(64 * 1024)), 'people.csv')).toBe(binary);
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48]);
    expect(await refusedWith(png, 'scan.json')).toBe(binary);
  });

  it('UTF-16 with either BOM or none, and 8-bit code pages', async () => {
    const text = kycCsv([kycRecord(1)]);
    const utf16 = `The file is UTF-16 text, which Paydesk does not read. ${SAVE_AS}`;
    const le = Buffer.from(text, 'utf16le');
    const be = Buffer.from(le).swap16();
    expect(await refusedWith(new Uint8Array([0xff, 0xfe, ...le]), 'le.csv')).toBe(utf16);
    expect(await refusedWith(new Uint8Array([0xfe, 0xff, ...be]), 'be.csv')).toBe(utf16);
    expect(await refusedWith(new Uint8Array(le), 'no-bom.csv')).toBe(utf16);
    expect(
      await refusedWith(new Uint8Array(Buffer.from('userId;name\r\nu1;Jürgen\r\n', 'latin1')), 'a.csv'),
    ).toBe(`The file is not UTF-8 text (perhaps Windows-1252 or Latin-1). ${SAVE_AS}`);
  });

  it('legacy, fake, broken and foreign workbooks', async () => {
    const ole = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]);
    expect(await refusedWith(ole, 'old.xls')).toMatch(/legacy Excel 97–2003 \(\.xls\) file/);
    expect(await refusedWith(utf8(kycCsv([kycRecord(1)])), 'renamed.xlsx')).toBe(
      'The file is named .xlsx but is not an XLSX workbook.',
    );
    const workbook = await xlsxBytes([[...CSV_HEADERS]]);
    expect(await refusedWith(workbook.subarray(0, workbook.length / 2), 'cut.xlsx')).toBe(
      'The file is not a readable XLSX workbook (no ZIP directory at its end).',
    );
    const notes = zipArchive([await deflatedPart('notes.txt', 'not a workbook')]);
    expect(await refusedWith(notes, 'notes.xlsx')).toBe('The workbook has no worksheet.');
    const strange = { ...(await deflatedPart('xl/worksheets/sheet1.xml', '<x/>')), method: 12 as 8 };
    expect(await refusedWith(zipArchive([strange]), 'bzip.xlsx')).toBe(
      'The file is not a readable XLSX workbook ("xl/worksheets/sheet1.xml" is packed with ZIP method 12, ' +
        'which XLSX does not use).',
    );
  });

  it('ZIP bombs: one that says its size, one that lies about it, one of a thousand parts', async () => {
    const limits = { maxXlsxUncompressedBytes: 1 * MB };
    const honest = zipArchive(await workbookParts(await repeatedPart('xl/worksheets/sheet1.xml', 4 * MB)));
    expect(await refusedWith(honest, 'bomb.xlsx', { limits })).toBe(
      'The workbook unpacks to more than 1.0 MB ("xl/worksheets/sheet1.xml" alone is 4.0 MB); Paydesk ' +
        'reads workbooks of at most 1.0 MB unpacked. Save the sheet as CSV UTF-8, or split it.',
    );
    const sheet = await repeatedPart('xl/worksheets/sheet1.xml', 64 * MB);
    const liar = zipArchive(await workbookParts({ ...sheet, statedSize: 1024 }));
    expect(await refusedWith(liar, 'liar.xlsx')).toBe(
      'The workbook\'s part "xl/worksheets/sheet1.xml" unpacks to more than the 1.0 KB it states ' +
        '(a "ZIP bomb"); Paydesk does not open it.',
    );
    const tiny = await deflatedPart('x', 'x');
    const crowd = zipArchive(Array.from({ length: 1001 }, (_, i) => ({ ...tiny, name: `part${i}.xml` })));
    expect(await refusedWith(crowd, 'crowd.xlsx')).toBe(
      'The workbook holds 1,001 parts; a KYC workbook has a few dozen and Paydesk reads at most 1,000.',
    );
  });

  it('CSV that would never end or never fit: open quotes, wide headers, giant cells, too many cells', async () => {
    const header = CSV_HEADERS.join(',');
    expect(await refusedWith(utf8(`${header}\r\nu1,"Anna\r\n${'x,'.repeat(1000)}`), 'quote.csv')).toBe(
      'Row 2: a cell opens with a quote (") that never closes, so the rest of the file would read as one ' +
        'cell. Check the quotes in that row.',
    );
    expect(await refusedWith(utf8(`${wideHeader(501)}\r\n1\r\n`), 'wide.csv')).toBe(
      'The header row has 501 columns; Paydesk reads at most 500. Check that this is a KYC file, or ' +
        'remove the columns it does not need.',
    );
    expect(await refusedWith(utf8(`${header}\r\nu1,${'A'.repeat(40_000)}\r\n`), 'giant.csv')).toBe(
      'Row 2, column 2: a cell of 40,000 characters; Paydesk reads cells of at most 32,767 characters.',
    );
    const many = kycCsv(Array.from({ length: 40 }, (_, i) => kycRecord(i)));
    expect(await refusedWith(utf8(many), 'many.csv', { limits: { maxCells: 300 } })).toBe(
      'The file has more than 20 records of 15 columns; Paydesk reads at most 300 cells in one file. ' +
        'Split it, or remove the columns it does not need.',
    );
  });

  it('JSON nested deep, with endless field names, or giant values', async () => {
    expect(await refusedWith(utf8(nestedJson(100_000)), 'deep.json')).toBe(
      'The JSON nests lists and objects more than 32 levels deep; a KYC file needs three (a list of ' +
        'records, each with lists of URLs). Check that this is a KYC file.',
    );
    const wide = [Object.fromEntries(Array.from({ length: 501 }, (_, i) => [`f${i}`, 'x']))];
    expect(await refusedWith(utf8(JSON.stringify(wide)), 'wide.json')).toBe(
      'The records have more than 500 different field names; Paydesk reads at most 500. Check that this ' +
        'is a KYC file.',
    );
    const giant = [{ ...kycRecord(1), idCardUrls: Array.from({ length: 5000 }, (_, i) => `https://x/${i}`) }];
    expect(await refusedWith(utf8(JSON.stringify(giant)), 'giant.json')).toMatch(
      /^Item 1, field "idCardUrls": a value of [\d,]+ characters; Paydesk reads values of at most 32,767 characters\.$/,
    );
  });
});

describe('awkward KYC files: read correctly', () => {
  it('a UTF-8 BOM does not stick to the first header', async () => {
    const service = createKycBatches({ workers });
    const summary = await service.open(utf8(`\uFEFF${kycCsv([kycRecord(1)])}`), 'bom.csv');
    expect(summary.mapping[0]).toEqual({ header: 'userId', field: 'userId' });
    expect(summary.counts).toMatchObject({ total: 1, valid: 1 });
  });

  it('formulas in cells are text: kept as typed, and neutralized when exported', async () => {
    const service = createKycBatches({ workers });
    const formulas = {
      ...kycRecord(2),
      firstName: '=1+1',
      lastName: '=HYPERLINK("http://evil.example","x")',
      middleName: '@SUM(A1:A9)',
      email: '-2+3@example.com',
    };
    const summary = await service.open(utf8(kycCsv([formulas])), 'formulas.csv');
    const row = service.rows(summary.batchId).rows[0]!;
    expect(row.record).toMatchObject({
      firstName: '=1+1',
      lastName: '=HYPERLINK("http://evil.example","x")',
      middleName: '@SUM(A1:A9)',
      email: '-2+3@example.com',
    });
    // lastName is over 30 characters, so the row is exported for fixing: every formula gets an apostrophe.
    expect(row.errors.map((error) => error.field)).toEqual(['lastName']);
    const exported = (await service.exportRejected(summary.batchId)).csv;
    expect(exported).toContain(`,"'=1+1",`);
    expect(exported).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(exported).toContain(`,"'@SUM(A1:A9)",`);
    expect(exported).toContain(`,"'-2+3@example.com",`);
  });

  it('XLSX formulas read as their cached results; one never calculated reads as empty', async () => {
    const service = createKycBatches({ workers });
    const bytes = await xlsxBytes([
      ['userId', 'firstName', 'lastName'],
      ['u1', { formula: 'UPPER("anna")', result: 'ANNA' }, { formula: 'NOW()' }],
    ]);
    const summary = await service.open(bytes, 'formulas.xlsx');
    const row = service.rows(summary.batchId).rows[0]!;
    expect(row.record).toEqual({ userId: 'u1', firstName: 'ANNA' });
  });

  it('a workbook within the limits opens, built the way the bombs are', async () => {
    const sheet = await deflatedPart(
      'xl/worksheets/sheet1.xml',
      sheetXml([
        ['userId', 'firstName'],
        ['u1', 'Anna'],
        ['u2', 'Jonas'],
      ]),
    );
    const summary = await createKycBatches({ workers }).open(
      zipArchive(await workbookParts(sheet)),
      'small.xlsx',
    );
    expect(summary.counts.total).toBe(2);
    expect(summary.mapping.map((column) => column.field)).toEqual(['userId', 'firstName']);
  });
});

describe('hostile KYC files through the app', () => {
  let fx: Fixture;
  beforeAll(async () => {
    fx = await startFixture();
  });
  afterAll(() => fx.close());

  const open = (bytes: Uint8Array, fileName: string) =>
    fx.call<KycBatchSummary>('kyc.open', { fileName, bytes: Buffer.from(bytes).toString('base64') });

  it('answers each with an invalid-input error, keeps answering other calls meanwhile, and opens the next good file', async () => {
    const order: string[] = [];
    const deep = open(utf8(`${wideHeader(15)}\r\n${'1,'.repeat(2_000_000)}\r\n`), 'wide-row.csv').then(
      (result) => {
        order.push('wide row read');
        return result;
      },
    );
    const info = fx.call('app.info').then(() => order.push('app.info answered'));
    await Promise.all([deep, info]);
    expect(order).toEqual(['app.info answered', 'wide row read']);
    const wideRow = await deep;
    expect(wideRow.ok && wideRow.data.counts.invalid).toBe(1);

    for (const [bytes, name, message] of [
      [new Uint8Array(), 'empty.csv', 'The file is empty.'],
      [utf8(nestedJson(50)), 'deep.json', /nests lists and objects more than 32 levels deep/],
      [new Uint8Array([0xff, 0xfe, 0x41, 0]), 'utf16.csv', /UTF-16/],
    ] as const) {
      const result = await open(bytes, name);
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.error.kind).toBe('invalid');
        expect(result.error.message).toMatch(message);
      }
    }
    const good = await open(utf8(kycCsv([kycRecord(1), kycRecord(2)])), 'good.csv');
    expect(good.ok && good.data.counts.valid).toBe(2);
  });
});
