// Settings: connection profiles (with each one's merchant secret and connection test), the operator, and
// the operator lock, team mode. Everything here is main's to keep: the page shows what main answered.
import '@mantine/core/styles/PasswordInput.css';
import { Stack, Text, Title } from '@mantine/core';
import { OperatorLockSection } from './OperatorLockSection';
import { OperatorSection } from './OperatorSection';
import { ProfilesSection } from './ProfilesSection';
import { SettingsNotices } from './SettingsNotices';
import { TeamSection } from './TeamSection';

export function SettingsPage() {
  return (
    <Stack gap="md" maw={1100}>
      <Stack gap={0}>
        <Title order={2}>Settings</Title>
        <Text size="sm" c="dimmed">
          Connection profiles, merchant secrets, the operator, the operator lock and team mode.
        </Text>
      </Stack>
      <SettingsNotices dismissible={false} />
      <ProfilesSection />
      <OperatorSection />
      <OperatorLockSection />
      <TeamSection />
    </Stack>
  );
}
