// The pay-in form's values (what the operator sees and types, by the shared field table
// src/shared/payin-fields.ts) and the step to the contract's fields (what payin.submit takes). Validation is the shared zod schema under the active profile's rules (A8,
// A14) through the zod resolver, plus the shared card checks for clearer card messages than a regex gives.
// The schema side (zod and the shared schemas) is form-schema.ts, a chunk of its own that the resolver
// (form-resolver.ts) loads: the form shows, and checks cards as they are typed, without it.

import { i18n, translate } from '@renderer/i18n/i18n';
import { callingCodesIfLoaded } from '@renderer/lib/calling-codes';
import { cardDigits } from '@renderer/lib/card-input';
import { checkCardNumber, checkCvv, checkExpiry, detectBrand } from '@shared/cards/card';
import type { PayInRules } from '@shared/gateway/payin';
import {
  isPayInFormField,
  isSentIn,
  PAYIN_FIELDS,
  PAYIN_FORM_FIELDS,
  type PayInFieldTexts,
  type PayInFormField,
  type PayInFormValues,
  type ProductRow,
  startValues,
} from '@shared/payin-fields';
import type { PayInSubmit } from '@shared/payin-input';
import {
  cardProblemWords,
  cvvDigitsWords,
  emptyCardWords,
  type PayInProblemWords,
} from '@shared/payin-problems';
import type { Profile } from '@shared/profile';

/**
 * The sandbox's reading of the rules (A8, A14), DEFAULT_PAYIN_RULES of src/shared/gateway/payin.ts, which
 * is built by zod when that module loads: written out here so that showing the form does not need zod. A
 * test holds the two equal.
 */
export const FORM_DEFAULT_RULES: Readonly<PayInRules> = Object.freeze({
  country: 'iso-alpha2',
  storedCard: 'token-alone',
});

export type PayInVersion = PayInFormValues['version'];
export type { PayInFormValues };

export const CARD_FIELDS = ['cardNumber', 'expDate', 'cvv'] as const;
type CardField = (typeof CARD_FIELDS)[number];

export type FormFieldName = PayInFormField;
export const isFormField = isPayInFormField;

export function emptyProduct(currency: string): ProductRow {
  return { name: '', price: '', num: '1', currency };
}

/** The rules the form checks by: the profile's, or the sandbox's reading when there is no profile yet. */
export function rulesOf(profile: Profile | undefined): PayInRules {
  return profile?.payInRules ?? FORM_DEFAULT_RULES;
}

/** The user agent of the window the agent works in, which is the browser that shows the bank page. */
function ownUserAgent(): string {
  return globalThis.navigator?.userAgent ?? '';
}

/** A new pay-in's values: each field's start in the shared table. */
export function defaultValues(
  profile: Profile | undefined,
  version: PayInVersion = 'v2',
  userAgent: string = ownUserAgent(),
): PayInFormValues {
  return startValues(version, {
    profile,
    userAgent,
    callingCodeOf: (country) => callingCodesIfLoaded()?.(country) ?? '',
  });
}

/** Rows with any content; blank rows the operator added and left are not sent. */
function filledProducts(rows: readonly ProductRow[]): ProductRow[] {
  return rows.filter((row) => row.name.trim() || row.price.trim());
}

/** The `products` string exactly as it will be sent, or undefined when there are no products. */
export function productsJsonOf(rows: readonly ProductRow[]): string | undefined {
  const filled = filledProducts(rows).map((row) => ({
    name: row.name.trim(),
    price: row.price.trim(),
    num: row.num.trim(),
    currency: row.currency.trim(),
  }));
  return filled.length ? JSON.stringify(filled) : undefined;
}

/** A field's text as the contract carries it, before trimming. */
function contractText(name: PayInFormField, values: PayInFormValues): string | undefined {
  switch (name) {
    case 'amount':
      // Already the canonical text when the resolver read it in the agent's language (amount-entry.ts);
      // the contract's parse (operatorAmount) reads it again, as main does.
      return values.amount;
    case 'cardNumber':
      return cardDigits(values.cardNumber);
    case 'storeCc':
      return values.storeCc && !values.ccStorageID ? '1' : undefined;
    case 'products':
      return productsJsonOf(values.products);
    case 'currency':
      return values.currency.toUpperCase();
    default:
      return values[name];
  }
}

