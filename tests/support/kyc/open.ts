// The KYC open path as tests drive it: one worker pool per test file, made the way the app makes its
// own and closed after the file's tests, and the refusal of a file opened through createKycBatches.
import { afterAll } from 'vitest';
import { createKycBatches, type KycBatchesOptions } from '../../../src/main/kyc/batches';
import { KycWorkerPool } from '../../../src/main/kyc/worker/worker-pool';
import type { Refusal } from '../../../src/main/refusal';
import { refusalOf } from '../app/refusal';

export const utf8 = (text: string) => new TextEncoder().encode(text);

/** The KYC worker threads this test file reads files in, closed after its tests. */
export function kycWorkersForFile(): KycWorkerPool {
  const workers = new KycWorkerPool();
  afterAll(() => workers.close());
  return workers;
}

/** The refusal of opening `bytes` as `fileName` (the test fails if the file opens). */
export function openRefusal(
  workers: KycWorkerPool,
  bytes: Uint8Array,
  fileName: string,
  options: Omit<KycBatchesOptions, 'workers'> = {},
): Promise<Refusal> {
  return refusalOf(createKycBatches({ workers, ...options }).open(bytes, fileName));
}
