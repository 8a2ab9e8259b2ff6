// The editor of one connection profile. Validated by the shared schema as the operator saves; main checks
// again, and a field it refuses is marked where it is. The built-in Sandbox keeps its embedded gateway.
import { Alert, Button, Checkbox, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useT } from '@renderer/i18n/use-t';
import { FormTextInput } from '@renderer/lib/FormTextInput';
import { ProblemAlert } from '@renderer/lib/ProblemAlert';
import { errorMessage, PaydeskError } from '@renderer/lib/paydesk';
import { SaveStatus } from '@renderer/lib/SaveStatus';
import { useSettingsStore } from '@renderer/lib/settings-store';
import { MONO_INPUT } from '@renderer/lib/styles';
import { type Profile, SANDBOX_PROFILE } from '@shared/profile';
import { type FormEvent, useEffect, useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { DefaultCountryField } from './DefaultCountryField';
import { EnvironmentField } from './EnvironmentField';
import {
  ALGORITHM_OPTIONS,
  Choice,
  COUNTRY_OPTIONS,
  labelled,
  RETURN_OPTIONS,
  STORED_CARD_OPTIONS,
} from './ProfileChoice';
import {
  formFieldOf,
  formValuesOf,
  messageAtField,
  newProfileId,
  type ProfileFormValues,
  profileResolver,
  TIMEOUT_SECONDS,
} from './profile-form';

/** Example addresses (example.com's): the same in every language. */
const EXAMPLE = {
  gateway: 'https://gateway.example.com',
  kyc: 'https://kyc.example.com',
  notify: 'https://pay.example.com/paydesk-notify',
} as const;

/**
 * Fields side by side where the editor is wide, one under another where it is not (a 1024 px window): a
 * choice or a label in German or Portuguese then has the editor's width rather than a third of it.
 */
const TWO_WIDE = { base: 1, '36rem': 2 };
const THREE_WIDE = { base: 1, '36rem': 3 };

/** A text field of this form: registered by name, with its error (lib/FormTextInput). */
const TextField = FormTextInput<ProfileFormValues>;

/** The profile's two timeouts, each in seconds within TIMEOUT_SECONDS. */
const TIMEOUTS = [
  {
    name: 'connectTimeoutSeconds',
    label: 'settings.profiles.field.connectTimeout',
    description: 'settings.profiles.field.connectTimeoutHelp',
  },
  {
    name: 'requestTimeoutSeconds',
    label: 'settings.profiles.field.requestTimeout',
    description: 'settings.profiles.field.requestTimeoutHelp',
  },
] as const;

/** The addresses a new pay-in starts with; each is described by the gateway's own name of its field. */
const DEFAULT_URLS = [
  { name: 'callBackURL', label: 'settings.profiles.field.callBackURL' },
  { name: 'successURL', label: 'settings.profiles.field.successURL' },
  { name: 'failURL', label: 'settings.profiles.field.failURL' },
  {
    name: 'retURL',
    label: 'settings.profiles.field.retURL',
    description: 'settings.profiles.field.retURLHelp',
  },
] as const;

export function ProfileEditor({
  initial,
  isNew,
  onSaved,
  onCancelNew,
  onDirtyChange,
}: {
  initial: ProfileFormValues;
  isNew: boolean;
  onSaved: (profile: Profile) => void;
  onCancelNew: () => void;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const t = useT();
  const saveProfile = useSettingsStore((state) => state.saveProfile);
  const form = useForm<ProfileFormValues, unknown, Profile>({
    defaultValues: initial,
    resolver: profileResolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { control, register, handleSubmit, reset, setError, setFocus, setValue, getValues, formState } = form;
  const { errors, isDirty, isSubmitting } = formState;
  const [problem, setProblem] = useState<string | undefined>();
  const [saved, setSaved] = useState(false);
  const builtIn = initial.id === SANDBOX_PROFILE.id;
  const embedded = useWatch({ control, name: 'embeddedSandbox' });
  const environment = useWatch({ control, name: 'environment' });
  const payInCountry = useWatch({ control, name: 'payInCountry' });
  const payInStoredCard = useWatch({ control, name: 'payInStoredCard' });
  const returnAddresses = useWatch({ control, name: 'returnAddresses' });
  const serviceUrl = useWatch({ control, name: 'notificationServiceUrl' });
  const teamMode = useSettingsStore((state) => state.view?.settings.team !== undefined);
  const namesService = serviceUrl.trim() !== '';

  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);
  useEffect(() => {
    if (isNew) setFocus('name');
  }, [isNew, setFocus]);

  async function onValid(profile: Profile) {
    setProblem(undefined);
    setSaved(false);
    try {
      await saveProfile(profile);
      reset(formValuesOf(profile));
      setSaved(true);
      onSaved(profile);
    } catch (error) {
      const field = error instanceof PaydeskError ? formFieldOf(error.field) : undefined;
      if (field && error instanceof PaydeskError) {
        setError(field, { type: 'server', message: messageAtField(error.message, error.field) });
        setFocus(field);
      } else {
        setProblem(errorMessage(error));
      }
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    // A new profile's id comes from its name as it is saved, and stays the same through later renames.
    if (isNew) setValue('id', newProfileId(getValues('name')));
    return handleSubmit(onValid)(event);
  }

  return (
    <FormProvider {...form}>
      <form
        noValidate
        onSubmit={onSubmit}
        aria-label={
          isNew ? t('settings.profiles.new') : t('settings.profiles.editor.named', { name: initial.name })
        }
        data-testid="profile-editor"
      >
        <Stack gap="sm">
          <SimpleGrid type="container" cols={TWO_WIDE} spacing="sm">
            <TextField
              name="name"
              label={t('settings.profiles.field.name')}
              required
              maxLength={60}
              autoComplete="off"
            />
            <EnvironmentField builtIn={builtIn} />
          </SimpleGrid>
          {environment === 'production' && (
            <Alert color="red" p="xs">
              <Text size="sm" fw={700} c="red.9">
                {t('settings.profiles.productionWarning')}
              </Text>
            </Alert>
          )}

          {builtIn ? (
            <Text size="sm" c="dimmed" data-testid="embedded-note">
              {t('settings.profiles.embeddedNote')}
            </Text>
          ) : (
            <Checkbox label={t('settings.profiles.field.embedded')} {...register('embeddedSandbox')} />
          )}
          {!embedded && (
            <SimpleGrid type="container" cols={TWO_WIDE} spacing="sm">
              <TextField
                name="baseUrl"
                label={t('settings.profiles.field.baseUrl')}
                required
                placeholder={EXAMPLE.gateway}
              />
              <TextField
                name="kycBaseUrl"
                label={t('settings.profiles.field.kycBaseUrl')}
                required
                placeholder={EXAMPLE.kyc}
              />
            </SimpleGrid>
          )}

          <SimpleGrid type="container" cols={TWO_WIDE} spacing="sm">
            <TextField
              name="merchantId"
              label={t('settings.profiles.field.merchantId')}
              required
              inputMode="numeric"
              autoComplete="off"
              styles={MONO_INPUT}
              description={
                builtIn
                  ? t('settings.profiles.field.merchantIdEmbedded', {
                      merchantId: String(SANDBOX_PROFILE.merchantId),
                      algorithm: SANDBOX_PROFILE.signAlgorithm,
                    })
                  : undefined
              }
            />
            <Choice
              name="signAlgorithm"
              id="profile-algorithm-label"
              label={t('settings.profiles.field.signAlgorithm')}
              data={labelled(t, ALGORITHM_OPTIONS)}
            />
          </SimpleGrid>
          <TextField
            name="receiptName"
            label={t('settings.profiles.field.receiptName')}
            description={t('settings.profiles.field.receiptNameHelp')}
            maxLength={80}
            autoComplete="organization"
          />
          <TextField
            name="motoIp"
            label={t('settings.profiles.field.motoIp')}
            description={t('settings.profiles.field.motoIpHelp')}
            inputMode="decimal"
          />
          <DefaultCountryField />
          <SimpleGrid type="container" cols={THREE_WIDE} spacing="sm">
            <TextField
              name="displayCurrency"
              options={{ setValueAs: (value: string) => value.toUpperCase() }}
              label={t('settings.profiles.field.displayCurrency')}
              required
              maxLength={3}
              description={t('settings.profiles.field.displayCurrencyHelp')}
            />
            {TIMEOUTS.map(({ name, label, description }) => (
              <TextField
                key={name}
                name={name}
                label={t(label)}
                required
                inputMode="decimal"
                description={t(description, TIMEOUT_SECONDS)}
              />
            ))}
          </SimpleGrid>

          {!embedded && (
            <Stack gap="xs" data-testid="payin-rules">
              <Text size="sm" fw={700}>
                {t('settings.profiles.payInRules')}
              </Text>
              <SimpleGrid type="container" cols={TWO_WIDE} spacing="sm">
                <Choice
                  name="payInCountry"
                  id="profile-country-label"
                  label={t('settings.profiles.field.payInCountry')}
                  description={t(
                    payInCountry === 'iso-alpha2'
                      ? 'settings.profiles.country.isoHelp'
                      : 'settings.profiles.country.textHelp',
                  )}
                  data={labelled(t, COUNTRY_OPTIONS)}
                />
                <Choice
                  name="payInStoredCard"
                  id="profile-stored-card-label"
                  label={t('settings.profiles.field.payInStoredCard')}
                  description={t(
                    payInStoredCard === 'token-alone'
                      ? 'settings.profiles.storedCard.tokenAloneHelp'
                      : 'settings.profiles.storedCard.withCardHelp',
                  )}
                  data={labelled(t, STORED_CARD_OPTIONS)}
                />
              </SimpleGrid>
            </Stack>
          )}

          <Stack gap={4}>
            <TextField
              name="notificationServiceUrl"
              label={t('settings.profiles.field.notificationService')}
              description={t('settings.profiles.field.notificationServiceHelp')}
              placeholder={EXAMPLE.notify}
              autoComplete="off"
              styles={MONO_INPUT}
            />
            {/* Not beside main's refusal at this field, which says why itself (issue 35: it read twice). */}
            {!teamMode && !errors.notificationServiceUrl && (
              <Text size="xs" c="dimmed" data-testid="notification-service-needs-team">
                {t('settings.profiles.needsTeam')}
              </Text>
            )}
          </Stack>

          {namesService ? (
            <Text size="sm" c="dimmed" data-testid="service-addresses-note">
              {t('settings.profiles.serviceAddresses')}
            </Text>
          ) : (
            <>
              <Choice
                name="returnAddresses"
                id="profile-returns-label"
                label={t('settings.profiles.field.returnAddresses')}
                description={t(
                  returnAddresses === 'paydesk'
                    ? 'settings.profiles.returns.paydeskHelp'
                    : 'settings.profiles.returns.profileHelp',
                )}
                data={labelled(t, RETURN_OPTIONS)}
              />
              {environment === 'production' && returnAddresses === 'paydesk' && (
                <Alert color="orange" p="xs" data-testid="loopback-warning">
                  <Text size="sm">
                    {t('settings.profiles.loopbackWarning', {
                      option: t('settings.profiles.returns.profile'),
                    })}
                  </Text>
                </Alert>
              )}

              <Stack gap="xs">
                <Text size="sm" c="dimmed">
                  {t(
                    returnAddresses === 'profile'
                      ? 'settings.profiles.defaults.profile'
                      : 'settings.profiles.defaults.paydesk',
                  )}
                </Text>
                <SimpleGrid type="container" cols={TWO_WIDE} spacing="sm">
                  {DEFAULT_URLS.map((url) => (
                    <TextField
                      key={url.name}
                      name={url.name}
                      label={t(url.label)}
                      description={'description' in url ? t(url.description, { field: url.name }) : url.name}
                    />
                  ))}
                </SimpleGrid>
              </Stack>
            </>
          )}

          <ProblemAlert problem={errors.root?.message} />
          <ProblemAlert problem={problem} />
          <Group justify="space-between">
            <SaveStatus isDirty={isDirty} saved={saved} />
            <Group gap="xs">
              {isNew ? (
                <Button variant="default" onClick={onCancelNew}>
                  {t('settings.profiles.cancel')}
                </Button>
              ) : (
                <Button variant="default" disabled={!isDirty} onClick={() => reset()}>
                  {t('settings.profiles.discardChanges')}
                </Button>
              )}
              <Button type="submit" loading={isSubmitting}>
                {t(isNew ? 'settings.profiles.create' : 'settings.profiles.save')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </FormProvider>
  );
}
