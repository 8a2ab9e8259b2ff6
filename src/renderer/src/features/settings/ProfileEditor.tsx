// The editor of one connection profile. Validated by the shared schema as the operator saves; main checks
// again, and a field it refuses is marked where it is. The built-in Sandbox keeps its embedded gateway.
import { Alert, Button, Checkbox, Group, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { FormTextInput } from '@renderer/lib/FormTextInput';
import { ProblemAlert } from '@renderer/lib/ProblemAlert';
import { errorMessage, PaydeskError } from '@renderer/lib/paydesk';
import { SaveStatus } from '@renderer/lib/SaveStatus';
import { useSettingsStore } from '@renderer/lib/settings-store';
import { MONO_INPUT } from '@renderer/lib/styles';
import type { PayInRules } from '@shared/gateway/payin';
import type { SignAlgorithm } from '@shared/gateway/sign-algorithm';
import { type Environment, type Profile, type ReturnAddresses, SANDBOX_PROFILE } from '@shared/profile';
import { type FormEvent, useEffect, useState } from 'react';
import { Controller, FormProvider, useController, useForm, useWatch } from 'react-hook-form';
import { DefaultCountryField } from './DefaultCountryField';
import {
  formFieldOf,
  formValuesOf,
  messageAtField,
  newProfileId,
  type ProfileFormValues,
  profileResolver,
  TIMEOUT_SECONDS,
} from './profile-form';
import './environment-switch.css';

const ENVIRONMENT_OPTIONS: { value: Environment; label: string }[] = [
  { value: 'sandbox', label: 'Sandbox' },
  { value: 'test', label: 'Test gateway' },
  { value: 'production', label: 'Production' },
];
const ALGORITHM_OPTIONS: { value: SignAlgorithm; label: string }[] = [
  { value: 'hmac-sha256', label: 'HMAC-SHA256' },
  { value: 'md5-key', label: 'MD5 with key' },
];
const COUNTRY_OPTIONS: { value: PayInRules['country']; label: string }[] = [
  { value: 'iso-alpha2', label: 'ISO code (DE)' },
  { value: 'text', label: 'Any text, up to 8' },
];
const STORED_CARD_OPTIONS: { value: PayInRules['storedCard']; label: string }[] = [
  { value: 'token-alone', label: 'Token alone' },
  { value: 'token-with-card', label: 'Token and card details' },
];
const RETURN_OPTIONS: { value: ReturnAddresses; label: string }[] = [
  { value: 'paydesk', label: "Paydesk's (this computer)" },
  { value: 'profile', label: "This profile's URLs" },
];

/** A labelled choice between a few values (the label is read out with the group). */
/** The fields of this form chosen from a few values (SegmentedControl). */
type ChoiceName = 'signAlgorithm' | 'payInCountry' | 'payInStoredCard' | 'returnAddresses';

/** A choice of the form field `name`, labelled, with a description of what the value chosen means if given. */
function Choice<N extends ChoiceName>({
  name,
  id,
  label,
  description,
  data,
}: {
  name: N;
  id: string;
  label: string;
  description?: string;
  data: { value: ProfileFormValues[N]; label: string }[];
}) {
  const { field } = useController<ProfileFormValues, N>({ name });
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id={id}>
        {label}
      </Text>
      <SegmentedControl
        aria-labelledby={id}
        aria-describedby={description === undefined ? undefined : `${id}-description`}
        value={field.value}
        onChange={(next) => field.onChange(next as ProfileFormValues[N])}
        data={data}
      />
      {description !== undefined && (
        <Text size="xs" c="dimmed" id={`${id}-description`}>
          {description}
        </Text>
      )}
    </Stack>
  );
}

/** A text field of this form: registered by name, with its error (lib/FormTextInput). */
const TextField = FormTextInput<ProfileFormValues>;

