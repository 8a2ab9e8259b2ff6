// Settings' "Test connection" against a gateway under a path prefix (the interface-only double at /gw/v3)
// and against the ways an address can be wrong: each of base_url and kyc_base_url is tried at the URL a
// pay-in or KYC batch would use, and the result says per address what was reached, in an operator's words.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ConnectionTest } from '@shared/connection-test';
import type { MessageKey } from '@shared/i18n/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConnection as testWithoutWords } from '../../src/main/gateway/test-connection';
import { wordsIn } from '../../src/main/i18n/words';
import { type Fixture, startFixture } from '../support/app/paydesk-fixture';
import { type InterfaceGateway, startInterfaceGateway } from '../support/doubles/interface-gateway';
import { expectSaidInWords } from '../support/i18n/said-in-words';

const OPTIONS = { connectTimeoutMs: 2_000, timeoutMs: 5_000 };

let gw: InterfaceGateway;
const servers: Server[] = [];

/** A local HTTP server answering every request with `handler`; its base URL. */
async function serve(handler: Parameters<typeof createServer>[1]): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** An address where nothing listens: a port that was just free. */
async function closedAddress(): Promise<string> {
  const server = createServer();
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((done) => server.close(() => done()));
  return `http://127.0.0.1:${port}`;
}

/** Every test's answer is said in the catalogue's words too: each address's and the sum's. */
async function testConnection(...args: Parameters<typeof testWithoutWords>): Promise<ConnectionTest> {
  const result = await testWithoutWords(...args);
  for (const check of result.checks) expectSaidInWords(check.message, check.words);
  expectSaidInWords(result.message, result.words);
  return result;
}

const byTarget = (result: ConnectionTest, target: 'payin' | 'kyc') =>
  result.checks.find((check) => check.target === target)!;

beforeAll(async () => {
  gw = await startInterfaceGateway({ merchantId: 1001, secret: 's3cret', basePath: '/gw/v3' });
});

afterAll(async () => {
  await gw?.close();
  for (const server of servers) server.closeAllConnections();
  await Promise.all(servers.map((server) => new Promise((done) => server.close(done))));
});

describe('a gateway under a path prefix', () => {
  it('is tried at {base_url}/openapi/v2/pwpp and {kyc_base_url}/openapi/v1/submitKYC, prefix kept', async () => {
    gw.reset();
    const result = await testConnection({ baseUrl: gw.url, kycBaseUrl: `${gw.url}/` }, OPTIONS);
    expect(result.ok).toBe(true);
    expect(result.checks.map((check) => [check.target, check.reached, check.ok])).toEqual([
      ['payin', true, true],
      ['kyc', true, true],
    ]);
    expect(gw.received.map((request) => request.path).sort()).toEqual([
      '/gw/v3/openapi/v1/submitKYC',
      '/gw/v3/openapi/v2/pwpp',
    ]);
    expect(byTarget(result, 'payin').url).toBe(`${gw.url}/openapi/v2/pwpp`);
    expect(byTarget(result, 'payin').message).toMatch(
      /^The gateway answered in \d+ ms, refusing the empty test request as it should: ".+"\.$/,
    );
    expect(result.message).toMatch(
      /^The gateway answered at both addresses: pay-ins in \d+ ms, KYC in \d+ ms\.$/,
    );
    expect(result.latencyMs).toBe(byTarget(result, 'payin').latencyMs);
    expect(gw.orders.size).toBe(0);
  });

  it('without the prefix, the server is reached but has no such path: said so, and which setting to check', async () => {
    const result = await testConnection({ baseUrl: gw.origin, kycBaseUrl: gw.url }, OPTIONS);
    expect(result.ok).toBe(false);
    const payin = byTarget(result, 'payin');
    expect(payin).toMatchObject({ reached: true, ok: false, httpStatus: 404 });
    expect(payin.message).toContain(
      `${new URL(gw.origin).host} answered, but has no /openapi/v2/pwpp (HTTP 404`,
    );
    expect(payin.message).toContain('Check the path in the gateway base URL (base_url).');
    expect(byTarget(result, 'kyc').ok).toBe(true);
  });
});

