import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReturnListener, startReturnListener } from '../../src/main/returns/return-listener';

describe('return listener', () => {
  const returns: { historyId: number; kind: string; query: Record<string, string> }[] = [];
  const callbacks: unknown[] = [];
  let listener: ReturnListener;

  beforeAll(async () => {
    listener = await startReturnListener({
      onReturn: (event) => returns.push(event),
      onCallback: async (body) => {
        callbacks.push(body);
        return (body as { sign?: string }).sign === 'good' ? 'accepted' : 'rejected';
      },
    });
  });
  afterAll(() => listener.close());

  function registered(historyId: number) {
    const route = listener.register();
    listener.bind(route.token, historyId);
    return route;
  }

  it('binds loopback only and hands out unguessable per-payment URLs', () => {
    expect(listener.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const a = registered(1);
    const b = registered(2);
    expect(a.token).not.toEqual(b.token);
    expect(a.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(a.successURL.startsWith(listener.origin)).toBe(true);
  });

  it('serves the acquirer page exactly once', async () => {
    const route = registered(3);
    listener.storePage(route.token, '<form>3DS</form>');
    const first = await fetch(route.pageURL);
    expect(first.status).toBe(200);
    expect(await first.text()).toBe('<form>3DS</form>');
    expect(first.headers.get('cache-control')).toBe('no-store');
    const second = await fetch(route.pageURL);
    expect(second.status).toBe(410);
  });

  it('reports the 3DS return and the final redirect once, with the query', async () => {
    const route = registered(4);
    await fetch(`${route.retURL}?orderId=o1`);
    const final = await fetch(`${route.successURL}?orderId=o1&status=COMPLETED`);
    expect(final.status).toBe(200);
    expect(returns.filter((event) => event.historyId === 4)).toEqual([
      { historyId: 4, kind: 'ret', query: { orderId: 'o1' } },
      { historyId: 4, kind: 'success', query: { orderId: 'o1', status: 'COMPLETED' } },
    ]);
    const replay = await fetch(route.failURL);
    expect(replay.status).toBe(410);
    expect(returns.filter((event) => event.historyId === 4)).toHaveLength(2);
  });

  it('recognises its own final redirects and nothing else', () => {
    const route = registered(5);
    expect(listener.isFinalRedirect(`${route.successURL}?x=1`)).toBe(true);
    expect(listener.isFinalRedirect(route.failURL)).toBe(true);
    expect(listener.isFinalRedirect(route.retURL)).toBe(false);
    expect(listener.isFinalRedirect('http://evil.example/r/x/success')).toBe(false);
  });

  it('refuses unknown tokens and routes not yet bound to a payment', async () => {
    const unbound = listener.register();
    expect((await fetch(unbound.successURL)).status).toBe(404);
    const response = await fetch(`${listener.origin}/r/${'A'.repeat(32)}/success`);
    expect(response.status).toBe(404);
    expect(returns.some((event) => event.historyId === undefined)).toBe(false);
  });

  it('passes callbacks to the verifier and answers by its verdict', async () => {
    const post = (body: string) =>
      fetch(`${listener.origin}/callback`, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json' },
      });
    expect((await post(JSON.stringify({ sign: 'good' }))).status).toBe(200);
    expect((await post(JSON.stringify({ sign: 'forged' }))).status).toBe(401);
    expect((await post('not json')).status).toBe(400);
    expect((await post('x'.repeat(70 * 1024))).status).toBe(413);
    expect(callbacks).toHaveLength(2);
  });
});

describe('3DS return with the final status appended (assumption A19)', () => {
  it('treats a retURL carrying a final status as the end of the bank step', async () => {
    const seen: { kind: string; query: Record<string, string> }[] = [];
    const listener = await startReturnListener({
      onReturn: (event) => seen.push(event),
      onCallback: async () => 'rejected',
    });
    try {
      const route = listener.register();
      listener.bind(route.token, 9);
      expect(listener.isFinalRedirect(`${route.retURL}?status=PROCESSING`)).toBe(false);
      expect(listener.isFinalRedirect(`${route.retURL}?status=COMPLETED&orderStatus=2`)).toBe(true);
      await fetch(`${route.retURL}?status=DECLINED&orderStatus=15`);
      expect((await fetch(route.successURL)).status).toBe(410);
      expect(seen).toHaveLength(1);
    } finally {
      await listener.close();
    }
  });
});