/**
 * The contract's `fields` from the form, field by field of the shared table: those of the other version
 * and empty optional ones left out; the schema reads them next (form-schema.ts), the
 * amount into its canonical form.
 */
export function toFields(values: PayInFormValues, rules: PayInRules = FORM_DEFAULT_RULES): PayInFieldTexts {
  const fields: PayInFieldTexts = {};
  // Beside a stored card, card details go only to a gateway that takes them (A8).
  const cardSent = !values.ccStorageID || rules.storedCard === 'token-with-card';
  for (const name of PAYIN_FORM_FIELDS) {
    if (!isSentIn(name, values.version)) continue;
    if (PAYIN_FIELDS[name].section === 'card' && name !== 'ccStorageID' && !cardSent) continue;
    const text = contractText(name, values);
    // The stored card's id goes as the picker gave it.
    const sent = name === 'ccStorageID' ? text : text?.trim();
    if (sent) fields[name] = sent;
  }
  return fields;
}

type CardErrors = Partial<Record<CardField, string>>;

/** The pay-in under the order number `merchantTradeNo` (the form names one the agent left empty). */
export function withOrderNumber(payload: PayInSubmit, merchantTradeNo: string): PayInSubmit {
  return payload.version === 'v1'
    ? { ...payload, fields: { ...payload.fields, merchantTradeNo } }
    : { ...payload, fields: { ...payload.fields, merchantTradeNo } };
}

/** A card problem in the active language. */
function said(words: PayInProblemWords): string {
  return translate(words.key, words.values);
}

/** The active language's tag, for the list of a brand's lengths ("16 oder 19"). */
const activeLocale = (): string => i18n.locale || 'en';

/** A card check's failure, or nothing, in the active language. */
function verdictText(verdict: ReturnType<typeof checkCardNumber> | ReturnType<typeof checkExpiry>) {
  return verdict.ok ? undefined : said(cardProblemWords(verdict, activeLocale()));
}

/** The shared card checks, in the words support staff read out to a customer (in the agent's language). */
export function cardErrors(
  values: PayInFormValues,
  now = new Date(),
  rules: PayInRules = FORM_DEFAULT_RULES,
): CardErrors {
  if (values.ccStorageID) return storedCardExtras(values, now, rules);
  const errors: CardErrors = {};
  const digits = cardDigits(values.cardNumber);
  errors.cardNumber = digits ? verdictText(checkCardNumber(digits)) : said(emptyCardWords.cardNumber());
  errors.expDate = values.expDate
    ? verdictText(checkExpiry(values.expDate, now))
    : said(emptyCardWords.expDate());
  const brand = detectBrand(digits);
  if (!values.cvv) errors.cvv = said(emptyCardWords.cvv(brand?.cvvName ?? 'CVV'));
  else if (brand) errors.cvv = verdictText(checkCvv(values.cvv, brand));
  else if (!/^\d{3,4}$/.test(values.cvv)) errors.cvv = said(cvvDigitsWords());
  return present(errors);
}

/** The errors that are there (a check that passed leaves its field out). */
function present(errors: CardErrors): CardErrors {
  return Object.fromEntries(Object.entries(errors).filter(([, message]) => message !== undefined));
}

/**
 * Card details typed beside a stored card, where the profile's gateway takes them (A8): each is optional,
 * and one that is typed is checked like any card detail.
 */
function storedCardExtras(values: PayInFormValues, now: Date, rules: PayInRules): CardErrors {
  if (rules.storedCard !== 'token-with-card') return {};
  const errors: CardErrors = {};
  const digits = cardDigits(values.cardNumber);
  if (digits) errors.cardNumber = verdictText(checkCardNumber(digits));
  if (values.expDate) errors.expDate = verdictText(checkExpiry(values.expDate, now));
  const brand = detectBrand(digits);
  if (values.cvv && brand) errors.cvv = verdictText(checkCvv(values.cvv, brand));
  else if (values.cvv && !/^\d{3,4}$/.test(values.cvv)) errors.cvv = said(cvvDigitsWords());
  return present(errors);
}
