import { Alert, Button, Center, Loader, Stack } from '@mantine/core';
import { useSettingsStore } from '@renderer/lib/settings-store';
import { useEffect } from 'react';
import { listenForPayInChanges, usePayInStore } from './features/payin/store';
import { useSession } from './features/session/use-session';
import { useT } from './i18n/use-t';
import { useApprovalRequest } from './lib/approval/approval-request';
import { ApprovalHost } from './lib/approval/lazy-approval-dialog';
import { forgetAllOnSignOut } from './lib/forget-on-sign-out';
import { LazyWhen } from './lib/lazy-code';
import { LazySessionScreen } from './shell/lazy-parts';
import { Shell } from './shell/Shell';

export function App() {
  const t = useT();
  const view = useSettingsStore((state) => state.view);
  const loadError = useSettingsStore((state) => state.loadError);
  const load = useSettingsStore((state) => state.load);
  const session = useSession();

  useEffect(listenForPayInChanges, []);

  // Main answers nothing but the sign-in screen's calls until someone is signed in: the settings are read
  // once someone is (again after a sign-in, if they could not be read before).
  useEffect(() => {
    if (session.open && !useSettingsStore.getState().view) void load();
  }, [session.open, load]);

  // A duplicate warning keeps the card details until the operator answers it: a lock answers "don't send".
  // The KYC rows read so far are personal data: a locked screen keeps none of them (the KYC store registers).
  // Nor does the result panel keep the last pay-in (masked card, order number) for whoever signs in next:
  // it is in History, and a pay-in still under way comes back from main after the sign-in. The same when
  // the desk changes hands: the next person sees nothing of the last one's.
  useEffect(() => {
    if (session.open && session.operatorId !== undefined) return;
    const payIns = usePayInStore.getState();
    if (payIns.duplicate) payIns.dismissDuplicate();
    payIns.lockedAway();
    payIns.rememberCustomer(undefined);
    forgetAllOnSignOut();
    // A request waiting for a supervisor was this person's: given up (main forgets it too).
    useApprovalRequest.getState().settle(false);
  }, [session.open, session.operatorId]);

  // Instead of the whole shell: its pages unmount, and with them anything typed into a form. Keyed by the
  // operator, so a switch of operator starts every page afresh.
  if (!session.open) {
    return (
      <LazyWhen when={session.known}>
        <LazySessionScreen />
      </LazyWhen>
    );
  }
  if (loadError && !view) {
    return (
      <Center h="100vh">
        <Stack maw={520}>
          <Alert color="red" title={t('app.settingsUnreadable')} role="alert">
            {loadError}
          </Alert>
          <Button onClick={() => void load()}>{t('app.tryAgain')}</Button>
        </Stack>
      </Center>
    );
  }
  if (!view) {
    return (
      <Center h="100vh">
        <Loader aria-label={t('app.loadingSettings')} />
      </Center>
    );
  }
  return (
    <>
      <Shell key={session.operatorId} />
      <ApprovalHost />
    </>
  );
}
