// The profile editor's values (text as typed, timeouts in seconds) and the step to a profile: validation
// is the shared savedProfileSchema through the zod resolver, so the editor refuses exactly what main would.

import { translate } from '@renderer/i18n/i18n';
import { schemaResolver } from '@renderer/lib/zod-resolver';
import { DEFAULT_PAYIN_RULES, type PayInRules } from '@shared/gateway/payin';
import type { SignAlgorithm } from '@shared/gateway/sign-algorithm';
import {
  type Environment,
  type Profile,
  type ProfileInput,
  profileSchema,
  type ReturnAddresses,
  SANDBOX_PROFILE,
  savedProfileSchema,
} from '@shared/profile';
import { schemaProblemWords } from '@shared/schema-problem-words';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { z } from 'zod';

export interface ProfileFormValues {
  id: string;
  name: string;
  /** The business name printed on receipts; '' for the profile's name. */
  receiptName: string;
  environment: Environment;
  embeddedSandbox: boolean;
  baseUrl: string;
  kycBaseUrl: string;
  merchantId: string;
  signAlgorithm: SignAlgorithm;
  displayCurrency: string;
  /** The payer IP sent with phone payments (the call centre's public IPv4); '' for none. */
  motoIp: string;
  /** The billing country a new pay-in starts with; '' for none (the agent picks it each time). */
  defaultCountry: string;
  /** How the gateway reads `country` (A14) and card details beside a stored card (A8). */
  payInCountry: PayInRules['country'];
  payInStoredCard: PayInRules['storedCard'];
  /** Where the bank page returns: Paydesk's loopback listener or the profile's URLs (A29). */
  returnAddresses: ReturnAddresses;
  callBackURL: string;
  successURL: string;
  failURL: string;
  retURL: string;
  /** The merchant's notification service's public https address; '' for none. */
  notificationServiceUrl: string;
  connectTimeoutSeconds: string;
  requestTimeoutSeconds: string;
}

type ProfileField = keyof ProfileFormValues;

/** The fields the operator edits (the id is fixed when the profile is made). */
const EDITABLE_FIELDS: ReadonlySet<string> = new Set<ProfileField>([
  'name',
  'receiptName',
  'environment',
  'embeddedSandbox',
  'baseUrl',
  'kycBaseUrl',
  'merchantId',
  'signAlgorithm',
  'displayCurrency',
  'motoIp',
  'defaultCountry',
  'payInCountry',
  'payInStoredCard',
  'returnAddresses',
  'callBackURL',
  'successURL',
  'failURL',
  'retURL',
  'notificationServiceUrl',
  'connectTimeoutSeconds',
  'requestTimeoutSeconds',
]);

/** The schema's bounds, shown in seconds: 1 000–120 000 ms. */
export const TIMEOUT_SECONDS = { min: 1, max: 120 } as const;

/** A profile field named by main or the schema, as the editor's field that shows it. */
const FORM_FIELD_OF: Partial<Record<string, ProfileField>> = {
  connectTimeoutMs: 'connectTimeoutSeconds',
  requestTimeoutMs: 'requestTimeoutSeconds',
  'payInRules.country': 'payInCountry',
  'payInRules.storedCard': 'payInStoredCard',
  notificationService: 'notificationServiceUrl',
  'notificationService.baseUrl': 'notificationServiceUrl',
};

export function formFieldOf(path: string | undefined): ProfileField | undefined {
  if (!path) return undefined;
  const field = FORM_FIELD_OF[path] ?? path;
  return EDITABLE_FIELDS.has(field) ? (field as ProfileField) : undefined;
}

const secondsText = (ms: number) => String(ms / 1000);

export function formValuesOf(profile: Profile): ProfileFormValues {
  return {
    id: profile.id,
    name: profile.name,
    receiptName: profile.receiptName ?? '',
    environment: profile.environment,
    embeddedSandbox: profile.embeddedSandbox,
    baseUrl: profile.baseUrl ?? '',
    kycBaseUrl: profile.kycBaseUrl ?? '',
    merchantId: String(profile.merchantId),
    signAlgorithm: profile.signAlgorithm,
    displayCurrency: profile.displayCurrency,
    motoIp: profile.motoIp ?? '',
    defaultCountry: profile.defaultCountry ?? '',
    payInCountry: profile.payInRules.country,
    payInStoredCard: profile.payInRules.storedCard,
    returnAddresses: profile.returnAddresses,
    callBackURL: profile.callBackURL ?? '',
    successURL: profile.successURL ?? '',
    failURL: profile.failURL ?? '',
    retURL: profile.retURL ?? '',
    notificationServiceUrl: profile.notificationService?.baseUrl ?? '',
    connectTimeoutSeconds: secondsText(profile.connectTimeoutMs),
    requestTimeoutSeconds: secondsText(profile.requestTimeoutMs),
  };
}

/** A new profile: the schema's defaults, a test gateway, and a fresh id. */
export function emptyValues(id = ''): ProfileFormValues {
  const defaults = profileSchema.parse({
    id: SANDBOX_PROFILE.id,
    name: 'new',
    environment: 'test',
    merchantId: 1,
  });
  return { ...formValuesOf(defaults), id, name: '', merchantId: '' };
}

