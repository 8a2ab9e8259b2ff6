// The pay-in request's fields, one row each: where the form shows a field, under which label, with which
// value to start, or who else supplies it. Typed against the wire schemas (gateway/payin.ts), so that a
// field added to a schema does not compile until it has its row here; the renderer's form values, field
// order, sections and `toFields`, and main's wire body, all follow from this table and those schemas.
// No zod at run time (types only), so the pay-in page shows without loading it.
import { bankPageBrowserFields } from './bank-page-browser';
import type { PayInV1Request, PayInV2Request } from './gateway/payin';
import type { Profile } from './profile';

/** A field of either version of the pay-in request, as the wire schemas name it. */
type PayInWireField = keyof PayInV2Request | keyof PayInV1Request;

/** The wire fields main supplies itself (from the profile, or the v1 signature): never on the form. */
type MainSupplied = 'merchantId' | 'sign';

/** Which versions of the request carry a field: the compiler proves each row's tag from the schemas. */
type VersionsOf<K> = K extends keyof PayInV2Request ? (K extends keyof PayInV1Request ? 'both' : 'v2') : 'v1';

export interface ProductRow {
  name: string;
  price: string;
  num: string;
  currency: string;
}

/** What the form holds for a field where that is not the text the wire carries. */
interface FormValueOverrides {
  storeCc: boolean;
  txMode: NonNullable<PayInV2Request['txMode']>;
  products: ProductRow[];
}
type FormValueOf<K> = K extends keyof FormValueOverrides ? FormValueOverrides[K] : string;

/** Where the form shows a field: the accordion sections open when a refusal names a field in them. */
export type FormSection =
  | 'customerId'
  | 'card'
  | 'amount'
  | 'customer'
  | 'order'
  | 'products'
  | 'urls'
  | 'browser'
  | 'advanced';
const ACCORDION_SECTIONS = ['products', 'urls', 'browser', 'advanced'] as const;
type AccordionSection = (typeof ACCORDION_SECTIONS)[number];

/** What a field's starting value may come from: the active profile, the agent's window, the country. */
interface DefaultsFrom {
  profile: Profile | undefined;
  userAgent: string;
  /** The country's calling code, or '' while the calling codes have not loaded. */
  callingCodeOf: (country: string) => string;
}

/**
 * A field the form offers. `versions` is written only for a field one version alone carries, `start` only
 * where a new pay-in does not start the field empty: the compiler holds both to the schemas.
 */
type FormFieldSpec<K extends PayInWireField> = {
  section: FormSection;
  label: string;
  required?: true;
} & (VersionsOf<K> extends 'both' ? { versions?: never } : { versions: VersionsOf<K> }) &
  (FormValueOf<K> extends string
    ? { start?: (from: DefaultsFrom) => string }
    : { start: (from: DefaultsFrom) => FormValueOf<K> });

/** A wire field the form does not offer, and why. */
interface NotOnForm {
  form: false;
  why: string;
}

type FieldTable = {
  [K in PayInWireField]: K extends MainSupplied ? NotOnForm : FormFieldSpec<K> | NotOnForm;
};

