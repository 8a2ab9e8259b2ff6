// The pay-in form's values (what the operator sees and types) and the step to the contract's fields
// (what payin.submit takes). Validation is the shared zod schema under the active profile's rules (A8,
// A14) through the zod resolver, plus the shared card checks for clearer card messages than a regex gives.
// The schema side (zod and the shared schemas) is form-schema.ts, a chunk of its own that the resolver
// (form-resolver.ts) loads: the form shows, and checks cards as they are typed, without it.

import { callingCodesIfLoaded } from '@renderer/lib/calling-codes';
import { bankPageBrowserFields } from '@shared/bank-page-browser';
import { checkCardNumber, checkCvv, checkExpiry, detectBrand } from '@shared/cards/card';
import type { PayInRules } from '@shared/gateway/payin';
import { normalizeAmount, withDecimalPoint } from '@shared/money/amount';
import type { Profile } from '@shared/profile';
import { cardDigits } from './card-input';

/**
 * The sandbox's reading of the rules (A8, A14), DEFAULT_PAYIN_RULES of src/shared/gateway/payin.ts, which
 * is built by zod when that module loads: written out here so that showing the form does not need zod. A
 * test holds the two equal.
 */
export const FORM_DEFAULT_RULES: Readonly<PayInRules> = Object.freeze({
  country: 'iso-alpha2',
  storedCard: 'token-alone',
});

export type PayInVersion = 'v1' | 'v2';

export interface ProductRow {
  name: string;
  price: string;
  num: string;
  currency: string;
}

export interface PayInFormValues {
  version: PayInVersion;
  /** As displayed, grouped with spaces. */
  cardNumber: string;
  expDate: string;
  cvv: string;
  ccStorageID: string;
  amount: string;
  firstName: string;
  lastName: string;
  mobile: string;
  addressLine: string;
  city: string;
  zip: string;
  country: string;
  ip: string;
  userId: string;
  merchantTradeNo: string;
  document: string;
  storeCc: boolean;
  txMode: 'h2h' | 'redirection';
  callBackURL: string;
  successURL: string;
  failURL: string;
  retURL: string;
  /** The browser that shows the bank page: Paydesk's own unless the agent typed another (A28). */
  clientHTTPAccept: string;
  clientHTTPUserAgent: string;
  products: ProductRow[];
  eci: string;
  cavv: string;
  dsTranId: string;
  email: string;
  iddCode: string;
  currency: string;
  payChannel: string;
}

export const CARD_FIELDS = ['cardNumber', 'expDate', 'cvv'] as const;

/** Form fields in tab order: where a refused field sends the focus, and the first error shown. */
export const FORM_FIELD_NAMES = [
  'cardNumber',
  'expDate',
  'cvv',
  'ccStorageID',
  'amount',
  'currency',
  'firstName',
  'lastName',
  'email',
  'country',
  'iddCode',
  'mobile',
  'addressLine',
  'city',
  'zip',
  'ip',
  'userId',
  'merchantTradeNo',
  'document',
  'storeCc',
  'txMode',
  'payChannel',
  'callBackURL',
  'successURL',
  'failURL',
  'retURL',
  'clientHTTPAccept',
  'clientHTTPUserAgent',
  'products',
  'eci',
  'cavv',
  'dsTranId',
] as const satisfies readonly (keyof PayInFormValues)[];
export type FormFieldName = (typeof FORM_FIELD_NAMES)[number];

export function isFormField(name: string | undefined): name is FormFieldName {
  return (FORM_FIELD_NAMES as readonly string[]).includes(name ?? '');
}

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

