// A compliance officer's hand-made column mapping is kept: the same file, or another with the same
// columns, opens mapped as it was left; and a userId column mapped by hand finds the records the gateway
// already accepted from this file, so "send only what was not accepted" keeps working.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Fixture, startFixture } from '../support/app/paydesk-fixture';
import { kycCsv, kycRecord } from '../support/kyc/generate';

let fx: Fixture;
beforeAll(async () => {
  fx = await startFixture();
});
afterAll(() => fx.close());

/** The records as a spreadsheet with its own header names: "Interne Referenz" for the userId, and others. */
function fileWithHeaders(names: Record<string, string>, count = 6, from = 0): string {
  const csv = kycCsv(
    Array.from({ length: count }, (_, i) => ({ ...kycRecord(from + i), userId: `memo-${from + i}` })),
  );
  const [header, ...lines] = csv.split('\r\n');
  const renamed = header!.split(',').map((name) => names[name] ?? name);
  return [renamed.join(','), ...lines].join('\r\n');
}

const open = (text: string, fileName = 'clients.csv') =>
  fx.data('kyc.open', { fileName, bytes: Buffer.from(text).toString('base64') });

describe('headers people write', () => {
  it('reads "Client number", "ID valid from" and "Document expiry" without help', async () => {
    const summary = await open(
      fileWithHeaders({
        userId: 'Client number',
        certificateDateStart: 'ID valid from',
        certificateDateEnd: 'Document expiry',
      }),
      'names.csv',
    );
    const fieldOf = (header: string) => summary.mapping.find((column) => column.header === header)?.field;
    expect(fieldOf('Client number')).toBe('userId');
    expect(fieldOf('ID valid from')).toBe('certificateDateStart');
    expect(fieldOf('Document expiry')).toBe('certificateDateEnd');
    expect(summary.missingRequiredFields).toEqual([]);
  });
});

describe('a userId column mapped by hand', () => {
  const text = fileWithHeaders({ userId: 'Interne Referenz' }, 6, 100);

  it('is remembered for the next file with the same columns, and finds what the gateway accepted', async () => {
    const first = await open(text);
    expect(first.mapping.find((column) => column.header === 'Interne Referenz')?.field).toBeNull();
    const mapped = await fx.data('kyc.setMapping', {
      batchId: first.batchId,
      mapping: [{ header: 'Interne Referenz', field: 'userId' }],
    });
    expect(mapped.counts.valid).toBe(6);
    const sent = await fx.data('kyc.submit', { batchId: mapped.batchId });
    expect(sent.acceptedRecords).toBe(6);

    // The same file again: mapped as it was left, and the accepted records are known at once.
    const again = await open(text);
    expect(again.mappingFrom).toBe('remembered');
    expect(again.mapping.find((column) => column.header === 'Interne Referenz')?.field).toBe('userId');
    expect(again.counts).toMatchObject({ accepted: 6, valid: 0 });
  });

  it('without a remembered mapping, mapping the column by hand still finds the records accepted before', async () => {
    // Another desk's memory: the mapping is forgotten, the history of accepted records is not.
    fx.store.set('kycMappings', []);
    const reopened = await open(text);
    expect(reopened.mappingFrom).toBe('guessed');
    expect(reopened.counts.accepted).toBe(0);
    const mapped = await fx.data('kyc.setMapping', {
      batchId: reopened.batchId,
      mapping: [{ header: 'Interne Referenz', field: 'userId' }],
    });
    expect(mapped.counts).toMatchObject({ accepted: 6, valid: 0 });
  });
});