/** A text that becomes a number only when it is one: anything else fails the schema's number check. */
function wholeNumber(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** Seconds as typed → milliseconds; an empty field is an error here, not the schema's default. */
function milliseconds(text: string): number {
  const trimmed = text.trim();
  return /^\d+(\.\d{1,3})?$/.test(trimmed) ? Math.round(Number(trimmed) * 1000) : Number.NaN;
}

const optional = (text: string) => text.trim() || undefined;

/** The profile the form describes, before validation: what the schema and main receive. */
export function toProfileInput(values: ProfileFormValues): ProfileInput {
  const embedded = values.embeddedSandbox;
  return {
    id: values.id,
    name: values.name.trim(),
    receiptName: optional(values.receiptName),
    environment: values.environment,
    embeddedSandbox: embedded,
    // The embedded sandbox's addresses are known only at run time: main fills them in.
    baseUrl: embedded ? undefined : optional(values.baseUrl),
    kycBaseUrl: embedded ? undefined : optional(values.kycBaseUrl),
    merchantId: wholeNumber(values.merchantId) as number,
    signAlgorithm: values.signAlgorithm,
    displayCurrency: values.displayCurrency.trim().toUpperCase(),
    motoIp: optional(values.motoIp),
    defaultCountry: optional(values.defaultCountry),
    // The embedded sandbox reads the interface its own way (A8, A14): nothing to relax there.
    payInRules: embedded
      ? { ...DEFAULT_PAYIN_RULES }
      : { country: values.payInCountry, storedCard: values.payInStoredCard },
    returnAddresses: values.returnAddresses,
    callBackURL: optional(values.callBackURL),
    successURL: optional(values.successURL),
    failURL: optional(values.failURL),
    retURL: optional(values.retURL),
    notificationService: optional(values.notificationServiceUrl)
      ? { baseUrl: values.notificationServiceUrl.trim() }
      : undefined,
    connectTimeoutMs: milliseconds(values.connectTimeoutSeconds),
    requestTimeoutMs: milliseconds(values.requestTimeoutSeconds),
  };
}

const formSchema = z.custom<ProfileFormValues>().transform(toProfileInput).pipe(savedProfileSchema);
const resolveWithSchema = schemaResolver(formSchema);

/** The value at an issue's path in the profile the form describes: undefined for a field left empty. */
function inputAt(input: ProfileInput, path: readonly PropertyKey[]): unknown {
  let value: unknown = input;
  for (const part of path) value = (value as Record<PropertyKey, unknown> | undefined)?.[part];
  return value;
}

/** An issue in the catalogue's words (schema-problem-words.ts), in the supervisor's language. */
function issueText(issue: z.core.$ZodIssue, input: ProfileInput): string {
  const words = schemaProblemWords(issue, { input: inputAt(input, issue.path) });
  return words ? translate(words.key, words.values) : translate('settings.profiles.invalid');
}

/**
 * The shared schema's verdict, with each field's first issue on the field the operator sees, in the
 * catalogue's words (timeouts in seconds); the schema's English stays main's and the logs'.
 */
export const profileResolver: Resolver<ProfileFormValues, unknown, Profile> = async (
  values,
  context,
  options,
) => {
  const result = await resolveWithSchema(values, context, options);
  if (Object.keys(result.errors).length === 0) return result;
  const input = toProfileInput(values);
  const errors: Record<string, { type: string; message: string }> = {};
  for (const issue of savedProfileSchema.safeParse(input).error?.issues ?? []) {
    const path = issue.path.map(String).join('.');
    const field = formFieldOf(path);
    const at = field ?? 'root';
    if (errors[at]) continue;
    if (field)
      errors[field] = {
        type: 'schema',
        message: field.endsWith('Seconds')
          ? translate('settings.profiles.timeoutInvalid', TIMEOUT_SECONDS)
          : issueText(issue, input),
      };
    // Not a field the operator can change (the id): said above the buttons, never silently passed.
    else errors.root = { type: 'schema', message: `${path}: ${issueText(issue, input)}` };
  }
  return { values: {}, errors: errors as FieldErrors<ProfileFormValues> };
};

/** Main's message names the field first ("baseUrl: …"): at the field itself that prefix is noise. */
export function messageAtField(message: string, path: string | undefined): string {
  return path && message.startsWith(`${path}: `) ? message.slice(path.length + 2) : message;
}

/** An id for a new profile: readable (from its name) and unique (a random tail). */
export function newProfileId(name: string): string {
  const slug = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 30)
    .replace(/-+$/, '');
  const tail = crypto.randomUUID().slice(0, 8);
  return slug ? `${slug}-${tail}` : `profile-${tail}`;
}

/**
 * A copy under a new id and name (named in the language of whoever copies it); the merchant secret stays with
 * the original (main never reveals it).
 */
export function copyOf(profile: Profile, taken: readonly string[]): Profile {
  let name = translate('settings.profiles.copyName', { name: profile.name }).slice(0, 60);
  for (let n = 2; taken.includes(name); n++) {
    name = translate('settings.profiles.copyNameNumbered', { name: profile.name, number: n }).slice(0, 60);
  }
  return { ...profile, id: newProfileId(profile.name), name };
}
