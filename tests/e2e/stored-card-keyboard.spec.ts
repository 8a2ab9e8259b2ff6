// Issue 35, item 11, at 1280×800 and 1024×700: the stored-card flow by keyboard. A customer with one stored
// card has it chosen for them (also after "Same customer again"); Tab from "Card to charge" goes to Amount,
// so "Tab, type the amount, Enter" charges the card rather than opening the removal dialog; Delete on the
// picker is how the keyboard takes the card off Paydesk's list.
import { seriousViolations } from '../support/e2e/axe';
import { WINDOW_SIZES } from '../support/e2e/fits';
import { expect, test } from '../support/e2e/fixtures';
import { CARDS, customer } from '../support/e2e/pages/payin-page';

const STORED = /^Mastercard 555555\S*4444 · expires/;

for (const size of WINDOW_SIZES) {
  test.describe(`at ${size.width}×${size.height}`, () => {
    test.use({ viewport: size });
    test.describe.configure({ timeout: 60_000 });

    test('one stored card is chosen for the customer; Tab, amount, Enter charges it', async ({
      payin,
      page,
    }) => {
      const who = customer(`one-card-${size.width}`);
      await payin.payApproved(who, CARDS.mastercard, '15.00', { storeCard: true });
      await payin.result.getByRole('button', { name: 'Same customer again' }).click();
      await expect(payin.storedCardPicker).toHaveValue(STORED);
      await expect(payin.cardNumber).toHaveCount(0);
      expect(await seriousViolations(page)).toEqual([]);

      await payin.storedCardPicker.focus();
      await page.keyboard.press('Tab');
      await expect(payin.amount).toBeFocused();
      await page.keyboard.type('16.00');
      await page.keyboard.press('Enter');
      await expect(page.getByRole('dialog', { name: 'Remove the stored card from the list?' })).toHaveCount(
        0,
      );
      await payin.expectOutcome('Approved');
      await expect(payin.fact('Card')).toContainText('4444');
    });

    test('Delete on the picker asks to take the chosen card off the list; Escape keeps it', async ({
      payin,
      page,
    }) => {
      const who = customer(`delete-card-${size.width}`);
      await payin.payApproved(who, CARDS.mastercard, '17.00', { storeCard: true });
      await payin.result.getByRole('button', { name: 'Same customer again' }).click();
      await expect(payin.storedCardPicker).toHaveValue(STORED);
      await expect(payin.form.getByRole('button', { name: "Remove from Paydesk's list" })).toBeVisible();

      await payin.storedCardPicker.focus();
      await page.keyboard.press('Delete');
      const confirm = page.getByRole('dialog', { name: 'Remove the stored card from the list?' });
      await expect(confirm).toContainText('The gateway keeps the card');
      await page.keyboard.press('Escape');
      await expect(confirm).toBeHidden();
      // The dialog gives the focus back where it came from (issue 35, item 10), not to the page's body.
      await expect(payin.storedCardPicker).toBeFocused();
      await expect(payin.storedCardPicker).toHaveValue(STORED);
    });
  });
}
