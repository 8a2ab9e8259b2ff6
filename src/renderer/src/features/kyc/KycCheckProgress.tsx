// The check of a file opened by path, while it runs: how many of its rows main's workers have checked, the
// invalid ones found so far, and a way out. The rows checked are in the grid meanwhile; the rest show
// "Checking" until they are reached.
import { Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { count } from './format';
import { isChecking } from './kyc-state';
import { useKycStore } from './store';

export function KycCheckProgress() {
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
            Checking records…
          </Text>
          <Group gap="sm">
            <Text size="sm" data-testid="kyc-check-count">
              {count(checked)} of {count(counts.total)} checked · {count(counts.invalid)} invalid so far
            </Text>
            <Button size="compact-sm" variant="default" onClick={() => void close()}>
              Stop and close file
            </Button>
          </Group>
        </Group>
        <Progress value={percent} aria-label="Records checked" color="indigo.7" animated size="md" />
        <Text size="xs" c="gray.7">
          The rows checked so far can be read and scrolled now; sending, export and changes to the mapping
          wait until every row is checked.
        </Text>
      </Stack>
    </Paper>
  );
}
