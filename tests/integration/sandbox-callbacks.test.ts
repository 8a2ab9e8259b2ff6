// Callbacks (A12) received by a real local listener: signed, retried with backoff, each attempt recorded.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { paymentCallbackSchema } from '@shared/gateway/callback';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyBodySignature } from '../../src/node/sign';
import { CALLBACK_MAX_ATTEMPTS, type Sandbox, startSandbox } from '../../src/sandbox';
import {
  acsUrlOf,
  eventually,
  inspectOrders,
  passChallenge,
  payV2,
  postForm,
  SECRET,
  tradeNo,
  v1Form,
} from '../support/sandbox/sandbox-helpers';

type Received = { path: string; contentType: string; body: Record<string, unknown> };

let sandbox: Sandbox;
let url: string;
let listener: Server;
let listenerUrl: string;
const received: Received[] = [];
/** How many times each path has answered 500 before it answers 200. */
const failuresLeft = new Map<string, number>();

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, callbackBackoffMs: 5 });
  url = sandbox.url;
  listener = createServer(async (request, response) => {
    const path = request.url ?? '/';
    received.push({
      path,
      contentType: request.headers['content-type'] ?? '',
      body: JSON.parse(await readBody(request)) as Record<string, unknown>,
    });
    const left = failuresLeft.get(path) ?? 0;
    if (left > 0) {
      failuresLeft.set(path, left - 1);
      response.writeHead(500).end('try later');
      return;
    }
    response.writeHead(200).end('ok');
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  listenerUrl = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await sandbox.close();
  await new Promise((resolve) => listener.close(resolve));
});

const receivedOn = (path: string) => received.filter((r) => r.path === path);

describe('payment-result callbacks', () => {
  it('posts a signed JSON notification of an approval', async () => {
    const path = `/cb/${tradeNo('approve')}`;
    const answer = await payV2(url, { callBackURL: `${listenerUrl}${path}`, amount: '12.345' });
    const [note] = await eventually(async () => (receivedOn(path).length ? receivedOn(path) : undefined));
    expect(note!.contentType).toMatch(/^application\/json/);
    expect(paymentCallbackSchema.parse(note!.body)).toMatchObject({
      merchantId: 100001,
      orderId: answer.json.data!.orderId,
      orderStatus: 2,
      amount: '12.35',
      remark: '',
    });
    expect(verifyBodySignature(note!.body, SECRET, 'hmac-sha256')).toBe(true);
    expect(verifyBodySignature({ ...note!.body, amount: '99.00' }, SECRET, 'hmac-sha256')).toBe(false);
  });

  it('notifies a decline with its remark, for v1 too', async () => {
    const path = `/cb/${tradeNo('decline')}`;
    await postForm(
      url,
      '/openapi/v1/pwpp',
      v1Form({ cardNumber: '4000000000000069', callBackURL: `${listenerUrl}${path}` }),
    );
    const [note] = await eventually(async () => (receivedOn(path).length ? receivedOn(path) : undefined));
    expect(note!.body).toMatchObject({ orderStatus: 15, remark: 'Expired card' });
    expect(verifyBodySignature(note!.body, SECRET, 'hmac-sha256')).toBe(true);
  });

  it('retries after two 500 answers and records every attempt', async () => {
    const path = `/cb/${tradeNo('retry')}`;
    failuresLeft.set(path, 2);
    const no = tradeNo('retry');
    await payV2(url, { merchantTradeNo: no, callBackURL: `${listenerUrl}${path}` });
    const order = await eventually(async () => {
      const [found] = await inspectOrders(url, no);
      return found && found.callbacks.length === 3 ? found : undefined;
    });
    expect(receivedOn(path)).toHaveLength(3);
    expect(order.callbacks.map((c) => [c.attempt, c.httpStatus, c.delivered])).toEqual([
      [1, 500, false],
      [2, 500, false],
      [3, 200, true],
    ]);
    // Every attempt carries the same notification, so a receiver can tell repeats apart.
    const traceids = new Set(receivedOn(path).map((r) => r.body.traceid));
    expect(traceids.size).toBe(1);
  });

  it(`gives up after ${CALLBACK_MAX_ATTEMPTS} attempts when the receiver is unreachable`, async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const no = tradeNo('dead');
    await payV2(url, { merchantTradeNo: no, callBackURL: `http://127.0.0.1:${deadPort}/cb` });
    const order = await eventually(async () => {
      const [found] = await inspectOrders(url, no);
      return found && found.callbacks.length === CALLBACK_MAX_ATTEMPTS ? found : undefined;
    });
    expect(order.callbacks.every((c) => !c.delivered && c.httpStatus === null && c.error)).toBe(true);
    // No sixth attempt: give the sender a further backoff period, then count again.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await inspectOrders(url, no))[0]!.callbacks).toHaveLength(CALLBACK_MAX_ATTEMPTS);
  });

  it('notifies the final outcome of a 3-D Secure order only once it is final', async () => {
    const path = `/cb/${tradeNo('3ds')}`;
    const answer = await payV2(url, { cardNumber: '4000000000003220', callBackURL: `${listenerUrl}${path}` });
    expect(receivedOn(path)).toHaveLength(0);
    await passChallenge(acsUrlOf(answer));
    const [note] = await eventually(async () => (receivedOn(path).length ? receivedOn(path) : undefined));
    expect(note!.body).toMatchObject({ orderStatus: 2, orderId: answer.json.data!.orderId });
  });

  it('sends nothing again for a repeated pay-in of the same order', async () => {
    const path = `/cb/${tradeNo('once')}`;
    const body = { merchantTradeNo: tradeNo('once'), callBackURL: `${listenerUrl}${path}` };
    await payV2(url, body);
    await eventually(async () => (receivedOn(path).length ? true : undefined));
    await payV2(url, body);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(receivedOn(path)).toHaveLength(1);
  });
});
