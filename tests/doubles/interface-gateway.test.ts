// Tests of the interface gateway double itself (not of Paydesk): each shape is served as described,
// orders are created or not as each shape implies, idempotency modes, callbacks and their signatures,
// browser pages, the path prefix.
import { createHash, createHmac, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  canonicalString,
  computeSign,
  type InterfaceGateway,
  type InterfaceGatewayOptions,
  type JsonObject,
  type KycShape,
  kyc,
  type OrderState,
  type PayInShape,
  payIn,
  roundAmount,
  startInterfaceGateway,
  verifySign,
  withHttpStatus,
} from '../support/doubles/interface-gateway';
import { CALLBACK_FIELDS } from '../support/interface-fields';

const MERCHANT = 1001;
const SECRET = 'double-secret-ü';
const CARD_OK = '4242424242424242';
const CARD_DECLINE = '4000000000000002';
const CARD_3DS = '4000000000003220';
const CARD_PROCESSING = '4000000000000077';

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  while (open.length > 0) await open.pop()!.close();
});

async function gateway(options: Partial<InterfaceGatewayOptions> = {}): Promise<InterfaceGateway> {
  const gw = await startInterfaceGateway({ merchantId: MERCHANT, secret: SECRET, ...options });
  open.push(gw);
  return gw;
}

interface Receiver {
  url: string;
  hits: { method: string; contentType: string | undefined; body: string }[];
  status: number;
  close(): Promise<void>;
}

