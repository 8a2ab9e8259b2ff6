// The customer's details of a pay-in, by field. Apart from the pay-in schemas (payin-input.ts, which
// re-exports them) so that the pay-in page has them without loading zod.
/**
 * Who the customer is, as the form holds it and as a pay-in's request carries it: what "Same customer
 * again" and a returning customer's lookup bring back (no card, no amount).
 */
export const CUSTOMER_FIELDS = [
  'userId',
  'firstName',
  'lastName',
  'mobile',
  'email',
  'iddCode',
  'addressLine',
  'city',
  'zip',
  'country',
  'document',
] as const;
export type CustomerField = (typeof CUSTOMER_FIELDS)[number];
export type CustomerDetails = Record<CustomerField, string>;

/** The customer's details, each field's value from `detailOf`. */
export function customerDetailsOf(detailOf: (field: CustomerField) => string): CustomerDetails {
  return {
    userId: detailOf('userId'),
    firstName: detailOf('firstName'),
    lastName: detailOf('lastName'),
    mobile: detailOf('mobile'),
    email: detailOf('email'),
    iddCode: detailOf('iddCode'),
    addressLine: detailOf('addressLine'),
    city: detailOf('city'),
    zip: detailOf('zip'),
    country: detailOf('country'),
    document: detailOf('document'),
  };
}

/**
 * The customer's details a pay-in's request was sent with (the request History keeps: card masked, CVV
 * never there), each field that holds text; undefined when the request is not a JSON object (a row from
 * before, a team row).
 */
export function sentCustomerDetails(request: string | undefined): Partial<CustomerDetails> | undefined {
  if (!request) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(request);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const sent = new Map(Object.entries(parsed));
  const details: Partial<CustomerDetails> = {};
  for (const field of CUSTOMER_FIELDS) {
    const value = sent.get(field);
    if (typeof value === 'string' && value.trim() !== '') details[field] = value;
  }
  return details;
}

/**
 * The customer's name as the request carried it ("Jane Doe"): History's list, detail and CSV export show it
 * beside the customer id (issue 35, item 15); nothing new is stored about the customer. Undefined when the
 * request names nobody.
 */
export function customerNameOf(request: string | undefined): string | undefined {
  const details = sentCustomerDetails(request);
  const name = [details?.firstName, details?.lastName]
    .filter((part) => part !== undefined)
    .map((part) => part.trim())
    .join(' ');
  return name || undefined;
}