/** Every pay-in field, in the form's tab order (where a refusal sends the focus, the first error shown). */
export const PAYIN_FIELDS = {
  cardNumber: { section: 'card', label: 'Card number', required: true },
  expDate: { section: 'card', label: 'Expiry (MM/YY)', required: true },
  cvv: { section: 'card', label: 'CVV', required: true },
  ccStorageID: { section: 'card', label: 'Card to charge' },
  amount: { section: 'amount', label: 'Amount', required: true },
  currency: {
    section: 'amount',
    label: 'Currency',
    versions: 'v1',
    start: ({ profile }) => profile?.displayCurrency ?? 'EUR',
    required: true,
  },
  firstName: { section: 'customer', label: 'First name', required: true },
  lastName: { section: 'customer', label: 'Last name', required: true },
  email: { section: 'customer', label: 'E-mail', versions: 'v1', required: true },
  // The profile's default billing country, or none: the agent picks it (never one built into the code).
  country: {
    section: 'customer',
    label: 'Country',
    start: ({ profile }) => profile?.defaultCountry ?? '',
    required: true,
  },
  // v1's calling code follows the country; until its data has loaded, the form fills it in later.
  iddCode: {
    section: 'customer',
    label: 'Calling code',
    versions: 'v1',
    start: ({ profile, callingCodeOf }) =>
      profile?.defaultCountry ? callingCodeOf(profile.defaultCountry) : '',
    required: true,
  },
  mobile: { section: 'customer', label: 'Mobile (without country code)', required: true },
  addressLine: { section: 'customer', label: 'Address', required: true },
  city: { section: 'customer', label: 'City', required: true },
  zip: { section: 'customer', label: 'Postcode', required: true },
  // Phone payments send the call centre's address (the profile's), not one the agent has to look up.
  ip: {
    section: 'customer',
    label: 'Customer IP (IPv4)',
    start: ({ profile }) => profile?.motoIp ?? '',
    required: true,
  },
  userId: { section: 'customerId', label: 'Customer id (userId)', required: true },
  merchantTradeNo: {
    section: 'order',
    label: 'Order number (merchantTradeNo, optional — generated if empty)',
  },
  document: { section: 'customer', label: 'Identity document (optional)' },
  storeCc: { section: 'order', label: 'Store card for later', start: (): boolean => false },
  txMode: { section: 'order', label: 'Mode', start: () => 'h2h' },
  payChannel: { section: 'order', label: 'Payment channel (payChannel, optional)', versions: 'v1' },
  callBackURL: {
    section: 'urls',
    label: 'Callback URL (callBackURL)',
    start: ({ profile }) => profile?.callBackURL ?? '',
  },
  successURL: {
    section: 'urls',
    label: 'Success URL (successURL)',
    start: ({ profile }) => profile?.successURL ?? '',
  },
  failURL: { section: 'urls', label: 'Fail URL (failURL)', start: ({ profile }) => profile?.failURL ?? '' },
  retURL: {
    section: 'urls',
    label: '3DS return URL (retURL)',
    start: ({ profile }) => profile?.retURL ?? '',
  },
  /** The browser that shows the bank page: Paydesk's own unless the agent typed another (A28). */
  clientHTTPAccept: {
    section: 'browser',
    label: 'Browser Accept header (clientHTTPAccept)',
    start: ({ userAgent }) => bankPageBrowserFields(userAgent).clientHTTPAccept,
  },
  clientHTTPUserAgent: {
    section: 'browser',
    label: 'Browser user agent (clientHTTPUserAgent)',
    start: ({ userAgent }) => bankPageBrowserFields(userAgent).clientHTTPUserAgent,
  },
  products: { section: 'products', label: 'Products (optional)', start: (): ProductRow[] => [] },
  eci: { section: 'advanced', label: 'ECI (eci)', versions: 'v2' },
  cavv: { section: 'advanced', label: 'CAVV (cavv)', versions: 'v2' },
  dsTranId: { section: 'advanced', label: 'DS transaction id (dsTranId)', versions: 'v2' },
  merchantId: { form: false, why: "The profile's merchant id (A3)." },
  sign: { form: false, why: 'The v1 signature, made by main with the merchant secret (A4).' },
  createTime: { form: false, why: 'Optional; Paydesk leaves the order time to the gateway.' },
} as const satisfies FieldTable;

type Table = typeof PAYIN_FIELDS;
/** The fields the form offers (every wire field but those main supplies or Paydesk does not send). */
export type PayInFormField = {
  [K in keyof Table]: Table[K] extends { section: FormSection } ? K : never;
}[keyof Table];

/** The form's values: each offered field as the agent edits it, and the interface version. */
export type PayInFormValues = { version: 'v1' | 'v2' } & { [K in PayInFormField]: FormValueOf<K> };

/** Whether the form offers a field of this name (what a refusal naming a field can point the agent at). */
export function isPayInFormField(name: string | undefined): name is PayInFormField {
  for (const [field, spec] of Object.entries(PAYIN_FIELDS)) if (field === name) return 'section' in spec;
  return false;
}

/** The form's fields in tab order. */
export const PAYIN_FORM_FIELDS: readonly PayInFormField[] =
  Object.keys(PAYIN_FIELDS).filter(isPayInFormField);

/** The form's fields shown in `section`, in tab order. */
export function fieldsIn(section: FormSection): PayInFormField[] {
  return PAYIN_FORM_FIELDS.filter((name) => PAYIN_FIELDS[name].section === section);
}

/** Whether a request of `version` carries the field. */
export function isSentIn(name: PayInFormField, version: PayInFormValues['version']): boolean {
  const spec = PAYIN_FIELDS[name];
  return !('versions' in spec) || spec.versions === version;
}

/** The accordion section a field is in, which the form opens when a refusal names it. */
export function accordionSectionOf(name: string): AccordionSection | undefined {
  if (!isPayInFormField(name)) return undefined;
  const { section } = PAYIN_FIELDS[name];
  return ACCORDION_SECTIONS.find((accordion) => accordion === section);
}

/** The contract's fields as the form hands them to the schema: each offered field's text, by wire name. */
export type PayInFieldTexts = { [K in PayInFormField]?: string };

/** A new pay-in's values, each field's `start`. */
export function startValues(version: PayInFormValues['version'], from: DefaultsFrom): PayInFormValues {
  const starts = Object.fromEntries(
    PAYIN_FORM_FIELDS.map((name) => {
      const spec = PAYIN_FIELDS[name];
      return [name, 'start' in spec ? spec.start(from) : ''];
    }),
  );
  // Object.fromEntries types its keys as string: it is built from every offered field with its own start,
  // which is what the compiler cannot follow key by key.
  return { version, ...(starts as { [K in PayInFormField]: FormValueOf<K> }) };
}
