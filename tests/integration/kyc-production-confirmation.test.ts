// Identity records go to a production gateway only after the operator confirmed that very profile: main
// refuses the send otherwise, before anything is written or sent.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Fixture, startFixture } from '../support/app/paydesk-fixture';
import { withApproval } from '../support/app/sign-in';
import { kycCsv, kycRecord } from '../support/kyc/generate';

let fx: Fixture;
let batchId: string;
const batchRows = async () => (await fx.data('history.query', { kind: 'kyc_batch', limit: 50 })).rows.length;

beforeAll(async () => {
  fx = await startFixture();
  // A production gateway nobody answers at: a send that gets past the confirmation fails to connect.
  await fx.data('profiles.save', {
    id: 'live',
    name: 'Live',
    environment: 'production',
    baseUrl: 'https://127.0.0.1:9',
    kycBaseUrl: 'https://127.0.0.1:9',
    merchantId: 900001,
  });
  await fx.data('secret.set', { profileId: 'live', secret: 'live-secret' });
  await fx.data('profiles.activate', { id: 'live' });
  const csv = kycCsv(Array.from({ length: 3 }, (_, i) => kycRecord(i)));
  const summary = await fx.data('kyc.open', {
    fileName: 'people.csv',
    bytes: Buffer.from(csv).toString('base64'),
  });
  batchId = summary.batchId;
});
afterAll(() => fx.close());

describe('KYC to a production gateway', () => {
  it('is refused without a confirmation, and nothing is written', async () => {
    const answer = await fx.call('kyc.submit', { batchId });
    expect(answer).toMatchObject({ ok: false, error: { kind: 'conflict', field: 'confirmedProfile' } });
    if (!answer.ok) expect(answer.error.message).toMatch(/production gateway of "Live".*nothing was sent/);
    expect(await batchRows()).toBe(0);
  });

  it('is refused when another profile was confirmed', async () => {
    const answer = await fx.call('kyc.submit', { batchId, confirmedProfile: 'sandbox' });
    expect(answer).toMatchObject({ ok: false, error: { kind: 'conflict', field: 'confirmedProfile' } });
    expect(await batchRows()).toBe(0);
    expect(await fx.call('kyc.resubmitChunk', { batchId, chunkIndex: 0 })).toMatchObject({
      ok: false,
      error: { kind: 'conflict' },
    });
  });

  it('waits for a supervisor once this profile is confirmed, then goes ahead', async () => {
    const asked = await fx.call('kyc.submit', { batchId, confirmedProfile: 'live' });
    expect(asked).toMatchObject({
      ok: false,
      error: { kind: 'approval_needed', approval: { action: 'kyc.production' } },
    });
    expect(await batchRows()).toBe(0);
    await withApproval(fx.call, 'kyc.submit', { batchId, confirmedProfile: 'live' });
    // Past the confirmation and the approval, the batch is written before it is sent (here: to nobody).
    expect(await batchRows()).toBe(1);
  });

  it('asks nothing of a test gateway', async () => {
    await fx.data('profiles.activate', { id: 'sandbox' });
    const sent = await fx.call('kyc.submit', { batchId });
    expect(sent.ok).toBe(true);
  });
});
