// Keyboard and focus: a page shortcut does nothing behind an open dialog; a dialog takes the focus as it
// opens, keeps Tab inside, and gives the focus back to the button that opened it; History's copy buttons
// are reached by Tab; a text field with the focus shows a ring, not only a colour change.
import type { Locator } from '@playwright/test';
import { expect, test } from '../support/e2e/fixtures';
import { HistoryPage } from '../support/e2e/pages/history-page';
import { CARDS, customer } from '../support/e2e/pages/payin-page';

/** Whether the focused element is inside the locator's element. */
const focusIsWithin = async (locator: Locator) => (await locator.locator(':focus').count()) === 1;

test('Alt+4 does not open Settings behind the duplicate-payment dialog', async ({ payin, page }) => {
  await payin.openDuplicateDialog(customer('keys-duplicate'), CARDS.approve, '31.00');

  await page.keyboard.press('Alt+4');
  await expect(payin.duplicateDialog).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: 'Pay-in' }),
  ).toHaveAttribute('aria-current', 'page');
  await payin.duplicateDialog.getByRole('button', { name: "Don't send", exact: true }).click();
});

test('the receipt dialog takes the focus, keeps Tab inside, and gives it back to Receipt… on close', async ({
  payin,
  page,
}) => {
  await payin.payApproved(customer('keys-receipt'), CARDS.approve, '21.00');
  const opener = payin.result.getByRole('button', { name: 'Receipt…' });
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Receipt' });
  await expect(dialog.getByRole('region', { name: 'Payment receipt' })).toBeVisible();
  await expect.poll(() => focusIsWithin(dialog)).toBe(true);
  for (let step = 0; step < 6; step++) {
    await page.keyboard.press('Tab');
    expect(await focusIsWithin(dialog)).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

test('the test-cards dialog gives the focus back to Test cards on close', async ({ payin, page }) => {
  await payin.testCardsButton.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Sandbox test cards' });
  await expect(dialog).toBeVisible();
  await expect.poll(() => focusIsWithin(dialog)).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(payin.testCardsButton).toBeFocused();
});

test('History’s copy buttons are reached by Tab from their row', async ({ payin, page }) => {
  await payin.payApproved(customer('keys-copy'), CARDS.approve, '22.00');
  const orderNumber = await payin.factText('Order number');
  const history = new HistoryPage(page);
  await history.open();
  const row = history.rows.first();
  await row.focus();
  await page.keyboard.press('Tab');
  await expect(row.getByRole('button', { name: `Copy order number ${orderNumber}` })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(row.getByRole('button', { name: /^Copy orderId / })).toBeFocused();
  // Enter on a copy button copies; it does not open the row.
  await page.keyboard.press('Enter');
  await expect(row.getByRole('button', { name: /^Copy orderId / })).toHaveAttribute('title', 'Copied');
  await expect(history.drawer).toBeHidden();
});

test('a focused text field shows a 2 px ring', async ({ payin }) => {
  await payin.userId.focus();
  const outline = await payin.userId.evaluate((element) => {
    const style = (
      globalThis as unknown as { getComputedStyle(e: unknown): Record<string, string> }
    ).getComputedStyle(element);
    return `${style.outlineStyle} ${style.outlineWidth}`;
  });
  expect(outline).toBe('solid 2px');
});

test('History’s detail drawer gives the focus back to its row when Escape closes it', async ({
  payin,
  page,
}) => {
  await payin.payApproved(customer('keys-drawer'), CARDS.approve, '23.00');
  const history = new HistoryPage(page);
  await history.open();
  const row = history.rows.first();
  await row.focus();
  await page.keyboard.press('Enter');
  await expect(history.drawer).toBeVisible();
  await expect.poll(() => focusIsWithin(history.drawer)).toBe(true);
  await page.keyboard.press('Escape');
  await expect(history.drawer).toBeHidden();
  await expect(row).toBeFocused();
});
