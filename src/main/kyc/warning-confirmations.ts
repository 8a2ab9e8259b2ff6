// The compliance officer's confirmation of document-date warnings (kyc.confirmWarnings): an identity
// document expired, or not valid yet, on the desk's day (checking/document-dates.ts). Main finds the
// warnings again from the records it holds and its own clock, never from the page's list: a row that is
// not in the file, or has no warning today, is refused and nothing at all is confirmed.
import type { KycConfirmWarningsInput } from '@shared/kyc-batch';
import { refusal } from '../i18n/refuse';
import type { KycBatch } from './batch-store';

export type WarningScope =
  | Pick<Extract<KycConfirmWarningsInput, { scope: 'rows' }>, 'scope' | 'indices'>
  | Pick<Extract<KycConfirmWarningsInput, { scope: 'batch' }>, 'scope' | 'count'>;

/** What was confirmed: the rows (0-based indices, ascending) and the day (day number) they were checked on. */
export interface ConfirmedWarnings {
  indices: number[];
  today: number;
}

function rowsOf(batch: KycBatch, indices: readonly number[], today: number): number[] {
  const rows = [...new Set(indices)].sort((a, b) => a - b);
  for (const index of rows) {
    if (index >= batch.size) {
      throw refusal('not_found', 'refusal.kyc.noSuchRowConfirm', { row: index }, 'indices');
    }
    if (batch.dateWarnings.of(index, today) === 0) {
      throw refusal('invalid', 'refusal.kyc.noWarningInRow', { row: batch.rowNumbers[index]! }, 'indices');
    }
  }
  return rows;
}

/** Valid rows waiting for confirmation: the Warnings count the officer was shown. */
function batchRows(batch: KycBatch, shown: number): number[] {
  const rows = Array.from(batch.indicesFor('warnings'));
  if (rows.length === 0) {
    throw refusal('invalid', 'refusal.kyc.noWarnings');
  }
  if (rows.length !== shown) {
    throw refusal('conflict', 'refusal.kyc.warningsChanged', { now: rows.length, shown }, 'count');
  }
  return rows;
}

export function confirmWarnings(batch: KycBatch, scope: WarningScope): ConfirmedWarnings {
  const today = batch.dateWarnings.today();
  const indices =
    scope.scope === 'rows' ? rowsOf(batch, scope.indices, today) : batchRows(batch, scope.count);
  batch.dateWarnings.confirm(indices);
  return { indices, today };
}
