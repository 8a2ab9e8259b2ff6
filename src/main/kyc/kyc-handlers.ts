// What the kyc.* channels answer (and kyc.openPath, a file channel): every one goes to the KYC service
// (kyc-service.ts), with its input as the contract parsed it.
import { csvFormOf } from '../csv/csv-form';
import type { FileHandlers, HandlersOf } from '../ipc/dispatch';
import type { KycService } from './kyc-service';

export function kycHandlers(kyc: KycService): HandlersOf<'kyc'> {
  return {
    'kyc.prepare': async () => {
      await kyc.prepare();
      return { ready: true as const, maxFileBytes: kyc.maxFileBytes };
    },
    'kyc.open': (input) => kyc.open(input),
    'kyc.setMapping': ({ batchId, mapping }) => kyc.setMapping(batchId, mapping),
    'kyc.setDateOrder': (input) => kyc.setDateOrder(input),
    'kyc.rows': async ({ batchId, ...query }) => kyc.rows(batchId, query),
    'kyc.update': async ({ batchId, index, field, value }) => kyc.update(batchId, index, field, value),
    'kyc.submit': ({ batchId, onlyRemaining, confirmedProfile }) =>
      kyc.submit(batchId, onlyRemaining, confirmedProfile),
    'kyc.resubmitChunk': ({ batchId, chunkIndex, confirmedProfile }) =>
      kyc.resubmitChunk(batchId, chunkIndex, confirmedProfile),
    'kyc.exportRejected': async ({ batchId, format }) => kyc.exportRejected(batchId, await csvFormOf(format)),
    'kyc.close': async ({ batchId }) => kyc.close(batchId),
    'kyc.confirmWarnings': (input) => kyc.confirmWarnings(input),
  };
}

/** The file channels of KYC: a path a host derived from a File the operator gave (never the page). */
export function kycFileHandlers(kyc: KycService): FileHandlers {
  return { 'kyc.openPath': (input) => kyc.openPath(input) };
}
