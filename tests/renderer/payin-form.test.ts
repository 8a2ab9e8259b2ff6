// The pay-in form's step to the contract (features/payin/form.ts): what the operator typed becomes the
// `fields` payin.submit takes (trimmed, empty optional fields left out, the amount canonical once the
// contract's schema has read it, v1's and v2's own fields apart), and the card checks speak the brand's own words.

import {
  cardErrors,
  defaultValues,
  emptyProduct,
  isFormField,
  type PayInFormValues,
  productsJsonOf,
  toFields,
} from '@renderer/features/payin/form';
import { DOCUMENT_NAVIGATION_ACCEPT } from '@shared/bank-page-browser';
import { ipcChannels } from '@shared/ipc';
import { beforeAll, describe, expect, it } from 'vitest';
import { speak } from './support/desk-language';

// The form words its problems through the renderer's catalogue: an English desk's here.
beforeAll(() => speak('en'));

function typed(overrides: Partial<PayInFormValues> = {}): PayInFormValues {
  return {
    ...defaultValues(undefined, 'v2', 'Paydesk test'),
    userId: ' cust-7 ',
    firstName: ' Ada ',
    lastName: 'Lovelace',
    mobile: '5551234567',
    addressLine: '12 Analytical St',
    city: 'London',
    zip: 'N1 9GU',
    country: 'GB',
    ip: '203.0.113.7',
    amount: '12.5',
    cardNumber: '4242 4242 4242 4242',
    expDate: '12/34',
    cvv: '123',
    ...overrides,
  };
}

const acceptedBy = (version: 'v1' | 'v2', fields: Record<string, string>) =>
  ipcChannels['payin.submit'].input.safeParse({ version, fields }).success;
/** The amount as the contract's parse (main's, and the form's resolver) gives it. */
const parsedAmount = (version: 'v1' | 'v2', fields: Record<string, string>) =>
  ipcChannels['payin.submit'].input.parse({ version, fields }).fields.amount;

describe('the fields a v2 pay-in sends', () => {
  it('are the typed values trimmed, the amount canonical once parsed, the card number as digits', () => {
    const fields = toFields(typed());
    expect(fields).toEqual({
      amount: '12.5',
      firstName: 'Ada',
      lastName: 'Lovelace',
      mobile: '5551234567',
      addressLine: '12 Analytical St',
      city: 'London',
      zip: 'N1 9GU',
      country: 'GB',
      ip: '203.0.113.7',
      userId: 'cust-7',
      clientHTTPAccept: DOCUMENT_NAVIGATION_ACCEPT,
      clientHTTPUserAgent: 'Paydesk test',
      cardNumber: '4242424242424242',
      expDate: '12/34',
      cvv: '123',
      txMode: 'h2h',
    });
    expect(acceptedBy('v2', fields)).toBe(true);
    expect(parsedAmount('v2', fields)).toBe('12.50');
  });

  it('leave out what v1 alone takes, even when typed', () => {
    const fields = toFields(typed({ email: 'ada@example.com', iddCode: '44', payChannel: 'moto' }));
    expect(fields).not.toHaveProperty('email');
    expect(fields).not.toHaveProperty('iddCode');
    expect(fields).not.toHaveProperty('payChannel');
    expect(fields).not.toHaveProperty('currency');
  });

  it('carry the 3-D Secure results when typed', () => {
    const fields = toFields(typed({ eci: '05', cavv: ' AAAB ', dsTranId: '' }));
    expect(fields).toMatchObject({ eci: '05', cavv: 'AAAB' });
    expect(fields).not.toHaveProperty('dsTranId');
  });

  it('send an amount that is not one as typed, for main to refuse in its own words', () => {
    expect(toFields(typed({ amount: ' 12.5.0 ' })).amount).toBe('12.5.0');
    expect(toFields(typed({ amount: '' }))).not.toHaveProperty('amount');
  });

  it('ask to store the card only for a new card', () => {
    expect(toFields(typed({ storeCc: true })).storeCc).toBe('1');
    expect(toFields(typed({ storeCc: false }))).not.toHaveProperty('storeCc');
    const stored = toFields(typed({ storeCc: true, ccStorageID: 'tok-1' }));
    expect(stored.ccStorageID).toBe('tok-1');
    expect(stored).not.toHaveProperty('storeCc');
  });
});

