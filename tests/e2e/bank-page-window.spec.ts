// The bank page in a window of its own, as the Electron app shows it: a harness in window mode
// (--bank-page-view popup), where the result panel opens the page in a popup instead of a frame, offers
// Bring to front and Cancel, and closes the window once the bank step is over.
import { test as base, expect } from '@playwright/test';
import { seriousViolations } from '../support/e2e/axe';
import { type RunningHarness, startHarness } from '../support/e2e/harness';
import { CARDS, customer, PayInPage } from '../support/e2e/pages/payin-page';

const test = base.extend<{ payin: PayInPage }, { windowHarness: RunningHarness }>({
  windowHarness: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature
    async ({}, use) => {
      const harness = await startHarness(0, ['--bank-page-view', 'popup'], { signedIn: true });
      await use(harness);
      await harness.close();
    },
    { scope: 'worker' },
  ],
  payin: async ({ page, windowHarness }, use) => {
    const payin = new PayInPage(page);
    await payin.open(windowHarness.url);
    await use(payin);
  },
});

test('a 3-D Secure page opens in its own window, the panel shows no frame, and the window closes once it is done', async ({
  payin,
}) => {
  await payin.fillPayIn(customer('window-3ds'), CARDS.threeDs, '41.00');
  const popupOpened = payin.page.waitForEvent('popup');
  await payin.send.click();
  await payin.expectOutcome('Action required');
  const bankWindow = await popupOpened;

  const panel = payin.result.getByTestId('bank-page-window');
  await expect(panel).toContainText('The bank page is open in its own window.');
  await expect(payin.result.locator('iframe')).toHaveCount(0);
  expect(await seriousViolations(payin.page)).toEqual([]);
  await payin.result.getByRole('button', { name: 'Bring to front' }).click();
  await expect(payin.result.getByRole('alert')).toHaveCount(0);

  await bankWindow.getByLabel('One-time code').fill('1234');
  await bankWindow.getByRole('button', { name: 'Confirm' }).click();
  await payin.expectOutcome('Approved');
  await expect.poll(() => bankWindow.isClosed()).toBe(true);
});

test('closing the bank window before it is done cancels the bank step: the outcome stays open', async ({
  payin,
}) => {
  await payin.fillPayIn(customer('window-closed'), CARDS.threeDs, '42.00');
  const popupOpened = payin.page.waitForEvent('popup');
  await payin.send.click();
  const bankWindow = await popupOpened;
  await payin.expectOutcome('Action required');
  // The operator closes the bank's page once it shows (closing a window mid-navigation is not a user's act).
  await expect(bankWindow.getByLabel('One-time code')).toBeVisible();
  await bankWindow.close();
  await payin.expectOutcome('Outcome unknown');
  await expect(payin.result).toContainText('The bank page was closed before it finished');
});

test('Cancel bank page closes the window it opened', async ({ payin }) => {
  await payin.fillPayIn(customer('window-cancel'), CARDS.threeDs, '43.00');
  const popupOpened = payin.page.waitForEvent('popup');
  await payin.send.click();
  const bankWindow = await popupOpened;
  await expect(bankWindow.getByLabel('One-time code')).toBeVisible();
  await payin.result.getByRole('button', { name: 'Cancel bank page' }).click();
  await payin.expectOutcome('Outcome unknown');
  await expect.poll(() => bankWindow.isClosed()).toBe(true);
});
