// The embedded sandbox runs on the agent's machine: what it keeps (every KYC record it accepted) answers
// only its own run's token, and no slow or greedy local client can hold it.
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Sandbox, startSandbox } from '../../src/sandbox';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({
    inspectionToken: 'run-token-123',
    limits: { headersTimeoutMs: 300, requestTimeoutMs: 400, maxConnections: 4 },
  });
});
afterAll(() => sandbox.close());

describe('inspection', () => {
  it.each(['/_sandbox/orders?merchantId=100001', '/_sandbox/kyc?merchantId=100001'])(
    '%s answers only the run token',
    async (path) => {
      expect((await fetch(`${sandbox.url}${path}`)).status).toBe(401);
      const wrong = await fetch(`${sandbox.url}${path}`, {
        headers: { authorization: 'Bearer run-token-124' },
      });
      expect(wrong.status).toBe(401);
      const right = await fetch(`${sandbox.url}${path}`, {
        headers: { authorization: 'Bearer run-token-123' },
      });
      expect(right.status).toBe(200);
      expect(sandbox.inspectionToken).toBe('run-token-123');
    },
  );

  it('leaves the gateway API and the browser pages alone', async () => {
    const api = await fetch(`${sandbox.url}/openapi/v2/pwpp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(api.status).toBe(200);
  });
});

describe('limits', () => {
  const open = () =>
    new Promise<Socket>((resolve) => {
      const socket = connect(Number(new URL(sandbox.url).port), '127.0.0.1', () => resolve(socket));
    });
  // The answer (a 408 or 400) is read and dropped: a paused socket would never see the server close it.
  const closed = (socket: Socket) =>
    new Promise<void>((resolve) => socket.once('close', () => resolve()).resume());

  it('closes a request whose headers never end', async () => {
    const slow = await open();
    slow.write('POST /openapi/v2/pwpp HTTP/1.1\r\nHost: x\r\n');
    await closed(slow);
  });

  it('closes a request whose body trickles in', async () => {
    const slow = await open();
    slow.write(
      'POST /openapi/v2/pwpp HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
    );
    await closed(slow);
  });

  it('caps the connections it holds', async () => {
    const held = await Promise.all([open(), open(), open(), open()]);
    const extra = await open();
    await closed(extra);
    for (const socket of held) socket.destroy();
  });
});
