// The KYC wire schemas (sections 2.4–2.5). The interface gives shapes only; the rules asserted here are
// assumptions A10 (field rules) and A11 (500 records per request) of docs/gateway-assumptions.md.

import {
  KYC_FIELDS,
  KYC_MAX_RECORDS_PER_REQUEST,
  kycRecordSchema,
  kycResponseSchema,
  kycSubmitRequestSchema,
} from '@shared/gateway';
import { describe, expect, it } from 'vitest';
import { KYC_OPTIONAL_FIELDS, KYC_REQUIRED_FIELDS } from '../support/interface-fields';
import { issuesOf, messagesAt } from '../support/schema-issues';

const validRecord = {
  userId: 'user-42',
  firstName: 'Ann',
  lastName: 'Lee',
  middleName: 'Marie',
  birthday: '1990-04-30',
  gender: 'female',
  country: 'DE',
  iddCode: '49',
  personalCode: '123456789',
  certificateDateStart: '2020-01-15',
  certificateDateEnd: '2030-01-14',
  email: 'ann@example.com',
  mobile: '15123456789',
  idCardUrls: ['https://files.example/id-front.jpg', 'https://files.example/id-back.jpg'],
  documentUrls: ['https://files.example/utility-bill.pdf'],
};

const validRequest = { merchantId: 1001, data: [validRecord], sign: 'f'.repeat(64) };

function without(body: Record<string, unknown>, name: string): Record<string, unknown> {
  const copy = { ...body };
  delete copy[name];
  return copy;
}

const text = (n: number) => 'x'.repeat(n);
const digitText = (n: number) => '3'.repeat(n);
const emailText = (n: number) => `${'a'.repeat(n - '@example.com'.length)}@example.com`;

/** Lengths of assumption A10. */
const RECORD_MAX_LENGTHS = [
  { field: 'userId', max: 64, make: text },
  { field: 'firstName', max: 20, make: text },
  { field: 'lastName', max: 30, make: text },
  { field: 'middleName', max: 30, make: text },
  { field: 'email', max: 64, make: emailText },
  { field: 'mobile', max: 20, make: digitText },
  { field: 'iddCode', max: 4, make: digitText },
  { field: 'personalCode', max: 32, make: digitText },
];

const urls = (n: number) => Array.from({ length: n }, (_, i) => `https://files.example/${i}.jpg`);

