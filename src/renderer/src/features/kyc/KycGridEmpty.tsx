// What the grid says in its own space when the filter holds no row (a blank grid with a footnote read as
// "nothing loaded"), and the way back to every row. The last row of a filter fixed by keyboard takes its
// focused cell away: the way back takes the focus then, rather than the page's body (issue 35, item 10).
import { Button, Stack, Text } from '@mantine/core';
import type { KycRowFilter } from '@shared/kyc-batch';
import { useEffect, useRef } from 'react';
import { HEADER_HEIGHT } from './grid-columns';

const SAYS: Record<KycRowFilter, { title: string; detail: string }> = {
  all: { title: 'The file has no records.', detail: 'Only its header row was found.' },
  invalid: { title: 'No invalid rows.', detail: 'Every record passed the checks.' },
  warnings: {
    title: 'No document dates to confirm.',
    detail: 'No valid row has an identity document expired or not valid yet, or each one was confirmed.',
  },
  valid: {
    title: 'No valid rows.',
    detail: 'Fix the invalid rows in the grid, or export them and fix the file.',
  },
  accepted: {
    title: 'No rows accepted.',
    detail: 'A row counts as accepted only once the gateway has said so for it.',
  },
  rejected: { title: 'No rows rejected.', detail: 'The gateway has refused none of the rows sent.' },
};

export function KycGridEmpty({ filter, onShowAll }: { filter: KycRowFilter; onShowAll: () => void }) {
  const { title, detail } = SAYS[filter];
  const showAll = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // Only a focus that was lost: one the officer put elsewhere (the filter, a button) stays.
    if (document.activeElement === document.body) showAll.current?.focus();
  }, []);
  return (
    <Stack
      align="center"
      gap={6}
      py="xl"
      px="md"
      data-testid="kyc-grid-empty"
      style={{ position: 'absolute', inset: `${HEADER_HEIGHT}px 0 auto 0`, textAlign: 'center' }}
    >
      <Text fw={600} id="kyc-grid-empty-title">
        {title}
      </Text>
      <Text size="sm" c="gray.7">
        {detail}
      </Text>
      {filter !== 'all' && (
        <Button
          variant="light"
          size="xs"
          onClick={onShowAll}
          ref={showAll}
          aria-describedby="kyc-grid-empty-title"
        >
          Show all rows
        </Button>
      )}
    </Stack>
  );
}
