// A profile's merchant secret, write-only: the page knows whether one is set, never its value. What is
// typed here leaves the page's state as soon as main has it.
import { Badge, Button, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import type { Confirmation } from '@renderer/lib/ConfirmDialog';
import { errorMessage } from '@renderer/lib/paydesk';
import { useSettingsStore } from '@renderer/lib/settings-store';
import type { Profile } from '@shared/profile';
import { type FormEvent, useState } from 'react';

/** Where the secret is kept, in the words of the keychain probe. */
function useSecretHome(): { keychain: boolean; text: string } {
  const keychain = useSettingsStore((state) => state.appInfo?.keychain);
  if (keychain?.available) {
    return { keychain: true, text: "Kept in the operating system's keychain, never in Paydesk's files." };
  }
  return {
    keychain: false,
    text: `${keychain?.reason ? ` (${keychain.reason})` : ''}: the secret is kept in memory only and is gone when Paydesk closes.`,
  };
}

export function SecretPanel({
  profile,
  secretSet,
  confirm,
}: {
  profile: Profile;
  secretSet: boolean;
  confirm: (confirmation: Confirmation) => void;
}) {
  const setSecret = useSettingsStore((state) => state.setSecret);
  const removeSecret = useSettingsStore((state) => state.removeSecret);
  const [secret, setSecretText] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [notice, setNotice] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const home = useSecretHome();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setNotice(undefined);
    if (!secret) {
      setProblem('Type the merchant secret.');
      return;
    }
    setBusy(true);
    try {
      await setSecret(profile.id, secret);
      setSecretText('');
      setProblem(undefined);
      setNotice(secretSet ? 'Secret replaced.' : 'Secret saved.');
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  function onRemove() {
    setNotice(undefined);
    confirm({
      title: 'Remove the merchant secret?',
      body: `The secret of "${profile.name}" is deleted from ${home.keychain ? 'the OS keychain' : 'memory'}. v1 pay-ins and KYC batches with this profile cannot be signed until one is set again.`,
      confirmLabel: 'Remove secret',
      danger: true,
      onConfirm: async () => {
        await removeSecret(profile.id);
        setNotice('Secret removed.');
      },
    });
  }

  return (
    <Stack gap="xs" component="section" aria-labelledby="secret-title">
      <Group gap="xs">
        <Title order={5} id="secret-title">
          Merchant secret
        </Title>
        <Badge
          variant={secretSet ? 'filled' : 'outline'}
          color={secretSet ? 'teal.9' : 'gray.7'}
          data-testid="secret-status"
        >
          {secretSet ? 'Set' : 'Not set'}
        </Badge>
      </Group>
      <Text size="sm" c={home.keychain ? 'dimmed' : undefined}>
        {!home.keychain && <strong>No OS keychain</strong>}
        {home.text}
      </Text>
      {profile.embeddedSandbox && !secretSet && (
        <Text size="sm" c="dimmed">
          Not set: v1 pay-ins and KYC batches are signed with the embedded sandbox's public test secret.
        </Text>
      )}
      <form onSubmit={onSubmit} noValidate aria-label="Merchant secret">
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <PasswordInput
            label={secretSet ? 'Replacement secret' : 'New secret'}
            description="Write-only: Paydesk never shows a saved secret."
            autoComplete="off"
            aria-invalid={problem ? true : undefined}
            style={{ flex: 1 }}
            value={secret}
            onChange={(event) => setSecretText(event.currentTarget.value)}
            maxLength={512}
            error={problem}
          />
          <Button type="submit" loading={busy}>
            {secretSet ? 'Replace secret' : 'Save secret'}
          </Button>
        </Group>
      </form>
      <Group justify="space-between">
        <Text size="sm" c="teal.9" role="status">
          {notice ?? ''}
        </Text>
        {secretSet && (
          <Button variant="outline" color="red.9" onClick={onRemove}>
            Remove secret
          </Button>
        )}
      </Group>
    </Stack>
  );
}
