// The customer's details of a pay-in, by field. Apart from the pay-in schemas (payin-form.ts, which
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
