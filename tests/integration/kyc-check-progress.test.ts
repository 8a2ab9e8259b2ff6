// A file opened by path is answered as soon as it is read: its rows are there at once, `checking`, and
// take their states as the two worker threads check them, a range at a time. The verdicts are the same
// as a whole check's (duplicates across ranges too); what needs every row waits for the end; closing the
// file stops its check.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { KycCheckedEvent } from '@shared/kyc-batch';
import { describe, expect, it } from 'vitest';
import { createKycBatches } from '../../src/main/kyc/batches';
import { CHECK_RANGE_ROWS } from '../../src/main/kyc/check-run';
import { refusalOf } from '../support/app/refusal';
import { kycCsv, kycRecord } from '../support/kyc/generate';
import { kycWorkersForFile } from '../support/kyc/open';
import { tempFolderForFile } from '../support/temp-folder';

const workers = kycWorkersForFile();
const dir = tempFolderForFile('paydesk-check-progress-');

const COUNT = CHECK_RANGE_ROWS * 2 + 500;
/** Row 3's userId again in the third range, and a bad email in the second. */
const DUPLICATE = CHECK_RANGE_ROWS * 2 + 5;
const BAD_EMAIL = CHECK_RANGE_ROWS + 7;

function plantedText(): string {
  const records = Array.from({ length: COUNT }, (_, i) => kycRecord(i));
  records[DUPLICATE] = { ...records[DUPLICATE]!, userId: kycRecord(3).userId };
  records[BAD_EMAIL] = { ...records[BAD_EMAIL]!, email: 'not-an-email' };
  return kycCsv(records);
}

describe('a file opened by path, checked while it is shown', () => {
  const text = plantedText();

  it('answers with every row checking, then checks them all to the same verdicts as a whole open', async () => {
    const path = join(dir, 'planted.csv');
    writeFileSync(path, text);
    const events: KycCheckedEvent[] = [];
    const batches = createKycBatches({ workers, onChecked: (event) => events.push(event) });
    const opened = await batches.openPath(path);
    expect(opened.counts).toMatchObject({ total: COUNT, checking: COUNT, valid: 0, invalid: 0 });
    expect(
      batches.rows(opened.batchId, { limit: 3 }).rows.map((row) => [row.state, row.record.userId]),
    ).toEqual([0, 1, 2].map((i) => ['checking', kycRecord(i).userId]));

    const checked = await batches.checked(opened.batchId);
    expect(checked.counts).toMatchObject({ total: COUNT, checking: 0, invalid: 2, valid: COUNT - 2 });
    const whole = await batches.open(new TextEncoder().encode(text), 'planted.csv');
    expect(checked.counts).toEqual(whole.counts);
    expect(checked.errors).toEqual(whole.errors);
    expect(batches.rows(opened.batchId, { filter: 'invalid' }).rows).toEqual(
      batches.rows(whole.batchId, { filter: 'invalid' }).rows,
    );
    const [duplicate] = batches.rows(opened.batchId, { offset: DUPLICATE, limit: 1 }).rows;
    expect(duplicate?.errors).toEqual([
      {
        field: 'userId',
        message: 'The same userId as row 5: each person once per file.',
        words: { key: 'kyc.problem.duplicateUserId', values: { row: 5 } },
        source: 'file',
      },
    ]);

    // The events end with the summary at the end; any before it were taken while rows were still checking.
    expect(events.at(-1)).toEqual({ batchId: opened.batchId, phase: 'done', summary: checked });
    for (const event of events.slice(0, -1)) {
      expect(event.phase).toBe('checking');
      if (event.phase === 'checking') expect(event.summary.counts.checking).toBeGreaterThan(0);
    }
  });

  it('refuses what needs every row until every row is checked', async () => {
    const path = join(dir, 'waiting.csv');
    writeFileSync(path, text);
    const batches = createKycBatches({ workers });
    const { batchId } = await batches.openPath(path);
    const waiting = new RegExp(`still being checked \\(0 of ${COUNT.toLocaleString('en-US')} rows\\)`);
    expect(() => batches.update(batchId, 0, 'firstName', 'Ana')).toThrow(waiting);
    for (const refused of [
      batches.exportRejected(batchId),
      batches.setMapping(batchId, [{ header: 'email', field: null }]),
      batches.submit(batchId, {
        send: async () => ({ kind: 'not_sent', message: 'never' }),
        onlyRemaining: true,
      }),
    ]) {
      expect(await refusalOf(refused)).toMatchObject({
        kind: 'conflict',
        message: expect.stringMatching(waiting),
      });
    }
    await batches.checked(batchId);
    expect(batches.update(batchId, 0, 'firstName', 'Ana').row.state).toBe('valid');
  });

  it('stops checking a file closed meanwhile, and lets it go', async () => {
    const path = join(dir, 'closed.csv');
    writeFileSync(path, text);
    const events: KycCheckedEvent[] = [];
    const batches = createKycBatches({ workers, onChecked: (event) => events.push(event) });
    const { batchId } = await batches.openPath(path);
    expect(batches.close(batchId)).toBe(true);
    await expect(batches.checked(batchId)).rejects.toThrow('The check of this file was stopped.');
    expect(batches.isOpen(batchId)).toBe(false);
    expect((await refusalOf(Promise.resolve().then(() => batches.rows(batchId)))).kind).toBe('not_found');
    // Neither a failure nor an end is told of a file the operator closed.
    expect(events.filter((event) => event.phase !== 'checking')).toEqual([]);
    // The threads carry on with the next file.
    const next = await batches.openPath(path);
    expect((await batches.checked(next.batchId)).counts.invalid).toBe(2);
  });
});
