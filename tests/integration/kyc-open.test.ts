// Opening KYC files: real bytes of CSV, XLSX and JSON through the parsers, header mapping and normalization.

import type { KycRecord } from '@shared/gateway/kyc';
import { describe, expect, it } from 'vitest';
import { createKycBatches } from '../../src/main/kyc/batches';
import { normalizeValue } from '../../src/main/kyc/checking/normalize';
import { refusalOf } from '../support/app/refusal';
import { KYC_REQUIRED_FIELDS } from '../support/interface-fields';
import { CSV_HEADERS, kycCsv, kycRecord } from '../support/kyc/generate';
import { kycWorkersForFile, utf8 } from '../support/kyc/open';
import { xlsxBytes } from '../support/kyc/xlsx';

const workers = kycWorkersForFile();

const wire = (record: KycRecord) => ({
  ...record,
  idCardUrls: record.idCardUrls.join('; '),
  ...(record.documentUrls ? { documentUrls: record.documentUrls.join('; ') } : {}),
});

async function openRows(bytes: Uint8Array, fileName: string) {
  const service = createKycBatches({ workers });
  const summary = await service.open(bytes, fileName);
  const page = service.rows(summary.batchId, { limit: 1000 });
  return { service, summary, page };
}

describe('KYC open: the three formats', () => {
  const records = [0, 1, 2, 3, 4].map(kycRecord);

  it('reads the same records from CSV, XLSX and JSON', async () => {
    const csv = await openRows(utf8(kycCsv(records)), 'people.csv');
    const xlsx = await openRows(
      await xlsxBytes([
        [...CSV_HEADERS],
        ...records.map((record) =>
          CSV_HEADERS.map((header) => {
            const value = record[header];
            return Array.isArray(value) ? value.join('\n') : (value ?? null);
          }),
        ),
      ]),
      'people.xlsx',
    );
    const json = await openRows(utf8(JSON.stringify({ data: records })), 'people.json');
    for (const opened of [csv, xlsx, json]) {
      expect(opened.summary.counts).toMatchObject({ total: 5, valid: 5, invalid: 0 });
      expect(opened.summary.unmappedHeaders).toEqual([]);
      expect(opened.summary.missingRequiredFields).toEqual([]);
      expect(opened.page.rows.map((row) => row.record)).toEqual(records.map(wire));
    }
    expect([csv.summary.format, xlsx.summary.format, json.summary.format]).toEqual(['csv', 'xlsx', 'json']);
    expect(csv.summary.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(xlsx.page.rows[0]?.row).toBe(2);
  });

  it('sniffs the format when the name does not say it', async () => {
    const json = await openRows(utf8(`  ${JSON.stringify(records)}`), 'export.dat');
    expect(json.summary.format).toBe('json');
    const xlsx = await openRows(await xlsxBytes([[...CSV_HEADERS]]), 'download');
    expect(xlsx.summary.format).toBe('xlsx');
  });

  it('turns XLSX dates, rich text, formulas, hyperlinks and long numbers into the text people see', async () => {
    const record = kycRecord(7);
    const bytes = await xlsxBytes([
      [
        'User ID',
        'First name',
        'Last name',
        'DOB',
        'Gender',
        'Country',
        'IDD',
        'Personal code',
        'Issue date',
        'Expiry date',
        'Email',
        'Mobile',
        'ID card URLs',
      ],
      [
        record.userId,
        { richText: [{ text: 'An', font: { bold: true } }, { text: 'na' }] },
        { formula: 'UPPER("schmidt")', result: 'SCHMIDT' },
        new Date(Date.UTC(1990, 3, 12)),
        'Female',
        'de',
        49,
        { formula: '40000000000+7', result: 40000000007 },
        new Date(Date.UTC(2020, 0, 1)),
        '01.01.2030',
        { text: 'anna@example.com', hyperlink: 'mailto:anna@example.com' },
        4915112345678,
        { text: 'front side', hyperlink: 'https://files.example.com/front.jpg' },
      ],
    ]);
    const { page } = await openRows(bytes, 'rich.xlsx');
    expect(page.rows[0]?.errors).toEqual([]);
    expect(page.rows[0]?.record).toEqual({
      userId: record.userId,
      firstName: 'Anna',
      lastName: 'SCHMIDT',
      birthday: '1990-04-12',
      gender: 'female',
      country: 'DE',
      iddCode: '49',
      personalCode: '40000000007',
      certificateDateStart: '2020-01-01',
      certificateDateEnd: '2030-01-01',
      email: 'anna@example.com',
      mobile: '4915112345678',
      idCardUrls: 'https://files.example.com/front.jpg',
    });
  });

  it('takes JSON arrays as lists and numbers as digits', async () => {
    const record = {
      ...kycRecord(3),
      mobile: 4915112345678,
      iddCode: 49,
      idCardUrls: ['https://a.example/1.jpg', ' https://a.example/2.jpg '],
    };
    const { page } = await openRows(utf8(JSON.stringify([record])), 'one.json');
    expect(page.rows[0]?.errors).toEqual([]);
    expect(page.rows[0]?.record).toMatchObject({
      mobile: '4915112345678',
      iddCode: '49',
      idCardUrls: 'https://a.example/1.jpg; https://a.example/2.jpg',
    });
  });
});

describe('KYC open: headers and text encodings', () => {
  it('maps common header synonyms and reports the columns it ignores', async () => {
    const header =
      'User ID;Given name;Surname;Date of birth;Sex;Nationality;Dial code;National ID;Issue date;Valid until;E-mail;Phone number;ID card;Documents;Notes';
    const row =
      'u-1;Anna;Schmidt;24.04.1990;F;de;+49;123456789;2020/01/01;2030-01-01;anna@example.com;+49 151 1234-5678;https://x.example/a.jpg|https://x.example/b.jpg;;VIP';
    const { summary, page } = await openRows(utf8(`\uFEFF${header}\r\n${row}\r\n`), 'synonyms.csv');
    // The header above names the required fields in the document's order, then the documents and a note.
    expect(summary.mapping.map((column) => column.field)).toEqual([
      ...KYC_REQUIRED_FIELDS,
      'documentUrls',
      null,
    ]);
    expect(summary.unmappedHeaders).toEqual(['Notes']);
    // The BOM must not stick to the first header, or "User ID" would not map.
    expect(summary.mapping[0]?.header).toBe('User ID');
    expect(page.rows[0]?.record).toMatchObject({
      birthday: '1990-04-24',
      country: 'DE',
      iddCode: '49',
      certificateDateStart: '2020-01-01',
      mobile: '4915112345678',
      idCardUrls: 'https://x.example/a.jpg; https://x.example/b.jpg',
    });
    // "F" is not one of the allowed words: left as typed (lower-cased) for the schema to name.
    expect(page.rows[0]?.errors).toEqual([
      {
        field: 'gender',
        message: 'One of: male, female, other (lower case).',
        words: { key: 'kyc.problem.gender' },
        source: 'file',
      },
    ]);
  });

  it('reads semicolon, tab and pipe delimited files, quotes included', async () => {
    const records = [kycRecord(1), kycRecord(2)];
    for (const delimiter of [';', '\t', '|']) {
      const { summary } = await openRows(utf8(kycCsv(records, delimiter)), 'people.csv');
      expect(summary.counts).toMatchObject({ total: 2, valid: 2 });
    }
  });

  it('names the required fields no column feeds', async () => {
    const text = 'userId,firstName,lastName\nu1,Anna,Schmidt\n';
    const { summary, page } = await openRows(utf8(text), 'short.csv');
    // The three the file has are not named; the rest, in the document's order.
    expect(summary.missingRequiredFields).toEqual(KYC_REQUIRED_FIELDS.slice(3));
    expect(page.rows[0]?.errors.map((error) => error.field)).toEqual(summary.missingRequiredFields);
  });

  it('refuses UTF-16, binary and non-UTF-8 files with a message saying what to do', async () => {
    const service = createKycBatches({ workers });
    const text = kycCsv([kycRecord(1)]);
    const utf16le = new Uint8Array([0xff, 0xfe, ...Buffer.from(text, 'utf16le')]);
    expect((await refusalOf(service.open(utf16le, 'a.csv'))).message).toMatch(/UTF-16.*CSV UTF-8/);
    const utf16NoBom = new Uint8Array(Buffer.from(text, 'utf16le'));
    expect((await refusalOf(service.open(utf16NoBom, 'a.csv'))).message).toMatch(/UTF-16/);
    const png = new Uint8Array([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52,
    ]);
    expect((await refusalOf(service.open(png, 'a.csv'))).message).toMatch(/binary/);
    const latin1 = new Uint8Array(Buffer.from('userId,firstName\nu1,Jürgen\n', 'latin1'));
    expect((await refusalOf(service.open(latin1, 'a.csv'))).message).toMatch(/not UTF-8/);
    const xls = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]);
    expect((await refusalOf(service.open(xls, 'old.xls'))).message).toMatch(/\.xls/);
    expect((await refusalOf(service.open(utf8('{"rows": []}'), 'a.json'))).message).toMatch(/"data" array/);
    expect((await refusalOf(service.open(utf8('[1,'), 'a.json'))).kind).toBe('invalid');
  });

  it('marks rows that have more cells than the header', async () => {
    const text = `${kycCsv([kycRecord(1)]).trimEnd()}\r\n${kycCsv([kycRecord(2)]).split('\r\n')[1]},extra\r\n`;
    const { page } = await openRows(utf8(text), 'wide.csv');
    expect(page.rows[0]?.state).toBe('valid');
    expect(page.rows[1]?.state).toBe('invalid');
    expect(page.rows[1]?.errors[0]).toMatchObject({
      field: null,
      message: expect.stringMatching(/16 cells/),
    });
  });
});

