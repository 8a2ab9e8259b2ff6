// One record against the wire schema, every issue of it (not just the first), as row errors.
import { KYC_FIELDS, kycRecordSchema } from '../../shared/gateway/kyc';
import type { KycField, KycRowError } from '../../shared/kyc-batch';
import type { NormalizedRecord } from './normalize';

const FIELDS: ReadonlySet<string> = new Set(KYC_FIELDS);
const isField = (key: unknown): key is KycField => typeof key === 'string' && FIELDS.has(key);

/** The record's errors, or undefined when the gateway's schema accepts it. */
export function validateRecord(record: NormalizedRecord): KycRowError[] | undefined {
  const result = kycRecordSchema.safeParse(record);
  if (result.success) return undefined;
  return result.error.issues.map((issue) => {
    const [key, item] = issue.path;
    // A URL list's issue names the item: "URL 2: A web address starting with http:// or https://."
    const message = typeof item === 'number' ? `URL ${item + 1}: ${issue.message}` : issue.message;
    return { field: isField(key) ? key : null, message, source: 'file' as const };
  });
}
