// The line under a grid (History's list, the KYC grid): what the grid holds, or that it is loading, in
// one look on every page.
import { Group, type GroupProps } from '@mantine/core';

export function GridFooter(props: GroupProps & { 'data-testid'?: string }) {
  return (
    <Group gap={6} px="sm" py={4} style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }} {...props} />
  );
}