describe('KYC normalization', () => {
  it.each([
    ['firstName', '  Anna  ', 'Anna'],
    ['firstName', '   ', undefined],
    ['birthday', '1990-04-12', '1990-04-12'],
    ['birthday', '1990/4/2', '1990-04-02'],
    ['birthday', '24.4.1990', '1990-04-24'],
    ['birthday', '4/24/1990', '1990-04-24'],
    ['birthday', '24-04-1990', '1990-04-24'],
    ['birthday', '04.04.1990', '1990-04-04'],
    ['birthday', '1990-04-12T00:00:00.000Z', '1990-04-12'],
    // Ambiguous or unknown forms stay as typed so that validation reports them: a day and month that
    // could be swapped are never guessed (A32).
    ['birthday', '2.4.1990', '2.4.1990'],
    ['birthday', '04/12/1990', '04/12/1990'],
    ['birthday', '13.13.1990', '13.13.1990'],
    ['birthday', '24.4/1990', '24.4/1990'],
    ['birthday', '1990-04/12', '1990-04/12'],
    ['birthday', '1990-04-12T10:00:00Z', '1990-04-12T10:00:00Z'],
    ['gender', 'FEMALE', 'female'],
    ['country', 'de', 'DE'],
    ['iddCode', '+49', '49'],
    ['iddCode', '0049', '49'],
    ['mobile', '+49 (151) 1234-5678', '4915112345678'],
    ['mobile', '4.91511E+12', '4.91511E+12'],
    ['personalCode', '0012345', '0012345'],
    ['email', "'=1+1", '=1+1'],
    ['iddCode', "'+49", '49'],
    ['lastName', "O'Brien", "O'Brien"],
    [
      'idCardUrls',
      'https://a.example/1, https://a.example/2 |https://a.example/3\nhttps://a.example/4;',
      ['https://a.example/1', 'https://a.example/2', 'https://a.example/3', 'https://a.example/4'],
    ],
    ['idCardUrls', ' ; ', undefined],
  ] as const)('%s %j → %j', (field, input, expected) => {
    expect(normalizeValue(field, input)).toEqual(expected);
  });
});
