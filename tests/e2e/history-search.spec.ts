// History as a support agent searches it: by the customer's name, the amount, the card as shown, the
// decline reason; with date presets and the totals of what the filter shows, per currency.

import { seriousViolations } from '../support/e2e/axe';
import { expect, test } from '../support/e2e/fixtures';
import { HistoryPage } from '../support/e2e/pages/history-page';
import { CARDS, customer } from '../support/e2e/pages/payin-page';

/** A surname no other test uses: letters only, so it is one word to the search. */
const surname = () =>
  `Zed${Date.now()
    .toString(36)
    .replace(/[0-9]/g, (digit) => 'abcdefghij'[Number(digit)] ?? 'x')}`;

test('a pay-in is found by the customer’s name, the amount, the card as shown and the decline reason', async ({
  payin,
  page,
}) => {
  const lastName = surname();
  await payin.payApproved({ ...customer('search'), lastName }, CARDS.approve, '23.47');
  await payin.form.getByRole('button', { name: 'New payment' }).click();
  await payin.fillPayIn({ ...customer('search-declined'), lastName }, CARDS.decline, '23.48');
  await payin.send.click();
  await payin.expectOutcome('Declined');

  const history = new HistoryPage(page);
  await history.open();
  await history.searchFor(lastName.toLowerCase().slice(0, 6));
  await expect(history.rows).toHaveCount(2);
  await history.searchFor(`jane ${lastName}`);
  await expect(history.rows).toHaveCount(2);

  // The totals of the filtered pay-ins: one approved for 23.47, one declined.
  const totals = page.getByRole('table', { name: 'Totals of the filtered pay-ins, per currency' });
  await expect(totals.getByRole('row', { name: /^EUR/ })).toHaveText(/EUR\s*1\s*€23\.47\s*1\s*0\s*0/);

  await history.searchFor('23.47');
  await expect(history.rows.first()).toContainText('€23.47');
  await expect(history.rows.filter({ hasNotText: '€23.47' })).toHaveCount(0);

  await history.searchFor(`${lastName} card declined`);
  await expect(history.rows).toHaveCount(1);
  await expect(history.rows.first()).toContainText('€23.48');

  // The card exactly as the table shows it.
  const shown = (await history.rows.first().getByRole('cell').nth(3).textContent())?.trim() ?? '';
  expect(shown).toMatch(/^\d{6}\*+\d{4}$/);
  await history.searchFor(shown);
  await expect(history.rows.first().getByRole('cell').nth(3)).toHaveText(shown);
  expect(await seriousViolations(page)).toEqual([]);
});

test('date presets set the range, show which one is on, and clear with the filters', async ({
  payin,
  page,
}) => {
  void payin;
  const history = new HistoryPage(page);
  await history.open();
  const today = page.getByRole('button', { name: 'Today' });
  await today.click();
  await expect(today).toHaveAttribute('aria-pressed', 'true');
  const now = new Date();
  // As an English desk writes it: month first (the fields show the desk's language, not ISO).
  const day = `${String(now.getMonth() + 1).padStart(2, '0')}/${String(now.getDate()).padStart(2, '0')}/${now.getFullYear()}`;
  await expect(history.from).toHaveValue(day);
  await expect(history.to).toHaveValue(day);
  await page.getByRole('button', { name: 'Last 7 days' }).click();
  await expect(today).toHaveAttribute('aria-pressed', 'false');
  await expect(history.to).toHaveValue(day);
  await history.clearFilters.click();
  await expect(history.from).toHaveValue('');
});

test('a row’s order number and orderId are copied from the list, without opening the row', async ({
  payin,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const lastName = surname();
  await payin.payApproved({ ...customer('copy'), lastName }, CARDS.approve, '23.49');
  const orderNumber = await payin.factText('Order number');
  const orderId = await payin.factText('orderId');

  const history = new HistoryPage(payin.page);
  await history.open();
  await history.searchFor(lastName);
  await expect(history.rows).toHaveCount(1);
  type WithClipboard = {
    navigator: { clipboard: { readText(): Promise<string>; writeText(text: string): Promise<void> } };
  };
  const clipboard = () =>
    payin.page.evaluate(() => (globalThis as unknown as WithClipboard).navigator.clipboard.readText());
  const copyOrderId = history.rows.first().getByRole('button', { name: `Copy orderId ${orderId}` });
  await copyOrderId.click();
  expect(await clipboard()).toBe(orderId);
  // A tick for a second, then the copy icon again.
  await expect(copyOrderId).toHaveAttribute('title', 'Copied');
  await expect(copyOrderId).toHaveAttribute('title', 'Copy orderId');
  await expect(history.drawer).toBeHidden();
  await history.rows
    .first()
    .getByRole('button', { name: `Copy order number ${orderNumber}` })
    .click();
  expect(await clipboard()).toBe(orderNumber);

  // From the keyboard: the row is one tab stop, and Ctrl+C on it copies its order number.
  await payin.page.evaluate(() => (globalThis as unknown as WithClipboard).navigator.clipboard.writeText(''));
  await history.rows.first().focus();
  await payin.page.keyboard.press('Control+c');
  await expect.poll(clipboard).toBe(orderNumber);
});
