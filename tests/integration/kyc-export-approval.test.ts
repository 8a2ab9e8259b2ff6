// An export of a KYC batch's rows still to fix holds customers' identity records: like History's export, it
// waits for a supervisor's approval at the desk (issue 31, item 4) and is audited with who exported how many
// rows (PCI DSS 10.2.1). Through the real core: the dispatcher, the approvals and the history file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../support/app/audit-events';
import { type Fixture, startFixture } from '../support/app/paydesk-fixture';
import { withApproval } from '../support/app/sign-in';
import { kycCsv, kycRecord } from '../support/kyc/generate';

let fx: Fixture;
let batchId: string;
const exported = () => auditEvents(fx).filter((entry) => entry.event === 'kyc_batch.rejected_exported');

beforeAll(async () => {
  fx = await startFixture();
  const records = Array.from({ length: 4 }, (_, i) => kycRecord(i));
  // Two rows to fix: an e-mail without "@", a country that is no ISO code.
  const csv = kycCsv([
    records[0]!,
    { ...records[1]!, email: 'no-at-sign.example.com' },
    records[2]!,
    { ...records[3]!, country: 'ZZZ' },
  ]);
  const summary = await fx.data('kyc.open', {
    fileName: 'people.csv',
    bytes: Buffer.from(csv).toString('base64'),
  });
  batchId = summary.batchId;
});
afterAll(() => fx.close());

describe("a KYC batch's rows to fix, exported", () => {
  it('wait for a supervisor, and nothing is exported or audited before', async () => {
    const asked = await fx.call('kyc.exportRejected', { batchId, format: { form: 'machine' } });
    expect(asked).toMatchObject({
      ok: false,
      error: { kind: 'approval_needed', approval: { action: 'export.personal_data' } },
    });
    if (!asked.ok) expect(asked.error.approval?.summary).toContain("customers' identity records");
    expect(exported()).toEqual([]);
  });

  it('once approved, come with their reasons, and the audit names the operator and the count', async () => {
    const answer = await withApproval(fx.call, 'kyc.exportRejected', {
      batchId,
      format: { form: 'machine' },
    });
    expect(answer).toMatchObject({ ok: true, data: { fileName: 'people-to-fix.csv', rows: 2 } });
    expect(exported()).toEqual([
      expect.objectContaining({
        operator: fx.operator!.id,
        detail: expect.objectContaining({ batchId, rows: 2, form: 'machine' }),
      }),
    ]);
  });
});
