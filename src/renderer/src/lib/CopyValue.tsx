import { ActionIcon, CopyButton, Group, Tooltip } from '@mantine/core';
import { CheckIcon, CopyIcon } from './icons';

/** A value with a button that copies it: order numbers, orderId, traceid. */
export function CopyValue({ label, value }: { label: string; value: string }) {
  return (
    <Group gap={4} wrap="nowrap" justify="space-between">
      <span>{value}</span>
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? 'Copied' : `Copy ${label}`} withArrow>
            <ActionIcon
              variant="subtle"
              color={copied ? 'green' : 'gray'}
              onClick={copy}
              aria-label={`Copy ${label}`}
            >
              {copied ? <CheckIcon /> : <CopyIcon />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}
