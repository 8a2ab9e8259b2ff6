// A 10,000-record file with errors planted at known rows: exactly those rows are invalid, paging and filters
// find them, fixes revalidate them, and the export of what is left to fix is safe to open in a spreadsheet.

import type { KycRecord } from '@shared/gateway/kyc';
import type { MessageKey } from '@shared/i18n/messages';
import { beforeEach, describe, expect, it } from 'vitest';
import { spreadsheetForm } from '../../src/main/csv/csv-form';
import { wordsIn } from '../../src/main/i18n/words';
import { createKycBatches, type KycBatches } from '../../src/main/kyc/batches';
import { kycCsv, kycRecord } from '../support/kyc/generate';
import { kycWorkersForFile, utf8 } from '../support/kyc/open';

const workers = kycWorkersForFile();

const COUNT = 10_000;

/** Planted: bad email at 17, expiry before issue at 250, a second user-000010 at 5000, no personalCode at 9999. */
function plantedFile(): Uint8Array {
  const records: Partial<Record<keyof KycRecord, string | readonly string[]>>[] = [];
  for (let i = 0; i < COUNT; i++) records.push(kycRecord(i));
  records[17] = { ...records[17], email: 'person17-at-example.com' };
  records[250] = { ...records[250], certificateDateStart: '2024-05-01', certificateDateEnd: '2024-04-30' };
  records[5000] = { ...records[5000], userId: 'user-000010' };
  const { personalCode: _dropped, ...withoutCode } = records[9999]!;
  records[9999] = withoutCode;
  return utf8(kycCsv(records));
}

describe('KYC batch with planted errors', () => {
  let service: KycBatches;
  let batchId: string;
  const bytes = plantedFile();

  beforeEach(async () => {
    service = createKycBatches({ workers });
    batchId = (await service.open(bytes, 'planted.csv')).batchId;
  });

  it('reports exactly the planted rows invalid, with the field and reason of each', () => {
    const summary = service.summary(batchId);
    expect(summary.counts).toEqual({
      total: COUNT,
      valid: COUNT - 4,
      invalid: 4,
      accepted: 0,
      rejected: 0,
      sending: 0,
      checking: 0,
      warnings: 0,
    });
    expect(summary.errors.map(({ index, row, field }) => ({ index, row, field }))).toEqual([
      { index: 17, row: 19, field: 'email' },
      { index: 250, row: 252, field: 'certificateDateEnd' },
      { index: 5000, row: 5002, field: 'userId' },
      { index: 9999, row: 10001, field: 'personalCode' },
    ]);
    expect(summary.errors[1]?.message).toBe('The document expires before it was issued.');
    expect(summary.errors[2]?.message).toMatch(/same userId as row 12/);
    expect(summary.errors[3]?.message).toBe('Required.');
  });

  it('pages through all rows and through each filter', () => {
    const invalid = service.rows(batchId, { filter: 'invalid', limit: 10 });
    expect(invalid.total).toBe(4);
    expect(invalid.rows.map((row) => row.index)).toEqual([17, 250, 5000, 9999]);
    expect(invalid.rows.every((row) => row.state === 'invalid' && row.errors.length > 0)).toBe(true);

    const secondPage = service.rows(batchId, { filter: 'invalid', offset: 2, limit: 1 });
    expect(secondPage.rows.map((row) => row.index)).toEqual([5000]);

    const valid = service.rows(batchId, { filter: 'valid', offset: 15, limit: 5 });
    expect(valid.total).toBe(COUNT - 4);
    // Row 17 is skipped by the valid filter.
    expect(valid.rows.map((row) => row.index)).toEqual([15, 16, 18, 19, 20]);

    const all = service.rows(batchId, { offset: COUNT - 2, limit: 100 });
    expect(all.total).toBe(COUNT);
    expect(all.rows.map((row) => [row.index, row.state])).toEqual([
      [9998, 'valid'],
      [9999, 'invalid'],
    ]);
    expect(service.rows(batchId, { filter: 'accepted' }).total).toBe(0);
    // The limit is capped: a page never carries the whole batch across IPC.
    expect(service.rows(batchId, { limit: 50_000 }).rows).toHaveLength(1000);
  });

  it('revalidates a fixed cell, including the duplicate rule in both directions', () => {
    const fixed = service.update(batchId, 17, 'email', ' person17@example.com ');
    expect(fixed.row).toMatchObject({ index: 17, state: 'valid', errors: [] });
    expect(fixed.row.record.email).toBe('person17@example.com');
    expect(fixed.counts.invalid).toBe(3);

    const broken = service.update(batchId, 18, 'country', 'XX');
    expect(broken.row.state).toBe('invalid');
    expect(broken.row.errors).toEqual([
      {
        field: 'country',
        message: 'Not an ISO 3166-1 country code.',
        words: { key: 'kyc.problem.country' },
        source: 'file',
      },
    ]);

    // Renaming the first holder of user-000010 leaves row 5000 as the only one: no longer a duplicate.
    const renamed = service.update(batchId, 10, 'userId', 'user-renamed');
    expect(renamed.row.state).toBe('valid');
    expect(service.rows(batchId, { offset: 5000, limit: 1 }).rows[0]?.state).toBe('valid');
    // And taking the name back makes the later row the duplicate again.
    service.update(batchId, 10, 'userId', 'user-000010');
    expect(service.rows(batchId, { offset: 5000, limit: 1 }).rows[0]?.errors[0]?.field).toBe('userId');
    expect(service.summary(batchId).counts.invalid).toBe(4);
    expect(service.rows(batchId, { filter: 'invalid' }).rows.map((row) => row.index)).toEqual([
      18, 250, 5000, 9999,
    ]);
  });

  it('remaps columns and validates everything again', async () => {
    const unmapped = await service.setMapping(batchId, [{ header: 'email', field: null }]);
    expect(unmapped.missingRequiredFields).toEqual(['email']);
    expect(unmapped.counts.invalid).toBe(COUNT);
    const back = await service.setMapping(batchId, [{ header: 'email', field: 'email' }]);
    expect(back.counts.invalid).toBe(4);
    await expect(service.setMapping(batchId, [{ header: 'mobile', field: 'email' }])).rejects.toThrow(
      /both feed email/,
    );
    await expect(service.setMapping(batchId, [{ header: 'nope', field: 'email' }])).rejects.toThrow(
      /no column/,
    );
  });
});

