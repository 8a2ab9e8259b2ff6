// A KYC batch's hand edits, read back from its audit entries (history-store.ts writes them into the
// `kyc_batch.updated` entry of the save that followed their records' sending). Each entry's list is
// parsed with the schema it was written under: a list that no longer parses is counted, never half-read.
import { type KycEdit, kycEditsSchema } from '@shared/kyc-edits';
import type { AuditEntry } from '../audit/audit-chain';

interface KycEditsRead {
  /** Every edit, oldest first. */
  edits: KycEdit[];
  /** Audit entries whose edits did not parse (a damaged or foreign entry): their edits are left out. */
  unreadable: number;
}

export function kycEditsInTrail(entries: readonly AuditEntry[]): KycEditsRead {
  const edits: KycEdit[] = [];
  let unreadable = 0;
  for (const entry of entries) {
    if (entry.event !== 'kyc_batch.updated' || !Object.hasOwn(entry.detail, 'edits')) continue;
    const parsed = kycEditsSchema.safeParse(entry.detail.edits);
    if (parsed.success) edits.push(...parsed.data);
    else unreadable++;
  }
  // Sorted by time: one entry holds a chunk's edits in the order its records were sent.
  return { edits: edits.sort((a, b) => a.at - b.at), unreadable };
}
