// The counts of the batch, which are also the grid's filter: all rows, or only the invalid, valid,
// accepted or rejected ones (a radio group: arrow keys move between them).
import { SegmentedControl } from '@mantine/core';
import { KYC_ROW_FILTERS, type KycRowFilter } from '@shared/kyc-batch';
import { count } from './format';
import { useKycStore } from './store';

const LABEL: Record<KycRowFilter, string> = {
  all: 'All rows',
  invalid: 'Invalid',
  warnings: 'Warnings',
  valid: 'Valid',
  accepted: 'Accepted',
  rejected: 'Rejected',
};

export function KycFilterBar() {
  const counts = useKycStore((state) => state.counts);
  const filter = useKycStore((state) => state.filter);
  const setFilter = useKycStore((state) => state.setFilter);
  if (!counts) return null;
  const data = KYC_ROW_FILTERS.map((value) => ({
    value,
    label: `${LABEL[value]} (${count(value === 'all' ? counts.total : counts[value])})`,
  }));
  return (
    <SegmentedControl
      aria-label="Show rows"
      data={data}
      value={filter}
      onChange={(value) => setFilter(value as KycRowFilter)}
      size="sm"
      data-testid="kyc-filter"
    />
  );
}
