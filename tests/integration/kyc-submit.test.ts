// Sending a batch through an injected `send` that behaves like the gateway of assumption A11: chunks of at
// most 500, at most two in flight, one chunk refused naming data[3].email, one failing on the network.

import { type KycRecord, kycSubmitRequestSchema } from '@shared/gateway/kyc';
import type { KycProgressEvent } from '@shared/kyc-batch';
import { describe, expect, it } from 'vitest';
import { createKycBatches, type KycSend, type KycSendOutcome } from '../../src/main/kyc/batches';
import { Refusal } from '../../src/main/refusal';
import { kycCsv, kycRecord } from '../support/kyc/generate';
import { kycWorkersForFile, utf8 } from '../support/kyc/open';

const workers = kycWorkersForFile();

const COUNT = 1_700;

/** A fake gateway: records every request, counts how many are in flight, answers from a script. */
function fakeGateway(answer: (call: number, records: KycRecord[]) => KycSendOutcome | 'throw') {
  const calls: KycRecord[][] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const send: KycSend = async (records) => {
    const call = calls.push(records) - 1;
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    // Uneven delays so that answers come back out of order.
    await new Promise((resolve) => setTimeout(resolve, 5 + ((call * 7) % 11)));
    inFlight--;
    // What Paydesk sends must be a request the gateway's schema accepts.
    kycSubmitRequestSchema.parse({ merchantId: 1, data: records, sign: 'x' });
    const outcome = answer(call, records);
    if (outcome === 'throw') throw new Error('socket hang up');
    return outcome;
  };
  return { send, calls, maxInFlight: () => maxInFlight };
}

const ok = (records: KycRecord[]): KycSendOutcome => ({
  kind: 'accepted',
  code: 0,
  msg: 'success',
  traceid: 't-ok',
  count: records.length,
});

async function openBatch(alreadyAccepted?: Set<string>) {
  const service = createKycBatches({ workers });
  const bytes = utf8(kycCsv(Array.from({ length: COUNT }, (_, i) => kycRecord(i))));
  const summary = await service.open(bytes, 'people.csv', alreadyAccepted ? { alreadyAccepted } : {});
  return { service, batchId: summary.batchId, bytes };
}

