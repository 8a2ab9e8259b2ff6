// Pay-in v2 and v1 over real HTTP: the test cards, every refusal, repeated order numbers and inspection.
import { connect } from 'node:net';
import { ORDER_STATUS } from '@shared/gateway/order-status';
import { RESULT_CODE } from '@shared/gateway/result-codes';
import { describe, expect, it } from 'vitest';
import { TEST_CARDS } from '../../src/sandbox';
import { sandboxForFile } from '../support/sandbox/sandbox-for-file';
import {
  inspectOrders,
  payV2,
  postForm,
  postJson,
  postRaw,
  tradeNo,
  v1Form,
  v2Body,
} from '../support/sandbox/sandbox-helpers';

const { url } = await sandboxForFile();

const cvvFor = (number: string) => (number.startsWith('37') ? '7391' : '123');

describe('test cards, v2', () => {
  const finalCards = TEST_CARDS.filter((card) => !card.outcome.startsWith('3ds'));
  it.each(finalCards)('$number: $behaviour', async (card) => {
    const answer = await payV2(url, { cardNumber: card.number, cvv: cvvFor(card.number) });
    expect(answer.status).toBe(200);
    expect(answer.json.code).toBe(RESULT_CODE.OK);
    const data = answer.json.data!;
    expect(typeof data.orderId).toBe('string');
    if (card.outcome === 'approve') {
      expect(data).toMatchObject({ orderStatus: ORDER_STATUS.COMPLETED, status: 'COMPLETED' });
      expect(data.remark).toBeUndefined();
    } else {
      const reason = /"(.+)"/.exec(card.behaviour)![1];
      expect(data).toMatchObject({ orderStatus: 15, status: 'DECLINED', remark: reason });
    }
  });

  it('approves any other Luhn-valid card', async () => {
    const answer = await payV2(url, { cardNumber: '4111111111111111' });
    expect(answer.json.data).toMatchObject({ orderStatus: ORDER_STATUS.COMPLETED });
  });

  it('3-D Secure cards wait as PROCESSING with an HTML page to show', async () => {
    for (const number of ['4000000000003220', '4000000000003063']) {
      const answer = await payV2(url, { cardNumber: number });
      expect(answer.json.data).toMatchObject({ orderStatus: ORDER_STATUS.PROCESSING, status: 'PROCESSING' });
      expect(answer.json.data!.htmlSource).toContain('<form');
    }
  });
});

describe('v1 (form, signed)', () => {
  it('charges a correctly signed form body and keeps its currency', async () => {
    const no = tradeNo('v1ok');
    const answer = await postForm(url, '/openapi/v1/pwpp', v1Form({ merchantTradeNo: no }));
    expect(answer.json).toMatchObject({ code: 0, data: { orderStatus: ORDER_STATUS.COMPLETED } });
    const [order] = await inspectOrders(url, no);
    expect(order).toMatchObject({ amount: '25.00', status: 'COMPLETED' });
  });

  it('reports a v1 decline with orderStatus 15 and the reason', async () => {
    const answer = await postForm(url, '/openapi/v1/pwpp', v1Form({ cardNumber: '4000000000009995' }));
    expect(answer.json.data).toMatchObject({ orderStatus: 15, remark: 'Insufficient funds' });
  });

  it('refuses a missing sign and creates nothing', async () => {
    const no = tradeNo('nosign');
    const answer = await postForm(url, '/openapi/v1/pwpp', v1Form({ merchantTradeNo: no, sign: undefined }));
    expect(answer.json).toMatchObject({
      code: RESULT_CODE.BAD_SIGNATURE,
      msg: 'sign: Required.',
      data: null,
    });
    expect(await inspectOrders(url, no)).toEqual([]);
  });

  it('refuses a sign made with another secret and creates nothing', async () => {
    const no = tradeNo('badsign');
    const answer = await postForm(url, '/openapi/v1/pwpp', v1Form({ merchantTradeNo: no }, 'not-the-secret'));
    expect(answer.json.code).toBe(RESULT_CODE.BAD_SIGNATURE);
    expect(await inspectOrders(url, no)).toEqual([]);
  });

  it('refuses a body altered after signing', async () => {
    const form = new URLSearchParams(v1Form());
    form.set('amount', '2500.00');
    const answer = await postForm(url, '/openapi/v1/pwpp', form.toString());
    expect(answer.json.code).toBe(RESULT_CODE.BAD_SIGNATURE);
  });

  it('refuses an unknown merchant', async () => {
    const answer = await postForm(url, '/openapi/v1/pwpp', v1Form({ merchantId: '999999' }));
    expect(answer.json.code).toBe(RESULT_CODE.UNKNOWN_MERCHANT);
  });

  it('refuses a repeated form field instead of picking one', async () => {
    const form = `${v1Form()}&amount=1.00`;
    const answer = await postForm(url, '/openapi/v1/pwpp', form);
    expect(answer.json.code).not.toBe(RESULT_CODE.OK);
    expect(answer.json.data).toBeNull();
  });
});

