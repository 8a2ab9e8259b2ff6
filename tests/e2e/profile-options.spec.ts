// A profile for a gateway that reads the interface more literally than the sandbox, and that takes only
// its own return addresses (A8, A14, A29): the choices are kept, and the pay-in form lets through what the
// profile allows. The gateway address is one where nothing listens, so nothing is ever charged: a pay-in
// that passes the form ends "Not sent".

import { seriousViolations } from '../support/e2e/axe';
import { expect, test } from '../support/e2e/fixtures';
import { CARDS, customer } from '../support/e2e/pages/payin-page';
import { restoreSettings, SettingsPage, TEST_PROFILE_PREFIX } from '../support/e2e/pages/settings-page';

test.afterEach(async ({ page }) => {
  await restoreSettings(page);
});

test('a relaxed profile with its own return addresses: saved, shown, and let through by the pay-in form', async ({
  payin,
  page,
}) => {
  const settings = new SettingsPage(page);
  await settings.open();
  const name = `${TEST_PROFILE_PREFIX}Literal gateway ${Date.now().toString(36)}`;
  // Production takes https only; nothing listens at this one.
  await settings.startNewProfile({
    name,
    environment: 'Production',
    baseUrl: 'https://127.0.0.1:47',
    kycBaseUrl: 'https://127.0.0.1:47',
    merchantId: '4242',
  });
  // A production profile on Paydesk's loopback addresses is warned about.
  await expect(settings.editor.getByTestId('loopback-warning')).toBeVisible();
  await settings.editor.getByText('Any text, up to 8', { exact: true }).click();
  await settings.editor.getByText('Token and card details', { exact: true }).click();
  await settings.editor.getByText("This profile's URLs", { exact: true }).click();
  await expect(settings.editor.getByTestId('loopback-warning')).toHaveCount(0);
  await expect(settings.editor).toContainText('The bank page does not close by itself');
  await settings.field('Default 3DS return URL').fill('https://shop.example/return');
  await settings.detail.getByRole('button', { name: 'Create profile' }).click();
  await expect(settings.notice).toContainText(`Profile "${name}" created.`);
  expect(await seriousViolations(page)).toEqual([]);

  // Kept across a reload.
  await settings.reload();
  await settings.open();
  await settings.selectProfile(name);
  const country = settings.editor.getByRole('radio', { name: 'Any text, up to 8' });
  await expect(country).toBeChecked();
  await expect(settings.editor.getByRole('radio', { name: 'Token and card details' })).toBeChecked();
  await expect(settings.editor.getByRole('radio', { name: "This profile's URLs" })).toBeChecked();
  await expect(settings.field('Default 3DS return URL')).toHaveValue('https://shop.example/return');

  await settings.detailButton('Make active').click();
  await settings.confirm('Switch to production');
  await settings.openPayIn();

  // Country is typed as the gateway writes it; the return URL is the profile's, and the note says what
  // the agent does instead of waiting for the bank page to close.
  const typedCountry = payin.form.getByRole('textbox', { name: 'Country', exact: true });
  await expect(typedCountry).toBeVisible();
  await payin.urlsSection.click();
  await expect(payin.form.getByRole('textbox', { name: '3DS return URL (retURL)' })).toHaveValue(
    'https://shop.example/return',
  );
  await expect(payin.form.getByTestId('return-addresses-note')).toContainText('close the bank page');

  const who = customer('literal');
  await payin.userId.fill(who.userId);
  await payin.firstName.fill(who.firstName);
  await payin.lastName.fill(who.lastName);
  await typedCountry.fill('AUT');
  await payin.mobile.fill(who.mobile);
  await payin.address.fill(who.address);
  await payin.city.fill(who.city);
  await payin.postcode.fill(who.postcode);
  await payin.ip.fill(who.ip);
  await payin.fillCard(CARDS.approve);
  await payin.amount.fill('12.00');
  await payin.send.click();
  await payin.expectOutcome('Not sent');
  await expect(typedCountry).not.toHaveAttribute('aria-invalid', 'true');
});
