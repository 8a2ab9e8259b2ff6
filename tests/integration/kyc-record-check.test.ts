// The compiled record check (checking/compiled-record-check.ts) against the shared zod schema it is
// compiled from: on any record it may only say "valid" where zod does, and on normalized records it must
// say so exactly where zod does, or the open would either let a bad record through or lose its speed.
// Generated records mix valid values with the awkward ones (lengths at the limit in code points, leap
// days, punycode and numeric hosts, ports, tabs, lists at the item limit), so both directions are
// exercised.

import { KYC_FIELDS, type KycRecord, kycRecordSchema } from '@shared/gateway/kyc';
import type { KycField } from '@shared/kyc-batch';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { recordCheckCompiled, surelyValid } from '../../src/main/kyc/checking/compiled-record-check';
import { type NormalizedRecord, normalizeRow } from '../../src/main/kyc/checking/normalize';
import { rowChecker, validateRecord } from '../../src/main/kyc/checking/row-checker';
import { kycRecord } from '../support/kyc/generate';

const zodAccepts = (record: unknown) => kycRecordSchema.safeParse(record).success;

const long = (length: number, unit = 'x') => unit.repeat(length);
const TEXT = [
  '',
  ' ',
  'a',
  ' a ',
  "'=1+1",
  'Ærø',
  long(20),
  long(21),
  long(10, '😀'),
  long(11, '😀'),
  '\uD800',
];
const DATES = [
  '2020-02-29',
  '2021-02-29',
  '2000-02-29',
  '1900-02-29',
  '2020-13-01',
  '2020-04-31',
  '2020-1-1',
  '0000-01-01',
  '9999-12-31',
  '1990/04/12',
  '12.04.1990',
  '',
];
const GENDERS = ['male', 'female', 'other', 'Male', 'x', ''];
const COUNTRIES = ['DE', 'de', 'XX', 'DEU', 'D', 'ÄÖ', '😀', ''];
const DIGITS = ['0', '49', '0049', '+49', '١٢٣', '4.9E+12', long(4, '9'), long(5, '9'), long(33, '1'), ''];
const EMAILS = [
  'a@b.co',
  'a@b',
  "o'brien@x.com",
  'a.b@c.de',
  'a..b@c.de',
  `${long(60)}@b.co`,
  'x',
  '',
  'zoë.rossi14@example.com',
  'zoë,rossi@example.com',
  'anna@münchen.de',
  'a@b.123',
];
const URLS = [
  'https://files.example.com/kyc/1/front.jpg',
  'http://a.example',
  'HTTPS://A.EXAMPLE/X',
  'https://xn--mnchen-3ya.de/a',
  'https://xn--a.com',
  'https://1.2.3.4/x',
  'https://a.123',
  'https://a.0x1',
  'https://a.example:8080/x',
  'https://a.example:99999/x',
  'https://user@a.example',
  'https://a..example',
  'https://-a-.example/%zz\\x?y#z',
  'https://a.example/a b',
  'https://a.example/\ttab',
  'https:/a.example',
  'https://',
  'ftp://a.example',
  'https://[::1]/x',
  `https://a.example/${long(500)}`,
  `https://a.example/${long(493)}`,
];

const pick = <T>(values: readonly T[]) => fc.constantFrom(...values);

/** One awkward value per field, of the kind the field takes. */
const AWKWARD: Record<KycField, fc.Arbitrary<unknown>> = {
  userId: pick([...TEXT, long(64), long(65)]),
  firstName: pick(TEXT),
  lastName: pick([...TEXT, long(30), long(31)]),
  middleName: pick([...TEXT, undefined]),
  birthday: pick(DATES),
  gender: pick(GENDERS),
  country: pick(COUNTRIES),
  iddCode: pick(DIGITS),
  personalCode: pick(DIGITS),
  certificateDateStart: pick(DATES),
  certificateDateEnd: pick(DATES),
  email: pick(EMAILS),
  mobile: pick(DIGITS),
  idCardUrls: fc.array(pick(URLS), { maxLength: 12 }),
  documentUrls: fc.option(fc.array(pick(URLS), { maxLength: 12 }), { nil: undefined }),
};

