// Issue 35, item 16, at 1280×800 and 1024×700: a returning customer's details brought back whole fold into
// one line, and Send follows the essentials (the options nobody changes on most calls come after it), so
// that at 1280×800 a returning customer's pay-in needs no scrolling. The folded details are sent; another
// customer id opens them again at once, and "Edit details" opens them with the cursor in First name.
import { seriousViolations } from '../support/e2e/axe';
import { WINDOW_SIZES } from '../support/e2e/fits';
import { expect, test } from '../support/e2e/fixtures';
import { CARDS, customer } from '../support/e2e/pages/payin-page';

for (const size of WINDOW_SIZES) {
  test.describe(`at ${size.width}×${size.height}`, () => {
    test.use({ viewport: size });
    test.describe.configure({ timeout: 60_000 });

    test('a returning customer: details in one line, Send in the first screen at 1280×800, and sent', async ({
      payin,
      page,
    }) => {
      const who = customer(`fold-${size.width}`);
      await payin.payApproved(who, CARDS.mastercard, '15.00', { storeCard: true });
      await payin.result.getByRole('button', { name: 'Same customer again' }).click();
      const summary = page.getByRole('group', { name: 'Customer details' });
      await expect(summary).toContainText(`Jane Doe · Kärntner Straße 12, 1010 Wien, Austria (AT)`);
      await expect(summary).toContainText('IP 203.0.113.7');
      await expect(payin.firstName).toHaveCount(0);
      expect(await seriousViolations(page)).toEqual([]);

      await page.evaluate(() =>
        (globalThis as unknown as { scrollTo(x: number, y: number): void }).scrollTo(0, 0),
      );
      const send = await payin.send.boundingBox();
      if (size.width === 1280) {
        // The whole pay-in, from the customer id to Send, in the window without scrolling.
        expect(send && send.y + send.height).toBeLessThanOrEqual(size.height);
      }

      await payin.amount.fill('16.00');
      await payin.amount.press('Enter');
      await payin.expectOutcome('Approved');
    });

    test('another customer id opens the folded details; Edit details opens them at First name', async ({
      payin,
      page,
    }) => {
      const who = customer(`unfold-${size.width}`);
      await payin.payApproved(who, CARDS.approve, '18.00');
      await payin.result.getByRole('button', { name: 'Same customer again' }).click();
      const summary = page.getByRole('group', { name: 'Customer details' });
      await expect(summary).toBeVisible();

      await summary.getByRole('button', { name: 'Edit details' }).click();
      await expect(payin.firstName).toBeFocused();
      await expect(payin.firstName).toHaveValue('Jane');
      await expect(summary).toHaveCount(0);

      // The next call: the same customer's id typed, "Use their details" folds them again; a new id typed
      // opens them, so the last customer's details never stay out of sight.
      await page.reload();
      await payin.userId.fill(who.userId);
      await page
        .getByRole('note', { name: 'Returning customer' })
        .getByRole('button', { name: 'Use their details' })
        .click();
      await expect(summary).toBeVisible();
      await payin.userId.fill(`${who.userId}-other`);
      await expect(summary).toHaveCount(0);
      await expect(payin.lastName).toHaveValue('Doe');
    });
  });
}
