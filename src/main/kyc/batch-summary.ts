// What the renderer is told of a batch: its counts, mapping, the first errors in row order, its notes, how
// its date columns are read, and whether it shows values sent before.
import { KYC_SUMMARY_ERRORS, type KycBatchSummary } from '@shared/kyc-batch';
import type { KycBatch } from './batch-store';
import { dateColumnsOf } from './checking/date-order';
import { missingRequiredFields, unmappedHeaders } from './checking/header-mapping';

export function summaryOf(
  batch: KycBatch,
  mappingFrom: KycBatchSummary['mappingFrom'] = 'guessed',
): KycBatchSummary {
  const errors: KycBatchSummary['errors'] = [];
  const sentValueRows = batch.trail.sentValueRows();
  // The first rows in file order of two sorted lists, merged only as far as the summary reaches.
  const invalid = batch.indicesFor('invalid');
  const rejected = batch.indicesFor('rejected');
  for (
    let a = 0, b = 0;
    errors.length < KYC_SUMMARY_ERRORS && (a < invalid.length || b < rejected.length);
  ) {
    const index =
      b >= rejected.length || (a < invalid.length && invalid[a]! < rejected[b]!)
        ? invalid[a++]!
        : rejected[b++]!;
    for (const error of batch.errorsOf(index)) {
      if (errors.length >= KYC_SUMMARY_ERRORS) break;
      errors.push({ ...error, index, row: batch.rowNumbers[index]! });
    }
  }
  return {
    mappingFrom,
    batchId: batch.id,
    fileName: batch.fileName,
    format: batch.format,
    sha256: batch.sha256,
    counts: batch.counts(),
    mapping: batch.mapping.map((column) => ({ ...column })),
    unmappedHeaders: unmappedHeaders(batch.mapping),
    missingRequiredFields: missingRequiredFields(batch.mapping),
    errors,
    warnings: [...batch.warnings],
    dateColumns: dateColumnsOf(batch),
    ...(sentValueRows > 0 && { sentValueRows }),
  };
}
