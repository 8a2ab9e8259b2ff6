// What the grid says in its own space when the filter holds no row (a blank grid with a footnote read as
// "nothing loaded"), and the way back to every row. The last row of a filter fixed by keyboard takes its
// focused cell away: the way back takes the focus then, rather than the page's body (issue 35, item 10).
import { Button, Stack, Text } from '@mantine/core';
import { useT } from '@renderer/i18n/use-t';
import type { KycRowFilter } from '@shared/kyc-batch';
import { useEffect, useRef } from 'react';
import { HEADER_HEIGHT } from './grid-columns';

export function KycGridEmpty({ filter, onShowAll }: { filter: KycRowFilter; onShowAll: () => void }) {
  const t = useT();
  const title = t(`kyc.empty.${filter}.title`);
  const detail = t(`kyc.empty.${filter}.detail`);
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
          {t('kyc.empty.showAll')}
        </Button>
      )}
    </Stack>
  );
}
