import { connect } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox';
import { type Body, inspectOrders, postJson, tradeNo, v2Body } from '../support/sandbox/sandbox-helpers';
import { tempFolderForFile } from '../support/temp-folder';

type Answer = { code: number; msg: string; data: { orderId?: string; orderStatus?: number } | null };

/** Sends every body in one write on one connection and reads the answers, in order. */
function pipelined(baseUrl: string, bodies: readonly Body[]): Promise<Answer[]> {
  const { hostname, port } = new URL(baseUrl);
  const requests = bodies.map((body) => {
    const json = JSON.stringify(body);
    return `POST /openapi/v2/pwpp HTTP/1.1\r\nhost: ${hostname}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(json)}\r\n\r\n${json}`;
  });
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(requests.join('')));
    let received = Buffer.alloc(0);
    const answers: Answer[] = [];
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      for (;;) {
        const headEnd = received.indexOf('\r\n\r\n');
        if (headEnd < 0) return;
        const length = Number(/content-length: (\d+)/i.exec(received.subarray(0, headEnd).toString())?.[1]);
        if (received.length < headEnd + 4 + length) return;
        answers.push(JSON.parse(received.subarray(headEnd + 4, headEnd + 4 + length).toString()));
        received = received.subarray(headEnd + 4 + length);
        if (answers.length === bodies.length) {
          socket.end();
          resolve(answers);
          return;
        }
      }
    });
    socket.on('error', reject);
  });
}

const dir = tempFolderForFile('paydesk-sandbox-concurrent-');

describe('pay-ins sent at the same time, with a data file', () => {
  it('are each answered as alone, the same request twice is one order, and all survive a restart', async () => {
    const dataFile = join(dir, 'sandbox.sqlite');
    const bodies = Array.from({ length: 20 }, (_, index) =>
      v2Body({ merchantTradeNo: tradeNo('together'), userId: `together-${index}` }),
    );
    const repeated = v2Body({ merchantTradeNo: tradeNo('repeated') });

    const first = await startSandbox({ port: 0, dataFile });
    let orderIds: string[];
    try {
      const answers = await pipelined(first.url, [...bodies, repeated, repeated, repeated]);
      const repeats = answers.splice(bodies.length);
      for (const answer of answers) {
        expect(answer).toMatchObject({ code: 0, msg: 'Approved.', data: { orderStatus: 2 } });
      }
      orderIds = answers.map((answer) => String(answer.data!.orderId));
      expect(new Set(orderIds).size).toBe(20);
      // The same request three times in one turn: one order, found again by the two after the first.
      expect(new Set(repeats.map((answer) => answer.data!.orderId)).size).toBe(1);
      expect(repeats.map((answer) => answer.msg)).toEqual([
        'Approved.',
        'Existing order: Approved.',
        'Existing order: Approved.',
      ]);

      const other = await postJson(first.url, '/openapi/v2/pwpp', { ...repeated, amount: '26.00' });
      expect(other.json.code).toBe(90751004);
    } finally {
      await first.close();
    }

    const second = await startSandbox({ port: 0, dataFile });
    try {
      for (const [index, body] of bodies.entries()) {
        const [order] = await inspectOrders(second.url, String(body.merchantTradeNo));
        expect(order?.orderId).toBe(orderIds[index]);
      }
      const again = await postJson(second.url, '/openapi/v2/pwpp', repeated);
      expect(again.json.msg).toBe('Existing order: Approved.');
    } finally {
      await second.close();
    }
  });
});