describe('the fields a v1 pay-in sends', () => {
  it('add the e-mail, calling code and pay channel, and the currency in capitals', () => {
    const fields = toFields(
      typed({ version: 'v1', email: ' ada@example.com ', iddCode: '44', currency: 'gbp', eci: '05' }),
    );
    expect(fields).toMatchObject({ email: 'ada@example.com', iddCode: '44', currency: 'GBP' });
    expect(fields).not.toHaveProperty('eci');
    expect(fields).not.toHaveProperty('payChannel');
    expect(acceptedBy('v1', fields)).toBe(true);
  });
});

describe('products', () => {
  it('are sent as the JSON text of the rows with content, each cell trimmed', () => {
    const rows = [
      { name: ' Ticket ', price: '10.00', num: ' 2 ', currency: 'EUR' },
      emptyProduct('EUR'),
      { name: '', price: '5', num: '1', currency: 'EUR' },
    ];
    expect(JSON.parse(productsJsonOf(rows)!)).toEqual([
      { name: 'Ticket', price: '10.00', num: '2', currency: 'EUR' },
      { name: '', price: '5', num: '1', currency: 'EUR' },
    ]);
    expect(toFields(typed({ products: rows })).products).toBe(productsJsonOf(rows));
  });

  it('are left out when no row has content', () => {
    expect(productsJsonOf([])).toBeUndefined();
    expect(productsJsonOf([emptyProduct('GBP'), { ...emptyProduct('GBP'), name: '  ' }])).toBeUndefined();
    expect(toFields(typed({ products: [emptyProduct('EUR')] }))).not.toHaveProperty('products');
  });

  it('start a new row as one of the currency given', () => {
    expect(emptyProduct('GBP')).toEqual({ name: '', price: '', num: '1', currency: 'GBP' });
  });
});

describe('the card checks', () => {
  const now = new Date(Date.UTC(2026, 5, 15));

  it('ask for each missing card detail', () => {
    expect(cardErrors(typed({ cardNumber: '', expDate: '', cvv: '' }), now)).toEqual({
      cardNumber: 'Enter the card number.',
      expDate: 'Enter the expiry as MM/YY.',
      cvv: 'Enter the CVV.',
    });
  });

  it("name the brand's own security code", () => {
    expect(cardErrors(typed({ cardNumber: '3782 822463 10005', cvv: '' }), now).cvv).toBe('Enter the CID.');
    expect(cardErrors(typed({ cardNumber: '3782 822463 10005', cvv: '123' }), now).cvv).toBe(
      'American Express cards have a 4-digit CID.',
    );
    expect(cardErrors(typed({ cardNumber: '3782 822463 10005', cvv: '1234' }), now)).toEqual({});
  });

  it('tell a mistyped number from an expired card', () => {
    expect(cardErrors(typed({ cardNumber: '4242 4242 4242 4241' }), now)).toEqual({
      cardNumber: 'The card number is mistyped (its check digit is wrong).',
    });
    expect(cardErrors(typed({ expDate: '05/26' }), now)).toEqual({ expDate: 'The card has expired.' });
    expect(cardErrors(typed({ expDate: '06/26' }), now)).toEqual({});
  });

  it('check a CVV by its digits while the brand is unknown', () => {
    expect(cardErrors(typed({ cardNumber: '', cvv: '12' }), now).cvv).toBe('3 or 4 digits.');
  });

  it('ask for nothing beside a stored card where the profile takes the token alone', () => {
    expect(cardErrors(typed({ ccStorageID: 'tok-1', cardNumber: '', expDate: '', cvv: '' }), now)).toEqual(
      {},
    );
  });
});

describe('the names a refusal can point at', () => {
  it("are the form's own fields", () => {
    expect(isFormField('cardNumber')).toBe(true);
    expect(isFormField('clientHTTPUserAgent')).toBe(true);
    expect(isFormField('fields.cardNumber')).toBe(false);
    expect(isFormField('merchantId')).toBe(false);
    expect(isFormField(undefined)).toBe(false);
  });
});
