// The MOTO pay-in form: keyboard-first (Enter sends, Escape clears the card details, then the form),
// labelled fields in the order an agent asks for them on the phone, the amount shown as it will be sent.

import { Alert, Button, Checkbox, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useLocale, useT } from '@renderer/i18n/use-t';
import { useCallingCodes } from '@renderer/lib/calling-codes';
import { formatCardNumber } from '@renderer/lib/card-input';
import { CUSTOMER_FIELDS, customerDetailsOf } from '@shared/customer-fields';
import type { MessageKey } from '@shared/i18n/messages';
import { accordionSectionOf } from '@shared/payin-fields';
import type { PayInSubmit } from '@shared/payin-input';
import { ASK_AGAIN_STATUSES } from '@shared/payin-lifecycle';
import type { Profile } from '@shared/profile';
import { generateMerchantTradeNo } from '@shared/trade-no';
import { useEffect, useRef, useState } from 'react';
import { FormProvider, type SubmitErrorHandler, useForm, useWatch } from 'react-hook-form';
import { AmountField } from './AmountField';
import { type AmountContext, figure, readTypedAmount } from './amount-entry';
import { CardFields } from './CardFields';
import { CustomerFields, customerComplete, customerFieldsOf } from './CustomerFields';
import {
  CARD_FIELDS,
  defaultValues,
  isFormField,
  type PayInFormValues,
  rulesOf,
  withOrderNumber,
} from './form';
import { FORM_COLUMNS, SegmentedField, TextField } from './form-fields';
import { loadFormSchema, payInResolverFor } from './form-resolver';
import { MoreOptions } from './MoreOptions';
import { ReturningCustomer } from './ReturningCustomer';
import { StoredCardPicker } from './StoredCardPicker';
import { usePayInStore } from './store';
import { SEND_BUTTON_ID, TestScenarioPicker } from './TestScenarioPicker';
import { usePublishFormDraft } from './use-form-draft';
import { NEW_PAYMENT_KEY, usePayInFormKeys } from './use-payin-form-keys';

