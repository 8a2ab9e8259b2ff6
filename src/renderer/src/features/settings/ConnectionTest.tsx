// "Test connection": does each address of the saved profile reach the gateway, and how fast. Nothing is
// charged: main sends an empty request to the pay-in and to the KYC address, which the gateway refuses in
// its own words; each address gets its own line, so a wrong KYC address is not hidden by a good pay-in one.
// A profile that names a notification service also gets the service's health: is it up, and does it
// reach the team database.
import { Alert, Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { call, errorMessage } from '@renderer/lib/paydesk';
import type { EndpointCheck } from '@shared/connection-test';
import type { ChannelOutput } from '@shared/ipc';
import { useState } from 'react';

type Outcome = ChannelOutput<'profiles.testConnection'>;

const TARGET_LABEL: Record<EndpointCheck['target'], string> = {
  payin: 'Pay-ins (base_url)',
  kyc: 'KYC (kyc_base_url)',
  notify: 'Notification service',
};

function headline(outcome: Outcome): string {
  if (outcome.ok) return `Connected (${outcome.latencyMs} ms)`;
  if (outcome.checks.some((check) => check.ok)) return 'Partly connected';
  return 'No connection';
}

function CheckLine({ check }: { check: EndpointCheck }) {
  return (
    <List.Item data-testid={`connection-check-${check.target}`}>
      <Text size="sm" fw={600} span>
        {TARGET_LABEL[check.target]}:{' '}
        {check.ok ? 'reached' : check.target === 'notify' && check.reached ? 'not working' : 'not reached'}
      </Text>
      <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
        {check.target === 'notify' ? 'GET' : 'POST'} {check.url}
      </Text>
      <Text size="sm">{check.message}</Text>
    </List.Item>
  );
}

export function ConnectionTest({ profileId, unsaved }: { profileId: string; unsaved: boolean }) {
  const [outcome, setOutcome] = useState<Outcome | { failed: string } | undefined>();
  const [busy, setBusy] = useState(false);

  async function run() {
    setBusy(true);
    setOutcome(undefined);
    try {
      setOutcome(await call('profiles.testConnection', { id: profileId }));
    } catch (error) {
      setOutcome({ failed: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  }

  const color =
    outcome === undefined || 'failed' in outcome
      ? 'red'
      : outcome.ok
        ? 'green'
        : outcome.checks.some((check) => check.ok)
          ? 'orange'
          : 'red';

  return (
    <Stack gap="xs" component="section" aria-labelledby="connection-title">
      <Title order={5} id="connection-title">
        Connection
      </Title>
      <Text size="sm" c="dimmed">
        Sends an empty request to the pay-in and to the KYC address: nothing is charged.
        {unsaved ? ' Tests the saved profile, not the unsaved changes.' : ''}
      </Text>
      <Group>
        <Button variant="default" onClick={() => void run()} loading={busy}>
          Test connection
        </Button>
      </Group>
      <div role="status" data-testid="connection-result">
        {outcome && (
          <Alert color={color} p="xs">
            <Text size="sm" fw={700}>
              {'failed' in outcome ? 'Could not test' : headline(outcome)}
            </Text>
            {'failed' in outcome ? (
              <Text size="sm">{outcome.failed}</Text>
            ) : (
              <List spacing={6} mt={4} pl={0} listStyleType="none">
                {outcome.checks.map((check) => (
                  <CheckLine key={check.target} check={check} />
                ))}
              </List>
            )}
          </Alert>
        )}
      </div>
    </Stack>
  );
}
