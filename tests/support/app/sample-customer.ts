// The customer and test card the tests pay with unless they need another: one definition, so that the
// fixture's forms, the browser tests and the sandbox's hash vectors agree on who is paying. Pure data: the
// browser tests pass it into the page.
export const SAMPLE_CUSTOMER = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  mobile: '5551234567',
  addressLine: '12 Analytical St',
  country: 'GB',
  city: 'London',
  zip: 'N1 9GU',
  cardNumber: '4242424242424242',
  cvv: '123',
  expDate: '12/34',
  ip: '203.0.113.7',
} as const;
