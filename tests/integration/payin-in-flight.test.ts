// A pay-in while its request is still on its way (issue 24, items 1, 3 and 5), through the dispatcher with
// the real core and the embedded sandbox: a pay-in the signed callback settles frees the desk at once and
// its late answer is still recorded without undoing the settlement; one order never has two requests on
// their way. The transport is the real HTTP client, wrapped only to count what leaves and to hold a request.
import assert from 'node:assert';
import type { PayInResult } from '@shared/ipc';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { gatewayTransport, type PayInTransport } from '../../src/main/payin/gateway-transport';
import { type Fixture, startFixture, v2Fields } from '../support/app/paydesk-fixture';
import { ordersByTradeNo } from '../support/sandbox/gateway-inspection';

/** Every request that left, by order number, and whether its answer is back yet. */
const requests: { merchantTradeNo: string; answered: boolean }[] = [];
/** While set, a request waits here before it leaves. */
let gate: Promise<void> | undefined;
/** While set, a request's answer waits here before Paydesk gets it. */
let answerGate: Promise<void> | undefined;

const transport: PayInTransport = {
  async send(...args) {
    const request = { merchantTradeNo: args[0].body.merchantTradeNo, answered: false };
    requests.push(request);
    if (gate) await gate;
    const answer = await gatewayTransport.send(...args);
    if (answerGate) await answerGate;
    request.answered = true;
    return answer;
  },
};

function opened(): { promise: Promise<void>; open: () => void } {
  let open = () => {};
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

async function until(what: string, check: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

let orders = 0;
const tradeNo = () => `INFLIGHT-${process.pid}-${Date.now()}-${++orders}`;

const sentFor = (merchantTradeNo: string) =>
  requests.filter((request) => request.merchantTradeNo === merchantTradeNo);

let fx: Fixture;
beforeAll(async () => {
  fx = await startFixture({ slowFaultDelayMs: 3_000, transport });
});
afterAll(() => fx.close());
beforeEach(() => {
  gate = undefined;
  answerGate = undefined;
});

async function timelineEvents(historyId: number): Promise<string[]> {
  const { timeline } = await fx.data('history.get', { id: historyId });
  return timeline.map((entry) => entry.event);
}

describe('a pay-in the signed callback settles while its request is on its way', () => {
  it('500.02: submit answers Approved as soon as the callback settles it, and the late answer is still recorded', async () => {
    const fields = v2Fields({ amount: '500.02', merchantTradeNo: tradeNo() });
    const result = await fx.data('payin.submit', { version: 'v2', fields });
    expect(result).toMatchObject({ status: 'approved', merchantTradeNo: fields.merchantTradeNo });
    // The desk is free while the slow answer is still on its way.
    const [request] = sentFor(result.merchantTradeNo);
    expect(request?.answered).toBe(false);
    expect(await timelineEvents(result.historyId)).toContain('payin.callback');
    expect(await timelineEvents(result.historyId)).not.toContain('payin.answer');

    // The late answer comes, is written as evidence, and settles nothing again.
    await until('the late answer recorded', async () =>
      (await timelineEvents(result.historyId)).includes('payin.answer'),
    );
    const { row } = await fx.data('history.get', { id: result.historyId });
    assert(row.kind === 'payin');
    expect(row.status).toBe('approved');
    expect(row.rawResponse).toContain('Approved');
    expect(await ordersByTradeNo(fx.paydesk.sandbox, result.merchantTradeNo)).toHaveLength(1);
  });

  it.each([
    ['500.03', 'not JSON'],
    ['500.04', 'dropped'],
  ])('%s (%s): an answer that comes after the callback never downgrades the approval', async (amount) => {
    // The broken answer is held until the callback has settled the pay-in.
    const held = opened();
    answerGate = held.promise;
    const fields = v2Fields({ amount, merchantTradeNo: tradeNo() });
    const submitted = fx.data('payin.submit', { version: 'v2', fields });
    await until('the callback settles the pay-in', () =>
      fx
        .payInChanges()
        .some(
          (payload) => payload.merchantTradeNo === fields.merchantTradeNo && payload.status === 'approved',
        ),
    );
    held.open();
    const result = await submitted;
    expect(result.status).toBe('approved');
    await until('the broken answer recorded', async () =>
      (await timelineEvents(result.historyId)).includes('payin.answer'),
    );
    const row = fx.paydesk.history.getById(result.historyId);
    expect(row?.status).toBe('approved');
    // Whatever main told the renderer last about this pay-in is the approval.
    const told = fx.payInChanges().filter((payload) => payload.historyId === result.historyId);
    expect(told.at(-1)?.status).toBe('approved');
  });
});

describe('asking the gateway again', () => {
  async function outcomeUnknown(): Promise<PayInResult> {
    // No callback: the pay-in stays open until the agent asks again.
    const fields = v2Fields({ amount: '500.04', callBackURL: 'http://127.0.0.1:9/nowhere' });
    const result = await fx.data('payin.submit', { version: 'v2', fields });
    expect(result.status).toBe('outcome_unknown');
    return result;
  }

  it('sends one request per order while one is on its way; the second call is refused and sends nothing', async () => {
    const first = await outcomeUnknown();
    const held = opened();
    gate = held.promise;
    const asked = fx.call<PayInResult>('payin.askAgain', { historyId: first.historyId });
    await until('the first ask-again on its way', () => sentFor(first.merchantTradeNo).length === 2);
    let secondDone = false;
    const second = fx
      .call<PayInResult>('payin.askAgain', { historyId: first.historyId })
      .finally(() => (secondDone = true));
    await until(
      'the second call answered, or sent',
      () => secondDone || sentFor(first.merchantTradeNo).length > 2,
    );
    expect(sentFor(first.merchantTradeNo)).toHaveLength(2);
    held.open();
    const again = await second;
    expect(again).toMatchObject({ ok: false, error: { kind: 'conflict' } });
    assert(!again.ok);
    expect(again.error.message).toMatch(/already on its way/);
    const answered = await asked;
    expect(answered).toMatchObject({ ok: true, data: { status: 'approved' } });
    expect(sentFor(first.merchantTradeNo)).toHaveLength(2);
    // One answer recorded, saying one thing.
    const { row, timeline } = await fx.data('history.get', { id: first.historyId });
    assert(row.kind === 'payin');
    expect(row.status).toBe('approved');
    expect(row.note).toBeNull();
    expect(timeline.filter((entry) => entry.event === 'payin.ask_again')).toHaveLength(1);
  });

  it('may ask again once the request before has its answer', async () => {
    const first = await outcomeUnknown();
    // The first attempt is over (its answer was lost): asking again is allowed.
    const answered = await fx.data('payin.askAgain', { historyId: first.historyId });
    expect(answered.status).toBe('approved');
    expect(sentFor(first.merchantTradeNo)).toHaveLength(2);
  });
});
