// The pay-in page tells the truth (issue 24, items 3 and 4): a pay-in the gateway's signed callback has
// settled frees the desk while its slow answer is still on its way, and switching to a production profile
// leaves nothing of the sandbox's last pay-in on the page. A harness of this file's own: its 500.02 answer
// and its request timeout are a minute long (the shared harness gives up after 3 s, which would free the
// desk anyway), and the second test makes a production profile active.
import { expect, test } from '@playwright/test';
import { type RunningHarness, startHarness } from '../support/e2e/harness';
import { CARDS, customer, PayInPage } from '../support/e2e/pages/payin-page';
import { SettingsPage } from '../support/e2e/pages/settings-page';

let harness: RunningHarness;
test.beforeAll(async () => {
  harness = await startHarness(0, ['--sandbox-slow-ms', '60000', '--payin-timeout-ms', '60000'], {
    signedIn: true,
  });
});
test.afterAll(() => harness?.close());

test('a 500.02 pay-in settled Approved by the callback frees Send and New payment while its answer is still on its way', async ({
  page,
}) => {
  const payin = new PayInPage(page);
  await payin.open(harness.url);
  // The default callback address is Paydesk's own: the sandbox approves the order and says so at once,
  // and keeps the answer back for a minute.
  await payin.payApproved(customer('slow-settled'), CARDS.approve, '500.02');
  const first = await payin.factText('Order number');

  await expect(payin.send).toBeEnabled();
  await expect(payin.form.getByRole('button', { name: 'New payment' })).toBeEnabled();
  // The next caller's payment goes out on Enter, while the first one's answer has not come yet.
  await payin.fillPayIn(customer('next-caller'), CARDS.approve, '26.00');
  await payin.amount.press('Enter');
  await expect(payin.fact('Order number')).not.toHaveText(first);
  await payin.expectOutcome('Approved');
  await expect(payin.fact('Amount')).toContainText('26.00');
});

test('switching to a production profile clears the result panel and the form', async ({ page }) => {
  const payin = new PayInPage(page);
  await payin.open(harness.url);
  const who = customer('before-production');
  await payin.fillPayIn(who, CARDS.decline, '18.20');
  await payin.send.click();
  await payin.expectOutcome('Declined');
  await expect(payin.result).toContainText('18.20');
  // A decline keeps the customer's details in the form for another card.
  await expect(payin.userId).toHaveValue(who.userId);

  const settings = new SettingsPage(page);
  await settings.open();
  await settings.createUnreachableProductionProfile('Live pay-in');
  await settings.detailButton('Make active').click();
  await settings.confirm('Switch to production');
  await expect(settings.banner).toContainText('PRODUCTION');

  await settings.openPayIn();
  await expect(payin.resultHeading).toHaveCount(0);
  await expect(payin.result).not.toContainText('Declined');
  await expect(payin.result).not.toContainText('18.20');
  await expect(payin.userId).toHaveValue('');
  await expect(payin.amount).toHaveValue('');
  await expect(payin.firstName).toHaveValue('');
});
