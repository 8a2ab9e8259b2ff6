// The pay-in page as an operator sees it: labelled fields, buttons by their names, the result panel.
import { expect, type FrameLocator, type Locator, type Page } from '@playwright/test';

export const CARDS = {
  approve: '4242424242424242',
  decline: '4000000000000002',
  threeDs: '4000000000003220',
  mastercard: '5555555555554444',
} as const;

interface Customer {
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  country: string;
  countryCode: string;
  mobile: string;
  address: string;
  city: string;
  postcode: string;
  ip: string;
}

/** A customer id of its own per test, so that the duplicate guard only fires where a test wants it. */
export function customer(userId: string): Customer {
  return {
    userId: `${userId}-${Date.now().toString(36)}`,
    firstName: 'Jane',
    lastName: 'Doe',
    email: 'jane.doe@example.com',
    country: 'Austria',
    countryCode: 'AT',
    mobile: '6641234567',
    address: 'Kärntner Straße 12',
    city: 'Wien',
    postcode: '1010',
    ip: '203.0.113.7',
  };
}

/** Next year's December: always a future expiry. */
export function futureExpiry(): string {
  return `12/${String((new Date().getFullYear() + 1) % 100).padStart(2, '0')}`;
}

export class PayInPage {
  readonly form: Locator;
  readonly userId: Locator;
  readonly cardNumber: Locator;
  readonly expiry: Locator;
  readonly cvv: Locator;
  readonly amount: Locator;
  readonly currency: Locator;
  readonly firstName: Locator;
  readonly lastName: Locator;
  readonly email: Locator;
  readonly country: Locator;
  readonly mobile: Locator;
  readonly address: Locator;
  readonly city: Locator;
  readonly postcode: Locator;
  readonly ip: Locator;
  readonly orderNumber: Locator;
  readonly storeCard: Locator;
  readonly urlsSection: Locator;
  readonly callbackUrl: Locator;
  readonly storedCardPicker: Locator;
  readonly send: Locator;
  readonly result: Locator;
  readonly resultHeading: Locator;
  readonly duplicateDialog: Locator;
  readonly testCardsButton: Locator;

