// The app shell: header (active profile, environment), the environment banner, the left navigation
// (Alt+1..4) and the pages. Pages stay mounted when hidden, so a half-typed form survives a look at History.
import { Alert, AppShell, Badge, Group, Kbd, NavLink, Stack, Text, Title } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { useState } from 'react';
import { HistoryPage } from '../features/history/HistoryPage';
import { KycPage } from '../features/kyc/KycPage';
import { PayInPage } from '../features/payin/PayInPage';
import { ENV_BADGE } from '../features/settings/environment-look';
import { SettingsPage } from '../features/settings/SettingsPage';
import { useActiveProfile, useSettingsStore } from '../features/settings/store';
import { EnvironmentBanner } from './EnvironmentBanner';
import { SettingsNotices } from './SettingsNotices';
import './shell.css';
import { PAGES, type PageId } from './pages';

export function Shell() {
  const [page, setPage] = useState<PageId>('payin');
  const profile = useActiveProfile();
  const appInfo = useSettingsStore((state) => state.appInfo);
  const operator = useSettingsStore((state) => state.view?.settings.operatorName);

  useHotkeys(
    PAGES.map((entry, index) => [`alt+${index + 1}`, () => setPage(entry.id), { preventDefault: true }]),
    [],
  );

  return (
    <AppShell
      header={{ height: profile?.environment === 'production' ? 92 : 88 }}
      navbar={{ width: 220, breakpoint: 0 }}
      padding="md"
    >
      <AppShell.Header>
        <Group h={52} px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Title order={1} size="h3">
              Paydesk
            </Title>
            {appInfo && (
              <Text size="xs" c="dimmed">
                v{appInfo.version}
              </Text>
            )}
          </Group>
          {profile && (
            <Group gap="xs" wrap="nowrap" data-testid="active-profile">
              <Text size="sm" c="dimmed">
                Profile
              </Text>
              <Text fw={600}>{profile.name}</Text>
              <Badge
                color={ENV_BADGE[profile.environment].color}
                c={ENV_BADGE[profile.environment].text}
                variant="filled"
              >
                {ENV_BADGE[profile.environment].label}
              </Badge>
              {operator && (
                <Text size="sm" c="dimmed">
                  · {operator}
                </Text>
              )}
            </Group>
          )}
        </Group>
        {profile && <EnvironmentBanner profile={profile} />}
      </AppShell.Header>

      <AppShell.Navbar p="xs" aria-label="Main">
        <nav aria-label="Pages">
          <Stack gap={2}>
            {PAGES.map((entry) => (
              <NavLink
                key={entry.id}
                component="button"
                type="button"
                label={entry.label}
                active={page === entry.id}
                aria-current={page === entry.id ? 'page' : undefined}
                aria-keyshortcuts={entry.shortcut}
                onClick={() => setPage(entry.id)}
                rightSection={<Kbd size="xs">{entry.shortcut}</Kbd>}
                fw={page === entry.id ? 700 : 500}
              />
            ))}
          </Stack>
        </nav>
      </AppShell.Navbar>

      <AppShell.Main>
        {appInfo && !appInfo.keychain.available && (
          <Alert color="yellow" mb="md" py={6}>
            <strong>No OS keychain:</strong> merchant secrets are kept in memory only and forgotten when
            Paydesk closes{appInfo.keychain.reason ? ` (${appInfo.keychain.reason})` : ''}.
          </Alert>
        )}
        {/* Mounted on every page, so a dismissed banner stays dismissed; Settings shows its own list. */}
        <div hidden={page === 'settings'}>
          <SettingsNotices dismissible />
        </div>
        <div hidden={page !== 'payin'}>
          <PayInPage active={page === 'payin'} />
        </div>
        <div hidden={page !== 'kyc'}>
          <KycPage />
        </div>
        <div hidden={page !== 'history'}>
          <HistoryPage />
        </div>
        <div hidden={page !== 'settings'}>
          <SettingsPage />
        </div>
      </AppShell.Main>
    </AppShell>
  );
}
