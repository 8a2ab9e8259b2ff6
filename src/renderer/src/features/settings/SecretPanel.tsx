// A profile's merchant secret, write-only: the page knows whether one is set, never its value. What is
// typed here leaves the page's state as soon as main has it.
import { Trans } from '@lingui/react';
import { Badge, Button, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useT } from '@renderer/i18n/use-t';
import type { Confirmation } from '@renderer/lib/ConfirmDialog';
import { errorMessage } from '@renderer/lib/paydesk';
import { useSettingsStore } from '@renderer/lib/settings-store';
import { wordsText } from '@renderer/lib/words-text';
import type { Profile } from '@shared/profile';
import { type FormEvent, useState } from 'react';

const BOLD = { 0: <strong /> };

/**
 * Where the secret is kept: the OS keychain, or memory only, with the keychain probe's reason in the reader's
 * language (the OS's own error inside it stays as the OS said it).
 */
function useSecretHome(): { keychain: boolean; reason: string | undefined } {
  const keychain = useSettingsStore((state) => state.appInfo?.keychain);
  const t = useT();
  const reason = keychain?.reason
    ? wordsText(t, { message: keychain.reason, words: keychain.words })
    : undefined;
  return { keychain: keychain?.available === true, reason };
}

function SecretHome({ reason }: { reason: string | undefined }) {
  return reason ? (
    <Trans id="settings.secret.inMemoryWhy" values={{ reason }} components={BOLD} />
  ) : (
    <Trans id="settings.secret.inMemory" components={BOLD} />
  );
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
  const t = useT();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setNotice(undefined);
    if (!secret) {
      setProblem(t('settings.secret.empty'));
      return;
    }
    setBusy(true);
    try {
      await setSecret(profile.id, secret);
      setSecretText('');
      setProblem(undefined);
      setNotice(t(secretSet ? 'settings.secret.replaced' : 'settings.secret.saved'));
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  function onRemove() {
    setNotice(undefined);
    confirm({
      title: t('settings.secret.removeTitle'),
      body: t(home.keychain ? 'settings.secret.removeBodyKeychain' : 'settings.secret.removeBodyMemory', {
        name: profile.name,
      }),
      confirmLabel: t('settings.secret.remove'),
      danger: true,
      onConfirm: async () => {
        await removeSecret(profile.id);
        setNotice(t('settings.secret.removed'));
      },
    });
  }

  return (
    <Stack gap="xs" component="section" aria-labelledby="secret-title">
      <Group gap="xs">
        <Title order={5} id="secret-title">
          {t('settings.secret.title')}
        </Title>
        <Badge
          variant={secretSet ? 'filled' : 'outline'}
          color={secretSet ? 'teal.9' : 'gray.7'}
          data-testid="secret-status"
        >
          {t(secretSet ? 'settings.secret.set' : 'settings.secret.notSet')}
        </Badge>
      </Group>
      <Text size="sm" c={home.keychain ? 'dimmed' : undefined}>
        {home.keychain ? t('settings.secret.inKeychain') : <SecretHome reason={home.reason} />}
      </Text>
      {profile.embeddedSandbox && !secretSet && (
        <Text size="sm" c="dimmed">
          {t('settings.secret.embedded')}
        </Text>
      )}
      <form onSubmit={onSubmit} noValidate aria-label={t('settings.secret.title')}>
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <PasswordInput
            label={t(secretSet ? 'settings.secret.replacement' : 'settings.secret.new')}
            description={t('settings.secret.writeOnly')}
            autoComplete="off"
            aria-invalid={problem ? true : undefined}
            style={{ flex: 1 }}
            value={secret}
            onChange={(event) => setSecretText(event.currentTarget.value)}
            maxLength={512}
            error={problem}
          />
          <Button type="submit" loading={busy}>
            {t(secretSet ? 'settings.secret.replace' : 'settings.secret.save')}
          </Button>
        </Group>
      </form>
      <Group justify="space-between">
        <Text size="sm" c="teal.9" role="status">
          {notice ?? ''}
        </Text>
        {secretSet && (
          <Button variant="outline" color="red.9" onClick={onRemove}>
            {t('settings.secret.remove')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
