// A KYC batch end to end through the dispatcher: the real composition root, the embedded sandbox, the
// history file. 10,000 generated records with planted errors.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { KycBatchSummary } from '@shared/kyc-batch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Fixture, startFixture } from '../support/app/paydesk-fixture';
import { kycCsv, kycRecord } from '../support/kyc/generate';
import { kycRecords } from '../support/sandbox/gateway-inspection';

const TOTAL = 10_000;
const PLANTED: Record<number, Record<string, string>> = {
  17: { email: 'not-an-email' },
  250: { certificateDateEnd: '2001-01-01' },
  4321: { country: 'XX' },
  9999: { personalCode: '' },
};

let fx: Fixture;
let csv: string;
beforeAll(async () => {
  fx = await startFixture();
  const records = Array.from({ length: TOTAL }, (_, i) => ({ ...kycRecord(i), ...(PLANTED[i] ?? {}) }));
  csv = kycCsv(records);
});
afterAll(() => fx.close());

const open = () => fx.data('kyc.open', { fileName: 'batch.csv', bytes: Buffer.from(csv).toString('base64') });

function sandboxRecords(): Promise<{ userId: string }[]> {
  return kycRecords(fx.paydesk.sandbox, 100001);
}

describe('a KYC batch with planted errors', () => {
  let summary: KycBatchSummary;

  it('reports exactly the planted rows and validates the rest', async () => {
    summary = await open();
    expect(summary.counts).toMatchObject({ total: TOTAL, invalid: 4, valid: TOTAL - 4 });
    const invalid = await fx.data('kyc.rows', {
      batchId: summary.batchId,
      filter: 'invalid',
      limit: 100,
    });
    expect(invalid.rows.map((row) => row.index).sort((a, b) => a - b)).toEqual([17, 250, 4_321, 9_999]);
    const fields = Object.fromEntries(
      invalid.rows.map((row) => [row.index, row.errors.map((error) => error.field)]),
    );
    expect(fields[17]).toContain('email');
    expect(fields[250]).toContain('certificateDateEnd');
    expect(fields[4_321]).toContain('country');
    expect(fields[9_999]).toContain('personalCode');
  });

  it('takes an inline fix', async () => {
    const fixed = await fx.data('kyc.update', {
      batchId: summary.batchId,
      index: 17,
      field: 'email',
      value: 'fixed17@example.com',
    });
    expect(fixed.row.state).toBe('valid');
  });

  it('submits the valid records in chunks and the sandbox holds exactly them', async () => {
    const result = await fx.data('kyc.submit', { batchId: summary.batchId });
    expect(result.chunks.every((chunk) => chunk.state === 'accepted')).toBe(true);
    expect(result.chunks.every((chunk) => chunk.records <= 500)).toBe(true);
    expect(result.counts.accepted).toBe(TOTAL - 3);
    const held = await sandboxRecords();
    expect(held).toHaveLength(TOTAL - 3);
    expect(new Set(held.map((record) => record.userId)).size).toBe(TOTAL - 3);
    const progress = fx.events.filter((event) => event.event === 'kyc.progress');
    expect(progress.length).toBe(result.chunks.length);
  });

  it('records the batch in history without personal data', async () => {
    const page = await fx.data('history.query', { kind: 'kyc_batch' });
    expect(page.rows[0]).toMatchObject({
      kind: 'kyc_batch',
      status: 'completed',
      counts: { accepted: TOTAL - 3 },
    });
    for (const name of readdirSync(fx.dataDir).filter((file) => file.startsWith('history.sqlite'))) {
      const bytes = readFileSync(join(fx.dataDir, name)).toString('latin1');
      expect(bytes.includes('person123@example.com'), name).toBe(false);
      expect(bytes.includes(kycRecord(123).personalCode), name).toBe(false);
    }
  });

  it('offers only the records not yet accepted when the same file comes back', async () => {
    const again = await open();
    // user-000017 went through with its fixed e-mail, so it counts as accepted although the file still has the typo.
    expect(again.counts.accepted).toBe(TOTAL - 3);
    const result = await fx.data('kyc.submit', { batchId: again.batchId });
    // The three rows left are still invalid: nothing is left to send.
    expect(result.chunks).toHaveLength(0);
    expect(await sandboxRecords()).toHaveLength(TOTAL - 3);
  });
});
