// The loopback listener the gateway and the bank pages come back to. Each pay-in that needs a browser
// step gets an unguessable path token; the acquirer's HTML is served once from it; the final redirect
// (success or fail) and the 3DS return are reported to the pay-in service, which decides what they mean.
// The same listener takes the gateway's callback POST, which the service verifies before trusting.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

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

export interface ReturnEvents {
  onReturn(event: { historyId: number; kind: ReturnKind; query: Record<string, string> }): void;
  /** Answers true when the callback was authentic and recorded. */
  onCallback(body: unknown): Promise<'accepted' | 'rejected' | 'unknown_order'>;
}

const MAX_CALLBACK_BYTES = 64 * 1024;

/**
 * The outcome a 3DS return carries (assumption A19: the gateway appends `status` / `orderStatus` to retURL
 * once the order is final), or undefined while it is still open.
 */
export function finalStatusOf(query: Record<string, string>): 'approved' | 'declined' | undefined {
  const status = query.status?.toUpperCase();
  if (status === 'COMPLETED' || status === 'APPROVED' || query.orderStatus === '2') return 'approved';
  if (status === 'DECLINED' || query.orderStatus === '15') return 'declined';
  return undefined;
}

function page(title: string, text: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body style="font-family:system-ui,sans-serif;padding:2rem"><h1>${title}</h1><p>${text}</p></body></html>`;
}

export type ReturnListener = Awaited<ReturnType<typeof startReturnListener>>;

export async function startReturnListener(
  events: ReturnEvents,
  options: { host?: string; port?: number } = {},
) {
  const host = options.host ?? '127.0.0.1';
  const routes = new Map<string, { historyId?: number; page?: string; finished: boolean }>();

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

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://listener');
    if (request.method === 'POST' && url.pathname === '/callback') {
      handleCallback(request, response).catch(() => send(response, 500, '{"ok":false}', 'application/json'));
      return;
    }
    const match = /^\/r\/([A-Za-z0-9_-]{32})\/(page|ret|success|fail)$/.exec(url.pathname);
    const route = match ? routes.get(match[1]!) : undefined;
    if (!match || route?.historyId === undefined || (request.method !== 'GET' && request.method !== 'POST')) {
      return send(response, 404, page('Not found', 'This link is not valid or has already been used.'));
    }
    const step = match[2] as 'page' | ReturnKind;
    if (step === 'page') {
      const html = route.page;
      route.page = undefined;
      if (html === undefined)
        return send(response, 410, page('Already opened', 'This bank page was already shown.'));
      return send(response, 200, html);
    }
    if (route.finished)
      return send(response, 410, page('Already finished', 'This payment step has finished.'));
    const query = Object.fromEntries(url.searchParams);
    if (step !== 'ret' || finalStatusOf(query) !== undefined) route.finished = true;
    events.onReturn({ historyId: route.historyId, kind: step, query });
    const title = step === 'fail' ? 'Payment not completed' : 'Payment step finished';
    return send(response, 200, page(title, 'You can close this window: Paydesk has the result.'));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
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
    /** Whether a URL is one of this listener's final redirects: the bank-page view closes on it. */
    isFinalRedirect(url: string): boolean {
      if (!url.startsWith(`${origin}/r/`)) return false;
      const parsed = new URL(url);
      if (/\/(success|fail)$/.test(parsed.pathname)) return true;
      return (
        parsed.pathname.endsWith('/ret') &&
        finalStatusOf(Object.fromEntries(parsed.searchParams)) !== undefined
      );
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