describe('KYC record', () => {
  it('the valid record passes unchanged', () => {
    expect(kycRecordSchema.parse(validRecord)).toEqual(validRecord);
  });

  it('lists the fields of section 2.4', () => {
    expect([...KYC_FIELDS].sort()).toEqual([...KYC_REQUIRED_FIELDS, ...KYC_OPTIONAL_FIELDS].sort());
  });

  it.each(KYC_REQUIRED_FIELDS)('without %s says "Required." on that field', (field) => {
    expect(issuesOf(kycRecordSchema, without(validRecord, field))).toEqual([
      { path: field, message: 'Required.' },
    ]);
  });

  it.each(['middleName', 'documentUrls'])('%s may be left out', (field) => {
    expect(issuesOf(kycRecordSchema, without(validRecord, field))).toEqual([]);
  });

  it.each(RECORD_MAX_LENGTHS)('$field: $max characters pass, one more fails', ({ field, max, make }) => {
    expect(make(max)).toHaveLength(max);
    expect(issuesOf(kycRecordSchema, { ...validRecord, [field]: make(max) })).toEqual([]);
    expect(messagesAt(kycRecordSchema, { ...validRecord, [field]: make(max + 1) }, field)).toContain(
      `At most ${max} characters.`,
    );
  });

  it.each([
    ['mobile', '+4915123456789'],
    ['iddCode', '+49'],
    ['personalCode', 'AB-123'],
  ])('%s %j is refused: digits only', (field, value) => {
    expect(messagesAt(kycRecordSchema, { ...validRecord, [field]: value }, field)).toContain('Digits only.');
  });

  it.each(['male', 'female', 'other'])('gender %s passes', (gender) => {
    expect(issuesOf(kycRecordSchema, { ...validRecord, gender })).toEqual([]);
  });
  it.each(['Male', 'F', 'unknown', ''])('gender %j is refused', (gender) => {
    expect(messagesAt(kycRecordSchema, { ...validRecord, gender }, 'gender')).toEqual([
      'One of: male, female, other (lower case).',
    ]);
  });

  it.each(['DE', 'FR', 'BR'])('country %s passes', (country) => {
    expect(issuesOf(kycRecordSchema, { ...validRecord, country })).toEqual([]);
  });
  it.each(['XX', 'de', 'DEU'])('country %s is refused', (country) => {
    expect(messagesAt(kycRecordSchema, { ...validRecord, country }, 'country')).not.toEqual([]);
  });

  it.each([
    ['name', 'An e-mail address such as name@example.com: this one has no "@".'],
    ['name@', 'An e-mail address such as name@example.com: no domain comes after "@".'],
    ['name@example', 'An e-mail address such as name@example.com: the domain after "@" has no dot.'],
    ['zoë,rossi@example.com', 'An e-mail address cannot hold "," before "@".'],
  ])('email %s is refused, saying why', (email, message) => {
    expect(messagesAt(kycRecordSchema, { ...validRecord, email }, 'email')).toEqual([message]);
  });
  // Assumption A31: RFC 6531 addresses, international local parts and domains.
  it.each(['zoë.rossi14@example.com', 'josé.garcía@correo.es', '用户@例子.广告', 'anna@münchen.de'])(
    'email %s passes',
    (email) => {
      expect(issuesOf(kycRecordSchema, { ...validRecord, email })).toEqual([]);
    },
  );

  describe('dates', () => {
    const DATE = 'A real date written YYYY-MM-DD.';
    it.each(['1990-04-30', '2000-02-29', '1985-12-31'])('birthday %s passes', (birthday) => {
      expect(issuesOf(kycRecordSchema, { ...validRecord, birthday })).toEqual([]);
    });
    it.each([
      '2023-02-30',
      '1990-02-29',
      '1990-04-31',
      '1990-13-01',
      '1990-00-10',
      '1990-4-5',
      '19900405',
      '30/04/1990',
    ])('birthday %s is refused', (birthday) => {
      expect(messagesAt(kycRecordSchema, { ...validRecord, birthday }, 'birthday')).toEqual([DATE]);
    });
    it.each(['certificateDateStart', 'certificateDateEnd'])(
      '%s 2023-02-30 is refused, with no ordering noise',
      (field) => {
        expect(issuesOf(kycRecordSchema, { ...validRecord, [field]: '2023-02-30' })).toEqual([
          { path: field, message: DATE },
        ]);
      },
    );

    it('a document that expires before it was issued is refused on certificateDateEnd', () => {
      const record = { ...validRecord, certificateDateStart: '2020-01-15', certificateDateEnd: '2020-01-14' };
      expect(issuesOf(kycRecordSchema, record)).toEqual([
        { path: 'certificateDateEnd', message: 'The document expires before it was issued.' },
      ]);
    });
    it('a document issued and expiring the same day passes', () => {
      const record = { ...validRecord, certificateDateStart: '2020-01-15', certificateDateEnd: '2020-01-15' };
      expect(issuesOf(kycRecordSchema, record)).toEqual([]);
    });
    it('a person born after the document was issued is refused on birthday', () => {
      const record = { ...validRecord, birthday: '2020-01-16' };
      expect(issuesOf(kycRecordSchema, record)).toEqual([
        { path: 'birthday', message: 'Born after the document was issued.' },
      ]);
    });
    it('born on the day of issue passes', () => {
      expect(issuesOf(kycRecordSchema, { ...validRecord, birthday: '2020-01-15' })).toEqual([]);
    });
    it('compares across years and months, not as loose text', () => {
      const record = { ...validRecord, certificateDateStart: '2019-12-31', certificateDateEnd: '2020-01-01' };
      expect(issuesOf(kycRecordSchema, record)).toEqual([]);
    });
  });

  describe('image URLs', () => {
    it('idCardUrls takes 1 to 10 web addresses', () => {
      expect(issuesOf(kycRecordSchema, { ...validRecord, idCardUrls: urls(1) })).toEqual([]);
      expect(issuesOf(kycRecordSchema, { ...validRecord, idCardUrls: urls(10) })).toEqual([]);
      expect(issuesOf(kycRecordSchema, { ...validRecord, idCardUrls: [] })).toEqual([
        { path: 'idCardUrls', message: 'At least one ID card image URL.' },
      ]);
      expect(issuesOf(kycRecordSchema, { ...validRecord, idCardUrls: urls(11) })).toEqual([
        { path: 'idCardUrls', message: 'At most 10 URLs.' },
      ]);
    });
    it('documentUrls takes 0 to 10 web addresses', () => {
      expect(issuesOf(kycRecordSchema, { ...validRecord, documentUrls: [] })).toEqual([]);
      expect(issuesOf(kycRecordSchema, { ...validRecord, documentUrls: urls(10) })).toEqual([]);
      expect(issuesOf(kycRecordSchema, { ...validRecord, documentUrls: urls(11) })).toEqual([
        { path: 'documentUrls', message: 'At most 10 URLs.' },
      ]);
    });
    it.each(['ftp://files.example/id.jpg', 'javascript:alert(1)', 'files.example/id.jpg'])(
      '%s is refused, naming its position',
      (bad) => {
        const record = { ...validRecord, idCardUrls: ['https://files.example/ok.jpg', bad] };
        expect(issuesOf(kycRecordSchema, record)).toEqual([
          { path: 'idCardUrls.1', message: 'A web address starting with http:// or https://.' },
        ]);
      },
    );
    it('a single URL as text instead of a list is refused', () => {
      const record = { ...validRecord, idCardUrls: 'https://files.example/id.jpg' };
      expect(messagesAt(kycRecordSchema, record, 'idCardUrls')).toContain('A list of web addresses.');
    });
  });

  it('refuses unknown fields', () => {
    const issues = issuesOf(kycRecordSchema, { ...validRecord, nationality: 'DE' });
    expect(issues).toHaveLength(1);
    expect(issues[0]?.message).toContain('nationality');
  });
});