  constructor(readonly page: Page) {
    this.form = page.getByRole('form', { name: 'Card payment' });
    this.userId = this.form.getByRole('textbox', { name: 'Customer id (userId)', exact: true });
    this.cardNumber = this.form.getByRole('textbox', { name: 'Card number', exact: true });
    this.expiry = this.form.getByRole('textbox', { name: 'Expiry (MM/YY)', exact: true });
    // Named after the brand's code: CVV (Visa), CVC (Mastercard), CID (Amex).
    this.cvv = this.form.getByRole('textbox', { name: /^(CVV|CVC|CID)$/ });
    this.amount = this.form.getByRole('textbox', { name: 'Amount', exact: true });
    this.currency = this.form.getByRole('textbox', { name: 'Currency', exact: true });
    this.firstName = this.form.getByRole('textbox', { name: 'First name', exact: true });
    this.lastName = this.form.getByRole('textbox', { name: 'Last name', exact: true });
    this.email = this.form.getByRole('textbox', { name: 'E-mail', exact: true });
    this.country = this.form.getByRole('combobox', { name: 'Country', exact: true });
    this.mobile = this.form.getByRole('textbox', { name: 'Mobile (without country code)', exact: true });
    this.address = this.form.getByRole('textbox', { name: 'Address', exact: true });
    this.city = this.form.getByRole('textbox', { name: 'City', exact: true });
    this.postcode = this.form.getByRole('textbox', { name: 'Postcode', exact: true });
    this.ip = this.form.getByRole('textbox', { name: 'Customer IP (IPv4)', exact: true });
    this.orderNumber = this.form.getByRole('textbox', { name: /^Order number \(merchantTradeNo/ });
    this.urlsSection = this.form.getByRole('button', { name: 'URLs', exact: true });
    this.callbackUrl = this.form.getByRole('textbox', { name: 'Callback URL (callBackURL)', exact: true });
    this.storeCard = this.form.getByRole('checkbox', { name: 'Store card for later' });
    this.storedCardPicker = this.form.getByRole('combobox', { name: 'Card to charge' });
    this.send = this.form.getByRole('button', { name: /^Send payment/ });
    this.result = page.getByRole('region', { name: 'Payment result' });
    this.resultHeading = this.result.getByRole('heading', { level: 3 });
    this.duplicateDialog = page.getByRole('dialog', { name: 'Possible duplicate payment' });
    this.testCardsButton = page.getByRole('button', { name: 'Test cards' });
  }

  /** Opens the pay-in page of the run's harness, or of the harness at `url`. */
  async open(url = process.env.PAYDESK_URL): Promise<void> {
    if (!url) throw new Error('PAYDESK_URL is not set: run the tests through playwright.config.ts');
    await this.page.goto(url);
    await expect(this.page.getByRole('heading', { name: 'Card payment (MOTO)' })).toBeVisible();
    await expect(this.userId).toBeFocused();
  }

  /** The merchant's own callback address (the gateway then tells Paydesk nothing by callback). */
  async setCallbackUrl(url: string): Promise<void> {
    if ((await this.urlsSection.getAttribute('aria-expanded')) !== 'true') await this.urlsSection.click();
    await this.callbackUrl.fill(url);
  }

  async chooseVersion(version: 'v1' | 'v2'): Promise<void> {
    await this.form.getByText(version === 'v1' ? 'v1 (signed form)' : 'v2 (JSON)').click();
  }

  async chooseMode(mode: 'h2h' | 'redirection'): Promise<void> {
    await this.form
      .getByText(mode === 'h2h' ? 'h2h (card keyed here)' : 'redirection (hosted page)', { exact: true })
      .click();
  }

  async fillCustomer(who: Customer, options: { v1?: boolean } = {}): Promise<void> {
    await this.userId.fill(who.userId);
    await this.firstName.fill(who.firstName);
    await this.lastName.fill(who.lastName);
    if (options.v1) await this.email.fill(who.email);
    await this.country.fill(who.country);
    await this.page.getByRole('option', { name: `${who.country} (${who.countryCode})`, exact: true }).click();
    await this.mobile.fill(who.mobile);
    await this.address.fill(who.address);
    await this.city.fill(who.city);
    await this.postcode.fill(who.postcode);
    await this.ip.fill(who.ip);
  }

  async fillCard(number: string, cvv = '123', expiry = futureExpiry()): Promise<void> {
    await this.cardNumber.fill(number);
    await this.expiry.fill(expiry);
    await this.cvv.fill(cvv);
  }

  /** A whole v2 h2h pay-in typed in: customer, card and amount. */
  async fillPayIn(who: Customer, card: string, amount: string): Promise<void> {
    await this.fillCustomer(who);
    await this.fillCard(card);
    await this.amount.fill(amount);
  }

  /** A pay-in typed in (fillPayIn) and sent, its card stored if asked, that must end Approved. */
  async payApproved(who: Customer, card: string, amount: string, options: { storeCard?: boolean } = {}) {
    await this.fillPayIn(who, card, amount);
    if (options.storeCard) await this.storeCard.check();
    await this.send.click();
    await this.expectOutcome('Approved');
  }

  /**
   * The duplicate-payment dialog brought up: a pay-in approved, the customer brought back on purpose
   * (after an approval the form starts a new payment), and the same card and amount sent again.
   */
  async openDuplicateDialog(who: Customer, card: string, amount: string): Promise<void> {
    await this.payApproved(who, card, amount);
    await this.result.getByRole('button', { name: 'Same customer again' }).click();
    await this.fillCard(card);
    await this.amount.fill(amount);
    await this.send.click();
    await expect(this.duplicateDialog).toBeVisible();
  }

  async expectOutcome(title: string | RegExp): Promise<void> {
    await expect(this.resultHeading).toHaveText(title);
  }

  /** A value of the result panel's facts table (Order number, orderId, traceid, Card, Amount). */
  fact(name: string): Locator {
    return this.result.getByRole('row', { name: new RegExp(`^${name}\\b`) }).getByRole('cell');
  }

  /** That value as text (after asserting there is one). */
  async factText(name: string): Promise<string> {
    await expect(this.fact(name)).toHaveText(/\S/);
    return (await this.fact(name).textContent())?.trim() ?? '';
  }

  /** The 3-D Secure or hosted payment page, shown in the result panel's sandboxed frame. */
  bankFrame(): FrameLocator {
    return this.result.frameLocator('iframe[data-testid="bank-page"]');
  }

  async expectCardFieldsEmpty(): Promise<void> {
    await expect(this.cardNumber).toHaveValue('');
    await expect(this.expiry).toHaveValue('');
    await expect(this.cvv).toHaveValue('');
  }
}
