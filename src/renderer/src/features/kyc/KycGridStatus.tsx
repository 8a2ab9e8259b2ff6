// The line under the grid: where the active cell is and what is wrong with it (the same words as its
// tooltip, for a glance without hovering), and how many rows the filter holds.
import { Loader, Text } from '@mantine/core';
import { GridFooter } from '@renderer/lib/GridFooter';
import type { KycField, KycRowError, KycRowFilter, KycRowView } from '@shared/kyc-batch';
import { count } from './format';
import { GRID_HEADERS } from './grid-columns';
import { changeText, errorText } from './KycGridRow';

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
  let detail = '';
  if (row && errors.length > 0) detail = ` — ${errorText(errors)}`;
  else if (row && row.errors.length > 0) {
    detail = ` — ${row.errors.length === 1 ? '1 problem' : `${row.errors.length} problems`} in this row`;
  }
  const change = row && field ? row.changed?.[field] : undefined;
  if (change) detail += ` — ${changeText(change)}`;
  return (
    <GridFooter mih={30} wrap="nowrap" data-testid="kyc-active-cell">
      {total === 0 ? (
        <Text size="xs" c="gray.7">
          {filter === 'all' ? 'The file has no records.' : 'No row matches this filter.'}
        </Text>
      ) : row ? (
        <Text size="xs" c="gray.8" truncate>
          <strong>
            Row {row.row}
            {field ? ` · ${GRID_HEADERS[field]} (${field})` : ''}
          </strong>
          {detail}
        </Text>
      ) : (
        <>
          <Loader size="xs" />
          <Text size="xs">Loading rows…</Text>
        </>
      )}
      <Text size="xs" c="gray.7" ml="auto" style={{ whiteSpace: 'nowrap' }}>
        {count(total)}{' '}
        {filter === 'all' ? 'rows' : filter === 'warnings' ? 'rows to confirm' : `${filter} rows`}
      </Text>
    </GridFooter>
  );
}
