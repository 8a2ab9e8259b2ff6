// A day of KYC files must not leave a trace of each one in main: the batch service keeps a few batches and
// lets the oldest go, and the KYC service's own notes on a batch (its summary, its history row) go with it.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { expect, it } from 'vitest';
import type { HistoryStore } from '../../src/main/history/store/history-store';
import { createKycBatches } from '../../src/main/kyc/batches';
import { createKycService } from '../../src/main/kyc/kyc-service';
import { kycCsv, kycRecord } from '../support/kyc/generate';
import { kycWorkersForFile } from '../support/kyc/open';

setFlagsFromString('--expose-gc');
const workers = kycWorkersForFile();
const collectGarbage = runInNewContext('gc') as () => void;

it('lets go of the summary of a batch that the service no longer keeps', async () => {
  const kyc = createKycBatches({ workers, maxBatches: 2 });
  const desk = createKycService({
    batches: kyc,
    // Opening asks history only which userIds of the same file were accepted before.
    history: { findKycBatchesBySha256: () => [] } as unknown as HistoryStore,
    connection: () => Promise.reject(new Error('nothing is sent here')),
    emitProgress: () => undefined,
  });
  const open = (i: number) =>
    desk.open({ fileName: `day-${i}.csv`, bytes: Buffer.from(kycCsv([kycRecord(i)])).toString('base64') });

  const first = new WeakRef(await open(0));
  const firstId = first.deref()!.batchId;
  for (let i = 1; i <= 3; i++) await open(i);
  expect(kyc.isOpen(firstId)).toBe(false);

  await new Promise((resolve) => setImmediate(resolve));
  collectGarbage();
  expect(first.deref()).toBeUndefined();
});
