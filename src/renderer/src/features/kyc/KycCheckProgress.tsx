// The check of a file opened by path, while it runs: how many of its rows main's workers have checked, the
// invalid ones found so far, and a way out. The rows checked are in the grid meanwhile; the rest show
// "Checking" until they are reached.
import { Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { useT } from '@renderer/i18n/use-t';
import { isChecking } from './kyc-state';
import { useKycStore } from './store';

export function KycCheckProgress() {
  const t = useT();
  const counts = useKycStore((state) => state.counts);
  const close = useKycStore((state) => state.close);
  if (!counts || !isChecking(counts)) return null;
  const checked = counts.total - counts.checking;
  const percent = counts.total > 0 ? Math.floor((checked / counts.total) * 100) : 100;
  return (
    <Paper withBorder p="sm" radius="md" data-testid="kyc-check-progress">
      <Stack gap={4}>
        <Group justify="space-between" gap="xs">
          <Text fw={700} size="sm">
            {t('kyc.check.title')}
          </Text>
          <Group gap="sm">
            <Text size="sm" data-testid="kyc-check-count">
              {t('kyc.check.count', {
                checked,
                total: counts.total,
                invalid: counts.invalid,
              })}
            </Text>
            <Button size="compact-sm" variant="default" onClick={() => void close()}>
              {t('kyc.check.stop')}
            </Button>
          </Group>
        </Group>
        <Progress value={percent} aria-label={t('kyc.check.progress')} color="indigo.7" animated size="md" />
        <Text size="xs" c="gray.7">
          {t('kyc.check.meanwhile')}
        </Text>
      </Stack>
    </Paper>
  );
}