export function PayInForm({
  profile,
  secretSet,
  active,
}: {
  profile: Profile | undefined;
  secretSet: boolean;
  active: boolean;
}) {
  const t = useT();
  const locale = useLocale();
  // How the resolver reads the amount: the language and the currency shown, set below on every render (the
  // currency follows the version and the currency field, which the form itself holds).
  const amountContext = useRef<AmountContext>({ locale, currency: '' }).current;
  // The profile's reading of country and stored cards (A8, A14): the form refuses no more than it does.
  const rules = rulesOf(profile);
  const form = useForm<PayInFormValues, AmountContext, PayInSubmit>({
    defaultValues: defaultValues(profile),
    resolver: payInResolverFor(rules),
    context: amountContext,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { control, register, handleSubmit, setValue, getValues, reset, setError, setFocus } = form;
  const [sections, setSections] = useState<string[]>([]);
  const [notice, setNotice] = useState<MessageKey | undefined>();

  const version = useWatch({ control, name: 'version' });
  const amount = useWatch({ control, name: 'amount' });
  const country = useWatch({ control, name: 'country' });
  const currencyField = useWatch({ control, name: 'currency' });
  const ccStorageID = useWatch({ control, name: 'ccStorageID' });
  usePublishFormDraft(control);
  const submit = usePayInStore((state) => state.submit);
  // Busy until main has answered, even when news of the pay-in (a callback) is already on the panel.
  const sending = usePayInStore((state) => state.inFlight);

  const currency =
    version === 'v1' ? currencyField.toUpperCase() || '???' : (profile?.displayCurrency ?? 'EUR');
  amountContext.locale = locale;
  amountContext.currency = currency;
  const reading = readTypedAmount(amount, amountContext);
  // Folded for the customer id it was folded for: another id typed opens the fields again at once, so a
  // new customer's pay-in never carries the last one's details unseen.
  const userId = useWatch({ control, name: 'userId' });
  const [foldedFor, setFoldedFor] = useState<string | undefined>();
  const customerFolded = foldedFor !== undefined && foldedFor === userId.trim();
  function unfoldCustomer() {
    setFoldedFor(undefined);
    setTimeout(() => setFocus('firstName'), 0);
  }

  // A new active profile brings its default URLs, currency and country; the same profile edited in
  // Settings brings them to a form the agent has not started typing in.
  // "Not started" is the form still holding the defaults it was last reset to (formState.isDirty read in an
  // effect is stale: react-hook-form updates it only for what a render subscribed to).
  const profileKey = profile ? JSON.stringify(profile) : '';
  const shownProfileId = useRef(profile?.id);
  const startedFrom = useRef('');
  // What the agent may have typed: not the calling code or the stored card, which effects set by themselves.
  const typedText = () => {
    const { iddCode: _followsCountry, ccStorageID: _lookedUp, ...typed } = getValues();
    return JSON.stringify(typed);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the profile itself changes
  useEffect(() => {
    const sameProfile = shownProfileId.current === profile?.id;
    shownProfileId.current = profile?.id;
    if (sameProfile && startedFrom.current && typedText() !== startedFrom.current) return;
    reset(defaultValues(profile, getValues('version')));
    startedFrom.current = typedText();
  }, [profileKey]);

  // v1's calling code follows the country unless the agent typed one (also when its data arrives).
  const callingCodeOf = useCallingCodes();
  useEffect(() => {
    const code = callingCodeOf?.(country);
    if (code && !form.getFieldState('iddCode').isDirty) setValue('iddCode', code);
  }, [country, setValue, form, callingCodeOf]);

  // The checks a send runs (form-schema.ts) load once the form is up and the page is idle.
  useEffect(() => {
    const load = () => void loadFormSchema().catch(() => undefined);
    if (typeof requestIdleCallback !== 'function') return void setTimeout(load, 500);
    const idle = requestIdleCallback(load, { timeout: 3_000 });
    return () => cancelIdleCallback(idle);
  }, []);

  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => setFocus('userId'), 50);
    return () => clearTimeout(timer);
  }, [active, setFocus]);

  // After an approved pay-in the form starts a new payment: the next caller must not inherit this one's
  // details. They are kept in memory for "Same customer again" in the result panel.
  const phase = usePayInStore((state) => state.phase);
  const approvedId =
    phase.kind === 'result' && phase.result.status === 'approved' ? phase.result.historyId : undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per approved pay-in
  useEffect(() => {
    if (approvedId === undefined) return;
    const values = getValues();
    usePayInStore.getState().rememberCustomer(customerDetailsOf((name) => values[name]));
    reset(defaultValues(profile, values.version));
  }, [approvedId]);

  // The customer's stored cards, as the picker found them: a customer brought back with a card on file
  // goes on to choosing it, one with none to typing a card.
  const [storedCardCount, setStoredCardCount] = useState(0);

  // What the store's actions do to the form (store.ts PayInFormHandle): attached while the form is mounted.
  useEffect(
    () =>
      usePayInStore.getState().attachForm({
        // Main or the gateway named a field: mark it, open its section, put the cursor there.
        markField(name, message) {
          if (!isFormField(name)) return;
          const section = accordionSectionOf(name);
          if (section) setSections((open) => (open.includes(section) ? open : [...open, section]));
          const customer: readonly string[] = customerFieldsOf(getValues('version'));
          if (customer.includes(name)) setFoldedFor(undefined);
          setError(name, { type: 'server', message });
          setTimeout(() => setFocus(name), 0);
        },
        // "Same customer again" or a returning customer's details.
        fillCustomer(customer) {
          for (const name of CUSTOMER_FIELDS) setValue(name, customer[name], { shouldDirty: true });
          // Fields marked by an earlier Send ("Required.") are checked again with what was filled in.
          const marked = CUSTOMER_FIELDS.filter((name) => form.getFieldState(name).error);
          if (marked.length > 0) void form.trigger(marked);
          const values = getValues();
          setFoldedFor(customerComplete(values) ? values.userId.trim() : undefined);
          if (active) setTimeout(() => setFocus(storedCardCount > 0 ? 'ccStorageID' : 'cardNumber'), 0);
        },
        newPayment: () => latestNewPayment.current(),
        resumeTyping() {
          const marked = Object.keys(form.formState.errors).filter(isFormField);
          setTimeout(() => setFocus(marked[0] ?? 'userId'), 0);
        },
        // A test card chosen in the Test cards list: into the card fields, then on to the amount.
        fillCard(card) {
          setValue('ccStorageID', '');
          setValue('cardNumber', formatCardNumber(card.cardNumber), { shouldDirty: true });
          setValue('expDate', card.expDate, { shouldDirty: true });
          setValue('cvv', card.cvv, { shouldDirty: true });
          form.clearErrors([...CARD_FIELDS]);
          if (active) setTimeout(() => setFocus('amount'), 0);
        },
      }),
    [setError, setValue, setFocus, form, active, storedCardCount, getValues],
  );

  /** "New payment": an empty form; a result still open goes to the note that says where it is. */
  function newPayment() {
    const { phase: shown, inFlight } = usePayInStore.getState();
    if (!inFlight) {
      if (shown.kind === 'result' && ASK_AGAIN_STATUSES.has(shown.result.status)) {
        usePayInStore.getState().checkLater(shown.result);
      } else {
        usePayInStore.getState().close();
      }
    }
    reset(defaultValues(profile, getValues('version')));
    setNotice('payin.notice.newPayment');
    // After the reset has rendered: focusing during it is lost.
    setTimeout(() => setFocus('userId'), 0);
  }

  // The handle attached once calls the newest newPayment (it reads the profile of the latest render).
  const latestNewPayment = useRef(newPayment);
  latestNewPayment.current = newPayment;

  function clearCard() {
    for (const name of CARD_FIELDS) setValue(name, '', { shouldDirty: false });
    form.clearErrors([...CARD_FIELDS]);
  }

  const onValid = async (payload: PayInSubmit) => {
    setNotice(undefined);
    // The card details leave the form before the answer is awaited: from here on they exist only in
    // the request in flight (and in a duplicate warning awaiting the agent's answer). Storing a card is
    // asked again for every payment: the next customer's card is never stored because this one's was.
    clearCard();
    setValue('storeCc', false);
    // Named here, so that news of this pay-in from any source finds the panel while it is being sent.
    const named = payload.fields.merchantTradeNo
      ? payload
      : withOrderNumber(payload, generateMerchantTradeNo());
    await submit(named);
  };

  const onInvalid: SubmitErrorHandler<PayInFormValues> = (invalid) => {
    const customer: readonly string[] = customerFieldsOf(getValues('version'));
    if (Object.keys(invalid).some((name) => customer.includes(name))) setFoldedFor(undefined);
    const open = Object.keys(invalid)
      .map(accordionSectionOf)
      .filter((section) => section !== undefined);
    if (open.length) setSections((current) => [...new Set([...current, ...open])]);
  };

  usePayInFormKeys({
    active,
    clearCard() {
      clearCard();
      setNotice('payin.notice.cardCleared');
      setFocus('cardNumber');
    },
    clearForm() {
      reset(defaultValues(profile, getValues('version')));
      setNotice('payin.notice.formCleared');
      setFocus('userId');
    },
    cardTyped() {
      const values = getValues();
      return Boolean(values.cardNumber || values.expDate || values.cvv);
    },
    newPayment: () => newPayment(),
  });

  const sendLabel = reading?.ok
    ? t('payin.sendAmount', { amount: figure(reading.value, currency, locale), currency })
    : t('payin.send');

  return (
    <FormProvider {...form}>
      <form
        noValidate
        aria-label={t('payin.form')}
        onSubmit={handleSubmit(onValid, onInvalid)}
        data-testid="payin-form"
      >
        <Stack gap="md">
          <Group justify="space-between" align="flex-end">
            <SegmentedField
              name="version"
              label={t('payin.version')}
              options={[
                { value: 'v2', label: t('payin.version.v2') },
                { value: 'v1', label: t('payin.version.v1') },
              ]}
            />
            {profile?.environment === 'sandbox' && <TestScenarioPicker />}
          </Group>

          {version === 'v1' && !secretSet && !profile?.embeddedSandbox && (
            <Alert
              color="orange"
              title={t('payin.v1NeedsSecret.title')}
              // The light alert's own title colour is too pale on its tint (WCAG AA): the darkest shade.
              styles={{ title: { color: 'var(--mantine-color-orange-9)' } }}
            >
              {t('payin.v1NeedsSecret.body')}
            </Alert>
          )}

          <SimpleGrid {...FORM_COLUMNS}>
            <TextField name="userId" label={t('payin.field.userId')} required autoComplete="off" />
            <StoredCardPicker profileId={profile?.id} onCards={setStoredCardCount} />
          </SimpleGrid>
          <ReturningCustomer profileId={profile?.id} />

          {!ccStorageID ? (
            <CardFields />
          ) : rules.storedCard === 'token-with-card' ? (
            <Stack gap={4}>
              <Text size="sm" c="dimmed">
                {t('payin.storedCard.withDetails')}
              </Text>
              <CardFields optional />
            </Stack>
          ) : (
            <Text size="sm" c="dimmed">
              {t('payin.storedCard.only')}
            </Text>
          )}

          <Group align="flex-start" gap="sm">
            <AmountField reading={reading} currency={currency} />
            {version === 'v1' && (
              <TextField
                name="currency"
                options={{ setValueAs: (value: string) => value.toUpperCase() }}
                label={t('payin.field.currency')}
                required
                maxLength={3}
                w="7rem"
                placeholder={t('payin.currency.placeholder')}
              />
            )}
            {version === 'v2' && (
              <Text size="xs" c="dimmed" mt={28} maw="18rem">
                {t('payin.v2Currency', { currency })}
              </Text>
            )}
          </Group>

          <CustomerFields
            version={version}
            countryRule={rules.country}
            folded={customerFolded}
            onUnfold={unfoldCustomer}
          />

          {!ccStorageID && (
            <Checkbox
              label={t('payin.field.storeCc')}
              description={t('payin.storeCc.description')}
              {...register('storeCc')}
            />
          )}

          <Group justify="space-between">
            <Text size="xs" c="dimmed" aria-live="polite">
              {notice ? t(notice) : t('payin.keys', { key: NEW_PAYMENT_KEY })}
            </Text>
            <Group gap="sm">
              <Button
                type="button"
                variant="default"
                size="md"
                disabled={sending}
                onClick={newPayment}
                aria-keyshortcuts={NEW_PAYMENT_KEY}
                title={NEW_PAYMENT_KEY}
              >
                {t('payin.newPayment')}
              </Button>
              <Button
                type="submit"
                size="md"
                loading={sending}
                disabled={sending}
                data-testid="send-payment"
                id={SEND_BUTTON_ID}
              >
                {sendLabel}
              </Button>
            </Group>
          </Group>

          <MoreOptions
            version={version}
            currency={currency}
            profile={profile}
            sections={sections}
            onSections={setSections}
          />
        </Stack>
      </form>
    </FormProvider>
  );
}
