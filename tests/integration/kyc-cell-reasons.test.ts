// What a KYC file's cells become, and why a cell is refused, as the grid shows it: opened through the
// batches (worker, header mapping, normalization, the check) like the app opens a file.
import { afterAll, describe, expect, it } from 'vitest';
import { createKycBatches } from '../../src/main/kyc/batches';
import { KycWorkerPool } from '../../src/main/kyc/worker/worker-pool';
import { kycCsv, kycRecord } from '../support/kyc/generate';

const workers = new KycWorkerPool();
afterAll(() => workers.close());

const utf8 = (text: string) => new TextEncoder().encode(text);

async function open(records: Record<string, unknown>[]) {
  const service = createKycBatches({ workers });
  const summary = await service.open(utf8(kycCsv(records as never)), 'people.csv');
  const rows = service.rows(summary.batchId, { limit: 1000 }).rows;
  return { summary, rows };
}

const NAMES = ['zoë.rossi', 'josé.garcía', 'björn.öberg', 'łukasz.wróbel', 'anaïs.lefèvre', 'çağla.yılmaz'];

describe('e-mail addresses (assumption A31)', () => {
  it('international addresses are valid, as the gateway takes them', async () => {
    const records = Array.from({ length: 2_000 }, (_, i) => ({
      ...kycRecord(i),
      email: `${NAMES[i % NAMES.length]}${i}@example.com`,
    }));
    const { summary } = await open(records);
    expect(summary.counts).toMatchObject({ total: 2_000, valid: 2_000, invalid: 0 });
  });

  it('a refused address names the character that is refused', async () => {
    const { rows } = await open([
      { ...kycRecord(0), email: 'zoë rossi@example.com' },
      { ...kycRecord(1), email: 'zoë.rossi;1@example.com' },
      { ...kycRecord(2), email: 'zoë.rossi@exa_mple.com' },
    ]);
    expect(rows.map((row) => row.errors)).toEqual([
      [
        {
          field: 'email',
          message: 'An e-mail address cannot hold a space (U+0020) before "@".',
          source: 'file',
        },
      ],
      [{ field: 'email', message: 'An e-mail address cannot hold ";" (U+003B) before "@".', source: 'file' }],
      [
        {
          field: 'email',
          message: 'An e-mail address cannot hold "_" (U+005F) in its domain (after "@").',
          source: 'file',
        },
      ],
    ]);
  });
});
