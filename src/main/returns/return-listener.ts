// The loopback listener the gateway and the bank pages come back to. Each pay-in gets an unguessable path
// token; the acquirer's HTML is served once from it; the first return of the browser (the 3DS return, or
// the success or fail redirect) is reported to the pay-in service, which treats it as a hint only: it is
// unsigned, and anything on this machine could send it. A route expires when its pay-in settles. The same
// listener takes the gateway's callback POST, which the service verifies before trusting.
import { randomBytes } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Language } from '@shared/languages';
import { SERVER_LIMITS, type ServerLimits, timeoutCheckInterval } from '@shared/server-limits';
import { type ReturnPageKind, returnPageHtml } from './return-words';

export type ReturnKind = 'ret' | 'success' | 'fail';

export interface ReturnRoute {
  token: string;
  retURL: string;
  successURL: string;
  failURL: string;
  callBackURL: string;
  /** The one-time address of the acquirer's HTML, once `storePage` has been called. */
  pageURL: string;
}

interface ReturnEvents {
  onReturn(event: { historyId: number; kind: ReturnKind; query: Record<string, string> }): void;
  /** Whether the callback was authentic (and recorded), forged or malformed, or for an order not known. */
  onCallback(body: unknown): Promise<'accepted' | 'rejected' | 'unknown_order'>;
}

const MAX_CALLBACK_BYTES = 64 * 1024;

export type ReturnListener = Awaited<ReturnType<typeof startReturnListener>>;

interface ReturnListenerOptions {
  host?: string;
  /** A fixed port; 0 or absent: the one kept in `portFile`, else a free one. */
  port?: number;
  /**
   * Where the port is kept between runs (beside the history): a pay-in sent before a restart carries this
   * listener's return and callback addresses, and asking the gateway again must reach them still.
   */
  portFile?: string;
  limits?: Partial<ServerLimits>;
  /** The language the listener's own pages speak: the desk's, as it is when each page is served. */
  language?: () => Language;
}

function keptPort(portFile: string | undefined): number | undefined {
  if (!portFile) return undefined;
  try {
    const port = Number(readFileSync(portFile, 'utf8').trim());
    return Number.isInteger(port) && port > 1023 && port < 65536 ? port : undefined;
  } catch {
    return undefined;
  }
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const failed = (error: Error) => reject(error);
    server.once('error', failed);
    server.listen(port, host, () => {
      server.off('error', failed);
      resolve();
    });
  });
}

/** The port of the last run when it is free, else a new one, which is then kept. */
async function listenOnKeptPort(server: Server, host: string, options: ReturnListenerOptions): Promise<void> {
  const wanted = options.port || keptPort(options.portFile);
  if (wanted) {
    try {
      await listen(server, wanted, host);
      return;
    } catch (error) {
      // Taken by another program (or a fixed port that is busy): a fixed port is an error, a kept one is not.
      if (options.port) throw error;
    }
  }
  await listen(server, 0, host);
  if (options.portFile) {
    const { port } = server.address() as AddressInfo;
    writeFileSync(`${options.portFile}.tmp`, `${port}\n`, { mode: 0o600 });
    renameSync(`${options.portFile}.tmp`, options.portFile);
  }
}

