// The hint is the button's title, as on History's rows: a Tooltip would bring Mantine's floating layer
// into the pay-in page's start (lib/SearchSelect.tsx says why that matters).
import { ActionIcon, CopyButton, Group } from '@mantine/core';
import { CheckIcon, CopyIcon } from './icons';

/** A value with a button that copies it: order numbers, orderId, traceid. */
export function CopyValue({ label, value }: { label: string; value: string }) {
  return (
    <Group gap={4} wrap="nowrap" justify="space-between">
      <span>{value}</span>
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <ActionIcon
            variant="subtle"
            color={copied ? 'green' : 'gray'}
            onClick={copy}
            aria-label={`Copy ${label}`}
            title={copied ? 'Copied' : `Copy ${label}`}
          >
            {copied ? <CheckIcon /> : <CopyIcon />}
          </ActionIcon>
        )}
      </CopyButton>
    </Group>
  );
}
