// Reading one answer as the gateway's word: an order status decides, a refusal says "nothing was charged"
// only when it comes before any order, and everything else leaves the money question open.
import { describe, expect, it } from 'vitest';
import { readKycAnswer } from '../../src/main/gateway/kyc-answer';
import { readPayInAnswer } from '../../src/main/gateway/payin-answer';

const read = (httpStatus: number, body: unknown) =>
  readPayInAnswer(
    { httpStatus, raw: typeof body === 'string' ? body : JSON.stringify(body) },
    { timeoutMs: 30_000 },
  );
const answer = (data: unknown, extra: object = {}) => ({
  code: 0,
  msg: 'ok',
  traceid: 't-1',
  data,
  ...extra,
});

describe('readPayInAnswer', () => {
  it.each([
    ['orderStatus 2', 200, answer({ orderStatus: 2 }), 'approved'],
    ['text COMPLETED only', 200, answer({ status: 'COMPLETED' }), 'approved'],
    ['text "Approved", any case', 200, answer({ status: 'Approved' }), 'approved'],
    ['orderStatus 15 under a non-zero code', 200, answer({ orderStatus: 15 }, { code: 123 }), 'declined'],
    ['orderStatus 2 under HTTP 500', 500, answer({ orderStatus: 2 }, { code: 90759999 }), 'approved'],
    [
      'orderStatus 1 with a page',
      200,
      answer({ orderStatus: 1, redirectURL: 'https://b.example/' }),
      'action_required',
    ],
    [
      'orderStatus 2 with a page: the status decides',
      200,
      answer({ orderStatus: 2, htmlSource: '<p>' }),
      'approved',
    ],
    ['a page, code 0, no status', 200, answer({ htmlSource: '<form></form>' }), 'action_required'],
    [
      'a page with a non-zero code and no status',
      200,
      answer({ htmlSource: '<form>' }, { code: 7 }),
      'unknown',
    ],
    ['orderStatus as text "2"', 200, answer({ orderStatus: '2' }), 'unknown'],
    ['an unknown text status', 200, answer({ orderStatus: 2, status: 'SUCCESS' }), 'unknown'],
    ['number and text disagree', 200, answer({ orderStatus: 15, status: 'COMPLETED' }), 'unknown'],
    ['code 0 and nothing about the order', 200, answer({ orderId: 'O-1' }), 'unknown'],
    ['code 0, data null', 200, answer(null), 'unknown'],
    ['data that is not an object', 200, answer('approved'), 'unknown'],
    ['code that is not a number', 200, answer(null, { code: '90751001' }), 'unknown'],
    ['a JSON array', 200, [1, 2], 'unknown'],
    ['pre-order refusal 90751001, data null', 200, answer(null, { code: 90751001 }), 'no_order'],
    ['pre-order refusal under HTTP 415', 415, answer(null, { code: 90751006 }), 'no_order'],
    ['pre-order refusal under HTTP 500', 500, answer(null, { code: 90751001 }), 'unknown'],
    ['pre-order refusal naming an orderId', 200, answer({ orderId: 'O-9' }, { code: 90751002 }), 'unknown'],
    ['duplicate order number 90751004', 200, answer(null, { code: 90751004 }), 'unknown'],
    ['generic failure 90751019', 200, answer(null, { code: 90751019 }), 'unknown'],
    ['internal error 90759999 under HTTP 200', 200, answer(null, { code: 90759999 }), 'unknown'],
    ['an unknown code', 200, answer(null, { code: 50000 }), 'unknown'],
    ['HTTP 404 with an HTML page', 404, '<html>Not Found</html>', 'unknown'],
    ['HTTP 302 with no body', 302, '', 'unknown'],
  ] as const)('%s → %s', (_what, httpStatus, body, word) => {
    const read1 = read(httpStatus, body);
    expect(read1.word).toBe(word);
    if (word !== 'no_order' && word !== 'declined') expect(read1.message).not.toMatch(/nothing was charged/i);
    if (word === 'unknown')
      expect(read1.message).toMatch(/may have gone through: check before charging again/);
  });

  it('keeps the facts support needs: orderId, traceid, code, the raw body, the field a refusal names', () => {
    const refused = read(
      200,
      answer(null, { code: 90751001, msg: 'cardNumber: Required.', traceid: 'tr-9' }),
    );
    expect(refused).toMatchObject({ word: 'no_order', field: 'cardNumber', traceid: 'tr-9', code: 90751001 });
    expect(refused.message).toBe(
      'The gateway refused the payment before creating an order: cardNumber: Required. (code 90751001). Nothing was charged.',
    );
    const declined = read(402, answer({ orderId: 'O-2', orderStatus: 15, remark: 'Do not honor' }));
    expect(declined).toMatchObject({
      word: 'declined',
      orderId: 'O-2',
      remark: 'Do not honor',
      httpStatus: 402,
    });
    const contradiction = read(200, answer({ orderStatus: 2, status: 'DECLINED' }));
    expect(contradiction.message).toMatch(/contradicts itself/);
  });
});

