import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

  it('reports the first return of the browser once, with its query, and no later one', async () => {
    const route = registered(4);
    const first = await fetch(`${route.retURL}?orderId=o1`);
    expect(first.status).toBe(200);
    expect(await first.text()).toMatch(/waits for the gateway to confirm/);
    const later = await fetch(`${route.successURL}?orderId=o1&status=COMPLETED`);
    expect(later.status).toBe(410);
    expect(returns.filter((event) => event.historyId === 4)).toEqual([
      { historyId: 4, kind: 'ret', query: { orderId: 'o1' } },
    ]);
  });

  it('recognises its own return addresses and nothing else', () => {
    const route = registered(5);
    expect(listener.isFinalRedirect(`${route.successURL}?x=1`)).toBe(true);
    expect(listener.isFinalRedirect(route.failURL)).toBe(true);
    expect(listener.isFinalRedirect(`${route.retURL}?status=PROCESSING`)).toBe(true);
    expect(listener.isFinalRedirect(route.pageURL)).toBe(false);
    expect(listener.isFinalRedirect('http://evil.example/r/x/success')).toBe(false);
  });

  it('an expired route (its pay-in settled) reports nothing more and says the step is over', async () => {
    const route = registered(6);
    listener.storePage(route.token, '<form>3DS</form>');
    listener.expire(route.token);
    const page = await fetch(route.pageURL);
    expect(page.status).toBe(410);
    expect((await fetch(`${route.successURL}?status=COMPLETED`)).status).toBe(410);
    expect(returns.some((event) => event.historyId === 6)).toBe(false);
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

describe('what the listener refuses, and where it listens', () => {
  it('takes callbacks as application/json only: a form post or a text/plain "simple request" never reaches the verifier', async () => {
    const seen: unknown[] = [];
    const listener = await startReturnListener({
      onReturn: () => undefined,
      onCallback: async (body) => {
        seen.push(body);
        return 'rejected';
      },
    });
    try {
      const post = (contentType: string, body: string) =>
        fetch(`${listener.origin}/callback`, {
          method: 'POST',
          body,
          headers: { 'content-type': contentType },
        });
      expect((await post('text/plain', '{"sign":"x"}')).status).toBe(415);
      expect((await post('application/x-www-form-urlencoded', 'sign=x')).status).toBe(415);
      expect((await post('application/json; charset=utf-8', '{"sign":"x"}')).status).toBe(401);
      expect(seen).toEqual([{ sign: 'x' }]);
    } finally {
      await listener.close();
    }
  });

  it('keeps its port per data folder, so a pay-in sent before a restart still finds it; a taken port is replaced', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'paydesk-listener-'));
    const portFile = join(dir, 'return-listener.port');
    const events = { onReturn: () => undefined, onCallback: async () => 'rejected' as const };
    try {
      const first = await startReturnListener(events, { portFile });
      const origin = first.origin;
      await first.close();
      const again = await startReturnListener(events, { portFile });
      expect(again.origin).toBe(origin);
      // Another program took the port meanwhile: a new one, kept from now on.
      const squatter = createServer();
      await again.close();
      await new Promise<void>((resolve) =>
        squatter.listen(Number(new URL(origin).port), '127.0.0.1', resolve),
      );
      try {
        const moved = await startReturnListener(events, { portFile });
        expect(moved.origin).not.toBe(origin);
        expect(readFileSync(portFile, 'utf8').trim()).toBe(new URL(moved.origin).port);
        await moved.close();
      } finally {
        await new Promise<void>((resolve) => squatter.close(() => resolve()));
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('closes a request that trickles in, and caps the connections it holds', async () => {
    const listener = await startReturnListener(
      { onReturn: () => undefined, onCallback: async () => 'rejected' },
      { limits: { headersTimeoutMs: 300, requestTimeoutMs: 300, maxConnections: 3 } },
    );
    const { port } = new URL(listener.origin);
    const open = () =>
      new Promise<Socket>((resolve) => {
        const socket = connect(Number(port), '127.0.0.1', () => resolve(socket));
      });
    // The answer (a 408 or 400) is read and dropped: a paused socket would never see the server close it.
    const closed = (socket: Socket) =>
      new Promise<void>((resolve) => socket.once('close', () => resolve()).resume());
    try {
      // Headers that never end: the server gives up on them.
      const slow = await open();
      slow.write('POST /callback HTTP/1.1\r\nHost: x\r\n');
      await closed(slow);
      // Three idle connections fill it; a fourth is closed at once.
      const held = await Promise.all([open(), open(), open()]);
      const extra = await open();
      await closed(extra);
      for (const socket of held) socket.destroy();
    } finally {
      await listener.close();
    }
  });
});

describe('the listener’s own pages, in the desk’s language', () => {
  it('says a return, a link used twice and an unknown link in the language it is given when each is served', async () => {
    let language: 'en' | 'de' | 'es' | 'en-XA' = 'de';
    const listener = await startReturnListener(
      { onReturn: () => undefined, onCallback: async () => 'rejected' },
      { language: () => language },
    );
    try {
      const route = listener.register();
      listener.bind(route.token, 1);
      const returned = await fetch(`${route.retURL}?orderId=o1`);
      const page = await returned.text();
      expect(page).toContain('<html lang="de">');
      expect(page).toContain('<title>Zahlungsschritt abgeschlossen</title>');
      expect(page).toContain('Paydesk wartet, bis das Gateway das Ergebnis bestätigt.');
      expect(await (await fetch(route.successURL)).text()).toContain(
        'Dieser Zahlungsschritt ist abgeschlossen.',
      );
      language = 'es';
      const unknown = await fetch(`${listener.origin}/r/${'x'.repeat(32)}/ret`);
      expect(unknown.status).toBe(404);
      expect(await unknown.text()).toContain('Este enlace no es válido o ya se ha usado.');
      // The pseudo-locale is a developer's: its pages read English.
      language = 'en-XA';
      const pseudo = await (await fetch(`${listener.origin}/r/${'y'.repeat(32)}/ret`)).text();
      expect(pseudo).toContain('<html lang="en">');
      expect(pseudo).toContain('This link is not valid or has already been used.');
    } finally {
      await listener.close();
    }
  });
});
