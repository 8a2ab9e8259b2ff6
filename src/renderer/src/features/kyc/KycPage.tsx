import { Stack, Text, Title } from '@mantine/core';

export function KycPage() {
  return (
    <Stack gap="xs" maw={720}>
      <Title order={2}>KYC batches</Title>
      <Text c="dimmed">
        Upload a file of identity records, check them, and send them to the gateway in batches.
      </Text>
      <Text size="sm">This page is being built.</Text>
    </Stack>
  );
}