describe('KYC submission request', () => {
  it('the valid request passes', () => {
    expect(issuesOf(kycSubmitRequestSchema, validRequest)).toEqual([]);
  });

  it.each(['merchantId', 'data', 'sign'])('without %s says "Required." on that field', (field) => {
    expect(issuesOf(kycSubmitRequestSchema, without(validRequest, field))).toEqual([
      { path: field, message: 'Required.' },
    ]);
  });

  it('sign: 128 characters pass, 129 fail', () => {
    expect(issuesOf(kycSubmitRequestSchema, { ...validRequest, sign: text(128) })).toEqual([]);
    expect(messagesAt(kycSubmitRequestSchema, { ...validRequest, sign: text(129) }, 'sign')).toEqual([
      'At most 128 characters.',
    ]);
  });

  it('merchantId is a positive whole number', () => {
    for (const merchantId of [0, -3, 1.5, '1001', 2 ** 53]) {
      expect(messagesAt(kycSubmitRequestSchema, { ...validRequest, merchantId }, 'merchantId')).not.toEqual(
        [],
      );
    }
  });

  it(`takes ${KYC_MAX_RECORDS_PER_REQUEST} records and refuses one more (assumption A11)`, () => {
    expect(KYC_MAX_RECORDS_PER_REQUEST).toBe(500);
    const records = Array.from({ length: 501 }, (_, i) => ({ ...validRecord, userId: `user-${i}` }));
    expect(issuesOf(kycSubmitRequestSchema, { ...validRequest, data: records.slice(0, 500) })).toEqual([]);
    expect(issuesOf(kycSubmitRequestSchema, { ...validRequest, data: records })).toEqual([
      { path: 'data', message: 'At most 500 records per request.' },
    ]);
  });

  it('refuses an empty batch', () => {
    expect(issuesOf(kycSubmitRequestSchema, { ...validRequest, data: [] })).toEqual([
      { path: 'data', message: 'At least one record.' },
    ]);
  });

  it("names the failing record's index and field", () => {
    const data = [validRecord, validRecord, validRecord, { ...validRecord, email: 'not-an-email' }];
    expect(issuesOf(kycSubmitRequestSchema, { ...validRequest, data })).toEqual([
      { path: 'data.3.email', message: 'An e-mail address such as name@example.com: this one has no "@".' },
    ]);
  });

  it('refuses unknown top-level fields', () => {
    expect(issuesOf(kycSubmitRequestSchema, { ...validRequest, count: 1 })).toHaveLength(1);
  });
});

describe('KYC response: parsed leniently', () => {
  it('keeps unknown fields on success', () => {
    const response = {
      code: 0,
      msg: 'success',
      data: { count: 3, batchId: 'B-1' },
      traceid: 't-1',
      extra: true,
    };
    expect(kycResponseSchema.parse(response)).toEqual(response);
  });

  it('takes a failure with data null', () => {
    const response = { code: 90751019, msg: 'system error', data: null, traceid: 't-2' };
    expect(kycResponseSchema.parse(response)).toEqual(response);
  });

  it('still checks the fields Paydesk acts on', () => {
    const base = { code: 0, msg: 'ok', data: { count: 1 }, traceid: 't' };
    expect(issuesOf(kycResponseSchema, without(base, 'traceid')).map((i) => i.path)).toEqual(['traceid']);
    expect(issuesOf(kycResponseSchema, without(base, 'code')).map((i) => i.path)).toEqual(['code']);
    expect(issuesOf(kycResponseSchema, { ...base, data: { count: -1 } }).map((i) => i.path)).toEqual([
      'data.count',
    ]);
    expect(issuesOf(kycResponseSchema, { ...base, data: { count: '1' } }).map((i) => i.path)).toEqual([
      'data.count',
    ]);
  });
});
