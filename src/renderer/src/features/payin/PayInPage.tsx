import { Box, Group, Stack, Title } from '@mantine/core';
import { useT } from '@renderer/i18n/use-t';
import { LazyWhen } from '@renderer/lib/lazy-code';
import { useActiveProfile, useSettingsStore } from '@renderer/lib/settings-store';
import { LazyOutcomeUnknownQueue } from '@renderer/lib/team/lazy-outcome-unknown-queue';
import { useEffect } from 'react';
import { LazyDuplicateDialog } from './lazy-duplicate-dialog';
import { PayInForm } from './PayInForm';
import { PayInResult } from './PayInResult';
import { usePayInStore } from './store';

export function PayInPage({ active }: { active: boolean }) {
  const t = useT();
  const profile = useActiveProfile();
  // Another profile: the panel forgets the last one's pay-in (the form resets itself, PayInForm).
  useEffect(() => usePayInStore.getState().profileShown(profile?.id), [profile?.id]);
  // The page mounts again after an unlock: the pay-in under way comes back from main (not from the panel's
  // memory, which the lock emptied). At any other mount, nothing.
  useEffect(() => void usePayInStore.getState().restoreUnderWay(), []);
  const secretSet = useSettingsStore((state) =>
    profile ? (state.view?.secretSet[profile.id] ?? false) : false,
  );
  // A bank page in the panel is where the agent works now (the form waits for it): the panel gets the room.
  const bankPageInPanel = usePayInStore(
    (state) => state.phase.kind === 'result' && state.phase.result.bankPage !== undefined,
  );
  const inFrame = useSettingsStore((state) => (state.appInfo?.bankPageView ?? 'iframe') === 'iframe');
  const wide = bankPageInPanel && inFrame;
  // Team mode: what other desks have not settled, beside the form, before the agent charges.
  const teamMode = useSettingsStore((state) => state.view?.settings.team !== undefined);
  const duplicateAsked = usePayInStore((state) => state.duplicate !== undefined);
  return (
    <Stack gap="md">
      <Title order={2}>{t('payin.title')}</Title>
      <Group align="flex-start" gap="lg" wrap="nowrap">
        <Box style={{ flex: wide ? '1 1 22rem' : '1 1 40rem', minWidth: 0 }} maw={760}>
          <PayInForm profile={profile} secretSet={secretSet} active={active} />
        </Box>
        <Box
          style={{
            flex: wide ? '1 1 34rem' : '0 1 26rem',
            position: 'sticky',
            top: 100,
            minWidth: wide ? '28rem' : '20rem',
            // A 3DS page and the order details can be taller than the window: the panel scrolls, not the page.
            maxHeight: 'calc(100vh - 116px)',
            overflowY: 'auto',
          }}
        >
          <Stack gap="sm">
            <LazyWhen when={teamMode}>
              <LazyOutcomeUnknownQueue enabled={teamMode && active} />
            </LazyWhen>
            <PayInResult />
          </Stack>
        </Box>
      </Group>
      <LazyWhen when={duplicateAsked}>
        <LazyDuplicateDialog />
      </LazyWhen>
    </Stack>
  );
}