describe('readPayInAnswer: the boundaries of each word and what the agent is told', () => {
  it.each([
    ['HTTP 400', 400, answer(null, { code: 90751001 }), 'no_order'],
    ['HTTP 499', 499, answer(null, { code: 90751001 }), 'no_order'],
    ['HTTP 300', 300, answer(null, { code: 90751001 }), 'unknown'],
    ['HTTP 199', 199, answer(null, { code: 90751001 }), 'unknown'],
    ['no data field at all', 200, { code: 90751001, msg: 'bad', traceid: 't' }, 'no_order'],
    ['an empty orderId', 200, answer({ orderId: '' }, { code: 90751001 }), 'no_order'],
    ['an orderId of spaces', 200, answer({ orderId: '  ' }, { code: 90751001 }), 'no_order'],
    ['data that is a list', 200, answer([], { code: 90751001 }), 'unknown'],
    ['data that is text', 200, answer('refused', { code: 90751001 }), 'unknown'],
  ] as const)('a pre-order refusal under %s → %s', (_what, httpStatus, body, word) => {
    expect(read(httpStatus, body).word).toBe(word);
  });

  it('shows the bank page when no code, or a null one, comes with it', () => {
    expect(read(200, { data: { htmlSource: '<form>' } }).word).toBe('action_required');
    expect(read(200, answer({ htmlSource: '<form>' }, { code: null })).word).toBe('action_required');
  });

  it('keeps a stored card id only when there is one', () => {
    expect(read(200, answer({ orderStatus: 2, ccStorageID: 'cc-1' })).ccStorageID).toBe('cc-1');
    expect(read(200, answer({ orderStatus: 2, ccStorageID: ' ' }))).not.toHaveProperty('ccStorageID');
  });

  it('tells the agent the word in plain terms', () => {
    expect(read(200, answer({ orderStatus: 2 })).message).toBe('The gateway approved the payment.');
    const noReason = read(200, answer({ orderStatus: 15 }));
    expect(noReason).toMatchObject({
      remark: '',
      message: 'The card was declined (no reason given by the bank).',
    });
    expect(read(200, answer({ orderStatus: 15, remark: '   ' })).message).toBe(
      'The card was declined (no reason given by the bank).',
    );
    expect(read(200, answer({ orderStatus: 15, remark: ' Do not honor ' })).message).toBe(
      'The card was declined: Do not honor.',
    );
    expect(read(200, answer({ orderStatus: 1, htmlSource: '<form>' })).message).toBe(
      "The customer's bank asks for 3-D Secure: complete it with the customer.",
    );
    expect(read(200, answer({ orderStatus: 1, redirectURL: 'https://b.example/' })).message).toBe(
      'The gateway asks for its hosted payment page: complete it with the customer.',
    );
    expect(read(200, answer(null, { code: 90751001, msg: undefined })).message).toBe(
      'The gateway refused the payment before creating an order: no reason given (code 90751001). Nothing was charged.',
    );
    expect(read(200, answer(null, { code: 90751001, msg: '  Bad card  ' })).message).toBe(
      'The gateway refused the payment before creating an order: Bad card (code 90751001). Nothing was charged.',
    );
  });
});

describe('readKycAnswer', () => {
  const kyc = (httpStatus: number, body: unknown, sent = 10) =>
    readKycAnswer({ httpStatus, raw: JSON.stringify(body) }, { sent, timeoutMs: 30_000 });

  it('accepts a chunk only when code 0 counts every record sent', () => {
    expect(kyc(200, { code: 0, msg: 'ok', traceid: 'k', data: { count: 10 } })).toMatchObject({
      kind: 'accepted',
      count: 10,
    });
    for (const data of [{ count: 8 }, { count: 0 }, { count: 11 }, null]) {
      const read1 = kyc(200, { code: 0, msg: 'ok', traceid: 'k', data });
      expect(read1.kind, JSON.stringify(data)).toBe('outcome_unknown');
    }
    expect(kyc(200, { code: 0, msg: 'ok', traceid: 'k', data: {} }).kind).toBe('outcome_unknown');
    expect(kyc(200, { code: 0, msg: 'ok', traceid: 'k' }).kind).toBe('outcome_unknown');
    const short = kyc(200, { code: 0, msg: 'ok', traceid: 'k', data: { count: 8 } });
    if (short.kind !== 'outcome_unknown') throw new Error('expected unknown');
    expect(short).toMatchObject({ count: 8, code: 0, traceid: 'k' });
    expect(short.message).toMatch(/counted 8 of the 10 records sent.*none is marked accepted/);
  });

  it('a non-zero code with data null is a refusal; a 5xx or a count with an error code is not', () => {
    expect(kyc(200, { code: 90751019, msg: 'failed', traceid: 'k', data: null }).kind).toBe('refused');
    expect(kyc(500, { code: 90751019, msg: 'failed', traceid: 'k', data: null }).kind).toBe(
      'outcome_unknown',
    );
    expect(kyc(200, { code: 7, msg: 'partly', traceid: 'k', data: { count: 4 } }).kind).toBe(
      'outcome_unknown',
    );
    expect(kyc(200, { code: 0, msg: 'ok', traceid: 'k', data: { count: 10 } }, 10).kind).toBe('accepted');
    expect(kyc(202, { code: 0, msg: 'ok', traceid: 'k', data: { count: 10 } }, 10).kind).toBe('accepted');
    expect(kyc(409, { code: 0, msg: 'ok', traceid: 'k', data: { count: 10 } }, 10).kind).toBe(
      'outcome_unknown',
    );
  });
});
