// A pay-in form filled as an agent would, for the renderer tests of the form's resolver and rules.
import { defaultValues, type PayInFormValues } from '@renderer/features/payin/form';

export function filledPayInForm(overrides: Partial<PayInFormValues> = {}): PayInFormValues {
  return {
    ...defaultValues(undefined),
    userId: 'u-1',
    firstName: 'Ann',
    lastName: 'Lee',
    mobile: '15123456789',
    addressLine: '1 Main Street',
    city: 'Berlin',
    zip: '10115',
    // No profile, so no default billing country: the form starts without one (issue 35, item 17).
    country: 'DE',
    ip: '203.0.113.7',
    amount: '10.00',
    cardNumber: '4242 4242 4242 4242',
    expDate: '12/40',
    cvv: '123',
    ...overrides,
  };
}
