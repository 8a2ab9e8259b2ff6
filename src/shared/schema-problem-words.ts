// The Settings schemas' own messages as the catalogue's key and values (issue 33): a connection profile's
// (profile.ts, notification-service.ts), an operator's, a role's and an approval's (operators.ts,
// approvals.ts). One mapping for the profile editor under its fields and for main's refusals
// (main/i18n/issue-words.ts). An issue is worded by what the check is: its code and limit, the pattern it
// tests (each a named constant beside its schema), the field for a field's own words, and a refinement by
// the key it carries as `params.words`; never by the schema's English, which main and the logs keep.
import type { z } from 'zod';
import { APPROVAL_REQUEST_ID_PATTERN } from './approvals';
import { CURRENCY_CODE_PATTERN, HTTP_URL_PATTERN } from './gateway/fields';
import type { MessageKey, MessageValues } from './i18n/messages';
import type { AmountRefusalReason } from './money/amount';
import { OPERATOR_ID_PATTERN, ROLE_ID_PATTERN, TOTP_CODE_PATTERN } from './operators';
import { PROFILE_ID_PATTERN } from './profile';

interface SchemaProblemWords {
  key: MessageKey;
  values?: MessageValues;
}

/** The keys a refinement may name as its `params.words` (profile.ts, notification-service.ts). */
export const REFINEMENT_KEYS = [
  'settings.problem.addressesFromService',
  'settings.problem.gatewayAddressRequired',
  'settings.problem.productionHttps',
  'settings.problem.loopbackHttp',
  'settings.problem.serviceAddress',
] as const satisfies readonly MessageKey[];
type RefinementKey = (typeof REFINEMENT_KEYS)[number];

/** What each pattern a Settings schema tests asks for, by the pattern's source as zod reports it. */
const PATTERN_KEYS: ReadonlyMap<string, MessageKey> = new Map(
  (
    [
      [PROFILE_ID_PATTERN, 'settings.problem.profileId'],
      [CURRENCY_CODE_PATTERN, 'payin.problem.currencyCode'],
      [HTTP_URL_PATTERN, 'payin.problem.url'],
      [OPERATOR_ID_PATTERN, 'operators.problem.operatorId'],
      [ROLE_ID_PATTERN, 'operators.problem.roleId'],
      [TOTP_CODE_PATTERN, 'operators.problem.code'],
      [APPROVAL_REQUEST_ID_PATTERN, 'operators.problem.noSuchRequest'],
    ] as const
  ).map(([pattern, key]) => [pattern.toString(), key]),
);

/** An amount an operator typed (gateway/fields.ts's operatorAmount), by the reason it carries as `params.amount`. */
const AMOUNT_KEYS: Readonly<Record<AmountRefusalReason, MessageKey>> = {
  empty: 'amount.refusal.empty',
  tooLong: 'amount.refusal.tooLong',
  exponent: 'operators.problem.amount.exponent',
  negative: 'amount.refusal.negative',
  notNumber: 'operators.problem.amount.notNumber',
  zeroRounded: 'operators.problem.amount.zeroRounded',
  tooManyPlaces: 'operators.problem.amount.tooManyPlaces',
  groupingOrCents: 'amount.refusal.groupingOrCents',
  grouping: 'operators.problem.amount.grouping',
};

/** Fields whose length check is a passphrase's (PCI DSS 8.3.6), or a name's: said as such. */
const PASSPHRASE_FIELDS: ReadonlySet<string> = new Set(['passphrase', 'temporaryPassphrase']);
const NAME_FIELDS: ReadonlySet<string> = new Set(['displayName', 'label']);

/**
 * A length limit above this guards a payload (a KYC file's base64 text), not what a person types: its schema's
 * own words stand ("The file is over 64 MB."), never "at most 89,478,488 characters".
 */
const TYPED_TEXT_MAX = 10_000;

const words = (key: MessageKey, values?: MessageValues): SchemaProblemWords =>
  values === undefined ? { key } : { key, values };

function refinementWords(issue: z.core.$ZodIssueCustom): SchemaProblemWords | undefined {
  const reason: unknown = issue.params?.amount;
  if (typeof reason === 'string' && Object.hasOwn(AMOUNT_KEYS, reason))
    return words(
      AMOUNT_KEYS[reason as AmountRefusalReason],
      issue.params?.values as MessageValues | undefined,
    );
  const key: unknown = issue.params?.words;
  if (typeof key !== 'string' || !(REFINEMENT_KEYS as readonly string[]).includes(key)) return undefined;
  return words(key as RefinementKey);
}

/** The issue's field: the last name on its path (`notificationService.baseUrl` is `baseUrl`). */
function fieldOf(path: readonly PropertyKey[]): string {
  return String(path.findLast((part) => typeof part === 'string') ?? '');
}

/**
 * The catalogue's words for one of a Settings schema's issues, or undefined when this mapping does not know
 * the check (main then keeps the schema's English; the profile editor says it is not accepted). `read`,
 * when the caller still has the value the issue is about: undefined there is a field left empty.
 */
export function schemaProblemWords(
  issue: z.core.$ZodIssue,
  read?: { input: unknown },
): SchemaProblemWords | undefined {
  const field = fieldOf(issue.path);
  const inService = issue.path.includes('notificationService');
  switch (issue.code) {
    case 'custom':
      return refinementWords(issue);
    case 'invalid_type':
      if (read && read.input === undefined) return words('payin.problem.required');
      if (field === 'merchantId') return words('settings.problem.merchantId');
      return issue.expected === 'string' && read ? words('payin.problem.text') : undefined;
    case 'too_small': {
      if (issue.origin === 'number' || issue.origin === 'int')
        return field === 'merchantId' ? words('settings.problem.merchantId') : undefined;
      if (issue.origin !== 'string') return undefined;
      const min = Number(issue.minimum);
      if (NAME_FIELDS.has(field)) return words('operators.problem.nameNeeded');
      if (min <= 1) return words('payin.problem.required');
      if (PASSPHRASE_FIELDS.has(field)) return words('operators.problem.passphraseTooShort', { min });
      return words('payin.problem.tooShort', { min });
    }
    case 'too_big': {
      if (issue.origin !== 'string') return undefined;
      const max = Number(issue.maximum);
      if (max > TYPED_TEXT_MAX) return undefined;
      if (inService) return words('settings.problem.serviceAddressTooLong', { max });
      if (PASSPHRASE_FIELDS.has(field)) return words('operators.problem.passphraseTooLong', { max });
      return words('payin.problem.tooLong', { max });
    }
    case 'invalid_format': {
      if (issue.format === 'url')
        return words(inService ? 'settings.problem.serviceAddress' : 'payin.problem.url');
      if (issue.format === 'ipv4') return words('payin.problem.ipv4');
      const key = issue.format === 'regex' && issue.pattern ? PATTERN_KEYS.get(issue.pattern) : undefined;
      return key ? words(key) : undefined;
    }
    case 'invalid_value':
      return words(field === 'defaultCountry' ? 'payin.problem.countryCode' : 'settings.problem.choice');
    default:
      return undefined;
  }
}
