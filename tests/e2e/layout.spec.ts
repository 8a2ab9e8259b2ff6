// The screen tells the truth at every size: at 1280×800 and at 1024×700 (the smallest window an agent
// works in), the values an agent reads off the screen are whole — on one line, not cut — and what the
// agent works with next is in view: the bank page's Confirm, History's table.

import { seriousViolations } from '../support/e2e/axe';
import { expectWhole, WINDOW_SIZES } from '../support/e2e/fits';
import { expect, test } from '../support/e2e/fixtures';
import { HistoryPage } from '../support/e2e/pages/history-page';
import { CARDS, customer } from '../support/e2e/pages/payin-page';
import { SettingsPage } from '../support/e2e/pages/settings-page';

for (const size of WINDOW_SIZES) {
  test.describe(`at ${size.width}×${size.height}`, () => {
    test.use({ viewport: size });

    test('an approval’s card, order number, orderId and traceid are each on one line', async ({ payin }) => {
      await payin.fillPayIn(customer('layout-approved'), CARDS.approve, '25.00');
      await payin.send.click();
      await payin.expectOutcome('Approved');
      await expectWhole(payin.fact('Card'));
      for (const name of ['Order number', 'orderId', 'traceid']) {
        await expectWhole(payin.fact(name).locator('span').first());
      }
    });

    test('beside an open bank page the form’s choices and buttons are whole, and the bank’s Confirm is in view', async ({
      payin,
      page,
    }) => {
      const returning = customer('layout-returning');
      await payin.fillPayIn(returning, CARDS.approve, '25.00');
      await payin.send.click();
      await payin.expectOutcome('Approved');

      await payin.fillPayIn(customer('layout-3ds'), CARDS.threeDs, '25.00');
      await payin.send.click();
      await payin.expectOutcome('Action required');
      const frame = page.getByTestId('bank-page');
      await expect(payin.bankFrame().getByLabel('One-time code')).toBeVisible();
      // The whole frame in the window, and the bank's Confirm inside the frame without scrolling it.
      await expect(frame).toBeInViewport({ ratio: 1 });
      const confirm = payin.bankFrame().getByRole('button', { name: 'Confirm' });
      const [frameBox, confirmBox] = [await frame.boundingBox(), await confirm.boundingBox()];
      expect(confirmBox!.y + confirmBox!.height).toBeLessThanOrEqual(frameBox!.y + frameBox!.height);

      for (const label of ['h2h (card keyed here)', 'redirection (hosted page)']) {
        await expectWhole(payin.form.getByText(label, { exact: true }));
      }
      // Another caller's id typed while the bank page waits: the offer and its button are whole.
      await payin.userId.fill(returning.userId);
      const offer = page.getByRole('note', { name: 'Returning customer' });
      await expectWhole(offer.getByRole('button', { name: 'Use their details' }).locator('span').last());
    });

    test('History’s table starts in the window', async ({ payin, page }) => {
      await payin.fillPayIn(customer('layout-history'), CARDS.approve, '25.00');
      await payin.send.click();
      await payin.expectOutcome('Approved');
      const history = new HistoryPage(page);
      await history.open();
      // Its first row, top to bottom, above the window's lower edge (the table may scroll sideways).
      await expect(history.rows.first()).toBeVisible();
      const row = await history.rows.first().boundingBox();
      expect(row!.y + row!.height).toBeLessThanOrEqual(size.height);
    });

    test('the profile editor’s choices are whole', async ({ payin, page }) => {
      expect(payin).toBeTruthy();
      const settings = new SettingsPage(page);
      await settings.open();
      await expectWhole(settings.editor.getByText('MD5 with key', { exact: true }));
      await settings.addProfile.click();
      for (const label of ['Sandbox', 'Test gateway', 'Production', 'HMAC-SHA256', 'MD5 with key']) {
        await expectWhole(settings.editor.getByText(label, { exact: true }));
      }
    });

    test('New profile: every environment in view, and Production checked is the one filled, readable', async ({
      payin,
      page,
    }) => {
      expect(payin).toBeTruthy();
      const settings = new SettingsPage(page);
      await settings.open();
      await settings.addProfile.click();
      await settings.field('Profile name').fill('E2E Layout');
      const environment = settings.editor.getByRole('radiogroup', { name: 'Environment' });
      for (const label of ['Sandbox', 'Test gateway', 'Production']) {
        await expectWhole(environment.getByText(label, { exact: true }));
      }
      await settings.chooseEnvironment('Production');
      await expect(environment.getByRole('radio', { name: 'Production' })).toBeChecked();
      await expect(
        settings.editor.getByText('Production: pay-ins with this profile charge real cards.'),
      ).toBeVisible();
      // The filled box is the one behind the word Production (not the one before it).
      const filled = await environment.locator('[data-checked]').boundingBox();
      const word = await environment.getByText('Production', { exact: true }).boundingBox();
      expect(filled!.x).toBeLessThanOrEqual(word!.x);
      expect(filled!.x + filled!.width).toBeGreaterThanOrEqual(word!.x + word!.width);
      expect(await seriousViolations(page)).toEqual([]);
      await settings.editor.getByRole('button', { name: 'Cancel' }).click();
    });
  });
}
