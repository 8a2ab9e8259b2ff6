// Hand edits of a KYC batch leave a trace (issue 35, item 3): each edit of a record that was sent is in
// the batch's History record and its audit trail (row, field, old and new value, who), read back through
// the schema; an edit of a record never sent is not kept; and the same file opened again shows, for the
// accepted rows, the values that were sent, marked as differing from the file, with counts that agree.
// The real core through the dispatcher, the embedded sandbox and the history file.

import type { KycBatchSummary, KycRowView } from '@shared/kyc-batch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Fixture, startFixture } from '../support/app/paydesk-fixture';
import { addAndSignIn } from '../support/app/sign-in';
import { kycCsv, kycRecord } from '../support/kyc/generate';
import { kycRecords } from '../support/sandbox/gateway-inspection';

const TOTAL = 60;
/** Index 41 is the spreadsheet's row 43 (the header is row 1). */
const EDITED = 41;
const NEVER_SENT = 10;
const BAD_EMAIL = 'not-an-email';
const FIXED_EMAIL = 'fixed41@example.com';

let fx: Fixture;
let bytes: string;
beforeAll(async () => {
  fx = await startFixture();
  await addAndSignIn(fx.call, {
    id: 'alice.officer',
    displayName: 'Alice Officer',
    passphrase: 'officer passphrase 1',
    role: 'compliance',
  });
  const records = Array.from({ length: TOTAL }, (_, i) => ({
    ...kycRecord(i),
    ...(i === EDITED && { email: BAD_EMAIL }),
    ...(i === NEVER_SENT && { country: 'XX' }),
  }));
  bytes = Buffer.from(kycCsv(records)).toString('base64');
});
afterAll(() => fx.close());

const open = () => fx.data('kyc.open', { fileName: 'officers.csv', bytes });

async function rowAt(batchId: string, index: number): Promise<KycRowView> {
  const page = await fx.data('kyc.rows', { batchId, offset: index, limit: 1 });
  return page.rows[0]!;
}

async function batchRowId(): Promise<number> {
  const page = await fx.data('history.query', { kind: 'kyc_batch' });
  return page.rows[0]!.id;
}

describe('hand edits of a KYC batch', () => {
  let first: KycBatchSummary;

  it('marks an edited cell with the file value, and answers the value before the edit', async () => {
    first = await open();
    expect(first.counts).toMatchObject({ invalid: 2, valid: TOTAL - 2 });
    const fixed = await fx.data('kyc.update', {
      batchId: first.batchId,
      index: EDITED,
      field: 'email',
      value: FIXED_EMAIL,
    });
    expect(fixed.previous).toBe(BAD_EMAIL);
    expect(fixed.row.state).toBe('valid');
    expect(fixed.row.changed).toEqual({ email: { file: BAD_EMAIL, from: 'edit' } });
    // An edit of a row that stays invalid is never sent: History is not to keep it.
    const stillBad = await fx.data('kyc.update', {
      batchId: first.batchId,
      index: NEVER_SENT,
      field: 'country',
      value: 'YY',
    });
    expect(stillBad.row.state).toBe('invalid');
    // A cell put back to the file's value is no longer marked.
    const undoTarget = await fx.data('kyc.update', {
      batchId: first.batchId,
      index: 3,
      field: 'firstName',
      value: 'Zed',
    });
    expect(undoTarget.row.changed?.firstName).toEqual({ file: kycRecord(3).firstName, from: 'edit' });
    const undone = await fx.data('kyc.update', {
      batchId: first.batchId,
      index: 3,
      field: 'firstName',
      value: undoTarget.previous!,
    });
    expect(undone.row.changed).toBeUndefined();
  });

  it("lists each sent record's edits in the batch's History record and its audit trail", async () => {
    const result = await fx.data('kyc.submit', { batchId: first.batchId });
    expect(result.counts.accepted).toBe(TOTAL - 1);
    const held = await kycRecords(fx.paydesk.sandbox, 100001);
    expect(held.find((record) => record.userId === kycRecord(EDITED).userId)).toMatchObject({
      record: { email: FIXED_EMAIL },
    });

    const detail = await fx.data('history.get', { id: await batchRowId() });
    const operator = 'alice.officer';
    const userId = kycRecord(EDITED).userId;
    expect(detail.kycEdits).toEqual([
      {
        row: 43,
        index: EDITED,
        field: 'email',
        old: BAD_EMAIL,
        new: FIXED_EMAIL,
        operator,
        at: expect.any(Number),
        userId,
      },
      expect.objectContaining({
        row: 5,
        index: 3,
        field: 'firstName',
        old: kycRecord(3).firstName,
        new: 'Zed',
      }),
      expect.objectContaining({
        row: 5,
        index: 3,
        field: 'firstName',
        old: 'Zed',
        new: kycRecord(3).firstName,
      }),
    ]);
    expect(detail.kycEditsUnreadable).toBe(0);
    expect(JSON.stringify(detail.kycEdits)).not.toContain('"YY"');
    const withEdits = detail.timeline.filter((entry) => Array.isArray(entry.detail.edits));
    expect(withEdits).toHaveLength(1);
    expect(withEdits[0]).toMatchObject({ event: 'kyc_batch.updated', resource: `batch:${detail.row.id}` });
    expect(withEdits[0]!.detail.edits).toEqual(detail.kycEdits);
    expect(detail.audit.state).not.toBe('failed');
  });

  it('shows, on reopening the file, the values sent for accepted rows, and counts what it shows', async () => {
    const again = await open();
    expect(again.sentValueRows).toBe(1);
    expect(again.counts).toMatchObject({ accepted: TOTAL - 1, invalid: 1, valid: 0 });
    const row = await rowAt(again.batchId, EDITED);
    expect(row).toMatchObject({ row: 43, state: 'accepted', errors: [] });
    expect(row.record.email).toBe(FIXED_EMAIL);
    expect(row.changed).toEqual({ email: { file: BAD_EMAIL, from: 'sent' } });
    // The row whose edit was never sent shows the file's value, and is the one invalid row.
    const invalid = await fx.data('kyc.rows', { batchId: again.batchId, filter: 'invalid' });
    expect(invalid.rows.map((view) => [view.index, view.record.country, view.changed])).toEqual([
      [NEVER_SENT, 'XX', undefined],
    ]);
    // Every row the grid shows as accepted is free of errors: no ⚠ beside "Accepted".
    const accepted = await fx.data('kyc.rows', { batchId: again.batchId, filter: 'accepted', limit: 100 });
    expect(accepted.rows.filter((view) => view.errors.length > 0)).toEqual([]);
  });

  it('refuses a malformed edit on write, and counts one that no longer reads back', async () => {
    const id = await batchRowId();
    const before = fx.paydesk.history.auditTrail(id).length;
    expect(() =>
      fx.paydesk.history.updateKycBatch(id, {
        edits: [{ row: 0, index: 0, field: 'email', old: 'a', new: 'b', operator: 'x', at: 1, userId: 'u' }],
      }),
    ).toThrow();
    expect(fx.paydesk.history.auditTrail(id)).toHaveLength(before);
    fx.paydesk.history.recordEvent({
      operator: 'someone',
      event: 'kyc_batch.updated',
      outcome: 'success',
      resource: `batch:${id}`,
      rowId: id,
      detail: { edits: [{ row: 43, field: 'nickname', old: 1 }] },
    });
    const read = fx.paydesk.history.kycEdits(id);
    expect(read.unreadable).toBe(1);
    expect(read.edits).toHaveLength(3);
  });
});
