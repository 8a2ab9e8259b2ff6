// Issue 35, item 10: the keyboard keeps its place around a result. The result's heading takes the focus
// (a screen reader says the outcome), and the first Tab from it is "New payment"; Alt+N starts the next
// payment from anywhere on the page, with the cursor in an empty Customer id; the panel's Check later and
// Close give the cursor back to the form instead of dropping it on the page's body. Alt+N does nothing
// behind a dialog.
import { seriousViolations } from '../support/e2e/axe';
import { expectWhole, WINDOW_SIZES } from '../support/e2e/fits';
import { expect, test } from '../support/e2e/fixtures';
import { CARDS, customer } from '../support/e2e/pages/payin-page';

for (const size of WINDOW_SIZES) {
  test.describe(`at ${size.width}×${size.height}`, () => {
    test.use({ viewport: size });

    test('one Tab from the result reaches New payment, and Enter puts the cursor in an empty Customer id', async ({
      payin,
      page,
    }) => {
      await payin.payApproved(customer(`next-tab-${size.width}`), CARDS.approve, '12.00');
      await expect(payin.resultHeading).toBeFocused();
      await page.keyboard.press('Tab');
      const next = payin.result.getByRole('button', { name: /^New payment/ });
      await expect(next).toBeFocused();
      await expectWhole(next.getByText('New payment', { exact: true }));
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press('Enter');
      await expect(payin.userId).toBeFocused();
      await expect(payin.userId).toHaveValue('');
      await expect(payin.result).toContainText('The result of the payment appears here.');
    });
  });
}

test('Alt+N from the result starts the next payment: the declined customer’s details go, the cursor is in Customer id', async ({
  payin,
  page,
}) => {
  await payin.fillPayIn(customer('next-alt-n'), CARDS.decline, '13.00');
  await payin.send.click();
  await payin.expectOutcome('Declined');
  await expect(payin.resultHeading).toBeFocused();
  await expect(payin.lastName).toHaveValue('Doe');

  await page.keyboard.press('Alt+N');
  await expect(payin.userId).toBeFocused();
  await expect(payin.userId).toHaveValue('');
  await expect(payin.lastName).toHaveValue('');
  await expect(payin.result).toContainText('The result of the payment appears here.');
});

test('Check later on an open pay-in gives the cursor back to the form, and the note says where the pay-in is', async ({
  payin,
  page,
}) => {
  // 500.04: the sandbox processes the order and closes the connection with no answer (A20); its signed
  // callback goes elsewhere, so nothing settles the pay-in meanwhile.
  await payin.fillPayIn(customer('next-check-later'), CARDS.approve, '500.04');
  await payin.setCallbackUrl(new URL('/merchant-callback', process.env.PAYDESK_URL).href);
  await payin.send.click();
  await payin.expectOutcome('Outcome unknown');
  const later = payin.result.getByRole('button', { name: 'Check later' });
  await later.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('payin-later-note')).toContainText('is in History (Alt+3)');
  await expect(payin.userId).toBeFocused();
});

test('Alt+N does nothing behind the duplicate-payment dialog', async ({ payin, page }) => {
  const who = customer('next-behind-dialog');
  await payin.openDuplicateDialog(who, CARDS.approve, '14.00');
  await page.keyboard.press('Alt+N');
  await expect(payin.duplicateDialog).toBeVisible();
  await expect(payin.userId).toHaveValue(who.userId);
  await payin.duplicateDialog.getByRole('button', { name: "Don't send", exact: true }).click();
});
