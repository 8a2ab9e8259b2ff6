// "Test connection": does each address of the saved profile reach the gateway, and how fast. Nothing is
// charged: main sends an empty request to the pay-in and to the KYC address, which the gateway refuses in
// its own words; each address gets its own line, so a wrong KYC address is not hidden by a good pay-in one.
// A profile that names a notification service also gets the service's health: is it up, and does it
// reach the team database.
import { Alert, Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { type Translate, useT } from '@renderer/i18n/use-t';
import { call, errorMessage } from '@renderer/lib/paydesk';
import { wordsText } from '@renderer/lib/words-text';
import type { EndpointCheck } from '@shared/connection-test';
import type { ChannelOutput } from '@shared/ipc';
import { useState } from 'react';

type Outcome = ChannelOutput<'profiles.testConnection'>;

/** The request each address is tried with: the wire's words, the same in every language. */
const METHOD: Record<EndpointCheck['target'], string> = { payin: 'POST', kyc: 'POST', notify: 'GET' };

function headline(t: Translate, outcome: Outcome): string {
  if (outcome.ok) return t('settings.connection.connected', { latency: outcome.latencyMs });
  if (outcome.checks.some((check) => check.ok)) return t('settings.connection.partly');
  return t('settings.connection.none');
}

function verdict(t: Translate, check: EndpointCheck): string {
  const target = t(`settings.connection.target.${check.target}`);
  if (check.ok) return t('settings.connection.reached', { target });
  // The service answered, but not as a working one (its health says the team database is out of reach).
  if (check.target === 'notify' && check.reached) return t('settings.connection.notWorking', { target });
  return t('settings.connection.notReached', { target });
}

function CheckLine({ check }: { check: EndpointCheck }) {
  const t = useT();
  return (
    <List.Item data-testid={`connection-check-${check.target}`}>
      <Text size="sm" fw={600} span>
        {verdict(t, check)}
      </Text>
      <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
        {METHOD[check.target]} {check.url}
      </Text>
      {/* Main's words for what the address answered, in the reader's language. */}
      <Text size="sm" data-testid="connection-said">
        {wordsText(t, { message: check.message, words: check.words })}
      </Text>
    </List.Item>
  );
}

export function ConnectionTest({ profileId, unsaved }: { profileId: string; unsaved: boolean }) {
  const t = useT();
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
        {t('settings.connection.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('settings.connection.intro')}
        {unsaved ? ` ${t('settings.connection.unsaved')}` : ''}
      </Text>
      <Group>
        <Button variant="default" onClick={() => void run()} loading={busy}>
          {t('settings.connection.test')}
        </Button>
      </Group>
      <div role="status" data-testid="connection-result">
        {outcome && (
          <Alert color={color} p="xs">
            <Text size="sm" fw={700}>
              {'failed' in outcome ? t('settings.connection.failed') : headline(t, outcome)}
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
