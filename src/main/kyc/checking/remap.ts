// A change of a batch's column mapping, made by hand: refused with the reason when it names a column the
// file lacks or leaves two columns feeding one field.
import type { KycColumnMapping, KycField } from '@shared/kyc-batch';
import { refusal } from '../../i18n/refuse';

/** Applies `changes` to a copy of `mapping`: each header must exist, and each field be fed by one column. */
export function remapped(
  mapping: readonly KycColumnMapping[],
  changes: readonly KycColumnMapping[],
): KycColumnMapping[] {
  const next = mapping.map((column) => ({ ...column }));
  for (const change of changes) {
    const column = next.find((entry) => entry.header === change.header);
    if (!column) throw refusal('invalid', 'refusal.kyc.noSuchColumn', { header: change.header }, 'mapping');
    column.field = change.field;
  }
  const seen = new Map<KycField, string>();
  for (const column of next) {
    if (column.field === null) continue;
    const other = seen.get(column.field);
    if (other !== undefined) {
      throw refusal(
        'invalid',
        'refusal.kyc.twoColumnsOneField',
        { first: other, second: column.header, field: column.field },
        'mapping',
      );
    }
    seen.set(column.field, column.header);
  }
  return next;
}
