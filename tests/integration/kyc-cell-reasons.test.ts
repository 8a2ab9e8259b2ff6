// What a KYC file's cells become, and why a cell is refused, as the grid shows it: opened through the
// batches (worker, header mapping, normalization, the check) like the app opens a file.
import { describe, expect, it } from 'vitest';
import { createKycBatches } from '../../src/main/kyc/batches';
import { kycCsv, kycRecord } from '../support/kyc/generate';
import { kycWorkersForFile, utf8 } from '../support/kyc/open';

const workers = kycWorkersForFile();

async function open(records: Record<string, unknown>[]) {
  const service = createKycBatches({ workers });
  const summary = await service.open(utf8(kycCsv(records as never)), 'people.csv');
  const rows = service.rows(summary.batchId, { limit: 1000 }).rows;
  return { summary, rows };
}

const NAMES = ['zoë.rossi', 'josé.garcía', 'björn.öberg', 'łukasz.wróbel', 'anaïs.lefèvre', 'çağla.yılmaz'];

describe('e-mail addresses (assumption A31)', () => {
  it('international addresses are valid, as the gateway takes them', async () => {
    const records = Array.from({ length: 2_000 }, (_, i) => ({
      ...kycRecord(i),
      email: `${NAMES[i % NAMES.length]}${i}@example.com`,
    }));
    const { summary } = await open(records);
    expect(summary.counts).toMatchObject({ total: 2_000, valid: 2_000, invalid: 0 });
  });

  it('a refused address names the character that is refused', async () => {
    const { rows } = await open([
      { ...kycRecord(0), email: 'zoë rossi@example.com' },
      { ...kycRecord(1), email: 'zoë.rossi;1@example.com' },
      { ...kycRecord(2), email: 'zoë.rossi@exa_mple.com' },
    ]);
    expect(rows.map((row) => row.errors)).toEqual([
      [
        {
          field: 'email',
          message: 'An e-mail address cannot hold a space before "@".',
          words: {
            key: 'kyc.problem.email.local-character',
            values: { characterKind: 'space', character: 'U+0020' },
          },
          source: 'file',
        },
      ],
      [
        {
          field: 'email',
          message: 'An e-mail address cannot hold ";" before "@".',
          words: {
            key: 'kyc.problem.email.local-character',
            values: { characterKind: 'visible', character: ';' },
          },
          source: 'file',
        },
      ],
      [
        {
          field: 'email',
          message: 'An e-mail address cannot hold "_" in its domain (after "@").',
          words: {
            key: 'kyc.problem.email.domain-character',
            values: { characterKind: 'visible', character: '_' },
          },
          source: 'file',
        },
      ],
    ]);
  });
});

describe('dates whose day and month could be swapped (assumption A32)', () => {
  it('are never guessed: the cell is invalid and says both readings', async () => {
    const { rows } = await open([
      { ...kycRecord(0), birthday: '07.03.1979' },
      { ...kycRecord(1), birthday: '3/7/1979' },
      { ...kycRecord(2), certificateDateStart: '01-02-2020' },
    ]);
    expect(rows.map((row) => [row.state, row.record.birthday, row.errors])).toEqual([
      [
        'invalid',
        '07.03.1979',
        [
          {
            field: 'birthday',
            message: '07.03.1979 could be 7 March or 3 July: type it as YYYY-MM-DD.',
            words: {
              key: 'kyc.problem.dateAmbiguous',
              values: { text: '07.03.1979', day1: 7, month1: 3, day2: 3, month2: 7 },
            },
            source: 'file',
          },
        ],
      ],
      [
        'invalid',
        '3/7/1979',
        [
          {
            field: 'birthday',
            message: '3/7/1979 could be 3 July or 7 March: type it as YYYY-MM-DD.',
            words: {
              key: 'kyc.problem.dateAmbiguous',
              values: { text: '3/7/1979', day1: 3, month1: 7, day2: 7, month2: 3 },
            },
            source: 'file',
          },
        ],
      ],
      ['invalid', kycRecord(2).birthday, [expect.objectContaining({ field: 'certificateDateStart' })]],
    ]);
    expect(rows[2]?.errors[0]?.message).toBe(
      '01-02-2020 could be 1 February or 2 January: type it as YYYY-MM-DD.',
    );
  });

  it('are taken when only one reading is a date, or both readings are the same date', async () => {
    const { rows } = await open([
      { ...kycRecord(0), birthday: '17.03.1979' },
      { ...kycRecord(1), birthday: '03/17/1979' },
      { ...kycRecord(2), birthday: '07.07.1979' },
    ]);
    expect(rows.map((row) => [row.state, row.record.birthday])).toEqual([
      ['valid', '1979-03-17'],
      ['valid', '1979-03-17'],
      ['valid', '1979-07-07'],
    ]);
  });

  it('an ambiguous date typed as a fix is refused the same way; YYYY-MM-DD is taken', async () => {
    const service = createKycBatches({ workers });
    const summary = await service.open(utf8(kycCsv([kycRecord(0)])), 'one.csv');
    const refused = service.update(summary.batchId, 0, 'birthday', '05.06.1980');
    expect(refused.row.errors).toEqual([
      {
        field: 'birthday',
        message: '05.06.1980 could be 5 June or 6 May: type it as YYYY-MM-DD.',
        words: {
          key: 'kyc.problem.dateAmbiguous',
          values: { text: '05.06.1980', day1: 5, month1: 6, day2: 6, month2: 5 },
        },
        source: 'file',
      },
    ]);
    const fixed = service.update(summary.batchId, 0, 'birthday', '1980-06-05');
    expect(fixed.row).toMatchObject({ state: 'valid', errors: [] });
  });
});
