// Every kind of answer the sandbox sends, held to the schemas docs/openapi.json is generated from
// (src/shared/gateway/answers.ts): for each operation and HTTP status, the body must parse by that
// status's schema — so the document's responses say what really arrives, code by status (A1, A2).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  answerSchemasOf,
  type GatewayOperationName,
  paymentNotificationSchema,
} from '@shared/gateway/answers';
import { RESULT_CODE } from '@shared/gateway/result-codes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Sandbox, startSandbox } from '../../src/sandbox';
import {
  eventually,
  type GatewayAnswer,
  kycRecord,
  MERCHANT_ID,
  postForm,
  postJson,
  postRaw,
  SECRET,
  signedKyc,
  v1Form,
  v2Body,
} from '../support/sandbox/sandbox-helpers';

let sandbox: Sandbox;
let receiver: Server;
let receiverUrl: string;
const notifications: unknown[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({
    port: 0,
    callbackBackoffMs: 5,
    merchants: [
      { merchantId: MERCHANT_ID, secret: SECRET, algorithm: 'hmac-sha256' },
      { merchantId: 300003, secret: 'md5-secret', algorithm: 'md5-key' },
    ],
  });
  receiver = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk) => {
      text += chunk;
    });
    request.on('end', () => {
      notifications.push(JSON.parse(text));
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((ready) => receiver.listen(0, '127.0.0.1', ready));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/notify`;
});

afterAll(async () => {
  await sandbox.close();
  await new Promise((done) => receiver.close(done));
});

/** The answer parses by the schema the document gives its operation and status, and has this code. */
function expectDocumented(operation: GatewayOperationName, answer: GatewayAnswer, code: number) {
  const schema = answerSchemasOf(operation).get(answer.status);
  expect(schema, `${operation} documents HTTP ${answer.status}`).toBeDefined();
  const parsed = schema!.safeParse(answer.json);
  expect(parsed.error?.issues ?? [], JSON.stringify(answer.json)).toEqual([]);
  expect(answer.json.code).toBe(code);
}

const v2 = (body: unknown) => postJson(sandbox.url, '/openapi/v2/pwpp', body);
const v1 = (form: string) => postForm(sandbox.url, '/openapi/v1/pwpp', form);
const kyc = (body: unknown) => postJson(sandbox.url, '/openapi/v1/submitKYC', body);

describe('pay-in v2', () => {
  it.each([
    ['approved', {}],
    ['declined', { cardNumber: '4000000000000002' }],
    ['3-D Secure', { cardNumber: '4000000000003220' }],
    ['hosted page', { txMode: 'redirection' }],
    ['stored', { storeCc: '1' }],
  ])('an order (%s): 200, code 0', async (_name, change) => {
    expectDocumented('payInV2', await v2(v2Body(change)), RESULT_CODE.OK);
  });

  it('the same order again: 200, code 0, "Existing order:"', async () => {
    const body = v2Body();
    await v2(body);
    const again = await v2(body);
    expectDocumented('payInV2', again, RESULT_CODE.OK);
    expect(again.json.msg).toMatch(/^Existing order: /);
  });

  it.each([
    ['an invalid field', { country: 'XX' }, RESULT_CODE.INVALID_PARAMETER],
    ['an unknown merchant', { merchantId: 999999 }, RESULT_CODE.UNKNOWN_MERCHANT],
    [
      'an unknown stored card',
      { ccStorageID: 'cc_unknown', cardNumber: undefined, cvv: undefined, expDate: undefined },
      RESULT_CODE.UNKNOWN_STORED_CARD,
    ],
  ])('a refusal (%s): 200 with its code', async (_name, change, code) => {
    expectDocumented('payInV2', await v2(v2Body(change)), code);
  });

  it('the same order number with other details: 200, 90751004', async () => {
    const body = v2Body();
    await v2(body);
    expectDocumented('payInV2', await v2({ ...body, amount: '26.00' }), RESULT_CODE.DUPLICATE_TRADE_NO);
  });

  it('transport problems and the fault: 400, 404, 413, 415, 500, each with its one code', async () => {
    expectDocumented(
      'payInV2',
      await postRaw(sandbox.url, '/openapi/v2/pwpp', '{"a":', 'application/json'),
      RESULT_CODE.MALFORMED_BODY,
    );
    expectDocumented(
      'payInV2',
      await postRaw(sandbox.url, '/openapi/v2/pwpp', '[1]', 'application/json'),
      RESULT_CODE.MALFORMED_BODY,
    );
    expectDocumented('payInV2', await postJson(sandbox.url, '/openapi/v3/pwpp', {}), RESULT_CODE.NOT_FOUND);
    const huge = JSON.stringify({ ...v2Body(), addressLine: 'x'.repeat(70_000) });
    expectDocumented(
      'payInV2',
      await postRaw(sandbox.url, '/openapi/v2/pwpp', huge, 'application/json'),
      RESULT_CODE.BODY_TOO_LARGE,
    );
    expectDocumented(
      'payInV2',
      await postForm(sandbox.url, '/openapi/v2/pwpp', 'a=1'),
      RESULT_CODE.UNSUPPORTED_CONTENT_TYPE,
    );
    expectDocumented('payInV2', await v2(v2Body({ amount: '500.01' })), RESULT_CODE.INTERNAL_ERROR);
  });
});

describe('pay-in v1', () => {
  it('an order, a bad sign, a missing sign: 200 with their codes', async () => {
    expectDocumented('payInV1', await v1(v1Form()), RESULT_CODE.OK);
    expectDocumented('payInV1', await v1(v1Form({ sign: 'wrong' })), RESULT_CODE.BAD_SIGNATURE);
    expectDocumented('payInV1', await v1(v1Form({ sign: undefined })), RESULT_CODE.BAD_SIGNATURE);
    expectDocumented('payInV1', await v1(v1Form({ currency: 'eur' })), RESULT_CODE.INVALID_PARAMETER);
  });

  it('a JSON body: 415', async () => {
    expectDocumented(
      'payInV1',
      await postJson(sandbox.url, '/openapi/v1/pwpp', {}),
      RESULT_CODE.UNSUPPORTED_CONTENT_TYPE,
    );
  });
});

describe('KYC', () => {
  it('accepted, refused by a field, by the sign, by the count: 200 with their codes', async () => {
    expectDocumented('submitKyc', await kyc(signedKyc([kycRecord({ userId: 'doc-1' })])), RESULT_CODE.OK);
    expectDocumented(
      'submitKyc',
      await kyc(signedKyc([kycRecord({ country: 'XX' })])),
      RESULT_CODE.INVALID_PARAMETER,
    );
    expectDocumented(
      'submitKyc',
      await kyc({ ...signedKyc([kycRecord()]), sign: 'wrong' }),
      RESULT_CODE.BAD_SIGNATURE,
    );
    expectDocumented('submitKyc', await kyc(signedKyc([kycRecord()], 999999)), RESULT_CODE.UNKNOWN_MERCHANT);
    const many = Array.from({ length: 501 }, (_, index) => kycRecord({ userId: `many-${index}` }));
    expectDocumented('submitKyc', await kyc(signedKyc(many)), RESULT_CODE.TOO_MANY_RECORDS);
  });

  it('a form body: 415; no body: 400', async () => {
    expectDocumented(
      'submitKyc',
      await postForm(sandbox.url, '/openapi/v1/submitKYC', 'a=1'),
      RESULT_CODE.UNSUPPORTED_CONTENT_TYPE,
    );
    expectDocumented(
      'submitKyc',
      await postRaw(sandbox.url, '/openapi/v1/submitKYC', '', 'application/json'),
      RESULT_CODE.MALFORMED_BODY,
    );
  });
});

describe('payment-result notifications (A12)', () => {
  it.each([
    ['hmac-sha256', MERCHANT_ID, '4242424242424242', 2],
    ['md5-key', 300003, '4000000000000002', 15],
  ] as const)('%s: as the document says', async (_algorithm, merchantId, cardNumber, orderStatus) => {
    const before = notifications.length;
    const body = v2Body({ merchantId, cardNumber, callBackURL: receiverUrl, amount: '12.345' });
    await v2(body);
    const note = await eventually(async () =>
      notifications.length > before ? notifications.at(-1) : undefined,
    );
    const parsed = paymentNotificationSchema.safeParse(note);
    expect(parsed.error?.issues ?? []).toEqual([]);
    expect(parsed.data).toMatchObject({ orderStatus, amount: '12.35' });
  });
});
