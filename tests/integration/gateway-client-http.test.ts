// The gateway client against small real HTTP servers: each answers the way a gateway, a proxy or a
// broken network would, and the client must say whether money could have moved.
import {
  createServer as createHttpServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { createServer as createTcpServer, type Socket, type Server as TcpServer } from 'node:net';
import { RESULT_CODE } from '@shared/gateway/result-codes';
import { afterEach, describe, expect, it } from 'vitest';
import { sendPayInV1, sendPayInV2, submitKyc } from '../../src/main/gateway/client';
import { fieldFromGatewayMessage } from '../../src/main/gateway/errors';
import type { KycAnswer } from '../../src/main/gateway/kyc-answer';
import type { PayInAnswer } from '../../src/main/gateway/payin-answer';

type Received = { method: string; url: string; contentType: string; body: string };
type Handler = (request: IncomingMessage, response: ServerResponse, body: string) => void;

const servers: (Server | TcpServer)[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    if ('closeAllConnections' in server) server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

function listen(server: Server | TcpServer): Promise<number> {
  servers.push(server);
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
  });
}

async function gateway(handler: Handler): Promise<{ url: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createHttpServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({
        method: request.method ?? '',
        url: request.url ?? '',
        contentType: request.headers['content-type'] ?? '',
        body,
      });
      handler(request, response, body);
    });
  });
  const port = await listen(server);
  return { url: `http://127.0.0.1:${port}`, received };
}

function json(status: number, body: unknown): Handler {
  return (_request, response) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(typeof body === 'string' ? body : JSON.stringify(body));
  };
}

/** The support-agent message ('' for an accepted KYC chunk: a test expecting one then fails). */
function messageOf(result: PayInAnswer | KycAnswer): string {
  return 'message' in result ? result.message : '';
}

/** What sendPayInV2 makes of a gateway that answers every request with `body` under HTTP `status`. */
async function payInAnsweredWith(status: number, body: unknown): Promise<PayInAnswer> {
  const gw = await gateway(json(status, body));
  return sendPayInV2(gw.url, V2_BODY);
}

/** A gateway envelope with no order: a refusal's code and words, data null. */
const refusal = (code: number, msg: string, traceid = 't') => ({ code, msg, traceid, data: null });

/**
 * sendPayInV2 to a port whose TCP connection opens but never answers the TLS handshake: the connection is
 * never established and no HTTP byte leaves.
 */
async function sendToSilentPort(timeouts: { connectTimeoutMs: number; timeoutMs: number }) {
  const sockets: Socket[] = [];
  const port = await listen(createTcpServer((socket) => sockets.push(socket)));
  const result = await sendPayInV2(`https://127.0.0.1:${port}`, V2_BODY, timeouts);
  for (const socket of sockets) socket.destroy();
  return result;
}

const V2_BODY = {
  merchantId: 1001,
  merchantTradeNo: 'ORD-1',
  userId: 'u-1',
  amount: '10.05',
  cardNumber: '4111111111111111',
  cvv: '737',
  expDate: '09/29',
};