describe('what was not reached, in words', () => {
  it('a KYC address where nothing listens: pay-ins reached, KYC not, and the summary says both', async () => {
    const nowhere = await closedAddress();
    const result = await testConnection({ baseUrl: gw.url, kycBaseUrl: nowhere }, OPTIONS);
    expect(result.ok).toBe(false);
    const kyc = byTarget(result, 'kyc');
    expect(kyc).toMatchObject({ reached: false, ok: false });
    expect(kyc.httpStatus).toBeUndefined();
    expect(kyc.message).toBe(
      `Not reached: nothing is listening at ${new URL(nowhere).host} (connection refused). Check the KYC base URL (kyc_base_url) and that the gateway is running.`,
    );
    expect(result.message).toMatch(
      /^Pay-ins: the gateway answered in \d+ ms\. KYC: Not reached: nothing is listening/,
    );
    expect(result.message).not.toMatch(/fetch failed|ECONNREFUSED/);
  });

  it('a web server that is not the gateway', async () => {
    const proxy = await serve((_request, response) => {
      response.writeHead(502, { 'content-type': 'text/html' }).end('<html><body>Bad gateway</body></html>');
    });
    const result = await testConnection({ baseUrl: proxy, kycBaseUrl: proxy }, OPTIONS);
    const payin = byTarget(result, 'payin');
    expect(payin).toMatchObject({ reached: true, ok: false, httpStatus: 502 });
    expect(payin.message).toContain('answered (HTTP 502), but not as the gateway does');
  });

  it('a redirect, as from http to https', async () => {
    const redirecting = await serve((_request, response) => {
      response.writeHead(301, { location: 'https://gateway.example/' }).end();
    });
    const result = await testConnection({ baseUrl: redirecting, kycBaseUrl: redirecting }, OPTIONS);
    expect(byTarget(result, 'kyc')).toMatchObject({ reached: true, ok: false, httpStatus: 301 });
    expect(byTarget(result, 'kyc').message).toContain('answered with a redirect (HTTP 301)');
  });

  it('a gateway that fails inside: reachable, not working', async () => {
    const failing = await serve((_request, response) => {
      response
        .writeHead(500, { 'content-type': 'application/json' })
        .end(JSON.stringify({ code: 90759999, msg: 'Internal error.', traceid: 't-1', data: null }));
    });
    const result = await testConnection({ baseUrl: failing, kycBaseUrl: failing }, OPTIONS);
    expect(byTarget(result, 'payin').message).toBe(
      'The gateway answered with an internal error (HTTP 500: "Internal error."): it is reachable but not working.',
    );
  });

  it('a server that takes the connection and never answers', async () => {
    const silent = await serve(() => undefined);
    const result = await testConnection(
      { baseUrl: silent, kycBaseUrl: gw.url },
      { connectTimeoutMs: 2_000, timeoutMs: 300 },
    );
    expect(byTarget(result, 'payin')).toMatchObject({ reached: false, ok: false });
    expect(byTarget(result, 'payin').message).toBe(
      `Connected to ${new URL(silent).host}, but no answer came within 0.3 s.`,
    );
  });
});

describe("in the reader's language", () => {
  it('an address that is not one is not tried; German says so around the setting and the error as given', async () => {
    const result = await testConnection({ baseUrl: 'not a url', kycBaseUrl: gw.url }, OPTIONS);
    const payin = byTarget(result, 'payin');
    expect(payin).toMatchObject({ reached: false, ok: false, latencyMs: 0 });
    expect(payin.message).toMatch(
      /^Not tried: the gateway base URL \(base_url\) is not a usable address \(.+\)\.$/,
    );
    const detail = payin.words?.values?.detail;
    const german = (await wordsIn('de'))(payin.words!.key as MessageKey, payin.words!.values);
    expect(german).toBe(
      `Nicht versucht: Die Basis-URL des Gateways (base_url) ist keine verwendbare Adresse (${detail}).`,
    );
    const sum = await wordsIn('de');
    expect(result.words!.map((one) => sum(one.key as MessageKey, one.values)).join(' ')).toMatch(
      /^Zahlungen: Nicht versucht: .+ KYC: Das Gateway hat in \d+ ms geantwortet\.$/,
    );
  });
});

describe('through the IPC channel', () => {
  let fx: Fixture;
  beforeAll(async () => {
    fx = await startFixture();
  });
  afterAll(() => fx?.close());

  it('tests both addresses of a saved profile, and the embedded sandbox at both', async () => {
    await fx.data('profiles.save', {
      id: 'prefixed',
      name: 'Prefixed gateway',
      environment: 'test',
      baseUrl: gw.url,
      kycBaseUrl: await closedAddress(),
      merchantId: 1001,
    });
    const prefixed = await fx.data('profiles.testConnection', { id: 'prefixed' });
    expect(prefixed.checks.map((check) => [check.target, check.ok])).toEqual([
      ['payin', true],
      ['kyc', false],
    ]);
    expect(prefixed.checks[0]!.url).toBe(`${gw.url}/openapi/v2/pwpp`);

    const sandbox = await fx.data('profiles.testConnection', { id: 'sandbox' });
    expect(sandbox.ok).toBe(true);
    expect(sandbox.checks.map((check) => check.ok)).toEqual([true, true]);
  });
});
