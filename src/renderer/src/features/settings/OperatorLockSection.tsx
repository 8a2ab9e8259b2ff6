// The operator lock (PCI DSS 8.2.8): an optional passphrase, kept by main as a scrypt hash in the OS
// keychain. With one set, Paydesk locks when idle or on "Lock now", and opens only with it.
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { FormPasswordInput } from '@renderer/lib/FormPasswordInput';
import { useLockStore } from '@renderer/lib/lock-store';
import { ProblemAlert } from '@renderer/lib/ProblemAlert';
import { errorMessage, PaydeskError } from '@renderer/lib/paydesk';
import { useSettingsStore } from '@renderer/lib/settings-store';
import { PASSPHRASE_MIN_LENGTH } from '@shared/ipc';
import { useState } from 'react';
import { FormProvider, type Path, type Resolver, useForm } from 'react-hook-form';
import {
  EMPTY_PASSPHRASES,
  type PassphraseFormValues,
  passphraseResolver,
  type RemovePassphraseValues,
  removePassphraseResolver,
} from './operator-forms';

/** Main's refusal at the field it names (a wrong current passphrase), otherwise above the button. */
function useServerProblem<V extends object>(fields: readonly Path<V>[]) {
  const [problem, setProblem] = useState<string | undefined>();
  function report(error: unknown, setError: (field: Path<V>, error: { message: string }) => void) {
    const field = error instanceof PaydeskError ? error.field : undefined;
    const known = fields.find((name) => name === field);
    if (known) setError(known, { message: errorMessage(error) });
    else setProblem(errorMessage(error));
  }
  return { problem, setProblem, report };
}

/** Passphrase fields of the two forms: registered by name, with their errors (lib/FormTextInput). */
const PassphraseField = FormPasswordInput<PassphraseFormValues>;
const CurrentPassphraseField = FormPasswordInput<RemovePassphraseValues>;

