// The hint is the button's title, as on History's rows: a Tooltip would bring Mantine's floating layer
// into the pay-in page's start (lib/SearchSelect.tsx says why that matters).
import { ActionIcon, CopyButton, Group } from '@mantine/core';
import { useT } from '@renderer/i18n/use-t';
import { CheckIcon, CopyIcon } from './icons';

/** A value with a button that copies it: order numbers, orderId, traceid. `label`: the value's name, in words. */
export function CopyValue({ label, value }: { label: string; value: string }) {
  const t = useT();
  return (
    <Group gap={4} wrap="nowrap" justify="space-between">
      <span>{value}</span>
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <ActionIcon
            variant="subtle"
            color={copied ? 'green' : 'gray'}
            onClick={copy}
            aria-label={t('copy.label', { what: label })}
            title={copied ? t('copy.copied') : t('copy.label', { what: label })}
          >
            {copied ? <CheckIcon /> : <CopyIcon />}
          </ActionIcon>
        )}
      </CopyButton>
    </Group>
  );
}
