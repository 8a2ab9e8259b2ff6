// The browser harness: the same composition root as the Electron app, with the IPC contract bridged over
// HTTP (calls) and server-sent events (the event table). Development and browser tests only — it is never
// packaged. Bound to 127.0.0.1; every call must carry the per-run token, and every request must name the
// harness itself as its Host (so a name rebound to 127.0.0.1 by a hostile site reaches nothing) and, when
// it has an Origin, come from the harness's own page (so no other site's page can make a call). Its parts:
// bridge-script.ts (window.paydesk for the page), kyc-upload.ts (a KYC file the page sends, opened by
// path) and static-files.ts (the built renderer).
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { createPaydesk, type PaydeskConfig } from '../app';
import { refusedWith } from '../i18n/refuse';
import { KYC_LIMITS } from '../kyc/limits';
import { BANK_PAGE_RETURNED_PATH, bridgeScript, UPLOAD_PATH } from './bridge-script';
import { openUpload, uploadRefusal } from './kyc-upload';
import { BRIDGE_SCRIPT_PATH, CONTENT_TYPES, rendererFile } from './static-files';

const MAX_CALL_BYTES = 96 * 1024 * 1024;

/** What the page says when a bank page in its frame came back (bridge-script.ts). */
const bankPageReturnedSchema = z.strictObject({
  historyId: z.int().positive(),
  url: z.string().max(4096),
});

export interface WebHarnessOptions {
  port: number;
  rendererDir: string;
  config: Omit<PaydeskConfig, 'emit'>;
}

export async function startWebHarness(options: WebHarnessOptions) {
  const token = randomBytes(24).toString('base64url');
  const streams = new Set<ServerResponse>();
  const paydesk = await createPaydesk({
    ...options.config,
    emit: (event, payload) => {
      const data = `data: ${JSON.stringify({ event, payload })}\n\n`;
      for (const stream of streams) stream.write(data);
    },
  });
  // The harness says where its sandbox gateway is: ready before it prints its address.
  await paydesk.startedInBackground;

  function tokenMatches(given: string | null | undefined): boolean {
    if (!given) return false;
    const a = Buffer.from(given);
    const b = Buffer.from(token);
    return a.length === b.length && timingSafeEqual(a, b);
  }

  function send(response: ServerResponse, status: number, body: string | Buffer, type: string) {
    response.writeHead(status, {
      'Content-Type': type,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
    });
    response.end(body);
  }

  function sendJson(response: ServerResponse, status: number, value: unknown) {
    send(response, status, JSON.stringify(value), 'application/json');
  }

  async function readJson(request: IncomingMessage): Promise<unknown> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of request) {
      size += (chunk as Buffer).length;
      if (size > MAX_CALL_BYTES) throw new Error('too large');
      chunks.push(chunk as Buffer);
    }
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  }

  async function serveStatic(pathname: string, response: ServerResponse) {
    const found = await rendererFile(options.rendererDir, pathname);
    return found
      ? send(response, 200, found.body, found.type)
      : send(response, 404, 'Not found', 'text/plain');
  }

  /** Host `127.0.0.1:<port>`, and an Origin, if any, of `http://127.0.0.1:<port>`: nothing else. */
  function fromItself(request: IncomingMessage): boolean {
    const own = `127.0.0.1:${(server.address() as AddressInfo).port}`;
    const { host, origin } = request.headers;
    return host === own && (origin === undefined || origin === `http://${own}`);
  }

  const server = createServer((request, response) => {
    if (!fromItself(request)) {
      return send(
        response,
        403,
        'Forbidden: this harness answers only its own address and page.',
        'text/plain',
      );
    }
    const url = new URL(request.url ?? '/', 'http://harness');
    if (url.pathname === BRIDGE_SCRIPT_PATH)
      return send(response, 200, bridgeScript(), CONTENT_TYPES['.js']!);
    if (url.pathname === '/__events') {
      if (!tokenMatches(url.searchParams.get('token'))) return send(response, 403, 'Forbidden', 'text/plain');
      response.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store' });
      response.write(': connected\n\n');
      streams.add(response);
      request.on('close', () => streams.delete(response));
      return;
    }
    const call = /^\/__ipc\/([a-zA-Z.]+)$/.exec(url.pathname);
    if (call && request.method === 'POST') {
      if (!tokenMatches(request.headers['x-paydesk-token'] as string | undefined)) {
        return sendJson(response, 403, refusedWith('forbidden', 'refusal.harness.badToken'));
      }
      readJson(request)
        .then((body) => paydesk.dispatch(call[1]!, (body as { input?: unknown } | null)?.input))
        .then((result) => sendJson(response, 200, result))
        .catch(() => sendJson(response, 400, refusedWith('invalid', 'refusal.harness.bodyNotJson')));
      return;
    }
    if (url.pathname === BANK_PAGE_RETURNED_PATH && request.method === 'POST') {
      if (!tokenMatches(request.headers['x-paydesk-token'] as string | undefined)) {
        return sendJson(response, 403, refusedWith('forbidden', 'refusal.harness.badToken'));
      }
      readJson(request)
        .then((body) => {
          const { historyId, url: address } = bankPageReturnedSchema.parse(body);
          sendJson(response, 200, {
            ok: true,
            data: { returned: paydesk.bankPageReturned(historyId, address) },
          });
        })
        .catch(() => sendJson(response, 400, refusedWith('invalid', 'refusal.harness.notBankReturn')));
      return;
    }
    if (url.pathname === UPLOAD_PATH && request.method === 'POST') {
      if (!tokenMatches(request.headers['x-paydesk-token'] as string | undefined)) {
        response.setHeader('Connection', 'close');
        return sendJson(response, 403, refusedWith('forbidden', 'refusal.harness.badToken'));
      }
      const refused = uploadRefusal(request, KYC_LIMITS.maxFileBytes);
      if (refused) {
        // Answered without reading the body: the connection closes rather than take it in.
        response.setHeader('Connection', 'close');
        return sendJson(response, 200, refused);
      }
      openUpload(request, paydesk.dispatchFile)
        .then((result) => sendJson(response, 200, result))
        .catch(() => sendJson(response, 400, refusedWith('invalid', 'refusal.harness.uploadIncomplete')));
      return;
    }
    if (request.method === 'GET') {
      serveStatic(url.pathname, response).catch(() => send(response, 500, 'Error', 'text/plain'));
      return;
    }
    send(response, 405, 'Method not allowed', 'text/plain');
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  let closing: Promise<void> | undefined;
  return {
    origin,
    token,
    url: `${origin}/?token=${token}`,
    paydesk,
    /** Once, however often it is called (a signal handler may run twice): every call waits for that one. */
    close() {
      closing ??= (async () => {
        for (const stream of streams) stream.end();
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
        await paydesk.close();
      })();
      return closing;
    },
  };
}
