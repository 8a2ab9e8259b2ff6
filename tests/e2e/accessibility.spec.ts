// axe-core on the shell and the pay-in page in its main states: no serious or critical violations.

import { seriousViolations } from '../support/e2e/axe';
import { expect, test } from '../support/e2e/fixtures';
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
  await payin.fillPayIn(customer('axe-approved'), CARDS.approve, '26.00');
  await payin.send.click();
  await payin.expectOutcome('Approved');
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
  const who = customer('axe-duplicate');
  await payin.fillPayIn(who, CARDS.approve, '28.00');
  await payin.send.click();
  await payin.expectOutcome('Approved');
  // The form starts a new payment after an approval: the agent brings the customer back on purpose.
  await payin.result.getByRole('button', { name: 'Same customer again' }).click();
  await payin.fillCard(CARDS.approve);
  await payin.amount.fill('28.00');
  await payin.send.click();
  await expect(payin.duplicateDialog).toBeVisible();
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
  // An open ARIA combobox keeps the focus in its input and moves through the options with the arrow keys
  // (aria-activedescendant), so its scrolling list never needs the focus itself: axe's
  // scrollable-region-focusable does not apply to it (it still runs on the closed page in the other tests).
  expect(await seriousViolations(page, { disableRules: ['scrollable-region-focusable'] })).toEqual([]);
});

test('an Outcome unknown result with its retry', async ({ payin }) => {
  await payin.fillPayIn(customer('axe-unknown'), CARDS.approve, '500.02');
  await payin.setCallbackUrl(new URL('/merchant-callback', process.env.PAYDESK_URL).href);
  await payin.send.click();
  await payin.expectOutcome('Outcome unknown');
  expect(await seriousViolations(payin.page)).toEqual([]);
});
