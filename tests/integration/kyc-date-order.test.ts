// Issue 35, item 9: a European export writes its dates DD.MM.YYYY. "07.03.1979" alone could be 7 March or
// 3 July and is never guessed (A32); but a column whose other rows prove the day comes first (17.03.1979)
// reads its undecided dates day first, and says which row proved it. A column whose rows prove nothing, or
// prove both orders, guesses nothing. Through the real composition root, with German headers.
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { KycBatchSummary, KycRowView } from '@shared/kyc-batch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Fixture, startFixture } from '../support/app/paydesk-fixture';
import { kycRecord } from '../support/kyc/generate';
import { GERMAN_HEADERS, germanDate } from '../support/kyc/german-export';

/** 200 rows, dates DD.MM.YYYY; `birthday(i)` gives row i's date of birth as written. */
function germanCsv(tag: string, birthday: (i: number, iso: string) => string): string {
  const lines = Array.from({ length: 200 }, (_, i) => {
    const r = kycRecord(7000 + i);
    return [
      `${tag}-${i}`,
      r.firstName,
      r.lastName,
      birthday(i, r.birthday),
      r.gender,
      r.country,
      r.iddCode,
      r.personalCode,
      germanDate(r.certificateDateStart),
      germanDate(r.certificateDateEnd),
      r.email,
      r.mobile,
      r.idCardUrls.join(' | '),
    ].join(';');
  });
  return `${[GERMAN_HEADERS.join(';'), ...lines].join('\r\n')}\r\n`;
}

let fx: Fixture;
beforeAll(async () => {
  fx = await startFixture({});
});
afterAll(() => fx.close());

const open = (name: string, csv: string): Promise<KycBatchSummary> =>
  fx.data('kyc.open', { fileName: name, bytes: Buffer.from(csv).toString('base64') });
async function rows(batchId: string): Promise<KycRowView[]> {
  const page = await fx.data('kyc.rows', { batchId, limit: 200 });
  return page.rows;
}

describe('a German export’s dates', () => {
  it('reads a column day first when its own rows prove it, and names the row that does', async () => {
    const csv = germanCsv('dd', (_i, iso) => germanDate(iso));
    const undecided = csv.split('\r\n').filter((line) => /;(0\d|1[0-2])\.(0\d|1[0-2])\.\d{4};/.test(line));
    expect(undecided.length).toBeGreaterThan(80);

    const summary = await open('kunden.csv', csv);
    expect(summary.missingRequiredFields).toEqual([]);
    expect(summary.unmappedHeaders).toEqual([]);
    expect(summary.counts).toMatchObject({ total: 200, valid: 200, invalid: 0 });
    const birthday = summary.dateColumns.find((column) => column.field === 'birthday');
    expect(birthday).toMatchObject({
      header: 'Geburtsdatum',
      reading: { kind: 'proven', order: 'day-first' },
    });
    if (birthday?.reading.kind !== 'proven') throw new Error('not proven');
    expect(Number(birthday.reading.text.split('.')[0])).toBeGreaterThan(12);

    // 07.03.1979 is sent as 7 March.
    const first = (await rows(summary.batchId))[0]!;
    const written = germanCsv('dd', (_i, iso) => germanDate(iso))
      .split('\r\n')[1]!
      .split(';')[3]!;
    const [day, month, year] = written.split('.');
    expect(first.record.birthday).toBe(`${year}-${month}-${day}`);
  });

  it('guesses nothing in a column whose rows never prove the order, until the officer sets it', async () => {
    // Every day of birth 12 or less: no row tells day from month.
    const summary = await open(
      'ohne-beweis.csv',
      germanCsv('np', (i, iso) => germanDate(`${iso.slice(0, 8)}${String((i % 12) + 1).padStart(2, '0')}`)),
    );
    const birthday = summary.dateColumns.find((column) => column.field === 'birthday');
    expect(birthday).toMatchObject({ header: 'Geburtsdatum', reading: { kind: 'unproven' } });
    expect(birthday?.chosen).toBeUndefined();
    expect(summary.counts.invalid).toBeGreaterThan(0);
    const invalid = (await rows(summary.batchId)).filter((row) => row.state === 'invalid');
    expect(invalid[0]!.errors[0]!.message).toMatch(/could be .* or .*: type it as YYYY-MM-DD/);

    const set = await fx.data('kyc.setDateOrder', {
      batchId: summary.batchId,
      header: 'Geburtsdatum',
      order: 'day-first',
    });
    expect(set.counts.invalid).toBe(0);
    expect(set.dateColumns.find((column) => column.field === 'birthday')?.chosen).toBe('day-first');
    const [day, month, year] = (invalid[0]!.record.birthday ?? '').split('.');
    const again = (await rows(summary.batchId)).find((row) => row.index === invalid[0]!.index)!;
    expect(again.record.birthday).toBe(`${year}-${month}-${day}`);
    const db = new DatabaseSync(join(fx.dataDir, 'history.sqlite'), { readOnly: true });
    const audit = db
      .prepare("SELECT detail_json FROM audit_log WHERE event = 'kyc_batch.date_order_chosen' ORDER BY seq")
      .all() as { detail_json: string }[];
    db.close();
    expect(JSON.parse(audit.at(-1)!.detail_json)).toMatchObject({
      header: 'Geburtsdatum',
      order: 'day-first',
    });

    const unset = await fx.data('kyc.setDateOrder', {
      batchId: summary.batchId,
      header: 'Geburtsdatum',
      order: null,
    });
    expect(unset.counts.invalid).toBe(summary.counts.invalid);
    const refused = await fx.call('kyc.setDateOrder', {
      batchId: summary.batchId,
      header: 'Vorname',
      order: 'day-first',
    });
    expect(refused).toMatchObject({ ok: false, error: { kind: 'invalid', field: 'header' } });
  });

  it('guesses nothing in a column whose rows prove both orders, and says which rows', async () => {
    const summary = await open(
      'gemischt.csv',
      germanCsv('mx', (i, iso) => (i === 150 ? '03/17/1979' : germanDate(iso))),
    );
    const birthday = summary.dateColumns.find((column) => column.field === 'birthday');
    expect(birthday?.reading).toMatchObject({ kind: 'conflict', monthFirstRow: 152 });
    expect(summary.counts.invalid).toBeGreaterThan(50);
  });
});
