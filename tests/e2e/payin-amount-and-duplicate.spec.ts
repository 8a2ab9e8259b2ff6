// Issue 35, items 1 and 6, at 1280×800 and 1024×700: "1.250" is never sent as 1.25 EUR (the form says why
// while the agent types, and refuses it on Enter, sending nothing), and the duplicate guard says of an
// earlier pay-in whose outcome is unknown that the customer "may have been charged", not "were charged".
import { seriousViolations } from '../support/e2e/axe';
import { WINDOW_SIZES } from '../support/e2e/fits';
import { expect, test } from '../support/e2e/fixtures';
import { CARDS, customer } from '../support/e2e/pages/payin-page';

for (const size of WINDOW_SIZES) {
  test.describe(`at ${size.width}×${size.height}`, () => {
    test.use({ viewport: size });

    test('"1.250" is named as ambiguous while typed and refused on Enter; nothing is sent', async ({
      payin,
    }) => {
      await payin.fillPayIn(customer(`amount-${size.width}`), CARDS.approve, '1.250');
      const ambiguous = payin.form.getByTestId('amount-ambiguous');
      await expect(ambiguous).toHaveText('"1.250" could be 1,250 or 1.25: type 1,250 or 1.25.');
      await expect(payin.form.getByTestId('amount-preview')).toHaveCount(0);
      expect(await seriousViolations(payin.page)).toEqual([]);

      await payin.amount.press('Enter');
      await expect(payin.amount).toHaveAttribute('aria-invalid', 'true');
      await expect(payin.amount).toBeFocused();
      await expect(payin.result).toContainText('The result of the payment appears here.');

      await payin.amount.fill('12.345');
      // After a Send the field's error says it (checked again as it is typed), in place of the live note.
      await expect(payin.form).toContainText('"12.345" looks like 12,345 as another country writes it');
      await expect(ambiguous).toHaveCount(0);
      await payin.amount.fill('1250');
      await expect(payin.form.getByTestId('amount-preview')).toHaveText('Will be sent as 1250.00 EUR');
      await expect(payin.form.getByTestId('amount-charged')).toHaveText('Will be charged: €1,250.00');
      // In English the comma groups thousands: "1,25" is no amount, and never 1.25 or 125.
      await payin.amount.fill('1,25');
      await expect(payin.form).toContainText('"," separates thousands');
      await expect(payin.form.getByTestId('amount-preview')).toHaveCount(0);
    });

    test('a duplicate of a pay-in whose outcome is unknown says "may have been charged"', async ({
      payin,
    }) => {
      const who = customer(`dup-unknown-${size.width}`);
      await payin.fillPayIn(who, CARDS.approve, '500.03');
      // The merchant's own callback address: the sandbox's signed word never reaches the desk, so the
      // broken answer leaves the pay-in Outcome unknown.
      await payin.setCallbackUrl(new URL('/merchant-callback', process.env.PAYDESK_URL).href);
      await payin.send.click();
      await payin.expectOutcome('Outcome unknown');
      const first = await payin.factText('Order number');

      await payin.fillPayIn(who, CARDS.approve, '500.03');
      await payin.send.click();
      await expect(payin.duplicateDialog).toBeVisible();
      await expect(payin.duplicateDialog).toContainText(
        `the same card, amount and customer may have been charged: that pay-in’s outcome is unknown (order ${first})`,
      );
      await expect(payin.duplicateDialog).not.toContainText('were charged');
      await expect(
        payin.duplicateDialog.getByRole('button', { name: "Don't send", exact: true }),
      ).toBeFocused();
      await payin.page.keyboard.press('Enter');
      await expect(payin.duplicateDialog).toBeHidden();
      // The focus goes back where it came from (issue 35, item 10), not to the page's body.
      await expect(payin.send).toBeFocused();
    });
  });
}
