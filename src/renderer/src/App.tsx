import { Alert, Button, Center, Loader, Stack } from '@mantine/core';
import { useEffect } from 'react';
import { listenForSettlement } from './features/payin/store';
import { useSettingsStore } from './features/settings/store';
import { Shell } from './shell/Shell';

export function App() {
  const view = useSettingsStore((state) => state.view);
  const loadError = useSettingsStore((state) => state.loadError);
  const load = useSettingsStore((state) => state.load);

  useEffect(() => {
    void load();
    return listenForSettlement();
  }, [load]);

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
