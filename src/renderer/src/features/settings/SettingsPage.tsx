import { Stack, Text, Title } from '@mantine/core';

export function SettingsPage() {
  return (
    <Stack gap="xs" maw={720}>
      <Title order={2}>Settings</Title>
      <Text c="dimmed">Connection profiles, merchant secrets and the operator name.</Text>
      <Text size="sm">This page is being built.</Text>
    </Stack>
  );
}
