// Issue 35, item 2: a 3-D Secure pay-in never stays "Action required" with no way forward. After "Lock now"
// during the bank page, the pay-in under way comes back on the Pay-in page (from main, not the panel's
// memory, which the lock emptied); History's row of a pay-in waiting for its bank page offers asking the
// gateway again, reopening the bank page, and a follow-up mark with the reason, kept in its timeline.
import { seriousViolations } from '../support/e2e/axe';
import { freshCode, runSupervisor } from '../support/e2e/desk-operator';
import { WINDOW_SIZES } from '../support/e2e/fits';
import { expect, test } from '../support/e2e/fixtures';
import { HistoryPage } from '../support/e2e/pages/history-page';
import { CARDS, customer, type PayInPage } from '../support/e2e/pages/payin-page';
import { goTo, restoreSettings, SessionScreen, SettingsPage } from '../support/e2e/pages/settings-page';

/** A 3-D Secure pay-in whose bank page is open in the panel; answers its order number. */
async function payWaitingForTheBank(payin: PayInPage, who: string): Promise<string> {
  await payin.fillPayIn(customer(who), CARDS.threeDs, '37.00');
  await payin.send.click();
  await payin.expectOutcome('Action required');
  await expect(payin.bankFrame().getByLabel('One-time code')).toBeVisible();
  return payin.factText('Order number');
}

async function passTheChallenge(payin: PayInPage): Promise<void> {
  const bank = payin.bankFrame();
  await bank.getByLabel('One-time code').fill('1234');
  await bank.getByRole('button', { name: 'Confirm' }).click();
  await payin.expectOutcome('Approved');
}

for (const size of WINDOW_SIZES) {
  test.describe(`at ${size.width}×${size.height}`, () => {
    test.use({ viewport: size });
    // A sign-in (scrypt, perhaps waiting for a fresh code), a bank page shown twice: more than one pay-in's time.
    test.slow();
    test.afterEach(async ({ page }) => {
      await restoreSettings(page);
    });

    test('after Lock now during the bank page, the pay-in comes back on the Pay-in page and can finish', async ({
      payin,
      page,
    }) => {
      const settings = new SettingsPage(page);
      await goTo(page, 'Pay-in');
      const orderNumber = await payWaitingForTheBank(payin, `lock-3ds-${size.width}`);

      await settings.open();
      await settings.lockNow.click();
      const screen = new SessionScreen(page);
      const supervisor = runSupervisor();
      // Locked: the same operator's id is there, the cursor in the passphrase.
      await expect(screen.passphrase).toBeFocused();
      await expect(screen.operatorId).toHaveValue(supervisor.id);
      await expect(payin.result).toHaveCount(0);
      await screen.passphrase.fill(supervisor.passphrase);
      await screen.code.fill(await freshCode(supervisor.secret!));
      await page.keyboard.press('Enter');

      // The shell opens on the Pay-in page again, with the pay-in under way in its panel, bank page and all.
      await expect(page.getByRole('heading', { name: 'Card payment (MOTO)' })).toBeVisible();
      await payin.expectOutcome('Action required');
      expect(await payin.factText('Order number')).toBe(orderNumber);
      await expect(payin.bankFrame().getByLabel('One-time code')).toBeVisible();
      await page.screenshot({ path: `/tmp/payin-action-required-unlocked-${size.width}.png` });
      expect(await seriousViolations(page)).toEqual([]);
      await passTheChallenge(payin);
    });

    test('History offers a way forward for a pay-in waiting for its bank page: ask again, reopen, follow up', async ({
      payin,
      page,
    }) => {
      const orderNumber = await payWaitingForTheBank(payin, `history-3ds-${size.width}`);
      // The agent starts the next payment: the panel only says where the open pay-in is.
      await payin.form.getByRole('button', { name: 'New payment' }).click();
      await expect(page.getByTestId('payin-later-note')).toContainText(orderNumber);
      await expect(payin.bankFrame().locator('body')).toHaveCount(0);
      const history = new HistoryPage(page);
      await history.open();
      await history.row(orderNumber).click();
      await expect(history.drawerField('Status')).toHaveText('Action required');
      const ways = history.drawer.getByTestId('history-ways-forward');

      // Asking the gateway again: the same order is still waiting for the bank page.
      await ways.getByRole('button', { name: 'Ask the gateway again' }).click();
      await expect(ways.getByRole('status')).toContainText('The gateway was asked again: Action required');

      // A follow-up mark, by keyboard: the reason is typed where the focus lands, and kept with the name.
      await ways.getByRole('button', { name: 'Mark for follow-up…' }).focus();
      await page.keyboard.press('Enter');
      const reason = ways.getByLabel('Why it needs following up');
      await expect(reason).toBeFocused();
      await page.keyboard.type('Customer will finish the bank page after lunch.');
      await page.keyboard.press('Tab');
      await expect(ways.getByRole('button', { name: 'Mark for follow-up', exact: true })).toBeFocused();
      await page.keyboard.press('Enter');
      const marks = ways.getByTestId('history-follow-ups');
      await expect(marks).toContainText('Customer will finish the bank page after lunch.');
      await expect(history.drawer.getByTestId('history-timeline')).toContainText('Marked for follow-up');
      await page.screenshot({ path: `/tmp/payin-action-required-history-${size.width}.png` });
      expect(await seriousViolations(page)).toEqual([]);

      // The bank page again, on the Pay-in page, where the customer finishes it.
      await ways.getByRole('button', { name: 'Reopen the bank page' }).click();
      await expect(history.drawer).toHaveCount(0);
      await expect(page.getByRole('heading', { name: 'Card payment (MOTO)' })).toBeVisible();
      await payin.expectOutcome('Action required');
      expect(await payin.factText('Order number')).toBe(orderNumber);
      await passTheChallenge(payin);
    });
  });
}
