// One section of Settings: a bordered region named by its heading, with a line saying what it is for.
import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function SettingsSection({
  id,
  title,
  intro,
  children,
}: {
  /** Names the heading (`${id}-title`) the region is labelled by. */
  id: string;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={`${id}-title`}>
      <Stack gap="sm">
        <Stack gap={0}>
          <Title order={3} id={`${id}-title`}>
            {title}
          </Title>
          {intro && (
            <Text size="sm" c="dimmed">
              {intro}
            </Text>
          )}
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}
