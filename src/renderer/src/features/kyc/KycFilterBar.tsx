// The counts of the batch, which are also the grid's filter: all rows, or only the invalid, valid,
// accepted or rejected ones (a radio group: arrow keys move between them).
import { SegmentedControl } from '@mantine/core';
import { useT } from '@renderer/i18n/use-t';
import { KYC_ROW_FILTERS, type KycRowFilter } from '@shared/kyc-batch';
import { useKycStore } from './store';

export function KycFilterBar() {
  const t = useT();
  const counts = useKycStore((state) => state.counts);
  const filter = useKycStore((state) => state.filter);
  const setFilter = useKycStore((state) => state.setFilter);
  if (!counts) return null;
  const data = KYC_ROW_FILTERS.map((value) => ({
    value,
    label: t(`kyc.filter.${value}`, { count: value === 'all' ? counts.total : counts[value] }),
  }));
  return (
    <SegmentedControl
      aria-label={t('kyc.filter.label')}
      data={data}
      value={filter}
      onChange={(value) => setFilter(value as KycRowFilter)}
      size="sm"
      data-testid="kyc-filter"
    />
  );
}
