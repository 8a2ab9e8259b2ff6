// Settings, a supervisor's page: connection profiles (with each one's merchant secret and connection test),
// the operators, their roles and pay-in limits, the idle lock, team mode. Everything here is main's to keep: the page shows what main
// answered, and main checks the supervisor's permissions again on every call.
import '@mantine/core/styles/PasswordInput.css';
import { Stack, Text, Title } from '@mantine/core';
import { useT } from '@renderer/i18n/use-t';
import { IdleLockSection } from './IdleLockSection';
import { LanguageSection } from './LanguageSection';
import { OperatorDaySection } from './OperatorDaySection';
import { OperatorsSection } from './OperatorsSection';
import { PayInLimitsSection } from './PayInLimitsSection';
import { ProfilesSection } from './ProfilesSection';
import { RolesSection } from './RolesSection';
import { SettingsNotices } from './SettingsNotices';
import { TeamSection } from './TeamSection';

export function SettingsPage() {
  const t = useT();
  return (
    <Stack gap="md" maw={1100}>
      <Stack gap={0}>
        <Title order={2}>{t('shell.page.settings')}</Title>
        <Text size="sm" c="dimmed">
          {t('settings.page.intro')}
        </Text>
      </Stack>
      <SettingsNotices dismissible={false} />
      <ProfilesSection />
      <OperatorsSection />
      <RolesSection />
      <OperatorDaySection />
      <PayInLimitsSection />
      <IdleLockSection />
      <LanguageSection />
      <TeamSection />
    </Stack>
  );
}
