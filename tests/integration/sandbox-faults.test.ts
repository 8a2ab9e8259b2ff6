// Fault amounts (A20): what a client sees, and what asking again with the same merchantTradeNo then gets.

import { RESULT_CODE } from '@shared/gateway/result-codes';
import { describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox';
import { sandboxForFile } from '../support/sandbox/sandbox-for-file';
import {
  eventually,
  inspectOrders,
  postForm,
  postJson,
  tradeNo,
  v1Form,
  v2Body,
} from '../support/sandbox/sandbox-helpers';

const { url } = await sandboxForFile({ slowFaultDelayMs: 1500 });

const post = (body: Record<string, unknown>) =>
  fetch(`${url}/openapi/v2/pwpp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('500.01: HTTP 500 before any order exists', () => {
  it('answers 500 in the JSON shape and stores nothing', async () => {
    const body = v2Body({ amount: '500.01' });
    const answer = await postJson(url, '/openapi/v2/pwpp', body);
    expect(answer.status).toBe(500);
    expect(answer.contentType).toMatch(/^application\/json/);
    expect(answer.json).toMatchObject({ code: RESULT_CODE.INTERNAL_ERROR, data: null });
    expect(answer.json.traceid).not.toBe('');
    expect(await inspectOrders(url, body.merchantTradeNo as string)).toEqual([]);
  });

  it('faults again when asked again, since nothing was created', async () => {
    const body = v2Body({ amount: '500.010' });
    await post(body);
    expect((await post(body)).status).toBe(500);
  });

  it('applies to v1 too', async () => {
    const answer = await postForm(url, '/openapi/v1/pwpp', v1Form({ amount: '500.01' }));
    expect(answer.status).toBe(500);
    expect(answer.json.code).toBe(RESULT_CODE.INTERNAL_ERROR);
  });

  it('comes after validation: an invalid request is refused as such', async () => {
    const answer = await postJson(url, '/openapi/v2/pwpp', v2Body({ amount: '500.01', cvv: '12' }));
    expect(answer.status).toBe(200);
    expect(answer.json.code).toBe(RESULT_CODE.INVALID_PARAMETER);
  });
});

describe('500.02: the order is made, the answer is late', () => {
  it('creates the order at once; asking again gets its state while the first answer is still pending', async () => {
    const body = v2Body({ amount: '500.02' });
    let slowAnswered = false;
    const slow = post(body).then(async (response) => {
      slowAnswered = true;
      return {
        status: response.status,
        json: (await response.json()) as { code: number; data: { orderId: string } },
      };
    });
    const [order] = await eventually(async () => {
      const orders = await inspectOrders(url, body.merchantTradeNo as string);
      return orders.length > 0 ? orders : undefined;
    });
    expect(order).toMatchObject({ status: 'COMPLETED', fault: 'slow' });
    const again = await postJson(url, '/openapi/v2/pwpp', body);
    expect(slowAnswered).toBe(false);
    expect(again.json).toMatchObject({ code: 0, data: { orderId: order!.orderId, orderStatus: 2 } });
    const late = await slow;
    expect(late.status).toBe(200);
    expect(late.json).toMatchObject({ code: 0, data: { orderId: order!.orderId } });
  });
});

describe('500.03: HTTP 200 with a body that is not JSON', () => {
  it('processes the order; the answer does not parse; asking again answers JSON', async () => {
    const body = v2Body({ amount: '500.03' });
    const response = await post(body);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(() => JSON.parse(text)).toThrow();
    const again = await postJson(url, '/openapi/v2/pwpp', body);
    expect(again.json).toMatchObject({ code: 0, data: { orderStatus: 2 } });
    const [order] = await inspectOrders(url, body.merchantTradeNo as string);
    expect(order).toMatchObject({ fault: 'not-json', orderId: again.json.data!.orderId });
  });
});

describe('500.04: the connection closes without an answer', () => {
  it('fails at the socket; the order exists; asking again answers its state', async () => {
    const body = v2Body({ amount: '500.04', cardNumber: '4000000000000002' });
    await expect(post(body)).rejects.toThrow();
    const again = await postJson(url, '/openapi/v2/pwpp', body);
    expect(again.json).toMatchObject({ code: 0, data: { orderStatus: 15, remark: 'Card declined' } });
    const orders = await inspectOrders(url, body.merchantTradeNo as string);
    expect(orders).toHaveLength(1);
    expect(orders[0]!.fault).toBe('drop');
  });

  it('applies to v1 too', async () => {
    const no = tradeNo('v1drop');
    await expect(
      fetch(`${url}/openapi/v1/pwpp`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: v1Form({ amount: '500.04', merchantTradeNo: no }),
      }),
    ).rejects.toThrow();
    expect(await inspectOrders(url, no)).toHaveLength(1);
  });
});

describe('close()', () => {
  it('does not wait for a pending slow answer', async () => {
    const own = await startSandbox({ port: 0 });
    const pending = fetch(`${own.url}/openapi/v2/pwpp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(v2Body({ amount: '500.02' })),
    }).catch((error: unknown) => error);
    await eventually(async () => {
      const response = await fetch(`${own.url}/_sandbox/orders`);
      const listing = (await response.json()) as { data: { orders: unknown[] } };
      return listing.data.orders.length > 0 ? true : undefined;
    });
    await own.close();
    expect(await pending).toBeInstanceOf(Error);
  });
});
