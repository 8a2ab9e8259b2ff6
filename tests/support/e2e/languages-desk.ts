// What the language specs share: a catalogue's messages by key (as the renderer's bundle holds them), a
// pay-in typed as an agent does with the fields found by their names in the desk's language, every element
// of a screen checked whole (and, in the pseudo-locale, from the catalogue), and PAYDESK_LANGUAGE_SHOTS.
import { join } from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { readCatalog } from '../../../scripts/i18n/catalog-files';
import { expectUncut, expectWhole } from './fits';
import { futureExpiry } from './pages/payin-page';

/** A catalogue's message by its key (a key not there fails the test). */
export type Words = (key: string) => string;

export function catalog(language: string): Words {
  const messages = readCatalog(language);
  return (key) => {
    const message = messages[key];
    if (message === undefined) throw new Error(`${language} has no message ${key}`);
    return message;
  };
}

/** Saves the page as DIR/<locale>-<screen>-<width>.png when PAYDESK_LANGUAGE_SHOTS=DIR. */
export async function shoot(page: Page, locale: string, screen: string, width: number): Promise<void> {
  const folder = process.env.PAYDESK_LANGUAGE_SHOTS;
  if (!folder) return;
  await page.addStyleTag({ content: '*, *::before, *::after { caret-color: transparent !important; }' });
  await page.screenshot({ path: join(folder, `${locale}-${screen}-${width}.png`), animations: 'disabled' });
}

/**
 * Every visible element each locator finds: whole (`oneLine`: on one line too, as a button's label must
 * be), and with `pseudo` its text from the catalogue (marked ⟦…⟧). Answers how many were checked.
 */
export async function checkAll(locators: Locator[], pseudo: boolean, oneLine = false): Promise<number> {
  let checked = 0;
  for (const locator of locators) {
    for (const one of await locator.all()) {
      if (!(await one.isVisible())) continue;
      if (oneLine) await expectWhole(one);
      else await expectUncut(one);
      if (pseudo) expect((await one.textContent())?.trim() ?? '').toMatch(/⟦.*⟧/s);
      checked += 1;
    }
  }
  return checked;
}

interface Cardholder {
  userId: string;
  firstName: string;
  lastName: string;
}

/** A pay-in of `amount` typed as an agent does, the fields found by their names in the desk's language. */
export async function payIn(
  page: Page,
  words: Words,
  card: string,
  who: Cardholder,
  amount = '25',
): Promise<void> {
  const form = page.getByTestId('payin-form');
  const box = (key: string) => form.getByRole('textbox', { name: words(key), exact: true });
  await box('payin.field.userId').fill(who.userId);
  await box('payin.field.cardNumber').fill(card);
  await box('payin.field.expDate').fill(futureExpiry());
  // Named after the card's brand (CVV, CVC, CID): the brand's own code, the same in every language.
  await form.locator('input[name="cvv"]').fill('123');
  await box('payin.field.amount').fill(amount);
  await box('payin.field.firstName').fill(who.firstName);
  await box('payin.field.lastName').fill(who.lastName);
  // Countries are named in the desk's language ("Österreich (AT)"): picked here by their code.
  await form.getByRole('combobox', { name: words('payin.field.country') }).fill('AT');
  await page
    .getByRole('option', { name: /\(AT\)$/ })
    .first()
    .click();
  await box('payin.field.mobile').fill('6641234567');
  await box('payin.field.addressLine').fill('Kärntner Straße 12');
  await box('payin.field.city').fill('Wien');
  await box('payin.field.zip').fill('1010');
  await box('payin.field.ip').fill('203.0.113.7');
  await page.getByTestId('send-payment').click();
}
