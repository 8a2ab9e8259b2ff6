// A change of a batch's column mapping, made by hand: refused with the reason when it names a column the
// file lacks or leaves two columns feeding one field.
import type { KycColumnMapping, KycField } from '@shared/kyc-batch';
import { Refusal } from '../../refusal';

/** Applies `changes` to a copy of `mapping`: each header must exist, and each field be fed by one column. */
export function remapped(
  mapping: readonly KycColumnMapping[],
  changes: readonly KycColumnMapping[],
): KycColumnMapping[] {
  const next = mapping.map((column) => ({ ...column }));
  for (const change of changes) {
    const column = next.find((entry) => entry.header === change.header);
    if (!column) throw new Refusal('invalid', `The file has no column "${change.header}".`, 'mapping');
    column.field = change.field;
  }
  const seen = new Map<KycField, string>();
  for (const column of next) {
    if (column.field === null) continue;
    const other = seen.get(column.field);
    if (other !== undefined) {
      throw new Refusal(
        'invalid',
        `Columns "${other}" and "${column.header}" both feed ${column.field}.`,
        'mapping',
      );
    }
    seen.set(column.field, column.header);
  }
  return next;
}