describe('pay-in answers', () => {
  it('approved: orderStatus 2, the raw body kept exactly as received', async () => {
    const answer = {
      code: 0,
      msg: 'success',
      traceid: 'tr-1',
      data: { orderId: 'O-1', orderStatus: 2, status: 'COMPLETED', acquirerRef: 'X9' },
      extra: true,
    };
    const gw = await gateway(json(200, answer));
    const result = await sendPayInV2(gw.url, V2_BODY);
    expect(result).toMatchObject({
      word: 'approved',
      httpStatus: 200,
      raw: JSON.stringify(answer),
      orderId: 'O-1',
      traceid: 'tr-1',
    });
  });

  it('v2 is sent once, as JSON, to /openapi/v2/pwpp under the base URL path', async () => {
    const gw = await gateway(json(200, { code: 0, msg: 'ok', traceid: 't', data: { orderStatus: 1 } }));
    const result = await sendPayInV2(`${gw.url}/gw/`, V2_BODY);
    expect(result).toMatchObject({ word: 'processing' });
    expect(gw.received).toHaveLength(1);
    expect(gw.received[0]).toMatchObject({ method: 'POST', url: '/gw/openapi/v2/pwpp' });
    expect(gw.received[0]?.contentType).toMatch(/^application\/json/);
    expect(JSON.parse(gw.received[0]!.body)).toEqual(V2_BODY);
  });

  it('v1 is sent as a form body with its sign and merchantId digits', async () => {
    const gw = await gateway(json(200, { code: 0, msg: 'ok', traceid: 't', data: { orderStatus: 2 } }));
    const body = { ...V2_BODY, merchantId: '1001', currency: 'EUR', firstName: 'Zoë & Co', sign: 'abc123' };
    const result = await sendPayInV1(gw.url, body);
    expect(result).toMatchObject({ word: 'approved' });
    const request = gw.received[0]!;
    expect(request.url).toBe('/openapi/v1/pwpp');
    expect(request.contentType).toBe('application/x-www-form-urlencoded');
    expect(() => JSON.parse(request.body)).toThrow();
    expect(Object.fromEntries(new URLSearchParams(request.body))).toEqual(body);
  });

  it('declined: orderStatus 15 with the remark', async () => {
    const result = await payInAnsweredWith(200, {
      code: 0,
      msg: 'ok',
      traceid: 'tr-2',
      data: { orderStatus: 15, remark: 'Insufficient funds' },
    });
    expect(result).toMatchObject({
      word: 'declined',
      remark: 'Insufficient funds',
      traceid: 'tr-2',
      message: 'The card was declined: Insufficient funds.',
    });
  });

  it('action required: 3DS HTML or a redirect URL to open', async () => {
    const answers = [
      { data: { orderStatus: 1, htmlSource: '<form>3ds</form>' }, page: { htmlSource: '<form>3ds</form>' } },
      { data: { pageData: '<p>old</p>' }, page: { htmlSource: '<p>old</p>' } },
      {
        data: { orderStatus: 1, redirectURL: 'https://bank.example/3ds' },
        page: { redirectURL: 'https://bank.example/3ds' },
      },
    ];
    for (const { data, page } of answers) {
      expect(await payInAnsweredWith(200, { code: 0, msg: 'ok', traceid: 't', data })).toMatchObject({
        word: 'action_required',
        page,
      });
    }
  });

  it('refused before any order: a validation code without an order status, with the field it names', async () => {
    const result = await payInAnsweredWith(
      200,
      refusal(RESULT_CODE.INVALID_PARAMETER, 'cardNumber: Required.', 'tr-3'),
    );
    expect(result).toMatchObject({
      word: 'no_order',
      code: RESULT_CODE.INVALID_PARAMETER,
      gatewayMessage: 'cardNumber: Required.',
      field: 'cardNumber',
      traceid: 'tr-3',
    });
    expect(messageOf(result)).toBe(
      'The gateway refused the payment before creating an order: cardNumber: Required. (code 90751001). Nothing was charged.',
    );
  });

  it('a duplicate order number is outcome unknown: an order with that number exists', async () => {
    const result = await payInAnsweredWith(
      200,
      refusal(RESULT_CODE.DUPLICATE_TRADE_NO, 'Duplicate merchantTradeNo'),
    );
    expect(result).toMatchObject({ word: 'unknown', code: RESULT_CODE.DUPLICATE_TRADE_NO });
    expect(messageOf(result)).toMatch(/already exists with other details/);
    expect(messageOf(result)).not.toMatch(/Nothing was charged/);
  });

  it('refused at the HTTP level: a 4xx JSON error body (A1)', async () => {
    const result = await payInAnsweredWith(
      415,
      refusal(RESULT_CODE.UNSUPPORTED_CONTENT_TYPE, 'Unsupported Content-Type'),
    );
    expect(result).toMatchObject({
      word: 'no_order',
      httpStatus: 415,
      code: RESULT_CODE.UNSUPPORTED_CONTENT_TYPE,
    });
  });

  it('HTTP 500 is outcome_unknown: the gateway may have charged before failing', async () => {
    const result = await payInAnsweredWith(500, refusal(RESULT_CODE.INTERNAL_ERROR, 'boom', 'tr-5'));
    expect(result).toMatchObject({
      word: 'unknown',
      reason: 'server_error',
      httpStatus: 500,
      traceid: 'tr-5',
    });
    expect(messageOf(result)).toMatch(/HTTP 500.*may have gone through: check before charging again/);
  });

  it('a 200 that is not JSON is outcome_unknown, with the body kept', async () => {
    const gw = await gateway((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<html>Proxy error</html>');
    });
    expect(await sendPayInV2(gw.url, V2_BODY)).toMatchObject({
      word: 'unknown',
      reason: 'not_json',
      raw: '<html>Proxy error</html>',
    });
  });

  it('a JSON answer without the fields Paydesk needs is outcome_unknown', async () => {
    const wrongShape = await payInAnsweredWith(200, { code: 0, traceid: 't', data: { orderStatus: 'two' } });
    expect(wrongShape).toMatchObject({
      word: 'unknown',
      reason: 'unreadable_status',
    });
    const noStatus = await payInAnsweredWith(200, {
      code: 0,
      msg: 'ok',
      traceid: 't',
      data: { orderId: 'O' },
    });
    expect(noStatus).toMatchObject({
      word: 'unknown',
      reason: 'unknown_code',
      orderId: 'O',
    });
  });
});

