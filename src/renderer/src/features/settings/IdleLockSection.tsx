// How long Paydesk waits without activity before it locks the session (PCI DSS 8.2.8).
import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { useT } from '@renderer/i18n/use-t';
import { FormTextInput } from '@renderer/lib/FormTextInput';
import { ProblemAlert } from '@renderer/lib/ProblemAlert';
import { errorMessage, PaydeskError } from '@renderer/lib/paydesk';
import { SaveStatus } from '@renderer/lib/SaveStatus';
import { useSessionStore } from '@renderer/lib/session-store';
import { useSettingsStore } from '@renderer/lib/settings-store';
import type { ChannelInput } from '@shared/ipc';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { IDLE_MINUTES, type IdleLockFormValues, idleLockResolver } from './idle-lock-form';

/** A text field of this form: registered by name, with its error (lib/FormTextInput). */
const TextField = FormTextInput<IdleLockFormValues>;

export function IdleLockSection() {
  const t = useT();
  const settings = useSettingsStore((state) => state.view?.settings);
  const updateSettings = useSettingsStore((state) => state.updateSettings);
  const form = useForm<IdleLockFormValues, unknown, ChannelInput<'settings.update'>>({
    defaultValues: { idleLockMinutes: String(settings?.idleLockMinutes ?? IDLE_MINUTES.default) },
    resolver: idleLockResolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { handleSubmit, reset, setError, formState } = form;
  const { isDirty, isSubmitting } = formState;
  const [problem, setProblem] = useState<string | undefined>();
  const [saved, setSaved] = useState(false);

  async function onValid(patch: ChannelInput<'settings.update'>) {
    setProblem(undefined);
    setSaved(false);
    try {
      await updateSettings(patch);
      reset({ idleLockMinutes: String(patch.idleLockMinutes) });
      setSaved(true);
      // The idle time is part of the session's state: the lock screen says the new one.
      void useSessionStore.getState().refresh();
    } catch (error) {
      if (error instanceof PaydeskError && error.field === 'idleLockMinutes') {
        setError('idleLockMinutes', { type: 'server', message: errorMessage(error) });
      } else {
        setProblem(errorMessage(error));
      }
    }
  }

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="idle-lock-title">
      <FormProvider {...form}>
        <form noValidate onSubmit={handleSubmit(onValid)} aria-label={t('settings.idleLock.title')}>
          <Stack gap="sm">
            <Title order={3} id="idle-lock-title">
              {t('settings.idleLock.title')}
            </Title>
            <TextField
              name="idleLockMinutes"
              label={t('settings.idleLock.minutes')}
              description={t('settings.idleLock.description', {
                min: IDLE_MINUTES.min,
                max: IDLE_MINUTES.max,
                atMost: IDLE_MINUTES.default,
              })}
              required
              inputMode="numeric"
              w="24rem"
            />
            <ProblemAlert problem={problem} />
            <Group justify="space-between">
              <SaveStatus isDirty={isDirty} saved={saved} />
              <Button type="submit" loading={isSubmitting}>
                {t('settings.idleLock.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </FormProvider>
    </Paper>
  );
}