describe('KYC submit', () => {
  it('sends chunks of at most 500, two at a time, and keeps going past a refused and a failed chunk', async () => {
    const { service, batchId } = await openBatch();
    const firstUserOf = (records: KycRecord[]) => records[0]?.userId;
    let failedOnce = false;
    const gateway = fakeGateway((_, records) => {
      // Refuses the chunk holding row 503 until that record's email is fixed, as a gateway would.
      if (firstUserOf(records) === 'user-000500' && records[3]?.email !== 'fixed503@example.com') {
        return {
          kind: 'refused',
          code: 90751001,
          msg: 'data[3].email: An e-mail address such as name@example.com.',
          traceid: 't-refused',
        };
      }
      if (firstUserOf(records) === 'user-001000' && !failedOnce) {
        failedOnce = true;
        return { kind: 'outcome_unknown', message: 'The gateway did not answer within 30 s.' };
      }
      return ok(records);
    });
    const events: KycProgressEvent[] = [];
    const result = await service.submit(batchId, {
      send: gateway.send,
      onProgress: (event) => events.push(event),
    });

    expect(gateway.calls.map((records) => records.length).sort((a, b) => b - a)).toEqual([
      500, 500, 500, 200,
    ]);
    expect(gateway.maxInFlight()).toBe(2);
    expect(result.chunks.map((chunk) => [chunk.index, chunk.state, chunk.records])).toEqual([
      [0, 'accepted', 500],
      [1, 'refused', 500],
      [2, 'outcome_unknown', 500],
      [3, 'accepted', 200],
    ]);
    expect(result).toMatchObject({
      sentRecords: 1700,
      acceptedRecords: 700,
      rejectedRecords: 500,
      unknownRecords: 500,
    });
    expect(result.counts).toMatchObject({ accepted: 700, rejected: 1, valid: 999, invalid: 0, sending: 0 });

    // Progress only grows, and ends where the result does.
    expect(events).toHaveLength(4);
    for (let i = 1; i < events.length; i++) {
      for (const key of [
        'sentRecords',
        'acceptedRecords',
        'rejectedRecords',
        'unknownRecords',
        'notSentRecords',
        'doneChunks',
      ] as const) {
        expect(events[i]![key]).toBeGreaterThanOrEqual(events[i - 1]![key]);
      }
    }
    expect(events.at(-1)).toMatchObject({ doneChunks: 4, totalChunks: 4, sentRecords: 1700 });

    // data[3] of the refused chunk is row 503: only it is marked, with the gateway's words.
    const rejected = service.rows(batchId, { filter: 'rejected' });
    expect(rejected.rows.map((row) => row.index)).toEqual([503]);
    expect(rejected.rows[0]?.errors).toEqual([
      {
        field: 'email',
        message: expect.stringMatching(/^An e-mail address.*traceid t-refused/),
        words: {
          key: 'kyc.chunk.refusedRow',
          values: { said: 'An e-mail address such as name@example.com.', traceid: 't-refused' },
        },
        source: 'gateway',
      },
    ]);
    expect(service.rows(batchId, { offset: 504, limit: 1 }).rows[0]?.state).toBe('valid');
    expect(service.acceptedUserIds(batchId)).toHaveLength(700);

    // Resending the failed chunk sends exactly its 500 records, alone.
    const before = gateway.calls.length;
    const again = await service.resubmitChunk(batchId, 2, { send: gateway.send });
    expect(gateway.calls.slice(before).map((records) => records.map((record) => record.userId))).toEqual([
      Array.from({ length: 500 }, (_, i) => kycRecord(1000 + i).userId),
    ]);
    expect(again.chunks[2]?.state).toBe('accepted');

    // The refused chunk: without the fix, the marked record stays out; after it, all 500 go.
    service.update(batchId, 503, 'email', 'fixed503@example.com');
    const beforeFix = gateway.calls.length;
    const fixed = await service.resubmitChunk(batchId, 1, { send: gateway.send });
    expect(gateway.calls.slice(beforeFix)).toHaveLength(1);
    expect(gateway.calls.at(-1)).toHaveLength(500);
    expect(gateway.calls.at(-1)?.[3]?.email).toBe('fixed503@example.com');
    expect(fixed.counts).toMatchObject({ accepted: COUNT, valid: 0, rejected: 0 });
    await expect(service.resubmitChunk(batchId, 0, { send: gateway.send })).rejects.toThrow(/accepted/);

    // Nothing remains: a new submit sends nothing.
    const callsBefore = gateway.calls.length;
    const empty = await service.submit(batchId, { send: gateway.send });
    expect(gateway.calls.length).toBe(callsBefore);
    expect(empty.chunks).toEqual([]);
  });

  it('does not send again records accepted in an earlier session of the same file', async () => {
    const accepted = new Set(['user-000000', 'user-000001', 'user-001699', 'not-in-file']);
    const { service, batchId } = await openBatch(accepted);
    expect(service.summary(batchId).counts).toMatchObject({ accepted: 3, valid: COUNT - 3 });
    expect(() => service.update(batchId, 0, 'email', 'x@example.com')).toThrow(Refusal);
    const gateway = fakeGateway((_, records) => ok(records));
    const result = await service.submit(batchId, { send: gateway.send, chunkSize: 400 });
    const sent = gateway.calls.flat().map((record) => record.userId);
    expect(sent).toHaveLength(COUNT - 3);
    expect(sent).not.toContain('user-000000');
    expect(sent).not.toContain('user-001699');
    expect(Math.max(...gateway.calls.map((records) => records.length))).toBe(400);
    expect(result.counts.accepted).toBe(COUNT);
  });

  it('treats a send that throws as a chunk of unknown outcome and refuses a second submit while one runs', async () => {
    const { service, batchId } = await openBatch();
    const gateway = fakeGateway((call, records) => (call === 0 ? 'throw' : ok(records)));
    const running = service.submit(batchId, { send: gateway.send, concurrency: 1 });
    await expect(service.submit(batchId, { send: gateway.send })).rejects.toThrow(/already being sent/);
    expect(() => service.update(batchId, 5, 'email', 'x@example.com')).toThrow(/being sent/);
    const result = await running;
    expect(result.chunks[0]).toMatchObject({ state: 'outcome_unknown', msg: 'socket hang up', code: null });
    expect(result.counts).toMatchObject({ valid: 500, accepted: 1200 });
  });

  it('keeps a chunk that never left apart from one of unknown outcome: not sent, its records offered again', async () => {
    const { service, batchId } = await openBatch();
    const message =
      'The gateway at 127.0.0.1:47 refused the connection. Nothing was sent: it is safe to try again.';
    const gateway = fakeGateway((call, records) =>
      call === 0 ? { kind: 'not_sent', message } : ok(records),
    );
    const result = await service.submit(batchId, { send: gateway.send, concurrency: 1 });
    expect(result.chunks[0]).toMatchObject({ state: 'not_sent', msg: message, code: null, traceid: null });
    expect(result).toMatchObject({ acceptedRecords: 1200, unknownRecords: 0, notSentRecords: 500 });
    expect(result.counts).toMatchObject({ accepted: 1200, valid: 500 });
    const again = await service.resubmitChunk(batchId, 0, { send: gateway.send });
    expect(again.chunks[0]).toMatchObject({ state: 'accepted' });
    expect(again.counts).toMatchObject({ accepted: COUNT, valid: 0 });
  });

  it('marks no record accepted when the gateway counts fewer than were sent, and offers them all again', async () => {
    const { service, batchId } = await openBatch();
    // Chunk 1 is counted two short, as a gateway that silently dropped two records would answer.
    const gateway = fakeGateway((call, records) =>
      call === 1 ? { ...ok(records), count: records.length - 2 } : ok(records),
    );
    const result = await service.submit(batchId, { send: gateway.send, concurrency: 1 });
    expect(result.chunks[1]).toMatchObject({ state: 'outcome_unknown', count: 498, code: 0 });
    expect(result.chunks[1]?.msg).toMatch(/counted 498 of the 500 records sent/);
    expect(result).toMatchObject({ acceptedRecords: 1200, unknownRecords: 500 });
    expect(result.counts).toMatchObject({ accepted: 1200, valid: 500 });
    expect(service.acceptedUserIds(batchId)).not.toContain(kycRecord(500).userId);
    // Sending the rest again offers exactly the 500 records of the short chunk.
    const before = gateway.calls.length;
    await service.submit(batchId, { send: gateway.send });
    expect(
      gateway.calls
        .slice(before)
        .flat()
        .map((record) => record.userId),
    ).toEqual(Array.from({ length: 500 }, (_, i) => kycRecord(500 + i).userId));
  });

  it('marks nothing when a refusal names no record, and everything stays sendable', async () => {
    const { service, batchId } = await openBatch();
    const gateway = fakeGateway(() => ({
      kind: 'refused',
      code: 90751002,
      msg: 'Bad or missing sign.',
      traceid: 't-sign',
    }));
    const result = await service.submit(batchId, { send: gateway.send });
    expect(result.chunks.every((chunk) => chunk.state === 'refused')).toBe(true);
    expect(result.counts).toMatchObject({ valid: COUNT, rejected: 0, accepted: 0 });
  });
});
