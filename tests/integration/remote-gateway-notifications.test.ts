// The sandbox as a remote gateway (issue 23): a pay-in with an https callBackURL gets its notification
// posted there over TLS with the certificate verified (the test CA given in the sandbox's options; without
// it the same address is refused and retried, never posted in the clear), retried on a non-2xx answer, and
// the bank page returns the browser to the pay-in's own return address. And Test connection asks a
// notification service's /health and says whether it reaches the team database.
import { mkdtempSync, rmSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { paymentCallbackSchema } from '@shared/gateway/callback';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkServiceHealth } from '../../src/main/gateway/service-health';
import { testConnection } from '../../src/main/gateway/test-connection';
import { verifyBodySignature } from '../../src/node/sign';
import { type Sandbox, startSandbox } from '../../src/sandbox';
import { expectSaidInWords } from '../support/i18n/said-in-words';
import { makeTestCa, type TestCa } from '../support/notify/test-ca';
import { serveHttps } from '../support/notify-desk/https-server';
import {
  acsUrlOf,
  eventually,
  inspectOrders,
  passChallenge,
  payV2,
  SECRET,
  tradeNo,
} from '../support/sandbox/sandbox-helpers';

let ca: TestCa;
let caDir: string;
let trusting: Sandbox;
let untrusting: Sandbox;
let service: Awaited<ReturnType<typeof serveHttps>>;
const received: { path: string; body: Record<string, unknown> }[] = [];
/** How many times a path answers 503 before 200 (the service without its database). */
const unavailable = new Map<string, number>();
let database: 'reachable' | 'unreachable' = 'reachable';

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

beforeAll(async () => {
  caDir = mkdtempSync(join(tmpdir(), 'paydesk-desk-ca-'));
  ca = await makeTestCa(caDir);
  service = await serveHttps(ca, async (request, response) => {
    const path = request.url ?? '/';
    if (request.method === 'GET' && path === '/svc/health') {
      response.writeHead(database === 'reachable' ? 200 : 503, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ service: 'paydesk-notify', database, version: '0.1.0' }));
      return;
    }
    if (request.method === 'GET' && path === '/other/health') {
      response.writeHead(200, { 'content-type': 'text/html' }).end('<html>a proxy page</html>');
      return;
    }
    received.push({ path, body: JSON.parse(await readBody(request)) as Record<string, unknown> });
    const left = unavailable.get(path) ?? 0;
    if (left > 0) {
      unavailable.set(path, left - 1);
      response.writeHead(503).end();
      return;
    }
    response.writeHead(200).end('{"ok":true}');
  });
  trusting = await startSandbox({ port: 0, callbackBackoffMs: 5, callbackCa: ca.caPem });
  untrusting = await startSandbox({ port: 0, callbackBackoffMs: 5 });
});
afterAll(async () => {
  await trusting?.close();
  await untrusting?.close();
  await service?.close();
  rmSync(caDir, { recursive: true, force: true });
});

describe('the sandbox posting to an https callBackURL', () => {
  it('delivers the signed notification through TLS, retrying the 503s', async () => {
    const path = `/svc/callback/${tradeNo('tls')}`;
    unavailable.set(path, 2);
    const no = tradeNo('tls');
    await payV2(trusting.url, { merchantTradeNo: no, callBackURL: `${service.url}${path}` });
    const order = await eventually(async () => {
      const [found] = await inspectOrders(trusting.url, no);
      return found?.callbacks.some((c) => c.delivered) ? found : undefined;
    });
    expect(order.callbacks.map((c) => [c.httpStatus, c.delivered])).toEqual([
      [503, false],
      [503, false],
      [200, true],
    ]);
    const note = received.filter((r) => r.path === path).at(-1)!.body;
    expect(paymentCallbackSchema.parse(note)).toMatchObject({ merchantTradeNo: no, orderStatus: 2 });
    expect(verifyBodySignature(note, SECRET, 'hmac-sha256')).toBe(true);
  });

  it('does not post to a certificate it cannot verify', async () => {
    const path = `/svc/callback/${tradeNo('untrusted')}`;
    const no = tradeNo('untrusted');
    await payV2(untrusting.url, { merchantTradeNo: no, callBackURL: `${service.url}${path}` });
    const order = await eventually(async () => {
      const [found] = await inspectOrders(untrusting.url, no);
      return found && found.callbacks.length >= 2 ? found : undefined;
    });
    expect(order.callbacks.every((c) => !c.delivered && c.httpStatus === null && c.error)).toBe(true);
    expect(received.filter((r) => r.path === path)).toHaveLength(0);
  });

  it("sends the browser back to the pay-in's own return address after 3-D Secure", async () => {
    const answer = await payV2(trusting.url, {
      cardNumber: '4000000000003220',
      retURL: 'https://notify.example.com/paydesk/return',
      callBackURL: `${service.url}/svc/callback/3ds`,
    });
    const done = await passChallenge(acsUrlOf(answer));
    expect(done.status).toBeGreaterThanOrEqual(300);
    expect(done.status).toBeLessThan(400);
    const location = new URL(done.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe('https://notify.example.com/paydesk/return');
    expect(location.searchParams.get('status')).toBe('COMPLETED');
  });
});

describe("Test connection and the service's health", () => {
  const options = { connectTimeoutMs: 2_000, timeoutMs: 5_000 };

  it('says the service reaches the team database, or that it does not', async () => {
    database = 'reachable';
    const up = await checkServiceHealth({ baseUrl: `${service.url}/svc` }, { ...options, extraCa: ca.caPem });
    expect(up).toMatchObject({ target: 'notify', reached: true, ok: true, httpStatus: 200 });
    expect(up.message).toMatch(
      /^The notification service \(version 0\.1\.0\) answered in \d+ ms and reaches the team database\.$/,
    );
    database = 'unreachable';
    const down = await checkServiceHealth(
      { baseUrl: `${service.url}/svc` },
      { ...options, extraCa: ca.caPem },
    );
    expect(down).toMatchObject({ reached: true, ok: false, httpStatus: 503 });
    expect(down.message).toContain('does not reach the team database');
    for (const check of [up, down]) expectSaidInWords(check.message, check.words);
    database = 'reachable';
  });

  it('says what else it found: another server, an untrusted certificate', async () => {
    const other = await checkServiceHealth(
      { baseUrl: `${service.url}/other` },
      { ...options, extraCa: ca.caPem },
    );
    expect(other).toMatchObject({ reached: true, ok: false });
    expect(other.message).toContain("not as Paydesk's notification service does");
    const untrusted = await checkServiceHealth({ baseUrl: `${service.url}/svc` }, options);
    expect(untrusted).toMatchObject({ reached: false, ok: false });
    expect(untrusted.message).toContain('certificate was not accepted');
    for (const check of [other, untrusted]) expectSaidInWords(check.message, check.words);
  });

  it("adds the service's line to the gateway's", async () => {
    const result = await testConnection(
      { baseUrl: trusting.url, kycBaseUrl: trusting.url },
      { ...options, notificationService: { baseUrl: `${service.url}/svc` }, extraCa: ca.caPem },
    );
    expect(result.checks.map((check) => check.target)).toEqual(['payin', 'kyc', 'notify']);
    expect(result.ok).toBe(true);
    expect(result.message).toContain('Notifications: The notification service (version 0.1.0)');
    expectSaidInWords(result.message, result.words);
    const without = await testConnection({ baseUrl: trusting.url, kycBaseUrl: trusting.url }, options);
    expect(without.checks.map((check) => check.target)).toEqual(['payin', 'kyc']);
  });
});