describe('KYC export of rows to fix', () => {
  it('quotes cells, neutralizes formulas, lists the reasons, and reads back to the same values', async () => {
    const service = createKycBatches({ workers });
    const good = kycRecord(1);
    const evil = {
      ...kycRecord(2),
      firstName: '=HYPERLINK("http://evil.example","x")',
      email: '@SUM(1+1)',
      lastName: 'Smith, Jr.',
    };
    const text = `${kycCsv([good, evil]).trimEnd()}\r\n`;
    const { batchId } = await service.open(utf8(text), 'people.csv');
    service.update(batchId, 1, 'iddCode', '+49');
    const exported = await service.exportRejected(batchId);
    expect(exported.fileName).toBe('people-to-fix.csv');
    expect(exported.rows).toBe(1);
    const lines = exported.csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]?.endsWith(',"errors"')).toBe(true);
    expect(lines).toHaveLength(3);
    const row = lines[1]!;
    expect(row).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(row).toContain(`,"Smith, Jr.",`);
    expect(row).toContain(`,"'+49",`);
    expect(row).toContain(`'@SUM(1+1)`);
    expect(row).toMatch(/firstName: At most 20 characters\. \| email: An e-mail address/);
    expect(row).not.toMatch(/[,;]"?[=@+]/);

    // Reading the export back undoes the apostrophes: the values are the ones that were exported.
    const reopened = await service.open(utf8(exported.csv), 'people-to-fix.csv');
    expect(reopened.unmappedHeaders).toEqual(['errors']);
    const back = service.rows(reopened.batchId).rows[0]!;
    expect(back.record).toMatchObject({
      firstName: evil.firstName,
      email: evil.email,
      iddCode: '49',
      lastName: 'Smith, Jr.',
    });
  });
  it("in the spreadsheet form for a German Excel: ';' between cells, the BOM kept, and it opens again", async () => {
    const service = createKycBatches({ workers });
    const evil = {
      ...kycRecord(2),
      firstName: 'Lucía =1+1 with a name far too long',
      lastName: 'Smith; Jr.',
    };
    const { batchId } = await service.open(utf8(kycCsv([kycRecord(1), evil])), 'people.csv');
    const german = spreadsheetForm('de', 'Europe/Berlin', await wordsIn('de'));
    const exported = await service.exportRejected(batchId, german);
    expect(exported.csv.startsWith('\uFEFF"')).toBe(true);
    const [header, row] = exported.csv.slice(1).split('\r\n');
    expect(header).toMatch(/^"[^"]+"(;"[^"]+")+;"errors"$/);
    expect(row).toContain(';"Smith; Jr.";');
    expect(row).not.toMatch(/[,;]"?[=@+]/);
    // Its cells are the file's own text: only the separator differs from the machine-readable form, and
    // the reasons, which Paydesk words in the agent's language (the field names stay the gateway's).
    const machine = await service.exportRejected(batchId);
    const withoutReasons = (csv: string) => csv.split('\r\n').map((line) => line.replace(/[;,]"[^"]*"$/, ''));
    expect(withoutReasons(exported.csv.replaceAll('";"', '","'))).toEqual(withoutReasons(machine.csv));
    const de = await wordsIn('de');
    const problems = service.rows(batchId).rows[1]!.errors;
    expect(problems.length).toBeGreaterThan(0);
    const reasonsInGerman = problems
      .map((problem) => `${problem.field}: ${de(problem.words!.key as MessageKey, problem.words!.values)}`)
      .join(' | ');
    expect(row!.endsWith(`;"${reasonsInGerman}"`)).toBe(true);
    expect(machine.csv).toContain(problems[0]!.message);
    expect(row).not.toContain(problems[0]!.message);

    const reopened = await service.open(utf8(exported.csv), 'people-to-fix.csv');
    expect(reopened.unmappedHeaders).toEqual(['errors']);
    expect(service.rows(reopened.batchId).rows[0]?.record).toMatchObject({
      firstName: evil.firstName,
      lastName: 'Smith; Jr.',
    });
  });
});
