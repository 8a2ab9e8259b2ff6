// A `kyc.submit` with nothing left to send (every valid record accepted already, or none valid) sends
// nothing, and so writes nothing: the batch's History row keeps the status and chunk answers of the
// submission that did send. Through the IPC contract, as the renderer (or anything else) calls it.
import type { HistoryRow } from '@shared/history';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Fixture, startFixture } from '../support/app/paydesk-fixture';
import { kycCsv, kycRecord } from '../support/kyc/generate';
import { kycRecords } from '../support/sandbox/gateway-inspection';

let fx: Fixture;
beforeAll(async () => {
  fx = await startFixture();
});
afterAll(() => fx.close());

const CSV = kycCsv(Array.from({ length: 12 }, (_, i) => kycRecord(900 + i)));
const open = () =>
  fx.data('kyc.open', { fileName: 'twelve.csv', bytes: Buffer.from(CSV).toString('base64') });

async function kycRows(): Promise<HistoryRow[]> {
  return (await fx.data('history.query', { kind: 'kyc_batch' })).rows;
}

describe('kyc.submit with nothing left to send', () => {
  it('leaves the completed batch’s History row as it was', async () => {
    const summary = await open();
    const sent = await fx.data('kyc.submit', { batchId: summary.batchId });
    expect(sent.chunks.map((chunk) => chunk.state)).toEqual(['accepted']);
    const [row] = await kycRows();
    expect(row).toMatchObject({ kind: 'kyc_batch', status: 'completed', counts: { accepted: 12 } });
    const before = (await fx.data('history.get', { id: row!.id })).row;

    const again = await fx.data('kyc.submit', { batchId: summary.batchId, onlyRemaining: true });
    expect(again.sentRecords).toBe(0);
    expect(again.chunks).toEqual([]);
    expect(await kycRecords(fx.paydesk.sandbox, 100001)).toHaveLength(12);
    expect((await fx.data('history.get', { id: row!.id })).row).toEqual(before);
    expect(await kycRows()).toHaveLength(1);
  });

  it('writes no History row for the same file opened again, all of it accepted before', async () => {
    const again = await open();
    expect(again.counts).toMatchObject({ accepted: 12, valid: 0 });
    const result = await fx.data('kyc.submit', { batchId: again.batchId });
    expect(result.chunks).toEqual([]);
    const rows = await kycRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'completed' });
  });
});
