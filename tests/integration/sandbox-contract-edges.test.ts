// The sandbox at the edges the assumptions spell out after a field-by-field review: KYC URL lengths and
// empty batches (A10, A11), and a v1 form field sent twice (A17), which is refused — usually at the sign.

import { RESULT_CODE } from '@shared/gateway/result-codes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signBody } from '../../src/node/sign';
import { type Sandbox, startSandbox } from '../../src/sandbox';
import {
  kycRecord,
  MERCHANT_ID,
  postForm,
  postRaw,
  SECRET,
  signedKyc,
  tradeNo,
  v1Form,
  v2Body,
} from '../support/sandbox/sandbox-helpers';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
});
afterAll(() => sandbox.close());

const submitKyc = (body: unknown) =>
  postRaw(sandbox.url, '/openapi/v1/submitKYC', JSON.stringify(body), 'application/json');

/** An https URL of exactly `length` characters. */
function urlOfLength(length: number): string {
  const prefix = 'https://files.example.com/';
  return `${prefix}${'a'.repeat(length - prefix.length)}`;
}

describe('KYC URLs and batch size (A10, A11)', () => {
  it('takes an image URL of 512 characters and refuses one of 513, naming the record and the URL', async () => {
    const at = await submitKyc(signedKyc([kycRecord({ userId: 'url-512', idCardUrls: [urlOfLength(512)] })]));
    expect(at.json).toMatchObject({ code: RESULT_CODE.OK, data: { count: 1 } });

    const over = await submitKyc(
      signedKyc([
        kycRecord({
          userId: 'url-513',
          idCardUrls: [urlOfLength(100)],
          documentUrls: [urlOfLength(100), urlOfLength(513)],
        }),
      ]),
    );
    expect(over.status).toBe(200);
    expect(over.json).toMatchObject({
      code: RESULT_CODE.INVALID_PARAMETER,
      msg: 'data[0].documentUrls[1]: At most 512 characters.',
      data: null,
    });
  });

  it('refuses an empty batch by the field rules, and a missing one as required', async () => {
    const empty = await submitKyc(signedKyc([]));
    expect(empty.json).toMatchObject({
      code: RESULT_CODE.INVALID_PARAMETER,
      msg: 'data: At least one record.',
      data: null,
    });
    const unsigned = { merchantId: MERCHANT_ID };
    const missing = await submitKyc({ ...unsigned, sign: signBody(unsigned, SECRET, 'hmac-sha256') });
    expect(missing.json).toMatchObject({ code: RESULT_CODE.INVALID_PARAMETER, msg: 'data: Required.' });
  });
});

describe('a v1 form field sent twice (A17)', () => {
  const post = (form: string) => postForm(sandbox.url, '/openapi/v1/pwpp', form);

  it('is a bad sign when the client signed one value, as any client does', async () => {
    const answer = await post(`${v1Form()}&city=Bonn`);
    expect(answer.json).toMatchObject({ code: RESULT_CODE.BAD_SIGNATURE, data: null });
    expect(answer.json.msg).toMatch(/^sign: Does not match the request/);
  });

  it('is a bad sign even when both copies hold the same value', async () => {
    const form = v1Form();
    const city = new URLSearchParams(form).get('city')!;
    const answer = await post(`${form}&city=${encodeURIComponent(city)}`);
    expect(answer.json.code).toBe(RESULT_CODE.BAD_SIGNATURE);
  });

  it('is "Must be text." when the client signed what the sandbox reads: both values as JSON', async () => {
    const fields = Object.fromEntries(new URLSearchParams(v1Form({ sign: undefined })));
    const read = { ...fields, city: [fields.city!, 'Bonn'] };
    const form = new URLSearchParams({ ...fields, sign: signBody(read, SECRET, 'hmac-sha256') });
    form.append('city', 'Bonn');
    const answer = await post(form.toString());
    expect(answer.json).toMatchObject({ code: RESULT_CODE.INVALID_PARAMETER, msg: 'city: Must be text.' });
  });

  it('is "Must be text." for merchantId, checked before the sign', async () => {
    const answer = await post(`${v1Form()}&merchantId=${MERCHANT_ID}`);
    expect(answer.json).toMatchObject({
      code: RESULT_CODE.INVALID_PARAMETER,
      msg: 'merchantId: Must be text.',
    });
  });

  it('is a missing sign when the sign itself is repeated', async () => {
    const form = v1Form();
    const sign = new URLSearchParams(form).get('sign')!;
    const answer = await post(`${form}&sign=${sign}`);
    expect(answer.json).toMatchObject({ code: RESULT_CODE.BAD_SIGNATURE, msg: 'sign: Required.' });
  });

  it('creates no order in any of these cases', async () => {
    const merchantTradeNo = tradeNo('twice');
    await post(`${v1Form({ merchantTradeNo })}&amount=1.00`);
    const response = await fetch(`${sandbox.url}/_sandbox/orders?merchantTradeNo=${merchantTradeNo}`);
    const body = (await response.json()) as { data: { orders: unknown[] } };
    expect(body.data.orders).toEqual([]);
  });
});

describe('a name repeated in a JSON body (A17)', () => {
  it('cannot be seen once parsed: the last one wins', async () => {
    const body = v2Body({ city: 'Bonn' });
    const text = JSON.stringify(body).replace('"city":"Bonn"', '"city":[1,2],"city":"Bonn"');
    const answer = await postRaw(sandbox.url, '/openapi/v2/pwpp', text, 'application/json');
    expect(answer.json).toMatchObject({ code: RESULT_CODE.OK, data: { orderStatus: 2 } });
  });
});
