import { Alert, Button, Center, Loader, Stack } from '@mantine/core';
import { useSettingsStore } from '@renderer/lib/settings-store';
import { useEffect } from 'react';
import { useOperatorLock } from './features/lock/use-operator-lock';
import { listenForPayInChanges, usePayInStore } from './features/payin/store';
import { forgetAllOnLock } from './lib/forget-on-lock';
import { LazyWhen } from './lib/lazy-code';
import { LazyLockScreen } from './shell/lazy-parts';
import { Shell } from './shell/Shell';

export function App() {
  const view = useSettingsStore((state) => state.view);
  const loadError = useSettingsStore((state) => state.loadError);
  const load = useSettingsStore((state) => state.load);
  const lock = useOperatorLock();

  useEffect(listenForPayInChanges, []);

  // With a passphrase set, main starts locked and answers nothing else: the settings are read once it is
  // unlocked (again after an unlock, if they could not be read before).
  useEffect(() => {
    if (lock.known && !lock.locked && !useSettingsStore.getState().view) void load();
  }, [lock.known, lock.locked, load]);

  // A duplicate warning keeps the card details until the operator answers it: a lock answers "don't send".
  // The KYC rows read so far are personal data: a locked screen keeps none of them (the KYC store registers).
  // Nor does the result panel keep the last pay-in (masked card, order number) for whoever unlocks next:
  // it is in History, and a pay-in still under way comes back from main after the unlock.
  useEffect(() => {
    if (!lock.locked) return;
    const payIns = usePayInStore.getState();
    if (payIns.duplicate) payIns.dismissDuplicate();
    payIns.lockedAway();
    payIns.rememberCustomer(undefined);
    forgetAllOnLock();
  }, [lock.locked]);

  // Instead of the whole shell: its pages unmount, and with them anything typed into a form.
  if (lock.locked) {
    return (
      <LazyWhen when>
        <LazyLockScreen />
      </LazyWhen>
    );
  }
  if (loadError && !view) {
    return (
      <Center h="100vh">
        <Stack maw={520}>
          <Alert color="red" title="Paydesk could not load its settings" role="alert">
            {loadError}
          </Alert>
          <Button onClick={() => void load()}>Try again</Button>
        </Stack>
      </Center>
    );
  }
  if (!view) {
    return (
      <Center h="100vh">
        <Loader aria-label="Loading settings" />
      </Center>
    );
  }
  return <Shell />;
}
