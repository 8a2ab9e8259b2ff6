// KYC submission over real HTTP: acceptance, all-or-nothing refusals, the record limit, signatures and
// one record per userId (A22).

import { RESULT_CODE } from '@shared/gateway/result-codes';
import { describe, expect, it } from 'vitest';
import { signBody } from '../../src/node/sign';
import { sandboxForFile } from '../support/sandbox/sandbox-for-file';
import {
  kycRecord,
  MERCHANT_ID,
  postForm,
  postJson,
  SECRET,
  signedKyc,
} from '../support/sandbox/sandbox-helpers';

const OTHER_MERCHANT = { merchantId: 200002, secret: 'other-secret', algorithm: 'md5-key' as const };
const { url } = await sandboxForFile({
  merchants: [{ merchantId: MERCHANT_ID, secret: SECRET, algorithm: 'hmac-sha256' }, OTHER_MERCHANT],
});

type KycListing = { data: { records: { userId: string; record: { email: string } }[] } };
async function accepted(merchantId: number): Promise<KycListing['data']['records']> {
  const response = await fetch(`${url}/_sandbox/kyc?merchantId=${merchantId}`);
  return ((await response.json()) as KycListing).data.records;
}

const submit = (body: unknown) => postJson(url, '/openapi/v1/submitKYC', body);

describe('KYC submission', () => {
  it('accepts valid records and answers their count', async () => {
    const records = [kycRecord({ userId: 'a-1' }), kycRecord({ userId: 'a-2', middleName: 'B.' })];
    const answer = await submit(signedKyc(records));
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ code: 0, data: { count: 2 } });
    const stored = (await accepted(MERCHANT_ID)).map((r) => r.userId);
    expect(stored).toEqual(expect.arrayContaining(['a-1', 'a-2']));
  });

  it('keeps one record per userId: a later submission replaces the earlier one', async () => {
    await submit(signedKyc([kycRecord({ userId: 'r-1', email: 'old@example.com' })]));
    const answer = await submit(signedKyc([kycRecord({ userId: 'r-1', email: 'new@example.com' })]));
    expect(answer.json).toMatchObject({ code: 0, data: { count: 1 } });
    const mine = (await accepted(MERCHANT_ID)).filter((r) => r.userId === 'r-1');
    expect(mine).toHaveLength(1);
    expect(mine[0]!.record.email).toBe('new@example.com');
  });

  it('verifies the sign with the merchant’s own algorithm (md5-key)', async () => {
    const unsigned = { merchantId: OTHER_MERCHANT.merchantId, data: [kycRecord({ userId: 'md5-1' })] };
    const body = { ...unsigned, sign: signBody(unsigned, OTHER_MERCHANT.secret, 'md5-key') };
    expect((await submit(body)).json).toMatchObject({ code: 0, data: { count: 1 } });
    expect((await accepted(OTHER_MERCHANT.merchantId)).map((r) => r.userId)).toEqual(['md5-1']);
  });

  it('refuses the whole request when one record is bad, naming its index and field', async () => {
    const records = [
      kycRecord({ userId: 'all-1' }),
      kycRecord({ userId: 'all-2' }),
      kycRecord({ userId: 'all-3' }),
      kycRecord({ userId: 'all-4', email: 'not-an-email' }),
    ];
    const answer = await submit(signedKyc(records));
    expect(answer.json).toMatchObject({ code: RESULT_CODE.INVALID_PARAMETER, data: null });
    expect(answer.json.msg).toMatch(/^data\[3\]\.email: /);
    expect((await accepted(MERCHANT_ID)).map((r) => r.userId)).not.toContain('all-1');
  });

  it.each([
    ['a missing required field', { idCardUrls: undefined }, /^data\[0\]\.idCardUrls: Required\./],
    ['an unknown gender', { gender: 'Female' }, /^data\[0\]\.gender: /],
    ['a country that is not ISO 3166', { country: 'XX' }, /^data\[0\]\.country: /],
    ['an impossible date', { birthday: '1990-02-30' }, /^data\[0\]\.birthday: /],
    [
      'a document that expires before issue',
      { certificateDateEnd: '2019-01-01' },
      /^data\[0\]\.certificateDateEnd: /,
    ],
    ['an unknown field', { nickname: 'G' }, /^data\[0\]\.nickname: Unknown field\./],
  ])('refuses %s', async (_name, change, msg) => {
    const answer = await submit(signedKyc([{ ...kycRecord({ userId: 'bad-1' }), ...change }]));
    expect(answer.json).toMatchObject({ code: RESULT_CODE.INVALID_PARAMETER, data: null });
    expect(answer.json.msg).toMatch(msg);
  });

  it('refuses an empty data array', async () => {
    const answer = await submit(signedKyc([]));
    expect(answer.json).toMatchObject({ code: RESULT_CODE.INVALID_PARAMETER, data: null });
    expect(answer.json.msg).toMatch(/^data: /);
  });

  it('accepts 500 records and refuses 501 with its own code', async () => {
    const make = (n: number) => Array.from({ length: n }, (_, i) => kycRecord({ userId: `bulk-${i}` }));
    expect((await submit(signedKyc(make(500)))).json).toMatchObject({ code: 0, data: { count: 500 } });
    const over = await submit(signedKyc(make(501)));
    expect(over.json).toMatchObject({ code: RESULT_CODE.TOO_MANY_RECORDS, data: null });
  });

  it('refuses a missing sign, a wrong sign and an unknown merchant, storing nothing', async () => {
    const records = [kycRecord({ userId: 'unsigned-1' })];
    const missing = await submit({ merchantId: MERCHANT_ID, data: records });
    expect(missing.json).toMatchObject({
      code: RESULT_CODE.BAD_SIGNATURE,
      msg: 'sign: Required.',
      data: null,
    });
    const wrong = await submit(signedKyc(records, MERCHANT_ID, 'wrong-secret'));
    expect(wrong.json).toMatchObject({ code: RESULT_CODE.BAD_SIGNATURE, data: null });
    const unknown = await submit(signedKyc(records, 31337));
    expect(unknown.json).toMatchObject({ code: RESULT_CODE.UNKNOWN_MERCHANT, data: null });
    expect((await accepted(MERCHANT_ID)).map((r) => r.userId)).not.toContain('unsigned-1');
  });

  it('refuses a form body with 415 and a broken JSON body with 400', async () => {
    const form = await postForm(url, '/openapi/v1/submitKYC', 'merchantId=100001');
    expect(form.status).toBe(415);
    expect(form.json.code).toBe(RESULT_CODE.UNSUPPORTED_CONTENT_TYPE);
    const broken = await submit('{"merchantId":');
    expect(broken.status).toBe(400);
    expect(broken.json.code).toBe(RESULT_CODE.MALFORMED_BODY);
  });
});
