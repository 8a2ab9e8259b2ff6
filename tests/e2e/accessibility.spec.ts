// axe-core on the shell and the pay-in page in its main states: no serious or critical violations. Then
// the findings of issue 24, each asserted gone where it was found (whatever axe's impact for it):
// scrolling lists the keyboard cannot reach, banner landmarks in dialogs, two `main`s beside the 3-D Secure
// frame.

import { seriousViolations, violationsOf } from '../support/e2e/axe';
import { expect, test } from '../support/e2e/fixtures';
import { HistoryPage } from '../support/e2e/pages/history-page';
import { CARDS, customer } from '../support/e2e/pages/payin-page';

test('the shell and the empty pay-in page', async ({ payin }) => {
  expect(await seriousViolations(payin.page)).toEqual([]);
});

test('the active navigation entry under the mouse', async ({ payin }) => {
  await payin.page.getByRole('button', { name: /^Pay-in/ }).hover();
  expect(await seriousViolations(payin.page)).toEqual([]);
});

test('the pay-in form showing its validation errors', async ({ payin }) => {
  await payin.send.click();
  await expect(payin.form.getByText('Required').first()).toBeVisible();
  expect(await seriousViolations(payin.page)).toEqual([]);
});

test('the v1 form', async ({ payin }) => {
  await payin.chooseVersion('v1');
  await expect(payin.email).toBeVisible();
  expect(await seriousViolations(payin.page)).toEqual([]);
});

test('an approved result', async ({ payin }) => {
  await payin.payApproved(customer('axe-approved'), CARDS.approve, '26.00');
  expect(await seriousViolations(payin.page)).toEqual([]);
});

test('a declined result', async ({ payin }) => {
  await payin.fillPayIn(customer('axe-declined'), CARDS.decline, '26.00');
  await payin.send.click();
  await payin.expectOutcome('Declined');
  expect(await seriousViolations(payin.page)).toEqual([]);
});

test('a 3-D Secure page in the result panel', async ({ payin }) => {
  await payin.fillPayIn(customer('axe-3ds'), CARDS.threeDs, '26.00');
  await payin.send.click();
  await payin.expectOutcome('Action required');
  await expect(payin.bankFrame().getByLabel('One-time code')).toBeVisible();
  expect(await seriousViolations(payin.page)).toEqual([]);
});

test('the duplicate confirmation dialog', async ({ payin }) => {
  await payin.openDuplicateDialog(customer('axe-duplicate'), CARDS.approve, '28.00');
  expect(await seriousViolations(payin.page)).toEqual([]);
});

test('the test-cards modal', async ({ payin, page }) => {
  await payin.testCardsButton.click();
  await expect(page.getByRole('dialog', { name: 'Sandbox test cards' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the test-scenario list opened', async ({ payin, page }) => {
  await payin.form.getByRole('combobox', { name: 'Test scenario' }).click();
  await expect(page.getByRole('option', { name: 'Approve (Visa)' })).toBeVisible();
  // The list that scrolls is the combobox's own listbox (aria-controls), which axe lets scroll without a
  // focus of its own: the input keeps it and the arrow keys move through the options.
  expect(await seriousViolations(page)).toEqual([]);
});

test('an Outcome unknown result with its ask-again panel', async ({ payin }) => {
  await payin.fillPayIn(customer('axe-unknown'), CARDS.approve, '500.02');
  await payin.setCallbackUrl(new URL('/merchant-callback', process.env.PAYDESK_URL).href);
  await payin.send.click();
  await payin.expectOutcome('Outcome unknown');
  expect(await seriousViolations(payin.page)).toEqual([]);
});

const LANDMARKS = [
  'landmark-no-duplicate-banner',
  'landmark-no-duplicate-main',
  'landmark-unique',
  'landmark-banner-is-top-level',
  'region',
];

test('the country and test-scenario lists, opened, scroll without a focus of their own', async ({
  payin,
  page,
}) => {
  await payin.country.click();
  await expect(page.getByRole('option', { name: 'Austria (AT)', exact: true })).toBeVisible();
  expect(await violationsOf(page, ['scrollable-region-focusable'])).toEqual([]);
  await page.keyboard.press('Escape');
  await payin.form.getByRole('combobox', { name: 'Test scenario' }).click();
  await expect(page.getByRole('option', { name: 'Approve (Visa)' })).toBeVisible();
  expect(await violationsOf(page, ['scrollable-region-focusable'])).toEqual([]);
});

test('History’s empty KYC view can be scrolled by keyboard', async ({ payin, page }) => {
  expect(payin).toBeTruthy();
  // At 1024 its columns are wider than the box: it scrolls sideways.
  await page.setViewportSize({ width: 1024, height: 700 });
  const history = new HistoryPage(page);
  await history.open();
  await history.show('KYC batches');
  await history.search.fill('no batch is called this');
  await expect(history.nothingFound).toContainText('Nothing found for “no batch is called this”');
  expect(await violationsOf(page, ['scrollable-region-focusable'])).toEqual([]);
});

test('dialogs hold no banner landmark', async ({ payin, page }) => {
  await payin.testCardsButton.click();
  await expect(page.getByRole('dialog', { name: 'Sandbox test cards' })).toBeVisible();
  expect(await violationsOf(page, LANDMARKS)).toEqual([]);
  await page.keyboard.press('Escape');

  await payin.payApproved(customer('axe-receipt'), CARDS.approve, '24.00');
  await payin.result.getByRole('button', { name: 'Receipt…' }).click();
  await expect(page.getByRole('dialog', { name: 'Receipt' }).getByRole('region')).toBeVisible();
  expect(await violationsOf(page, LANDMARKS)).toEqual([]);
});

test('one main landmark beside the 3-D Secure frame', async ({ payin }) => {
  await payin.fillPayIn(customer('axe-3ds-main'), CARDS.threeDs, '26.00');
  await payin.send.click();
  await payin.expectOutcome('Action required');
  await expect(payin.bankFrame().getByLabel('One-time code')).toBeVisible();
  expect(await violationsOf(payin.page, LANDMARKS)).toEqual([]);
});