async function receiver(status = 200): Promise<Receiver> {
  const hits: Receiver['hits'] = [];
  const r = { hits, status, url: '', close: async () => {} } as Receiver;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      hits.push({
        method: req.method ?? '',
        contentType: req.headers['content-type'],
        body: Buffer.concat(chunks).toString('utf8'),
      });
      res.writeHead(r.status, { 'content-type': 'text/plain' }).end(r.status === 200 ? 'OK' : 'FAIL');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  r.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback`;
  r.close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  open.push(r);
  return r;
}

function v2Body(overrides: JsonObject = {}): JsonObject {
  return {
    merchantId: MERCHANT,
    merchantTradeNo: `T-${randomUUID()}`,
    userId: 'user-1',
    firstName: 'Ada',
    lastName: 'Lovelace',
    mobile: '5551234',
    addressLine: '1 Main Street',
    country: 'GB',
    city: 'London',
    zip: 'N1 9GU',
    cardNumber: CARD_OK,
    cvv: '123',
    expDate: '12/30',
    ip: '203.0.113.7',
    amount: '10.005',
    callBackURL: 'http://127.0.0.1:9/cb',
    successURL: 'http://127.0.0.1:9/ok?x=1',
    failURL: 'http://127.0.0.1:9/fail',
    retURL: 'http://127.0.0.1:9/ret',
    ...overrides,
  };
}

function v1Fields(overrides: Record<string, string> = {}): Record<string, string> {
  const { merchantId: _m, callBackURL: _c, ...rest } = v2Body();
  const fields: Record<string, string> = {
    ...(rest as Record<string, string>),
    merchantId: String(MERCHANT),
    email: 'ada@example.com',
    iddCode: '44',
    currency: 'EUR',
    ...overrides,
  };
  return fields;
}

function signedForm(
  fields: Record<string, string>,
  secret = SECRET,
  algorithm?: 'hmac-sha256' | 'md5-key',
): string {
  return new URLSearchParams({ ...fields, sign: computeSign(fields, secret, algorithm) }).toString();
}

interface Reply {
  status: number;
  contentType: string | null;
  text: string;
  json: JsonObject;
  headers: Headers;
}

async function post(url: string, body: string, contentType: string): Promise<Reply> {
  const res = await fetch(url, {
    method: 'POST',
    body,
    headers: { 'content-type': contentType },
    redirect: 'manual',
  });
  const text = await res.text();
  let json: JsonObject = {};
  try {
    json = JSON.parse(text) as JsonObject;
  } catch {}
  return {
    status: res.status,
    contentType: res.headers.get('content-type'),
    text,
    json,
    headers: res.headers,
  };
}

const postV2 = (gw: InterfaceGateway, body: JsonObject): Promise<Reply> =>
  post(`${gw.url}/openapi/v2/pwpp`, JSON.stringify(body), 'application/json');
const postV1 = (gw: InterfaceGateway, form: string): Promise<Reply> =>
  post(`${gw.url}/openapi/v1/pwpp`, form, 'application/x-www-form-urlencoded');
const data = (r: Reply): JsonObject => r.json.data as JsonObject;

/** The raw bytes of an answer, read from a bare socket until the server closes it. */
function rawExchange(url: string, body: string, contentType: string): Promise<string> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(u.port), u.hostname, () => {
      socket.write(
        `POST ${u.pathname} HTTP/1.1\r\nHost: ${u.host}\r\nContent-Type: ${contentType}\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: keep-alive\r\n\r\n${body}`,
      );
    });
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.on('error', reject);
  });
}

describe('A4 signing (own implementation)', () => {
  const fields = {
    merchantId: 1001,
    b: 'x',
    a: '',
    c: null,
    d: undefined,
    data: [{ k: 1 }],
    sign: 'zzz',
    Z: 'é',
  };

  it('builds the canonical string as A4 says', () => {
    expect(canonicalString(fields)).toBe('Z=é&b=x&data=[{"k":1}]&merchantId=1001');
  });

  it('hmac-sha256 is lowercase hex keyed with the secret, md5-key uppercase hex of canonical&key=secret', () => {
    const canonical = 'Z=é&b=x&data=[{"k":1}]&merchantId=1001';
    const hmac = createHmac('sha256', SECRET).update(canonical).digest('hex');
    const md5 = createHash('md5').update(`${canonical}&key=${SECRET}`).digest('hex').toUpperCase();
    expect(computeSign(fields, SECRET)).toBe(hmac);
    expect(computeSign(fields, SECRET, 'md5-key')).toBe(md5);
    expect(verifySign({ ...fields, sign: hmac }, SECRET)).toBe(true);
    expect(verifySign({ ...fields, sign: hmac.toUpperCase() }, SECRET)).toBe(false);
    expect(verifySign({ ...fields, sign: md5 }, SECRET, 'md5-key')).toBe(true);
  });

  it('rounds amounts to nearest 2 places on the text', () => {
    expect(roundAmount('10.005')).toBe('10.01');
    expect(roundAmount('10.0049')).toBe('10.00');
    expect(roundAmount('007.5')).toBe('7.50');
    expect(roundAmount('99999999999999999999.999')).toBe('100000000000000000000.00');
    expect(roundAmount('-1')).toBeNull();
    expect(roundAmount('1e3')).toBeNull();
  });
});

describe('the plain vendor (no script)', () => {
  it('approves a normal v2 card, records the request as received and holds the order', async () => {
    const gw = await gateway();
    const body = v2Body({ surprise: 'field' });
    const r = await postV2(gw, body);
    expect(r.status).toBe(200);
    expect(r.contentType).toBe('application/json; charset=utf-8');
    expect(r.json).toMatchObject({ code: 0, msg: 'success', data: { orderStatus: 2, status: 'COMPLETED' } });
    expect(r.json.traceid).toMatch(/^[0-9a-f]{32}$/);
    const orderId = data(r).orderId as string;
    expect(orderId).toMatch(/^\d{19}$/);

    const rec = gw.received[0]!;
    expect(rec).toMatchObject({
      method: 'POST',
      route: 'payin-v2',
      path: '/openapi/v2/pwpp',
      parsedAs: 'json',
    });
    expect(rec.contentType).toBe('application/json');
    expect(rec.rawBody).toBe(JSON.stringify(body));
    expect(rec.fields).toEqual(body);
    expect(rec.unknownFields).toEqual(['surprise']);
    expect(rec.answer).toMatchObject({ httpStatus: 200, by: 'default', fault: 'none' });

    const order = gw.orders.get(body.merchantTradeNo as string)!;
    expect(order).toMatchObject({
      orderId,
      state: 'approved',
      orderStatus: 2,
      amount: '10.01',
      amountSent: '10.005',
    });
    expect(order.timesCharged).toBe(1);
    expect(order.callBackURL).toBe('http://127.0.0.1:9/cb');
    expect(gw.ordersById.get(orderId)).toBe(order);
  });

  it('declines the decline card with orderStatus 15 and a remark; nothing charged', async () => {
    const gw = await gateway();
    const body = v2Body({ cardNumber: CARD_DECLINE });
    const r = await postV2(gw, body);
    expect(r.json).toMatchObject({
      code: 0,
      data: { orderStatus: 15, remark: 'Do not honor', status: 'DECLINED' },
    });
    expect(gw.orders.get(body.merchantTradeNo as string)).toMatchObject({
      state: 'declined',
      timesCharged: 0,
    });
  });

  it('answers the 3DS card with an htmlSource page, PROCESSING', async () => {
    const gw = await gateway();
    const r = await postV2(gw, v2Body({ cardNumber: CARD_3DS }));
    const d = data(r);
    expect(d.orderStatus).toBe(1);
    expect(d.htmlSource).toContain(`action="${gw.url}/page/${d.orderId as string}"`);
    expect(d.pageData).toBeUndefined();
  });

  it('keeps the processing card PROCESSING with nothing to show', async () => {
    const gw = await gateway();
    const r = await postV2(gw, v2Body({ cardNumber: CARD_PROCESSING }));
    expect(Object.keys(data(r)).sort()).toEqual(['orderId', 'orderStatus', 'status']);
    expect(data(r).orderStatus).toBe(1);
  });

  it('uses the configured numeric statuses', async () => {
    const gw = await gateway({ statusCodes: { processing: 30, completed: 40 }, v2StatusText: false });
    expect(data(await postV2(gw, v2Body())).orderStatus).toBe(40);
    const p = data(await postV2(gw, v2Body({ cardNumber: CARD_PROCESSING })));
    expect(p).toEqual({ orderId: p.orderId, orderStatus: 30 });
  });

  it('refuses a v2 body that is not application/json (415) and one that does not parse (400); no order', async () => {
    const gw = await gateway();
    const body = v2Body();
    const asForm = await post(`${gw.url}/openapi/v2/pwpp`, JSON.stringify(body), 'text/plain');
    expect(asForm.status).toBe(415);
    expect(asForm.json).toMatchObject({ code: 90750415, data: null });
    const broken = await post(
      `${gw.url}/openapi/v2/pwpp`,
      '{"merchantId":',
      'application/json; charset=utf-8',
    );
    expect(broken.status).toBe(400);
    expect(gw.orders.size).toBe(0);
    expect(gw.received.map((r) => r.answer?.by)).toEqual(['transport', 'transport']);
  });

  it('refuses a GET with 405 and an unknown path with 404, and records both', async () => {
    const gw = await gateway();
    const get = await fetch(`${gw.url}/openapi/v2/pwpp`);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    const none = await post(`${gw.url}/openapi/v3/pwpp`, '{}', 'application/json');
    expect(none.status).toBe(404);
    expect(gw.received.map((r) => r.route)).toEqual(['payin-v2', 'unknown']);
  });

  it('refuses merchantId problems and invalid fields with a non-zero code naming the field; no order', async () => {
    const gw = await gateway();
    const stringId = await postV2(gw, v2Body({ merchantId: String(MERCHANT) }));
    expect(stringId.json).toMatchObject({ code: 90752003, msg: 'merchantId is invalid', data: null });
    const other = await postV2(gw, v2Body({ merchantId: 42 }));
    expect(other.json).toMatchObject({ code: 90753002, data: null });
    const { zip: _zip, ...noZip } = v2Body();
    const missing = await postV2(gw, noZip);
    expect(missing.status).toBe(200);
    expect(missing.json).toMatchObject({ code: 90752001, msg: 'zip is required', data: null });
    const long = await postV2(gw, v2Body({ firstName: 'x'.repeat(21) }));
    expect(long.json).toMatchObject({ code: 90752002, msg: 'firstName is longer than 20 characters' });
    const numeric = await postV2(gw, v2Body({ amount: 10.5 }));
    expect(numeric.json).toMatchObject({ code: 90752003, msg: 'amount must be a string' });
    const luhn = await postV2(gw, v2Body({ cardNumber: '4242424242424241' }));
    expect(luhn.json).toMatchObject({ msg: 'cardNumber is invalid' });
    const zero = await postV2(gw, v2Body({ amount: '0.004' }));
    expect(zero.json).toMatchObject({ msg: 'amount is invalid' });
    expect(gw.orders.size).toBe(0);
  });

  it('answers refusals under the configured HTTP status', async () => {
    const gw = await gateway({ refusalHttpStatus: 400 });
    const { zip: _zip, ...noZip } = v2Body();
    expect((await postV2(gw, noZip)).status).toBe(400);
  });

  it('stores a card when storeCc=1 and charges it later by ccStorageID alone', async () => {
    const gw = await gateway();
    const first = await postV2(gw, v2Body({ storeCc: '1' }));
    const id = data(first).ccStorageID as string;
    expect(id).toMatch(/^cs_[0-9a-f]{24}$/);
    const { cardNumber: _n, cvv: _c, expDate: _e, ...noCard } = v2Body({ ccStorageID: id });
    const again = await postV2(gw, noCard);
    expect(data(again)).toMatchObject({ orderStatus: 2 });
    const unknown = await postV2(gw, {
      ...noCard,
      merchantTradeNo: 'T-unknown-card',
      ccStorageID: 'cs_nope',
    });
    expect(data(unknown)).toMatchObject({ orderStatus: 15, remark: 'ccStorageID is unknown' });
  });
});

describe('v1 (form body, sign)', () => {
  it('approves a v1 form signed per A4, without the v2 text status', async () => {
    const gw = await gateway();
    const fields = v1Fields();
    const r = await postV1(gw, signedForm(fields));
    expect(r.json).toMatchObject({ code: 0, data: { orderStatus: 2 } });
    expect(data(r).status).toBeUndefined();
    expect(gw.received[0]).toMatchObject({ parsedAs: 'form', unknownFields: [] });
    expect(gw.orders.get(fields.merchantTradeNo!)).toMatchObject({ version: 'v1', currency: 'EUR' });
  });

  it('returns both htmlSource and the deprecated pageData for a v1 3DS card', async () => {
    const gw = await gateway();
    const d = data(await postV1(gw, signedForm(v1Fields({ cardNumber: CARD_3DS }))));
    expect(d.pageData).toBe(d.htmlSource);
  });

  it('refuses a wrong or missing sign before anything else; accepts md5-key when configured', async () => {
    const gw = await gateway();
    const wrong = await postV1(gw, signedForm(v1Fields(), 'other-secret'));
    expect(wrong.json).toMatchObject({ code: 90753001, msg: 'sign is invalid', data: null });
    const missing = await postV1(gw, new URLSearchParams(v1Fields()).toString());
    expect(missing.json).toMatchObject({ code: 90752001, msg: 'sign is required' });
    expect(gw.received.map((r) => r.answer?.by)).toEqual(['auth', 'auth']);
    expect(gw.orders.size).toBe(0);

    const md5 = await gateway({ signAlgorithm: 'md5-key' });
    expect((await postV1(md5, signedForm(v1Fields(), SECRET, 'md5-key'))).json.code).toBe(0);
    expect((await postV1(md5, signedForm(v1Fields()))).json.code).toBe(90753001);
  });

  it('does not check sign with verifyV1Sign false, and refuses a v1 JSON body with 415', async () => {
    const gw = await gateway({ verifyV1Sign: false });
    expect((await postV1(gw, new URLSearchParams({ ...v1Fields(), sign: 'x' }).toString())).json.code).toBe(
      0,
    );
    const json = await post(`${gw.url}/openapi/v1/pwpp`, JSON.stringify(v1Fields()), 'application/json');
    expect(json.status).toBe(415);
  });
});

interface ShapeCase {
  name: string;
  shape: () => PayInShape;
  request?: JsonObject;
  status: number;
  contentType?: string;
  body: (r: Reply, gw: InterfaceGateway) => void;
  /** The truth the double must hold afterwards; null: no order at all. */
  order: OrderState | null;
  orderStatus?: number;
}

const noData = (r: Reply): void => {
  expect(r.json.data).toBeNull();
  expect(typeof r.json.traceid).toBe('string');
};

const shapeCases: ShapeCase[] = [
  {
    name: 'approvedCode0',
    shape: () => payIn.approvedCode0(),
    status: 200,
    body: (r) =>
      expect(r.json).toEqual({
        code: 0,
        msg: 'success',
        traceid: r.json.traceid,
        data: { orderId: data(r).orderId, orderStatus: 2 },
      }),
    order: 'approved',
  },
  {
    name: 'approvedCode10000',
    shape: () => payIn.approvedCode10000(),
    status: 200,
    body: (r) => expect(r.json).toMatchObject({ code: 10000, msg: 'SUCCESS', data: { orderStatus: 2 } }),
    order: 'approved',
  },
  {
    name: 'approvedWithoutCode',
    shape: () => payIn.approvedWithoutCode(),
    status: 200,
    body: (r) => {
      expect('code' in r.json).toBe(false);
      expect(data(r).orderStatus).toBe(2);
    },
    order: 'approved',
  },
  {
    name: 'textStatus COMPLETED without numeric',
    shape: () => payIn.textStatus({ text: 'COMPLETED' }),
    status: 200,
    body: (r) => expect(data(r)).toEqual({ orderId: data(r).orderId, status: 'COMPLETED' }),
    order: 'approved',
  },
  {
    name: 'textStatus Approved with numeric',
    shape: () => payIn.textStatus({ text: 'Approved', numeric: true }),
    status: 200,
    body: (r) => expect(data(r)).toMatchObject({ orderStatus: 2, status: 'Approved' }),
    order: 'approved',
  },
  {
    name: 'textStatus PROCESSING at the top level',
    shape: () => payIn.textStatus({ text: 'PROCESSING', where: 'top' }),
    status: 200,
    body: (r) => {
      expect(r.json.status).toBe('PROCESSING');
      expect(data(r)).toEqual({ orderId: data(r).orderId });
    },
    order: 'processing',
  },
  {
    name: 'approvedWithExtraFields',
    shape: () => payIn.approvedWithExtraFields(),
    status: 200,
    body: (r) => {
      expect(r.json).toMatchObject({ code: 0, apiVersion: '2.7.1', meta: { region: 'eu-1' } });
      expect(data(r)).toMatchObject({
        orderStatus: 2,
        settlementDate: '2030-01-31',
        fees: [{ type: 'mdr' }],
      });
    },
    order: 'approved',
  },
  {
    name: 'approvedAsTextPlain',
    shape: () => payIn.approvedAsTextPlain(),
    status: 200,
    contentType: 'text/plain; charset=utf-8',
    body: (r) => expect(r.json).toMatchObject({ code: 0, data: { orderStatus: 2 } }),
    order: 'approved',
  },
  {
    name: 'approvedWithoutTraceid',
    shape: () => payIn.approvedWithoutTraceid(),
    status: 200,
    body: (r) => {
      expect('traceid' in r.json).toBe(false);
      expect(r.json.code).toBe(0);
    },
    order: 'approved',
  },
  {
    name: 'approvedStoredCard (storeCc=1)',
    shape: () => payIn.approvedStoredCard(),
    request: { storeCc: '1' },
    status: 200,
    body: (r, gw) => {
      expect(data(r).ccStorageID).toMatch(/^cs_/);
      expect(gw.ordersById.get(data(r).orderId as string)?.ccStorageID).toBe(data(r).ccStorageID);
    },
    order: 'approved',
  },
  {
    name: 'processing20001',
    shape: () => payIn.processing20001(),
    status: 200,
    body: (r) => expect(r.json).toMatchObject({ code: 20001, msg: 'PROCESSING', data: { orderStatus: 1 } }),
    order: 'processing',
  },
  {
    name: 'processingNothingToShow',
    shape: () => payIn.processingNothingToShow(),
    status: 200,
    body: (r) => expect(data(r)).toEqual({ orderId: data(r).orderId, orderStatus: 1 }),
    order: 'processing',
  },
  {
    name: 'threeDsHtmlSource',
    shape: () => payIn.threeDsHtmlSource(),
    status: 200,
    body: (r, gw) => {
      const d = data(r);
      expect(d.orderStatus).toBe(1);
      expect(d.htmlSource).toMatch(/^<!DOCTYPE html>/);
      expect(d.htmlSource).toContain(
        `<form id="acs" method="post" action="${gw.url}/page/${d.orderId as string}">`,
      );
      expect('pageData' in d).toBe(false);
    },
    order: 'processing',
  },
  {
    name: 'threeDsPageDataOnly',
    shape: () => payIn.threeDsPageDataOnly(),
    status: 200,
    body: (r) => {
      expect(data(r).pageData).toContain('<form id="acs"');
      expect('htmlSource' in data(r)).toBe(false);
    },
    order: 'processing',
  },
  {
    name: 'redirectUrl',
    shape: () => payIn.redirectUrl(),
    status: 200,
    body: (r, gw) => expect(data(r).redirectURL).toBe(`${gw.url}/page/${data(r).orderId as string}`),
    order: 'processing',
  },
  {
    name: 'declinedCode0',
    shape: () => payIn.declinedCode0(),
    status: 200,
    body: (r) =>
      expect(r.json).toMatchObject({ code: 0, data: { orderStatus: 15, remark: 'Insufficient funds' } }),
    order: 'declined',
  },
  {
    name: 'declinedNonZeroCode',
    shape: () => payIn.declinedNonZeroCode(),
    status: 200,
    body: (r) =>
      expect(r.json).toMatchObject({ code: 90755001, data: { orderStatus: 15, remark: 'Do not honor' } }),
    order: 'declined',
  },
  {
    name: 'declinedHttp 402',
    shape: () => payIn.declinedHttp(),
    status: 402,
    body: (r) => expect(r.json).toMatchObject({ code: 0, data: { orderStatus: 15 } }),
    order: 'declined',
  },
  {
    name: 'declinedHttp 409',
    shape: () => payIn.declinedHttp({ httpStatus: 409 }),
    status: 409,
    body: (r) => expect(data(r).orderStatus).toBe(15),
    order: 'declined',
  },
  {
    name: 'completedInNon2xx 409',
    shape: () => payIn.completedInNon2xx(),
    status: 409,
    body: (r) => expect(r.json).toMatchObject({ code: 90754001, data: { orderStatus: 2 } }),
    order: 'approved',
  },
  {
    name: 'completedInNon2xx 500',
    shape: () => payIn.completedInNon2xx({ httpStatus: 500 }),
    status: 500,
    body: (r) => expect(r.json).toMatchObject({ code: 90759999, data: { orderStatus: 2 } }),
    order: 'approved',
  },
  {
    name: 'approvedButTextDeclined',
    shape: () => payIn.approvedButTextDeclined(),
    status: 200,
    body: (r) => expect(data(r)).toMatchObject({ orderStatus: 2, status: 'DECLINED' }),
    order: 'approved',
  },
  {
    name: 'unknownOrderStatus',
    shape: () => payIn.unknownOrderStatus(),
    status: 200,
    body: (r) => expect(data(r)).toEqual({ orderId: data(r).orderId, orderStatus: 7 }),
    order: 'approved',
    orderStatus: 7,
  },
  {
    name: 'busy50000',
    shape: () => payIn.busy50000(),
    status: 200,
    body: (r) => {
      expect(r.json).toMatchObject({ code: 50000, msg: 'system busy, check the order later' });
      noData(r);
    },
    order: null,
  },
  {
    name: 'busy50000 with an approved order behind it',
    shape: () => payIn.busy50000({ behind: 'approved' }),
    status: 200,
    body: noData,
    order: 'approved',
  },
  {
    name: 'systemError90759999 (200)',
    shape: () => payIn.systemError90759999(),
    status: 200,
    body: (r) => {
      expect(r.json.code).toBe(90759999);
      noData(r);
    },
    order: null,
  },
  {
    name: 'systemError90759999 (500)',
    shape: () => payIn.systemError90759999({ httpStatus: 500 }),
    status: 500,
    body: (r) => expect(r.json).toMatchObject({ code: 90759999, data: null }),
    order: null,
  },
  {
    name: 'generic90751019',
    shape: () => payIn.generic90751019(),
    status: 200,
    body: (r) => expect(r.json).toMatchObject({ code: 90751019, data: null }),
    order: null,
  },
  {
    name: 'validationRefusal',
    shape: () => payIn.validationRefusal({ field: 'zip' }),
    status: 200,
    body: (r) => expect(r.json).toMatchObject({ code: 90752003, msg: 'zip is invalid', data: null }),
    order: null,
  },
  {
    name: 'proxyHtml502',
    shape: () => payIn.proxyHtml502(),
    status: 502,
    contentType: 'text/html',
    body: (r) => expect(r.text).toContain('<title>502 Bad Gateway</title>'),
    order: null,
  },
  {
    name: 'emptyBody',
    shape: () => payIn.emptyBody(),
    status: 200,
    contentType: 'application/json',
    body: (r) => {
      expect(r.text).toBe('');
      expect(r.headers.get('content-length')).toBe('0');
    },
    order: null,
  },
  {
    name: 'withHttpStatus(approvedCode0, 201)',
    shape: () => withHttpStatus(payIn.approvedCode0(), 201),
    status: 201,
    body: (r) => expect(data(r).orderStatus).toBe(2),
    order: 'approved',
  },
];

describe('catalogue: each pay-in shape is served as described', () => {
  for (const c of shapeCases) {
    it(c.name, async () => {
      const gw = await gateway();
      gw.scriptPayIn(c.shape());
      const body = v2Body(c.request ?? {});
      const r = await postV2(gw, body);
      expect(r.status).toBe(c.status);
      expect(r.contentType).toBe(c.contentType ?? 'application/json; charset=utf-8');
      c.body(r, gw);
      expect(gw.received[0]?.answer?.by).toBe('script');
      const order = gw.orders.get(body.merchantTradeNo as string);
      if (c.order === null) {
        expect(order).toBeUndefined();
      } else {
        expect(order?.state).toBe(c.order);
        expect(order?.timesCharged).toBe(c.order === 'approved' ? 1 : 0);
        if (c.orderStatus !== undefined) expect(order?.orderStatus).toBe(c.orderStatus);
        if (typeof data(r)?.orderId === 'string') expect(order?.orderId).toBe(data(r).orderId);
      }
      expect(gw.errors).toEqual([]);
    });
  }
});

describe('faults', () => {
  it('close-after-processing: the order exists, the client gets no answer', async () => {
    const gw = await gateway();
    gw.scriptPayIn(payIn.closeAfterProcessing(payIn.approvedCode0()));
    const body = v2Body();
    await expect(postV2(gw, body)).rejects.toThrow();
    expect(gw.orders.get(body.merchantTradeNo as string)).toMatchObject({
      state: 'approved',
      timesCharged: 1,
    });
    expect(gw.received[0]?.answer?.fault).toBe('close-after-processing');
  });

  it('dropWithoutProcessing: no answer and no order', async () => {
    const gw = await gateway();
    gw.scriptPayIn(payIn.dropWithoutProcessing());
    await expect(postV2(gw, v2Body())).rejects.toThrow();
    expect(gw.orders.size).toBe(0);
  });

  it('truncate: status line, headers with the full Content-Length, half the body, then close', async () => {
    const gw = await gateway();
    gw.scriptPayIn(payIn.truncated(payIn.approvedCode0()));
    const body = v2Body();
    const raw = await rawExchange(`${gw.url}/openapi/v2/pwpp`, JSON.stringify(body), 'application/json');
    const [head, sent] = raw.split('\r\n\r\n') as [string, string];
    expect(head.split('\r\n')[0]).toBe('HTTP/1.1 200 OK');
    const full = gw.received[0]!.answer!.body;
    expect(head).toContain(`content-length: ${Buffer.byteLength(full)}`);
    expect(sent).toBe(full.slice(0, Math.floor(full.length / 2)));
    expect(gw.orders.get(body.merchantTradeNo as string)?.state).toBe('approved');
  });

  it('delayMs: the order exists at once, the answer comes later', async () => {
    const gw = await gateway();
    gw.scriptPayIn(payIn.delayed(400, payIn.approvedCode0()));
    const body = v2Body();
    const started = Date.now();
    const pending = postV2(gw, body);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(gw.orders.get(body.merchantTradeNo as string)?.state).toBe('approved');
    const r = await pending;
    expect(Date.now() - started).toBeGreaterThanOrEqual(390);
    expect(r.json.code).toBe(0);
  });

  it('a fault on the plain answer by default (closeAfterProcessing without a shape)', async () => {
    const gw = await gateway();
    gw.scriptPayIn(payIn.closeAfterProcessing());
    const body = v2Body({ cardNumber: CARD_DECLINE });
    await expect(postV2(gw, body)).rejects.toThrow();
    expect(gw.orders.get(body.merchantTradeNo as string)?.state).toBe('declined');
  });
});

describe('scripts', () => {
  it('answers `times` requests then falls back to the plain vendor; `every` lasts until cleared', async () => {
    const gw = await gateway();
    gw.scriptPayIn(payIn.busy50000(), { times: 2 });
    const codes = [];
    for (let i = 0; i < 3; i++) codes.push((await postV2(gw, v2Body())).json.code);
    expect(codes).toEqual([50000, 50000, 0]);
    gw.scriptPayIn(payIn.generic90751019(), { times: 'every' });
    expect((await postV2(gw, v2Body())).json.code).toBe(90751019);
    expect((await postV2(gw, v2Body())).json.code).toBe(90751019);
    gw.clearScripts();
    expect((await postV2(gw, v2Body())).json.code).toBe(0);
  });

  it('a script returning undefined is not consumed and leaves the request to the next one', async () => {
    const gw = await gateway();
    const onlyDecline: PayInShape = (ctx) =>
      ctx.fields.cardNumber === CARD_DECLINE ? payIn.declinedHttp()(ctx) : undefined;
    gw.scriptPayIn(onlyDecline);
    expect((await postV2(gw, v2Body())).status).toBe(200);
    expect((await postV2(gw, v2Body({ cardNumber: CARD_DECLINE }))).status).toBe(402);
    expect((await postV2(gw, v2Body({ cardNumber: CARD_DECLINE }))).status).toBe(200);
  });

  it('front stage: a proxy answers before any check and never creates an order', async () => {
    const gw = await gateway();
    gw.scriptPayIn(payIn.proxyHtml502({ behind: 'approved' }), { stage: 'front' });
    const r = await post(`${gw.url}/openapi/v2/pwpp`, 'not even json', 'text/plain');
    expect(r.status).toBe(502);
    expect(gw.received[0]?.answer?.by).toBe('front-script');
    expect(gw.orders.size).toBe(0);
    gw.scriptPayIn((ctx) => payIn.approvedCode0()(ctx), { stage: 'front' });
    expect((await postV2(gw, v2Body())).status).toBe(500);
    expect(gw.errors[0]?.message).toMatch(/front-stage/);
  });
});

describe('idempotency of merchantTradeNo', () => {
  it('refuse-duplicate (default): code 90754001, data null, one attempt', async () => {
    const gw = await gateway();
    const body = v2Body();
    await postV2(gw, body);
    const again = await postV2(gw, body);
    expect(again.json).toMatchObject({ code: 90754001, data: null });
    expect(gw.received[1]?.answer?.by).toBe('idempotency');
    expect(gw.orders.get(body.merchantTradeNo as string)?.attempts).toHaveLength(1);
  });

  it('replay: the first answer again (fresh traceid), even when the first was never delivered', async () => {
    const gw = await gateway({ idempotency: 'replay' });
    gw.scriptPayIn(payIn.closeAfterProcessing(payIn.approvedCode10000()));
    const body = v2Body();
    await expect(postV2(gw, body)).rejects.toThrow();
    const again = await postV2(gw, body);
    const first = JSON.parse(gw.received[0]!.answer!.body) as JsonObject;
    expect(again.json).toEqual({ ...first, traceid: again.json.traceid });
    expect(again.json.traceid).not.toBe(first.traceid);
    expect(gw.orders.get(body.merchantTradeNo as string)).toMatchObject({ timesCharged: 1 });
    expect(gw.orders.get(body.merchantTradeNo as string)?.attempts).toHaveLength(1);
  });

  it('charge-again: a second attempt with a new orderId, charged twice', async () => {
    const gw = await gateway();
    gw.setIdempotency('charge-again');
    const body = v2Body();
    const a = data(await postV2(gw, body)).orderId;
    const b = data(await postV2(gw, body)).orderId;
    expect(a).not.toBe(b);
    const order = gw.orders.get(body.merchantTradeNo as string)!;
    expect(order.attempts.map((x) => x.orderId)).toEqual([a, b]);
    expect(order.timesCharged).toBe(2);
    expect(order.orderId).toBe(b);
  });

  it('report-current: the order as it stands now', async () => {
    const gw = await gateway({ idempotency: 'report-current' });
    const body = v2Body({ cardNumber: CARD_3DS });
    await postV2(gw, body);
    gw.finish(body.merchantTradeNo as string, 'approved');
    const again = await postV2(gw, body);
    expect(data(again)).toEqual({
      orderId: gw.orders.get(body.merchantTradeNo as string)?.orderId,
      orderStatus: 2,
    });
  });
});

describe('browser pages (§6)', () => {
  it('3DS: the page from htmlSource offers a choice; finishing redirects to retURL with ids and status', async () => {
    const gw = await gateway();
    const body = v2Body({ cardNumber: CARD_3DS });
    const orderId = data(await postV2(gw, body)).orderId as string;
    const page = await post(`${gw.url}/page/${orderId}`, 'creq=abc', 'application/x-www-form-urlencoded');
    expect(page.text).toContain(`action="${gw.url}/page/${orderId}/finish"`);
    const done = await post(
      `${gw.url}/page/${orderId}/finish`,
      'outcome=approve',
      'application/x-www-form-urlencoded',
    );
    expect(done.status).toBe(302);
    const location = new URL(done.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe('http://127.0.0.1:9/ret');
    expect(Object.fromEntries(location.searchParams)).toEqual({
      merchantTradeNo: body.merchantTradeNo,
      orderId,
      orderStatus: '2',
      status: 'COMPLETED',
    });
    const order = gw.orders.get(body.merchantTradeNo as string)!;
    expect(order).toMatchObject({ state: 'approved', timesCharged: 1 });
    expect(order.history.map((h) => h.via)).toEqual(['payin', 'page']);
    // A second finish does not change the outcome.
    await fetch(`${gw.url}/page/${orderId}/finish?outcome=decline`, { redirect: 'manual' });
    expect(order.state).toBe('approved');
  });

  it('redirection: result URLs first, no parameters at all (303)', async () => {
    const gw = await gateway({ browserReturn: { target: 'result-urls', params: 'none', method: 303 } });
    const body = v2Body({ txMode: 'redirection' });
    const d = data(await postV2(gw, body));
    expect(d.redirectURL).toBe(`${gw.url}/page/${d.orderId as string}`);
    const done = await fetch(`${d.redirectURL as string}/finish?outcome=decline`, { redirect: 'manual' });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('http://127.0.0.1:9/fail');
    expect(gw.orders.get(body.merchantTradeNo as string)).toMatchObject({
      state: 'declined',
      orderStatus: 15,
    });
    const second = v2Body({ txMode: 'redirection' });
    await postV2(gw, second);
    const ok = gw.finish(second.merchantTradeNo as string, 'approved');
    expect(ok).toEqual({ url: 'http://127.0.0.1:9/ok?x=1', method: 'GET', params: {} });
  });

  it('post-form: an auto-submitting form to the merchant URL', async () => {
    const gw = await gateway({ browserReturn: { method: 'post-form' } });
    const orderId = data(await postV2(gw, v2Body({ cardNumber: CARD_3DS }))).orderId as string;
    const done = await post(
      `${gw.url}/page/${orderId}/finish`,
      'outcome=decline',
      'application/x-www-form-urlencoded',
    );
    expect(done.status).toBe(200);
    expect(done.text).toContain('<form id="back" method="post" action="http://127.0.0.1:9/ret">');
    expect(done.text).toContain('<input type="hidden" name="orderStatus" value="15">');
  });

  it('unknown order page: 404', async () => {
    const gw = await gateway();
    expect((await fetch(`${gw.url}/page/123`)).status).toBe(404);
  });
});

describe('path prefix', () => {
  it('serves base_url with its path and refuses a client that dropped it', async () => {
    const gw = await gateway({ basePath: '/gw/v3/' });
    expect(gw.url).toBe(`${gw.origin}/gw/v3`);
    expect((await postV2(gw, v2Body())).json.code).toBe(0);
    const dropped = await post(`${gw.origin}/openapi/v2/pwpp`, JSON.stringify(v2Body()), 'application/json');
    expect(dropped.status).toBe(404);
    expect(gw.received[1]).toMatchObject({ route: 'unknown', path: '/openapi/v2/pwpp' });
    const d = data(await postV2(gw, v2Body({ cardNumber: CARD_3DS })));
    expect(d.htmlSource).toContain(`${gw.origin}/gw/v3/page/`);
    expect(gw.orders.size).toBe(2);
  });
});

function kycBody(n: number, overrides: JsonObject = {}, secret = SECRET): JsonObject {
  const records = Array.from({ length: n }, (_, i) => ({
    userId: `kyc-${i}`,
    firstName: 'Grace',
    lastName: 'Hopper',
    middleName: '',
    birthday: '1906-12-09',
    gender: 'female',
    country: 'US',
    iddCode: '1',
    personalCode: '123456',
    certificateDateStart: '2020-01-01',
    certificateDateEnd: '2030-01-01',
    email: 'grace@example.com',
    mobile: '5550100',
    idCardUrls: ['https://example.com/id.png'],
    documentUrls: [],
  }));
  const body: JsonObject = { merchantId: MERCHANT, data: records, ...overrides };
  return { ...body, sign: computeSign(body, secret) };
}

const postKyc = (gw: InterfaceGateway, body: JsonObject): Promise<Reply> =>
  post(`${gw.url}/openapi/v1/submitKYC`, JSON.stringify(body), 'application/json');

describe('KYC', () => {
  it('plain vendor: checks sign and records, answers the honest count and holds the records', async () => {
    const gw = await gateway();
    const r = await postKyc(gw, kycBody(3));
    expect(r.json).toMatchObject({ code: 0, data: { count: 3 } });
    expect(gw.kycBatches[0]).toMatchObject({ sent: 3, accepted: 3 });
    expect([...gw.kycRecords.keys()]).toEqual(['kyc-0', 'kyc-1', 'kyc-2']);
    expect((await postKyc(gw, kycBody(1, {}, 'wrong'))).json).toMatchObject({ code: 90753001, data: null });
    const bad = kycBody(2);
    (bad.data as JsonObject[])[1]!.birthday = '1906-13-09';
    bad.sign = computeSign(bad, SECRET);
    expect((await postKyc(gw, bad)).json).toMatchObject({
      code: 90752003,
      msg: 'data[1].birthday is invalid',
    });
    const form = await post(
      `${gw.url}/openapi/v1/submitKYC`,
      'merchantId=1001',
      'application/x-www-form-urlencoded',
    );
    expect(form.status).toBe(415);
    expect(gw.kycBatches).toHaveLength(1);
  });

  const kycCases: {
    name: string;
    shape: () => KycShape;
    status: number;
    json: JsonObject;
    accepted: number | null;
  }[] = [
    {
      name: 'honest',
      shape: () => kyc.honest(),
      status: 200,
      json: { code: 0, data: { count: 5 } },
      accepted: 5,
    },
    {
      name: 'countShort',
      shape: () => kyc.countShort(),
      status: 200,
      json: { code: 0, data: { count: 3 } },
      accepted: 3,
    },
    {
      name: 'countZero',
      shape: () => kyc.countZero(),
      status: 200,
      json: { code: 0, data: { count: 0 } },
      accepted: 0,
    },
    {
      name: 'dataNull',
      shape: () => kyc.dataNull(),
      status: 200,
      json: { code: 0, data: null },
      accepted: 5,
    },
    {
      name: 'dataEmptyObject',
      shape: () => kyc.dataEmptyObject(),
      status: 200,
      json: { code: 0, data: {} },
      accepted: 5,
    },
    {
      name: 'failure90751019',
      shape: () => kyc.failure90751019(),
      status: 200,
      json: { code: 90751019, data: null },
      accepted: 0,
    },
    {
      name: 'http500',
      shape: () => kyc.http500(),
      status: 500,
      json: { code: 90759999, data: null },
      accepted: 0,
    },
    {
      name: 'http500 behind',
      shape: () => kyc.http500({ behind: true }),
      status: 500,
      json: { code: 90759999, data: null },
      accepted: 5,
    },
  ];
  for (const c of kycCases) {
    it(`shape ${c.name}`, async () => {
      const gw = await gateway();
      gw.scriptKyc(c.shape());
      const r = await postKyc(gw, kycBody(5));
      expect(r.status).toBe(c.status);
      expect(r.json).toEqual({ ...c.json, msg: r.json.msg, traceid: r.json.traceid });
      expect(typeof r.json.msg).toBe('string');
      expect(gw.kycBatches[0]?.accepted).toBe(c.accepted);
      expect(gw.kycRecords.size).toBe(c.accepted);
    });
  }

  it('closeAfterProcessing: the batch is held, no answer', async () => {
    const gw = await gateway();
    gw.scriptKyc(kyc.closeAfterProcessing());
    await expect(postKyc(gw, kycBody(2))).rejects.toThrow();
    expect(gw.kycBatches[0]?.accepted).toBe(2);
  });
});

describe('notifications (A12)', () => {
  it('POSTs the A12 JSON to the order callBackURL, signed with the merchant secret', async () => {
    const rx = await receiver();
    const gw = await gateway();
    const body = v2Body({ callBackURL: rx.url });
    await postV2(gw, body);
    const result = await gw.notify(body.merchantTradeNo as string);
    expect(result).toMatchObject({ status: 200, body: 'OK' });
    expect(rx.hits).toHaveLength(1);
    const hit = rx.hits[0]!;
    expect(hit).toMatchObject({ method: 'POST', contentType: 'application/json' });
    const payload = JSON.parse(hit.body) as JsonObject;
    const order = gw.orders.get(body.merchantTradeNo as string)!;
    expect(Object.keys(payload)).toEqual(CALLBACK_FIELDS);
    expect(payload).toMatchObject({
      merchantId: MERCHANT,
      orderId: order.orderId,
      orderStatus: 2,
      amount: '10.01',
      remark: '',
    });
    const canonical =
      `amount=10.01&merchantId=${MERCHANT}&merchantTradeNo=${body.merchantTradeNo as string}` +
      `&orderId=${order.orderId}&orderStatus=2&traceid=${payload.traceid as string}`;
    expect(payload.sign).toBe(createHmac('sha256', SECRET).update(canonical).digest('hex'));
    expect(verifySign(payload, SECRET)).toBe(true);
    expect(gw.notifications).toHaveLength(1);
  });

  it('signs md5-key when configured; wrong-secret and absent signs are what they say', async () => {
    const rx = await receiver();
    const gw = await gateway({ signAlgorithm: 'md5-key' });
    const body = v2Body({ callBackURL: rx.url });
    await postV2(gw, body);
    const ref = body.merchantTradeNo as string;
    const valid = (await gw.notify(ref)).payload;
    expect(valid.sign).toMatch(/^[0-9A-F]{32}$/);
    expect(verifySign(valid, SECRET, 'md5-key')).toBe(true);
    const wrong = (await gw.notify(ref, { sign: 'wrong-secret' })).payload;
    expect(verifySign(wrong, SECRET, 'md5-key')).toBe(false);
    await gw.notify(ref, { sign: 'absent' });
    expect('sign' in (JSON.parse(rx.hits[2]!.body) as JsonObject)).toBe(false);
  });

  it('sends the same notification twice, extra fields signed, for a declined outcome', async () => {
    const rx = await receiver();
    const gw = await gateway();
    const body = v2Body({ callBackURL: rx.url, cardNumber: CARD_3DS });
    await postV2(gw, body);
    const ref = body.merchantTradeNo as string;
    await expect(gw.notify(ref)).rejects.toThrow(/still processing/);
    const result = await gw.notify(ref, { outcome: 'declined', repeat: 2, fields: { acquirer: 'X' } });
    expect(result.deliveries).toHaveLength(2);
    expect(rx.hits[0]!.body).toBe(rx.hits[1]!.body);
    const payload = JSON.parse(rx.hits[0]!.body) as JsonObject;
    expect(payload).toMatchObject({ orderStatus: 15, remark: 'Do not honor', acquirer: 'X' });
    expect(verifySign(payload, SECRET)).toBe(true);
    expect(gw.orders.get(ref)).toMatchObject({ state: 'declined' });
    expect(gw.orders.get(ref)?.history.at(-1)?.via).toBe('notify');
  });

  it('can lie: orderStatus override without touching the truth', async () => {
    const rx = await receiver();
    const gw = await gateway();
    const body = v2Body({ callBackURL: rx.url });
    await postV2(gw, body);
    const r = await gw.notify(body.merchantTradeNo as string, {
      outcome: 'declined',
      updateOrder: false,
      orderStatus: 7,
    });
    expect(r.payload.orderStatus).toBe(7);
    expect(gw.orders.get(body.merchantTradeNo as string)?.state).toBe('approved');
  });

  it('notifies an order it never saw, reports the receiver status and network errors', async () => {
    const rx = await receiver(500);
    const gw = await gateway();
    const r = await gw.notifyUnknownOrder(rx.url, { merchantTradeNo: 'NEVER-SEEN', amount: '1.00' });
    expect(r.status).toBe(500);
    expect(r.payload).toMatchObject({ merchantTradeNo: 'NEVER-SEEN', orderStatus: 2, amount: '1.00' });
    expect(verifySign(r.payload, SECRET)).toBe(true);
    expect(gw.orders.size).toBe(0);
    await rx.close();
    const down = await gw.notifyUnknownOrder(rx.url);
    expect(down.status).toBe(0);
    expect(down.error).toBeTruthy();
  });

  it('autoNotify: sends by itself when an order ends (at once, or when the 3DS page finishes)', async () => {
    const rx = await receiver();
    const gw = await gateway({ autoNotify: true });
    await postV2(gw, v2Body({ callBackURL: rx.url }));
    const threeDs = v2Body({ callBackURL: rx.url, cardNumber: CARD_3DS });
    await postV2(gw, threeDs);
    await gw.idle();
    expect(rx.hits).toHaveLength(1);
    gw.finish(threeDs.merchantTradeNo as string, 'declined');
    await gw.idle();
    expect(rx.hits).toHaveLength(2);
    expect(JSON.parse(rx.hits[1]!.body)).toMatchObject({
      merchantTradeNo: threeDs.merchantTradeNo,
      orderStatus: 15,
    });
  });
});
