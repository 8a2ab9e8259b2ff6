// Issue 35, item 5: an identity document expired (certificateDateEnd before today) or not yet valid
// (certificateDateStart after today) is a warning the compliance officer confirms before the row is sent.
// Through the real composition root and the embedded sandbox, with main's clock set to a fixed day.
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { HistoryRow } from '@shared/history';
import type { KycBatchSummary } from '@shared/kyc-batch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Fixture, startFixture } from '../support/app/paydesk-fixture';
import { kycCsv, kycRecord } from '../support/kyc/generate';
import { kycRecords } from '../support/sandbox/gateway-inspection';

// Noon of 28 November 2026 on the desk (the zone this test runs in): main reads the desk's local day.
const TODAY = new Date(2026, 10, 28, 12).getTime();
const EXPIRED = 3;
const NOT_YET_VALID = 5;
const ENDS_TODAY = 7;
const STARTS_TODAY = 8;

function records() {
  const rows = Array.from({ length: 10 }, (_, i) => kycRecord(500 + i));
  rows[EXPIRED] = { ...rows[EXPIRED]!, certificateDateStart: '2014-05-01', certificateDateEnd: '2024-04-30' };
  rows[NOT_YET_VALID] = {
    ...rows[NOT_YET_VALID]!,
    certificateDateStart: '2027-01-15',
    certificateDateEnd: '2037-01-14',
  };
  rows[ENDS_TODAY] = {
    ...rows[ENDS_TODAY]!,
    certificateDateStart: '2016-11-29',
    certificateDateEnd: '2026-11-28',
  };
  rows[STARTS_TODAY] = {
    ...rows[STARTS_TODAY]!,
    certificateDateStart: '2026-11-28',
    certificateDateEnd: '2036-11-27',
  };
  return rows;
}
const CSV = kycCsv(records());
const userIdOf = (index: number) => records()[index]!.userId;

let fx: Fixture;
/** Main's clock, moved on by the test of the day's turn. */
let clock = TODAY;
beforeAll(async () => {
  fx = await startFixture({ now: () => clock });
});
afterAll(() => fx.close());

const open = (): Promise<KycBatchSummary> =>
  fx.data('kyc.open', { fileName: 'documents.csv', bytes: Buffer.from(CSV).toString('base64') });
const held = async () =>
  new Set((await kycRecords(fx.paydesk.sandbox, 100001)).map((record) => record.userId));
function auditEntries(where: string) {
  const db = new DatabaseSync(join(fx.dataDir, 'history.sqlite'), { readOnly: true });
  try {
    return db.prepare(`SELECT * FROM audit_log WHERE ${where} ORDER BY seq`).all();
  } finally {
    db.close();
  }
}
const kycHistory = async (): Promise<HistoryRow[]> =>
  (await fx.data('history.query', { kind: 'kyc_batch' })).rows;