/** A generated valid record with a few fields swapped for awkward values (or dropped). */
const records = fc
  .record({
    base: fc.nat(99_999),
    changes: fc.dictionary(pick(KYC_FIELDS), fc.constant(null), { maxKeys: 4 }),
    values: fc.record(AWKWARD),
    drop: fc.option(pick(KYC_FIELDS), { nil: undefined }),
  })
  .map(({ base, changes, values, drop }) => {
    const record: Record<string, unknown> = { ...kycRecord(base) };
    for (const field of Object.keys(changes) as KycField[]) record[field] = values[field];
    if (drop) delete record[drop];
    for (const field of KYC_FIELDS) if (record[field] === undefined) delete record[field];
    return record;
  });

/** The record as cells of a CSV row in KYC_FIELDS order (lists joined with "; "), then normalized. */
function normalizedFromCells(record: Record<string, unknown>): NormalizedRecord {
  const cells = KYC_FIELDS.map((field) => {
    const value = record[field];
    return Array.isArray(value) ? value.join('; ') : (value as string | undefined);
  });
  return normalizeRow(cells, KYC_FIELDS, undefined);
}

describe('the compiled KYC record check', () => {
  it('compiles from the schema (or every open would fall back to zod)', () => {
    expect(recordCheckCompiled).toBe(true);
  });

  it('says valid for the generated records that zod accepts, so the fast path is taken', () => {
    for (let i = 0; i < 2000; i++) {
      const record = kycRecord(i);
      expect(zodAccepts(record)).toBe(true);
      expect(surelyValid(record as NormalizedRecord)).toBe(true);
    }
  });

  it('never says valid where zod refuses, on any record', () => {
    fc.assert(
      fc.property(records, (record) => {
        if (surelyValid(record as NormalizedRecord)) expect(zodAccepts(record)).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it('agrees with zod both ways on normalized records, and the row checker gives zod’s own messages', () => {
    let valid = 0;
    let invalid = 0;
    const check = rowChecker(KYC_FIELDS);
    fc.assert(
      fc.property(records, (record) => {
        const normalized = normalizedFromCells(record);
        const accepted = zodAccepts(normalized);
        expect(surelyValid(normalized)).toBe(accepted);
        if (accepted) valid++;
        else invalid++;
        const cells = KYC_FIELDS.map((field) => {
          const value = record[field];
          return Array.isArray(value) ? value.join('; ') : (value as string | undefined);
        });
        const answer = check(cells, undefined, undefined);
        expect(answer.errors).toEqual(validateRecord(normalized));
        expect(answer.userId).toBe(typeof normalized.userId === 'string' ? normalized.userId : undefined);
      }),
      { numRuns: 3000 },
    );
    // Both sides of the comparison were reached often enough to mean something. A bound of 300 failed
    // for 2 random seeds in 400 (the valid side came to 288 or fewer).
    expect(valid).toBeGreaterThan(200);
    expect(invalid).toBeGreaterThan(200);
  });

  it('takes every plain http(s) address of its shortcut as zod does', () => {
    // The shortcut's grammar: lower-case labels, none starting "xn--", the last starting with a letter.
    const label = fc.stringMatching(/^[a-z0-9-]{1,8}$/).filter((text) => !text.startsWith('xn--'));
    const last = fc.stringMatching(/^[a-z][a-z0-9-]{0,8}$/).filter((text) => !text.startsWith('xn--'));
    const rest = fc.option(fc.stringMatching(/^[/?#][!-~]{0,40}$/), { nil: '' });
    const plain = fc
      .tuple(fc.constantFrom('http', 'https'), fc.array(label, { maxLength: 3 }), last, rest)
      .map(([scheme, labels, tail, after]) => `${scheme}://${[...labels, tail].join('.')}${after}`);
    fc.assert(
      fc.property(plain, (url) => {
        const record = { ...kycRecord(1), idCardUrls: [url] } satisfies KycRecord;
        expect(surelyValid(record)).toBe(true);
        expect(zodAccepts(record)).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it('leaves the date order rule of the schema to the same answer', () => {
    const base = kycRecord(4);
    const cases: Partial<KycRecord>[] = [
      { certificateDateStart: '2020-01-02', certificateDateEnd: '2020-01-01' },
      { certificateDateStart: '2020-01-01', certificateDateEnd: '2020-01-01' },
      { birthday: '2020-01-02', certificateDateStart: '2020-01-01' },
      { birthday: '2020-01-01', certificateDateStart: '2020-01-01' },
    ];
    for (const change of cases) {
      const record = { ...base, ...change };
      expect(surelyValid(record)).toBe(zodAccepts(record));
    }
  });
});