/** The profile's two timeouts, each in seconds within TIMEOUT_SECONDS. */
const TIMEOUTS = [
  { name: 'connectTimeoutSeconds', label: 'Connect timeout (seconds)', what: 'to reach the gateway' },
  { name: 'requestTimeoutSeconds', label: 'Request timeout (seconds)', what: 'for the whole answer' },
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
        aria-label={isNew ? 'New profile' : `Profile ${initial.name}`}
        data-testid="profile-editor"
      >
        <Stack gap="sm">
          {/* Name and environment side by side where the editor is wide, else the switch gets a row. */}
          <SimpleGrid type="container" cols={{ base: 1, '36rem': 2 }} spacing="sm">
            <TextField name="name" label="Profile name" required maxLength={60} autoComplete="off" />
            {builtIn ? (
              <Stack gap={4}>
                <Text size="sm" fw={500}>
                  Environment
                </Text>
                <Text size="sm" py={6}>
                  Sandbox (the built-in profile stays one)
                </Text>
              </Stack>
            ) : (
              <Controller
                control={control}
                name="environment"
                render={({ field }) => (
                  <Stack gap={4}>
                    <Text size="sm" fw={500} id="profile-environment-label">
                      Environment
                    </Text>
                    <div
                      role="radiogroup"
                      aria-labelledby="profile-environment-label"
                      className="environment-switch"
                    >
                      {ENVIRONMENT_OPTIONS.map((option) => (
                        <label
                          key={option.value}
                          className="environment-switch-option"
                          data-checked={field.value === option.value || undefined}
                          data-environment={option.value}
                        >
                          <input
                            type="radio"
                            className="environment-switch-input"
                            name={field.name}
                            value={option.value}
                            checked={field.value === option.value}
                            onChange={() => field.onChange(option.value)}
                            onBlur={field.onBlur}
                          />
                          {option.label}
                        </label>
                      ))}
                    </div>
                  </Stack>
                )}
              />
            )}
          </SimpleGrid>
          {environment === 'production' && (
            <Alert color="red" p="xs">
              <Text size="sm" fw={700} c="red.9">
                Production: pay-ins with this profile charge real cards.
              </Text>
            </Alert>
          )}

          {builtIn ? (
            <Text size="sm" c="dimmed" data-testid="embedded-note">
              No addresses to set: the built-in Sandbox always uses the sandbox gateway that Paydesk starts on
              this computer, on a free loopback port, at every start.
            </Text>
          ) : (
            <Checkbox
              label="Use Paydesk's embedded sandbox gateway (no addresses needed)"
              {...register('embeddedSandbox')}
            />
          )}
          {!embedded && (
            <SimpleGrid cols={2} spacing="sm">
              <TextField
                name="baseUrl"
                label="Gateway base URL (base_url)"
                required
                placeholder="https://gateway.example.com"
              />
              <TextField
                name="kycBaseUrl"
                label="KYC base URL (kyc_base_url)"
                required
                placeholder="https://kyc.example.com"
              />
            </SimpleGrid>
          )}

          <SimpleGrid cols={2} spacing="sm">
            <TextField
              name="merchantId"
              label="Merchant ID (merchantId)"
              required
              inputMode="numeric"
              autoComplete="off"
              styles={MONO_INPUT}
              description={
                builtIn
                  ? `The embedded sandbox knows merchant ${SANDBOX_PROFILE.merchantId} (${SANDBOX_PROFILE.signAlgorithm}).`
                  : undefined
              }
            />
            <Choice
              name="signAlgorithm"
              id="profile-algorithm-label"
              label="Sign algorithm (v1 and KYC)"
              data={ALGORITHM_OPTIONS}
            />
          </SimpleGrid>
          <TextField
            name="receiptName"
            label="Business name on receipts"
            description="What the customer knows the merchant as; the profile name when empty"
            maxLength={80}
            autoComplete="organization"
          />
          <TextField
            name="motoIp"
            label="Caller IP for phone payments (MOTO)"
            description="The call centre's public IPv4 (such as 203.0.113.7), sent as the payer's address; prefilled in the pay-in form"
            inputMode="decimal"
          />
          <DefaultCountryField />
          <SimpleGrid cols={3} spacing="sm">
            <TextField
              name="displayCurrency"
              options={{ setValueAs: (value: string) => value.toUpperCase() }}
              label="Display currency"
              required
              maxLength={3}
              description="Shown and recorded; v2 sends none"
            />
            {TIMEOUTS.map(({ name, label, what }) => (
              <TextField
                key={name}
                name={name}
                label={label}
                required
                inputMode="decimal"
                description={`${TIMEOUT_SECONDS.min}–${TIMEOUT_SECONDS.max} s ${what}`}
              />
            ))}
          </SimpleGrid>

          {!embedded && (
            <Stack gap="xs" data-testid="payin-rules">
              <Text size="sm" fw={700}>
                How this gateway reads a pay-in
              </Text>
              <SimpleGrid cols={2} spacing="sm">
                <Choice
                  name="payInCountry"
                  id="profile-country-label"
                  label="Billing country (country)"
                  description={
                    payInCountry === 'iso-alpha2'
                      ? 'A two-letter ISO 3166-1 code, as the sandbox wants.'
                      : 'Any text of up to 8 characters (string(8)), e.g. DEU.'
                  }
                  data={COUNTRY_OPTIONS}
                />
                <Choice
                  name="payInStoredCard"
                  id="profile-stored-card-label"
                  label="Paying with a stored card (ccStorageID)"
                  description={
                    payInStoredCard === 'token-alone'
                      ? 'No card details beside the token, as the sandbox wants.'
                      : 'Card details (e.g. the CVV) may go with the token.'
                  }
                  data={STORED_CARD_OPTIONS}
                />
              </SimpleGrid>
            </Stack>
          )}

          <Stack gap={4}>
            <TextField
              name="notificationServiceUrl"
              label="Notification service"
              description="Its public https address, from your administrator. Every pay-in then carries its /callback as callBackURL and its /return, /success and /fail pages; the gateway's notification reaches this desk through the team database."
              placeholder="https://pay.example.com/paydesk-notify"
              autoComplete="off"
              styles={MONO_INPUT}
            />
            {/* Not beside main's refusal at this field, which says why itself (issue 35: it read twice). */}
            {!teamMode && !errors.notificationServiceUrl && (
              <Text size="xs" c="dimmed" data-testid="notification-service-needs-team">
                Needs team mode (Settings → Team): the service stores the notification in the team database,
                and a desk without one would never hear it.
              </Text>
            )}
          </Stack>

          {namesService ? (
            <Text size="sm" c="dimmed" data-testid="service-addresses-note">
              Return and callback addresses: the notification service's. The bank page closes by itself when
              it reaches them; the result comes from the gateway's notification.
            </Text>
          ) : (
            <>
              <Choice
                name="returnAddresses"
                id="profile-returns-label"
                label="Return addresses (retURL, successURL, failURL)"
                description={
                  returnAddresses === 'paydesk'
                    ? 'The bank page comes back to Paydesk on this computer (http://127.0.0.1) and closes by itself. The gateway must accept such addresses.'
                    : "Only this profile's URLs below are sent (public https pages of your own). The bank page does not close by itself; the result comes from the callback or from asking the gateway again."
                }
                data={RETURN_OPTIONS}
              />
              {environment === 'production' && returnAddresses === 'paydesk' && (
                <Alert color="orange" p="xs" data-testid="loopback-warning">
                  <Text size="sm">
                    A production gateway usually refuses loopback return addresses: choose "This profile's
                    URLs" and set them below if it does.
                  </Text>
                </Alert>
              )}

              <Stack gap="xs">
                <Text size="sm" c="dimmed">
                  {returnAddresses === 'profile'
                    ? 'Filled into every new pay-in, where they can still be changed; an empty return URL is left out.'
                    : 'Optional: filled into every new pay-in, where they can still be changed.'}
                </Text>
                <SimpleGrid cols={2} spacing="sm">
                  <TextField name="callBackURL" label="Default callback URL" description="callBackURL" />
                  <TextField name="successURL" label="Default success URL" description="successURL" />
                  <TextField name="failURL" label="Default fail URL" description="failURL" />
                  <TextField
                    name="retURL"
                    label="Default 3DS return URL"
                    description="retURL (where a 3-D Secure page returns)"
                  />
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
                  Cancel
                </Button>
              ) : (
                <Button variant="default" disabled={!isDirty} onClick={() => reset()}>
                  Discard changes
                </Button>
              )}
              <Button type="submit" loading={isSubmitting}>
                {isNew ? 'Create profile' : 'Save profile'}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </FormProvider>
  );
}