function SetPassphraseForm({ replacing, onDone }: { replacing: boolean; onDone: (text: string) => void }) {
  const setPassphrase = useLockStore((state) => state.setPassphrase);
  const form = useForm<PassphraseFormValues, unknown, { current?: string; passphrase: string }>({
    defaultValues: EMPTY_PASSPHRASES,
    resolver: passphraseResolver(replacing) as Resolver<
      PassphraseFormValues,
      unknown,
      { current?: string; passphrase: string }
    >,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { handleSubmit, reset, setError, formState } = form;
  const { isSubmitting } = formState;
  const server = useServerProblem<PassphraseFormValues>(['current', 'passphrase']);

  async function onValid(input: { current?: string; passphrase: string }) {
    server.setProblem(undefined);
    try {
      await setPassphrase(input);
      // Typed passphrases leave the page's state as soon as main has the hash.
      reset(EMPTY_PASSPHRASES);
      onDone(replacing ? 'Passphrase replaced.' : 'Passphrase set: Paydesk now locks when idle.');
    } catch (error) {
      server.report(error, setError);
    }
  }

  const title = replacing ? 'Change the passphrase' : 'Set a passphrase';
  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={handleSubmit(onValid)} aria-label={title}>
        <Stack gap="xs">
          <Title order={4}>{title}</Title>
          {replacing && (
            <PassphraseField name="current" label="Current passphrase" autoComplete="current-password" />
          )}
          <PassphraseField
            name="passphrase"
            label="New passphrase"
            description={`${PASSPHRASE_MIN_LENGTH} characters or more.`}
            autoComplete="new-password"
          />
          <PassphraseField name="repeat" label="Repeat the new passphrase" autoComplete="new-password" />
          <ProblemAlert problem={server.problem} />
          <Group justify="flex-end">
            <Button type="submit" loading={isSubmitting}>
              {replacing ? 'Replace passphrase' : 'Set passphrase'}
            </Button>
          </Group>
        </Stack>
      </form>
    </FormProvider>
  );
}

function RemovePassphraseForm({ onDone }: { onDone: (text: string) => void }) {
  const removePassphrase = useLockStore((state) => state.removePassphrase);
  const form = useForm<RemovePassphraseValues, unknown, { current: string }>({
    defaultValues: { current: '' },
    resolver: removePassphraseResolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { handleSubmit, reset, setError, formState } = form;
  const { isSubmitting } = formState;
  const server = useServerProblem<RemovePassphraseValues>(['current']);

  async function onValid({ current }: { current: string }) {
    server.setProblem(undefined);
    try {
      await removePassphrase(current);
      reset({ current: '' });
      onDone('Passphrase removed: Paydesk no longer locks.');
    } catch (error) {
      server.report(error, setError);
    }
  }

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={handleSubmit(onValid)} aria-label="Remove the passphrase">
        <Stack gap="xs">
          <Title order={4}>Remove the passphrase</Title>
          <Text size="sm" c="dimmed">
            Without a passphrase Paydesk never locks.
          </Text>
          <CurrentPassphraseField name="current" label="Current passphrase" autoComplete="current-password" />
          <ProblemAlert problem={server.problem} />
          <Group justify="flex-end">
            <Button type="submit" variant="outline" color="red.9" loading={isSubmitting}>
              Remove passphrase
            </Button>
          </Group>
        </Stack>
      </form>
    </FormProvider>
  );
}

export function OperatorLockSection() {
  const lock = useLockStore((state) => state.lock);
  const statusError = useLockStore((state) => state.statusError);
  const lockNow = useLockStore((state) => state.lockNow);
  const refresh = useLockStore((state) => state.refresh);
  const keychain = useSettingsStore((state) => state.appInfo?.keychain.available ?? false);
  const [notice, setNotice] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | undefined>();

  async function onLockNow() {
    setProblem(undefined);
    setNotice(undefined);
    try {
      await lockNow();
    } catch (error) {
      setProblem(errorMessage(error));
    }
  }

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="lock-title">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Title order={3} id="lock-title">
              Operator lock
            </Title>
            <Text size="sm" data-testid="lock-status">
              {!lock
                ? 'Checking…'
                : lock.passphraseSet
                  ? `On: Paydesk locks after ${lock.idleLockMinutes} ${lock.idleLockMinutes === 1 ? 'minute' : 'minutes'} without activity, and only the passphrase unlocks it.`
                  : 'Off: no passphrase is set, so Paydesk never locks.'}
            </Text>
            <Text size="sm" c={keychain ? 'dimmed' : undefined}>
              {lock?.keychainProblem ? (
                <span data-testid="lock-keychain-problem">{lock.keychainProblem}</span>
              ) : keychain ? (
                'Only a scrypt hash of the passphrase is kept, in the OS keychain.'
              ) : (
                <>
                  <strong>No OS keychain:</strong> the passphrase's hash is kept in memory only, until Paydesk
                  closes.
                </>
              )}
            </Text>
          </Stack>
          {lock?.passphraseSet && (
            <Button color="indigo.7" onClick={() => void onLockNow()}>
              Lock now
            </Button>
          )}
        </Group>
        {statusError && (
          <Alert color="red" p="xs" role="alert">
            The lock's state could not be read: {statusError}{' '}
            <Button variant="subtle" size="compact-sm" onClick={() => void refresh()}>
              Try again
            </Button>
          </Alert>
        )}
        <ProblemAlert problem={problem} />
        {notice && (
          <Alert color="green" p="xs" role="status">
            {notice}
          </Alert>
        )}
        {lock &&
          (lock.passphraseSet ? (
            <SimpleGrid cols={2} spacing="xl">
              <SetPassphraseForm key="replace" replacing onDone={setNotice} />
              <RemovePassphraseForm key="remove" onDone={setNotice} />
            </SimpleGrid>
          ) : (
            <SimpleGrid cols={2} spacing="xl">
              <SetPassphraseForm key="set" replacing={false} onDone={setNotice} />
            </SimpleGrid>
          ))}
      </Stack>
    </Paper>
  );
}