describe('document dates on the desk’s day', () => {
  let summary: KycBatchSummary;

  it('flags the expired and the not-yet-valid document as warnings, still valid, and not a document in force today', async () => {
    summary = await open();
    expect(summary.counts).toMatchObject({ total: 10, valid: 10, invalid: 0, warnings: 2 });
    const page = await fx.data('kyc.rows', { batchId: summary.batchId, filter: 'warnings' });
    expect(page.total).toBe(2);
    expect(page.rows.map((row) => row.index)).toEqual([EXPIRED, NOT_YET_VALID]);
    expect(page.rows.map((row) => row.state)).toEqual(['valid', 'valid']);
    expect(page.rows[0]!.warnings).toEqual([
      expect.objectContaining({ field: 'certificateDateEnd', confirmed: false }),
    ]);
    expect(page.rows[0]!.warnings[0]!.message).toContain('expired on 2024-04-30');
    expect(page.rows[1]!.warnings).toEqual([
      expect.objectContaining({ field: 'certificateDateStart', confirmed: false }),
    ]);
    const all = await fx.data('kyc.rows', { batchId: summary.batchId });
    expect(all.rows[ENDS_TODAY]!.warnings).toEqual([]);
    expect(all.rows[STARTS_TODAY]!.warnings).toEqual([]);
  });

  it('refuses a forged confirmation of a row without a warning, or of a row not in the file, and confirms nothing', async () => {
    for (const indices of [[ENDS_TODAY], [EXPIRED, 0], [EXPIRED, 10], [99_999]]) {
      const result = await fx.call('kyc.confirmWarnings', {
        batchId: summary.batchId,
        scope: 'rows',
        indices,
      });
      expect(result.ok).toBe(false);
    }
    const refusal = await fx.call('kyc.confirmWarnings', {
      batchId: summary.batchId,
      scope: 'rows',
      indices: [0],
    });
    expect(refusal).toMatchObject({ ok: false, error: { kind: 'invalid' } });
    expect(!refusal.ok && refusal.error.message).toContain('Row 2 has no document-date warning');
    const wrongCount = await fx.call('kyc.confirmWarnings', {
      batchId: summary.batchId,
      scope: 'batch',
      count: 5,
    });
    expect(wrongCount).toMatchObject({ ok: false, error: { kind: 'conflict' } });
    const notAList = await fx.call('kyc.confirmWarnings', {
      batchId: summary.batchId,
      scope: 'rows',
      indices: 'all',
    });
    expect(notAList).toMatchObject({ ok: false, error: { kind: 'invalid' } });
    expect((await fx.data('kyc.rows', { batchId: summary.batchId, filter: 'warnings' })).total).toBe(2);
  });

  it('sends every row but the two that wait for confirmation, and says how many wait', async () => {
    const result = await fx.data('kyc.submit', { batchId: summary.batchId });
    expect(result.awaitingConfirmation).toBe(2);
    expect(result.counts).toMatchObject({ accepted: 8, valid: 2, warnings: 2 });
    const sent = await held();
    expect(sent.size).toBe(8);
    expect(sent.has(userIdOf(EXPIRED))).toBe(false);
    expect(sent.has(userIdOf(NOT_YET_VALID))).toBe(false);
    expect(sent.has(userIdOf(ENDS_TODAY))).toBe(true);
  });

  it('sends a row once it is confirmed, and records who confirmed which row in the batch’s record and the audit trail', async () => {
    const confirmed = await fx.data('kyc.confirmWarnings', {
      batchId: summary.batchId,
      scope: 'rows',
      indices: [EXPIRED],
    });
    expect(confirmed.rows).toEqual([EXPIRED + 2]);
    expect(confirmed.counts.warnings).toBe(1);
    const row = (await fx.data('kyc.rows', { batchId: summary.batchId, offset: EXPIRED, limit: 1 })).rows[0]!;
    expect(row.warnings[0]!.confirmed).toBe(true);

    const result = await fx.data('kyc.submit', { batchId: summary.batchId });
    expect(result.awaitingConfirmation).toBe(1);
    expect(result.sentRecords).toBe(1);
    const sent = await held();
    expect(sent.has(userIdOf(EXPIRED))).toBe(true);
    expect(sent.has(userIdOf(NOT_YET_VALID))).toBe(false);

    const [batch] = await kycHistory();
    const detail = await fx.data('history.get', { id: batch!.id });
    const confirmation = detail.timeline.find((entry) => entry.event === 'kyc_batch.warnings_confirmed');
    expect(confirmation).toMatchObject({
      operator: expect.any(String),
      detail: {
        scope: 'rows',
        rows: String(EXPIRED + 2),
        rowCount: 1,
        deskDay: '2026-11-28',
        confirmedAt: TODAY,
      },
    });
    expect(detail.audit.state).toBe('verified');
  });

  it('confirms the rest for the whole batch, recorded at once in the batch’s record, and sends it', async () => {
    const confirmed = await fx.data('kyc.confirmWarnings', {
      batchId: summary.batchId,
      scope: 'batch',
      count: 1,
    });
    expect(confirmed.rows).toEqual([NOT_YET_VALID + 2]);
    expect(confirmed.counts.warnings).toBe(0);
    const [batch] = await kycHistory();
    const timeline = (await fx.data('history.get', { id: batch!.id })).timeline;
    expect(
      timeline
        .filter((entry) => entry.event === 'kyc_batch.warnings_confirmed')
        .map((entry) => entry.detail.scope),
    ).toEqual(['rows', 'batch']);
    const result = await fx.data('kyc.submit', { batchId: summary.batchId });
    expect(result.awaitingConfirmation).toBe(0);
    expect((await held()).size).toBe(10);
  });
});

