// "Test connection": does the saved profile's gateway answer, and how fast. Nothing is charged: main
// sends an empty request that the gateway refuses in its own words.
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { ChannelOutput } from '../../../../shared/ipc';
import { errorMessage } from '../../lib/paydesk';
import { testConnection } from './actions';

type Outcome = ChannelOutput<'profiles.testConnection'>;

export function ConnectionTest({ profileId, unsaved }: { profileId: string; unsaved: boolean }) {
  const [outcome, setOutcome] = useState<Outcome | { failed: string } | undefined>();
  const [busy, setBusy] = useState(false);

  async function run() {
    setBusy(true);
    setOutcome(undefined);
    try {
      setOutcome(await testConnection(profileId));
    } catch (error) {
      setOutcome({ failed: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="xs" component="section" aria-labelledby="connection-title">
      <Title order={5} id="connection-title">
        Connection
      </Title>
      <Text size="sm" c="dimmed">
        Sends an empty request to the gateway: nothing is charged.
        {unsaved ? ' Tests the saved profile, not the unsaved changes.' : ''}
      </Text>
      <Group>
        <Button variant="default" onClick={() => void run()} loading={busy}>
          Test connection
        </Button>
      </Group>
      <div role="status" data-testid="connection-result">
        {outcome && (
          <Alert color={'failed' in outcome || !outcome.ok ? 'red' : 'green'} p="xs">
            <Text size="sm" fw={700}>
              {'failed' in outcome
                ? 'Could not test'
                : outcome.ok
                  ? `Connected (${outcome.latencyMs} ms)`
                  : 'No connection'}
            </Text>
            <Text size="sm">{'failed' in outcome ? outcome.failed : outcome.message}</Text>
          </Alert>
        )}
      </div>
    </Stack>
  );
}
