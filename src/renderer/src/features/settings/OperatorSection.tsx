// The operator: the name recorded with every pay-in and batch, and how long Paydesk waits before it locks.
import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { FormTextInput } from '@renderer/lib/FormTextInput';
import { useLockStore } from '@renderer/lib/lock-store';
import { ProblemAlert } from '@renderer/lib/ProblemAlert';
import { errorMessage, PaydeskError } from '@renderer/lib/paydesk';
import { SaveStatus } from '@renderer/lib/SaveStatus';
import { useSettingsStore } from '@renderer/lib/settings-store';
import type { ChannelInput } from '@shared/ipc';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { IDLE_MINUTES, type OperatorFormValues, operatorResolver } from './operator-forms';

/** A text field of this form: registered by name, with its error (lib/FormTextInput). */
const TextField = FormTextInput<OperatorFormValues>;

export function OperatorSection() {
  const settings = useSettingsStore((state) => state.view?.settings);
  const updateSettings = useSettingsStore((state) => state.updateSettings);
  const form = useForm<OperatorFormValues, unknown, ChannelInput<'settings.update'>>({
    defaultValues: {
      operatorName: settings?.operatorName ?? '',
      idleLockMinutes: String(settings?.idleLockMinutes ?? IDLE_MINUTES.default),
    },
    resolver: operatorResolver,
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
      reset({ operatorName: patch.operatorName ?? '', idleLockMinutes: String(patch.idleLockMinutes) });
      setSaved(true);
      // The lock's idle time is part of its state: the operator-lock section shows the new one.
      void useLockStore.getState().refresh();
    } catch (error) {
      const field = error instanceof PaydeskError ? error.field : undefined;
      if (field === 'operatorName' || field === 'idleLockMinutes') {
        setError(field, { type: 'server', message: errorMessage(error) });
      } else {
        setProblem(errorMessage(error));
      }
    }
  }

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="operator-title">
      <FormProvider {...form}>
        <form noValidate onSubmit={handleSubmit(onValid)} aria-label="Operator">
          <Stack gap="sm">
            <Title order={3} id="operator-title">
              Operator
            </Title>
            <Group align="flex-start" gap="md" wrap="nowrap">
              <TextField
                name="operatorName"
                label="Operator name"
                description="Recorded with every pay-in and KYC batch, and in the audit trail. Empty: the computer's user name."
                maxLength={60}
                autoComplete="off"
                style={{ flex: 1 }}
              />
              <TextField
                name="idleLockMinutes"
                label="Idle lock (minutes)"
                description={`With a passphrase set, Paydesk locks after this long without activity (${IDLE_MINUTES.min}–${IDLE_MINUTES.max}; PCI DSS 8.2.8 asks for ${IDLE_MINUTES.default} at most).`}
                required
                inputMode="numeric"
                w="20rem"
              />
            </Group>
            <ProblemAlert problem={problem} />
            <Group justify="space-between">
              <SaveStatus isDirty={isDirty} saved={saved} />
              <Button type="submit" loading={isSubmitting}>
                Save operator settings
              </Button>
            </Group>
          </Stack>
        </form>
      </FormProvider>
    </Paper>
  );
}