describe('a confirmation made before anything was sent', () => {
  it('is in the audit trail at once, and in the batch’s record once its first chunk leaves', async () => {
    const csv = kycCsv([
      { ...kycRecord(700), certificateDateStart: '2010-01-01', certificateDateEnd: '2020-01-01' },
      kycRecord(701),
    ]);
    const summary = await fx.data('kyc.open', {
      fileName: 'early.csv',
      bytes: Buffer.from(csv).toString('base64'),
    });
    expect(summary.counts.warnings).toBe(1);
    await fx.data('kyc.confirmWarnings', { batchId: summary.batchId, scope: 'batch', count: 1 });
    const loose = auditEntries("event = 'kyc_batch.warnings_confirmed' AND row_id IS NULL");
    expect(loose).toHaveLength(1);
    expect(loose[0]).toMatchObject({ resource: `kyc-file:${summary.sha256}` });
    expect(JSON.parse(String(loose[0]!.detail_json))).toMatchObject({ rows: '2', fileName: 'early.csv' });
    const result = await fx.data('kyc.submit', { batchId: summary.batchId });
    expect(result).toMatchObject({ sentRecords: 2, awaitingConfirmation: 0 });
    const [batch] = await kycHistory();
    expect(batch).toMatchObject({ fileName: 'early.csv' });
    const timeline = (await fx.data('history.get', { id: batch!.id })).timeline;
    expect(timeline.find((entry) => entry.event === 'kyc_batch.warnings_confirmed')).toMatchObject({
      detail: { scope: 'batch', rows: '2', rowCount: 1, sha256: summary.sha256 },
    });
  });
});

describe('the day turning while a file is open', () => {
  it('finds the warning of a document that expired since the file was opened, and asks again when a confirmed date is changed', async () => {
    const csv = kycCsv([
      { ...kycRecord(800), certificateDateStart: '2016-11-29', certificateDateEnd: '2026-11-28' },
      { ...kycRecord(801), certificateDateStart: '2010-01-01', certificateDateEnd: '2020-01-01' },
    ]);
    const summary = await fx.data('kyc.open', {
      fileName: 'midnight.csv',
      bytes: Buffer.from(csv).toString('base64'),
    });
    expect(summary.counts.warnings).toBe(1);
    await fx.data('kyc.confirmWarnings', { batchId: summary.batchId, scope: 'rows', indices: [1] });
    const edited = await fx.data('kyc.update', {
      batchId: summary.batchId,
      index: 1,
      field: 'certificateDateEnd',
      value: '2021-01-01',
    });
    expect(edited.row.warnings).toEqual([expect.objectContaining({ confirmed: false })]);
    expect(edited.counts.warnings).toBe(1);

    clock = new Date(2026, 10, 29, 12).getTime();
    try {
      const page = await fx.data('kyc.rows', { batchId: summary.batchId, filter: 'warnings' });
      expect(page.rows.map((row) => row.index)).toEqual([0, 1]);
      expect(page.rows[0]!.warnings[0]!.message).toContain('today is 2026-11-29');
      const result = await fx.data('kyc.submit', { batchId: summary.batchId });
      expect(result).toMatchObject({ sentRecords: 0, awaitingConfirmation: 2 });
    } finally {
      clock = TODAY;
    }
  });
});
