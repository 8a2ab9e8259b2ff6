import { Stack, Text, Title } from '@mantine/core';

export function HistoryPage() {
  return (
    <Stack gap="xs" maw={720}>
      <Title order={2}>History</Title>
      <Text c="dimmed">Every pay-in and KYC batch sent from this desk, with what the gateway answered.</Text>
      <Text size="sm">This page is being built.</Text>
    </Stack>
  );
}
