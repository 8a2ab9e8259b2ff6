// How the file's date columns are read (issue 35, item 9): a column whose rows prove it writes the day
// first (17.03.1979) reads its undecided dates (07.03.1979) that way, and the officer sees which row proved
// it; a column whose rows prove both orders reads none of them, and says so.
import { Alert, List } from '@mantine/core';
import type { KycDateColumn } from '@shared/kyc-batch';

const ORDER_WORDS = { 'day-first': 'day first', 'month-first': 'month first' } as const;

function sentenceOf(column: KycDateColumn): string {
  const { reading } = column;
  if (reading.kind === 'proven') {
    return `“${column.header}”: dates read ${ORDER_WORDS[reading.order]}, as row ${reading.row} (${reading.text}) shows.`;
  }
  return `“${column.header}” has dates written day first (row ${reading.dayFirstRow}) and month first (row ${reading.monthFirstRow}): a date there that reads both ways is not guessed; fix it as YYYY-MM-DD.`;
}

export function KycDateColumns({ columns }: { columns: readonly KycDateColumn[] }) {
  if (columns.length === 0) return null;
  return (
    <Alert color="blue" p="xs" title="Dates in the file" data-testid="kyc-date-columns">
      <List size="sm" spacing={2}>
        {columns.map((column) => (
          <List.Item key={column.header}>{sentenceOf(column)}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