describe('refusals, each in the JSON shape with a traceid', () => {
  const expectShape = (answer: Awaited<ReturnType<typeof postJson>>, status: number, code: number) => {
    expect(answer.status).toBe(status);
    expect(answer.contentType).toMatch(/^application\/json/);
    expect(answer.json.code).toBe(code);
    expect(answer.json.data).toBeNull();
    expect(answer.json.msg.length).toBeGreaterThan(0);
    expect(answer.json.traceid.length).toBeGreaterThan(0);
  };

  it('a form body on v2 is 415', async () => {
    expectShape(await postForm(url, '/openapi/v2/pwpp', v1Form()), 415, RESULT_CODE.UNSUPPORTED_CONTENT_TYPE);
  });

  it('a JSON body on v1 is 415', async () => {
    expectShape(await postJson(url, '/openapi/v1/pwpp', v2Body()), 415, RESULT_CODE.UNSUPPORTED_CONTENT_TYPE);
  });

  it('no Content-Type at all is 415', async () => {
    expectShape(
      await postRaw(url, '/openapi/v2/pwpp', '{}', undefined),
      415,
      RESULT_CODE.UNSUPPORTED_CONTENT_TYPE,
    );
  });

  it('a body that does not parse is 400', async () => {
    expectShape(
      await postJson(url, '/openapi/v2/pwpp', '{"merchantId": 100001,'),
      400,
      RESULT_CODE.MALFORMED_BODY,
    );
  });

  it('an empty JSON body is 400', async () => {
    expectShape(
      await postRaw(url, '/openapi/v2/pwpp', '', 'application/json'),
      400,
      RESULT_CODE.MALFORMED_BODY,
    );
  });

  it('a JSON array is 400', async () => {
    expectShape(await postJson(url, '/openapi/v2/pwpp', [1, 2]), 400, RESULT_CODE.MALFORMED_BODY);
  });

  it('an unknown path is 404, whatever its body', async () => {
    expectShape(await postJson(url, '/openapi/v3/pwpp', '{not json'), 404, RESULT_CODE.NOT_FOUND);
    const get = await fetch(`${url}/`);
    expect(get.status).toBe(404);
    expect(((await get.json()) as { code: number }).code).toBe(RESULT_CODE.NOT_FOUND);
  });

  it('an oversized body is 413', async () => {
    const big = JSON.stringify(v2Body({ addressLine: 'x'.repeat(200_000) }));
    expectShape(await postJson(url, '/openapi/v2/pwpp', big), 413, RESULT_CODE.BODY_TOO_LARGE);
  });

  it('a missing field is named', async () => {
    const body = v2Body();
    delete body.cardNumber;
    const answer = await postJson(url, '/openapi/v2/pwpp', body);
    expectShape(answer, 200, RESULT_CODE.INVALID_PARAMETER);
    expect(answer.json.msg).toBe('cardNumber: Required.');
  });

  it('an unknown field is named', async () => {
    const answer = await payV2(url, { currency: 'EUR' });
    expectShape(answer, 200, RESULT_CODE.INVALID_PARAMETER);
    expect(answer.json.msg).toBe('currency: Unknown field.');
  });

  it('an unknown merchant on v2 is refused', async () => {
    expectShape(await payV2(url, { merchantId: 424242 }), 200, RESULT_CODE.UNKNOWN_MERCHANT);
  });

  it('a non-integer merchantId is an invalid parameter', async () => {
    const answer = await payV2(url, { merchantId: '100001' });
    expectShape(answer, 200, RESULT_CODE.INVALID_PARAMETER);
    expect(answer.json.msg).toMatch(/^merchantId: /);
  });

  it('an amount that rounds to zero is refused', async () => {
    const answer = await payV2(url, { amount: '0.004' });
    expectShape(answer, 200, RESULT_CODE.INVALID_PARAMETER);
    expect(answer.json.msg).toMatch(/^amount: /);
  });

  it.each([
    ['a mistyped card number', { cardNumber: '4242424242424241' }, /^cardNumber: .*check digit/],
    ['an expired card', { expDate: '01/20' }, /^expDate: The card has expired/],
    ['a 3-digit CVV on Amex', { cardNumber: '378282246310005', cvv: '123' }, /^cvv: .*4-digit/],
    ['a 4-digit CVV on Visa', { cvv: '1234' }, /^cvv: .*3-digit/],
  ])('%s is refused with a clear msg and creates nothing', async (_name, overrides, msg) => {
    const no = tradeNo('badcard');
    const answer = await payV2(url, { ...overrides, merchantTradeNo: no });
    expectShape(answer, 200, RESULT_CODE.INVALID_PARAMETER);
    expect(answer.json.msg).toMatch(msg);
    expect(await inspectOrders(url, no)).toEqual([]);
  });

  it('a request that is not HTTP, or whose URL does not decode, still gets the JSON shape', async () => {
    const port = Number(new URL(url).port);
    const exchange = (raw: string) =>
      new Promise<string>((resolve) => {
        let answer = '';
        const socket = connect(port, '127.0.0.1', () => socket.write(raw));
        socket.on('data', (chunk: Buffer) => {
          answer += chunk.toString('utf8');
        });
        socket.on('close', () => resolve(answer));
      });
    for (const raw of [
      'NOT HTTP AT ALL\r\n\r\n',
      'GET /openapi/%zz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    ]) {
      const answer = await exchange(raw);
      expect(answer).toMatch(/^HTTP\/1\.1 400 /);
      expect(answer).toMatch(/content-type: application\/json/i);
      expect(answer).toContain(`"code":${RESULT_CODE.MALFORMED_BODY}`);
      expect(answer).not.toMatch(/<html|at .*\.js:\d+/i);
    }
  });

  it('every answer has its own traceid', async () => {
    const answers = await Promise.all([payV2(url), payV2(url), postJson(url, '/nowhere', {})]);
    expect(new Set(answers.map((a) => a.json.traceid)).size).toBe(3);
  });
});

describe('a repeated merchantTradeNo (A9)', () => {
  it('with an identical body returns the original order and charges nothing more', async () => {
    const body = v2Body({ merchantTradeNo: tradeNo('same') });
    const first = await postJson(url, '/openapi/v2/pwpp', body);
    const second = await postJson(url, '/openapi/v2/pwpp', body);
    expect(second.json.code).toBe(RESULT_CODE.OK);
    expect(second.json.data!.orderId).toBe(first.json.data!.orderId);
    expect(second.json.traceid).not.toBe(first.json.traceid);
    expect(await inspectOrders(url, body.merchantTradeNo as string)).toHaveLength(1);
  });

  it('with a different body is refused and the original order stands', async () => {
    const no = tradeNo('diff');
    const first = await payV2(url, { merchantTradeNo: no, amount: '10.00' });
    const second = await payV2(url, { merchantTradeNo: no, amount: '11.00' });
    expect(second.json).toMatchObject({ code: RESULT_CODE.DUPLICATE_TRADE_NO, data: null });
    const orders = await inspectOrders(url, no);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ orderId: first.json.data!.orderId, amount: '10.00' });
  });

  it('the same number in v1 and v2 counts as a different body', async () => {
    const no = tradeNo('cross');
    await payV2(url, { merchantTradeNo: no });
    const v1 = await postForm(url, '/openapi/v1/pwpp', v1Form({ merchantTradeNo: no }));
    expect(v1.json.code).toBe(RESULT_CODE.DUPLICATE_TRADE_NO);
  });

  it('answers a declined order again as declined', async () => {
    const body = v2Body({ cardNumber: '4000000000000002' });
    await postJson(url, '/openapi/v2/pwpp', body);
    const again = await postJson(url, '/openapi/v2/pwpp', body);
    expect(again.json.data).toMatchObject({ orderStatus: 15, remark: 'Card declined' });
  });
});

describe('inspection', () => {
  it('shows the normalized amount, status and masked card, never the full number', async () => {
    const no = tradeNo('inspect');
    await payV2(url, { merchantTradeNo: no, amount: '10.005', cardNumber: '5555555555554444' });
    const response = await fetch(`${url}/_sandbox/orders?merchantTradeNo=${no}`);
    const text = await response.text();
    expect(text).not.toContain('5555555555554444');
    const [order] = await inspectOrders(url, no);
    expect(order).toMatchObject({
      amount: '10.01',
      orderStatus: ORDER_STATUS.COMPLETED,
      status: 'COMPLETED',
      card: { masked: '555555******4444', brand: 'Mastercard', testOutcome: 'approve' },
      callbacks: [],
    });
  });

  it('refuses a malformed filter in the JSON shape', async () => {
    const response = await fetch(`${url}/_sandbox/orders?merchantId=abc`);
    const body = (await response.json()) as { code: number; msg: string };
    expect(body.code).toBe(RESULT_CODE.INVALID_PARAMETER);
    expect(body.msg).toMatch(/^merchantId: /);
  });
});