export function defaultValues(
  profile: Profile | undefined,
  version: PayInVersion = 'v2',
  userAgent: string = ownUserAgent(),
): PayInFormValues {
  const country = 'DE';
  return {
    version,
    cardNumber: '',
    expDate: '',
    cvv: '',
    ccStorageID: '',
    amount: '',
    firstName: '',
    lastName: '',
    mobile: '',
    addressLine: '',
    city: '',
    zip: '',
    country,
    // Phone payments send the call centre's address (the profile's), not one the agent has to look up.
    ip: profile?.motoIp ?? '',
    userId: '',
    merchantTradeNo: '',
    document: '',
    storeCc: false,
    txMode: 'h2h',
    callBackURL: profile?.callBackURL ?? '',
    successURL: profile?.successURL ?? '',
    failURL: profile?.failURL ?? '',
    retURL: profile?.retURL ?? '',
    ...bankPageBrowserFields(userAgent),
    products: [],
    eci: '',
    cavv: '',
    dsTranId: '',
    email: '',
    // v1's calling code follows the country; until its data has loaded, the form fills it in later.
    iddCode: callingCodesIfLoaded()?.(country) ?? '',
    currency: profile?.displayCurrency ?? 'EUR',
    payChannel: '',
  };
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

type Fields = Record<string, string>;

/** The contract's `fields` from the form: empty optional fields left out, the amount canonical. */
export function toFields(values: PayInFormValues, rules: PayInRules = FORM_DEFAULT_RULES): Fields {
  const fields: Fields = {};
  const put = (name: string, value: string | undefined) => {
    const text = value?.trim();
    if (text) fields[name] = text;
  };
  const amount = normalizeAmount(withDecimalPoint(values.amount));
  put('amount', amount.ok ? amount.value : values.amount);
  for (const name of [
    'firstName',
    'lastName',
    'mobile',
    'addressLine',
    'city',
    'zip',
    'country',
    'ip',
    'userId',
    'merchantTradeNo',
    'document',
    'callBackURL',
    'successURL',
    'failURL',
    'retURL',
    'clientHTTPAccept',
    'clientHTTPUserAgent',
  ] as const) {
    put(name, values[name]);
  }
  if (values.ccStorageID) fields.ccStorageID = values.ccStorageID;
  // Beside a stored card, card details go only to a gateway that takes them (A8).
  if (!values.ccStorageID || rules.storedCard === 'token-with-card') {
    put('cardNumber', cardDigits(values.cardNumber));
    put('expDate', values.expDate);
    put('cvv', values.cvv);
  }
  if (values.storeCc && !values.ccStorageID) fields.storeCc = '1';
  fields.txMode = values.txMode;
  put('products', productsJsonOf(values.products));
  if (values.version === 'v2') {
    put('eci', values.eci);
    put('cavv', values.cavv);
    put('dsTranId', values.dsTranId);
  } else {
    put('email', values.email);
    put('iddCode', values.iddCode);
    put('currency', values.currency.toUpperCase());
    put('payChannel', values.payChannel);
  }
  return fields;
}

/** The shared card checks, in the words support staff read out to a customer. */
export function cardErrors(
  values: PayInFormValues,
  now = new Date(),
  rules: PayInRules = FORM_DEFAULT_RULES,
): Partial<Record<string, string>> {
  if (values.ccStorageID) return storedCardExtras(values, now, rules);
  const errors: Partial<Record<string, string>> = {};
  const digits = cardDigits(values.cardNumber);
  if (!digits) errors.cardNumber = 'Enter the card number.';
  else {
    const number = checkCardNumber(digits);
    if (!number.ok) errors.cardNumber = number.message;
  }
  if (!values.expDate) errors.expDate = 'Enter the expiry as MM/YY.';
  else {
    const expiry = checkExpiry(values.expDate, now);
    if (!expiry.ok) errors.expDate = expiry.message;
  }
  const brand = detectBrand(digits);
  if (!values.cvv) errors.cvv = `Enter the ${brand?.cvvName ?? 'CVV'}.`;
  else if (brand) {
    const cvv = checkCvv(values.cvv, brand);
    if (!cvv.ok) errors.cvv = cvv.message;
  } else if (!/^\d{3,4}$/.test(values.cvv)) errors.cvv = '3 or 4 digits.';
  return errors;
}

/**
 * Card details typed beside a stored card, where the profile's gateway takes them (A8): each is optional,
 * and one that is typed is checked like any card detail.
 */
function storedCardExtras(
  values: PayInFormValues,
  now: Date,
  rules: PayInRules,
): Partial<Record<string, string>> {
  if (rules.storedCard !== 'token-with-card') return {};
  const errors: Partial<Record<string, string>> = {};
  const digits = cardDigits(values.cardNumber);
  if (digits) {
    const number = checkCardNumber(digits);
    if (!number.ok) errors.cardNumber = number.message;
  }
  if (values.expDate) {
    const expiry = checkExpiry(values.expDate, now);
    if (!expiry.ok) errors.expDate = expiry.message;
  }
  const brand = detectBrand(digits);
  if (values.cvv && brand) {
    const cvv = checkCvv(values.cvv, brand);
    if (!cvv.ok) errors.cvv = cvv.message;
  } else if (values.cvv && !/^\d{3,4}$/.test(values.cvv)) errors.cvv = '3 or 4 digits.';
  return errors;
}
