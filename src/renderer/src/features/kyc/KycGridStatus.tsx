// The line under the grid: where the active cell is and what is wrong with it (the same words as its
// tooltip, for a glance without hovering; on two lines when it is long), and how many rows the filter holds.
import { Loader, Text } from '@mantine/core';
import { useT } from '@renderer/i18n/use-t';
import { GridFooter } from '@renderer/lib/GridFooter';
import type { KycField, KycRowError, KycRowFilter, KycRowView } from '@shared/kyc-batch';
import { gridHeader } from './grid-columns';
import { changeText } from './KycGridRow';
import { errorText } from './problem-text';

export function KycGridStatus({
  total,
  filter,
  row,
  field,
  errors,
}: {
  total: number;
  filter: KycRowFilter;
  row: KycRowView | undefined;
  field: KycField | undefined;
  errors: readonly KycRowError[];
}) {
  const t = useT();
  let detail = '';
  if (row && errors.length > 0) detail = ` — ${errorText(t, errors)}`;
  else if (row && row.errors.length > 0) {
    detail = ` — ${t('kyc.status.problems', { count: row.errors.length })}`;
  }
  const change = row && field ? row.changed?.[field] : undefined;
  if (change) detail += ` — ${changeText(t, change)}`;
  return (
    <GridFooter mih={30} wrap="nowrap" data-testid="kyc-active-cell">
      {total === 0 ? (
        <Text size="xs" c="gray.7">
          {filter === 'all' ? t('kyc.empty.all.title') : t('kyc.status.noMatch')}
        </Text>
      ) : row ? (
        <Text size="xs" c="gray.8" style={{ flex: 1, minWidth: 0 }}>
          <strong>
            {t('kyc.status.row', { row: row.row })}
            {field ? ` · ${t('kyc.field.named', { label: gridHeader(t, field), field })}` : ''}
          </strong>
          {detail}
        </Text>
      ) : (
        <>
          <Loader size="xs" />
          <Text size="xs">{t('kyc.status.loading')}</Text>
        </>
      )}
      <Text size="xs" c="gray.7" ml="auto" style={{ whiteSpace: 'nowrap' }}>
        {t(`kyc.status.rows.${filter}`, { count: total })}
      </Text>
    </GridFooter>
  );
}