export async function startReturnListener(events: ReturnEvents, options: ReturnListenerOptions = {}) {
  const host = options.host ?? '127.0.0.1';
  const routes = new Map<
    string,
    { historyId?: number; page?: string; finished: boolean; expired?: boolean }
  >();

  function send(response: ServerResponse, status: number, body: string, type = 'text/html; charset=utf-8') {
    response.writeHead(status, {
      'Content-Type': type,
      'Cache-Control': 'no-store',
      'Referrer-Policy': 'no-referrer',
      'X-Content-Type-Options': 'nosniff',
    });
    response.end(body);
  }

  async function readBody(request: IncomingMessage): Promise<string | undefined> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of request) {
      size += (chunk as Buffer).length;
      if (size > MAX_CALLBACK_BYTES) return undefined;
      chunks.push(chunk as Buffer);
    }
    return Buffer.concat(chunks).toString('utf8');
  }

  async function handleCallback(request: IncomingMessage, response: ServerResponse) {
    // A12: the notification is JSON. Anything else is refused before it is read (a browser's form post
    // or a text/plain "simple request" from a web page cannot reach the verifier).
    const mediaType = (request.headers['content-type'] ?? '').split(';', 1)[0]!.trim().toLowerCase();
    if (mediaType !== 'application/json') {
      request.resume();
      return send(response, 415, '{"ok":false}', 'application/json');
    }
    const text = await readBody(request);
    if (text === undefined) return send(response, 413, '{"ok":false}', 'application/json');
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return send(response, 400, '{"ok":false}', 'application/json');
    }
    const verdict = await events.onCallback(body);
    const status = verdict === 'accepted' ? 200 : verdict === 'unknown_order' ? 404 : 401;
    send(response, status, JSON.stringify({ ok: verdict === 'accepted' }), 'application/json');
  }

  const limits = { ...SERVER_LIMITS, ...options.limits };
  const page = (kind: ReturnPageKind) => returnPageHtml(kind, options.language?.() ?? 'en');
  const server = createServer(
    {
      requestTimeout: limits.requestTimeoutMs,
      headersTimeout: limits.headersTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      connectionsCheckingInterval: timeoutCheckInterval(limits),
    },
    (request, response) => {
      const url = new URL(request.url ?? '/', 'http://listener');
      if (request.method === 'POST' && url.pathname === '/callback') {
        handleCallback(request, response).catch(() =>
          send(response, 500, '{"ok":false}', 'application/json'),
        );
        return;
      }
      const match = /^\/r\/([A-Za-z0-9_-]{32})\/(page|ret|success|fail)$/.exec(url.pathname);
      const route = match ? routes.get(match[1]!) : undefined;
      if (route?.expired) {
        return send(response, 410, page('settled'));
      }
      if (
        !match ||
        route?.historyId === undefined ||
        (request.method !== 'GET' && request.method !== 'POST')
      ) {
        return send(response, 404, page('notFound'));
      }
      const step = match[2] as 'page' | ReturnKind;
      if (step === 'page') {
        const html = route.page;
        route.page = undefined;
        if (html === undefined) return send(response, 410, page('opened'));
        return send(response, 200, html);
      }
      if (route.finished) return send(response, 410, page('done'));
      route.finished = true;
      route.page = undefined;
      try {
        events.onReturn({
          historyId: route.historyId,
          kind: step,
          query: Object.fromEntries(url.searchParams),
        });
      } catch {
        // The pay-in service logs what failed; the browser only learns that the step is over.
      }
      return send(response, 200, page('finished'));
    },
  );

  server.maxConnections = limits.maxConnections;
  await listenOnKeptPort(server, host, options);
  const { port } = server.address() as AddressInfo;
  const origin = `http://${host}:${port}`;

  return {
    origin,
    /** A new route; it answers only once `bind` has tied it to a history row. */
    register(): ReturnRoute {
      const token = randomBytes(24).toString('base64url');
      routes.set(token, { finished: false });
      const base = `${origin}/r/${token}`;
      return {
        token,
        retURL: `${base}/ret`,
        successURL: `${base}/success`,
        failURL: `${base}/fail`,
        callBackURL: `${origin}/callback`,
        pageURL: `${base}/page`,
      };
    },
    bind(token: string, historyId: number): void {
      const route = routes.get(token);
      if (route) route.historyId = historyId;
    },
    storePage(token: string, html: string): void {
      const route = routes.get(token);
      if (route) route.page = html;
    },
    /** Whether a URL is one of this listener's return addresses: the bank-page view closes on it. */
    isFinalRedirect(url: string): boolean {
      if (!url.startsWith(`${origin}/r/`)) return false;
      return /^\/r\/[A-Za-z0-9_-]{32}\/(ret|success|fail)$/.test(new URL(url).pathname);
    },
    /**
     * The pay-in settled: the route stops acting and answers only that the step is over. Its token
     * stays known so that a late browser return gets a page that says so, not "not found".
     */
    expire(token: string): void {
      const route = routes.get(token);
      if (route) routes.set(token, { finished: true, expired: true });
    },
    forget(token: string): void {
      routes.delete(token);
    },
    close(): Promise<void> {
      return new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    },
  };
}