describe('transport failures', () => {
  it('an answer slower than the overall timeout is outcome_unknown, and the pay-in is not retried', async () => {
    const gw = await gateway(() => {
      // Never answers.
    });
    const result = await sendPayInV2(gw.url, V2_BODY, { timeoutMs: 300 });
    expect(result).toMatchObject({ word: 'unknown', reason: 'timeout' });
    expect(messageOf(result)).toBe(
      'No answer from the gateway within 0.3 s. The payment may have gone through: check before charging again.',
    );
    expect(gw.received).toHaveLength(1);
  });

  it('headers in time but a body that stalls is outcome_unknown too', async () => {
    const gw = await gateway((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"code":0,');
    });
    expect(await sendPayInV2(gw.url, V2_BODY, { timeoutMs: 300 })).toMatchObject({
      word: 'unknown',
      reason: 'timeout',
    });
  });

  it('a connection destroyed after the request arrived is outcome_unknown, sent once', async () => {
    const gw = await gateway((request) => request.socket.destroy());
    const result = await sendPayInV2(gw.url, V2_BODY);
    expect(result).toMatchObject({ word: 'unknown', reason: 'connection_lost' });
    expect(messageOf(result)).toMatch(/broke after the request was sent.*check before charging again/);
    expect(gw.received).toHaveLength(1);
  });

  it('cancelling while waiting for the answer is outcome_unknown', async () => {
    const gw = await gateway(() => {});
    const controller = new AbortController();
    const pending = sendPayInV2(gw.url, V2_BODY, { signal: controller.signal });
    while (gw.received.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    controller.abort();
    expect(await pending).toMatchObject({ word: 'unknown', reason: 'cancelled' });
  });

  it('a closed port is not_sent: nothing left, safe to try again', async () => {
    const probe = createTcpServer();
    const port = await listen(probe);
    servers.pop();
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const result = await sendPayInV2(`http://127.0.0.1:${port}`, V2_BODY);
    expect(result).toMatchObject({
      word: 'not_connected',
      reason: 'connection_refused',
      cause: 'ECONNREFUSED',
    });
    expect(messageOf(result)).toMatch(/Nothing was sent: it is safe to try again\.$/);
  });

  it('an unknown host name is not_sent', async () => {
    expect(await sendPayInV2('http://gateway.invalid', V2_BODY, { connectTimeoutMs: 2000 })).toMatchObject({
      word: 'not_connected',
      reason: 'dns',
    });
  });

  it('a connection that never completes within the connect timeout is not_sent', async () => {
    // Exactly like a SYN to an unroutable address. (A literal non-routable address is not usable here:
    // this machine's egress answers every TCP connect.)
    const result = await sendToSilentPort({ connectTimeoutMs: 200, timeoutMs: 5000 });
    expect(result).toMatchObject({
      word: 'not_connected',
      reason: 'connect_timeout',
      cause: 'UND_ERR_CONNECT_TIMEOUT',
    });
    expect(messageOf(result)).toMatch(/did not accept a connection within 0\.2 s/);
  });

  it('an overall timeout that fires before the connection is made is not_sent', async () => {
    const result = await sendToSilentPort({ connectTimeoutMs: 5000, timeoutMs: 200 });
    expect(result).toMatchObject({ word: 'not_connected', reason: 'connect_timeout' });
  });
});

describe('KYC submission', () => {
  const body = { merchantId: 1001, data: [{ userId: 'u-1' }], sign: 'abc' };

  it('accepted: the count, sent as JSON to /openapi/v1/submitKYC', async () => {
    const gw = await gateway(json(200, { code: 0, msg: 'success', data: { count: 1 }, traceid: 'k-1' }));
    const result = await submitKyc(gw.url, body);
    expect(result).toMatchObject({ kind: 'accepted', count: 1, traceid: 'k-1' });
    expect(gw.received[0]).toMatchObject({ url: '/openapi/v1/submitKYC', contentType: 'application/json' });
    expect(JSON.parse(gw.received[0]!.body)).toEqual(body);
  });

  it("refused: a non-zero code with data null, the gateway's words kept", async () => {
    const gw = await gateway(
      json(200, {
        code: RESULT_CODE.INVALID_PARAMETER,
        msg: 'data[3].email: Invalid e-mail.',
        data: null,
        traceid: 'k',
      }),
    );
    const result = await submitKyc(gw.url, body);
    expect(result).toMatchObject({ kind: 'refused', msg: 'data[3].email: Invalid e-mail.', code: 90751001 });
  });

  it('a timeout says the records may have been accepted', async () => {
    const gw = await gateway(() => {});
    const result = await submitKyc(gw.url, body, { timeoutMs: 200 });
    expect(result).toMatchObject({ kind: 'outcome_unknown' });
    expect(messageOf(result)).toMatch(/No answer.*records may have been accepted/);
  });
});

describe('fieldFromGatewayMessage', () => {
  it('reads field paths and ignores prose', () => {
    expect(fieldFromGatewayMessage('cardNumber: Required.')).toBe('cardNumber');
    expect(fieldFromGatewayMessage('data[12].idCardUrls[0]: Not a URL')).toBe('data[12].idCardUrls[0]');
    expect(fieldFromGatewayMessage('Signature mismatch')).toBeUndefined();
    expect(fieldFromGatewayMessage('Error: something')).toBeUndefined();
  });
});
