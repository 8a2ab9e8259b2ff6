// Issue 35, items 17 and 18, at 1280×800 and 1024×700: the billing country a pay-in starts with is the
// profile's (none built into the code), a new payment after an approval starts with it again, and "Same
// customer again" keeps the customer's own; a profile without a caller IP leaves Customer IP empty and
// looking empty (no grey address in it).
import type { PaydeskApi } from '@shared/ipc';
import { seriousViolations } from '../support/e2e/axe';
import { WINDOW_SIZES } from '../support/e2e/fits';
import { expect, test } from '../support/e2e/fixtures';
import { CARDS, customer } from '../support/e2e/pages/payin-page';
import { restoreSettings, SettingsPage } from '../support/e2e/pages/settings-page';

test.afterEach(async ({ page }) => {
  // The Sandbox profile's own default back (restoreSettings leaves the profile's fields as they are).
  const restored = await page.evaluate(async () => {
    const api = (globalThis as unknown as { paydesk: PaydeskApi }).paydesk;
    const view = await api.invoke('settings.get');
    const sandbox = view.ok && view.data.settings.profiles.find((profile) => profile.id === 'sandbox');
    if (!sandbox) return 'no Sandbox profile';
    const saved = await api.invoke('profiles.save', { ...sandbox, defaultCountry: 'DE' });
    return saved.ok ? 'ok' : JSON.stringify(saved);
  });
  expect(restored).toBe('ok');
  await restoreSettings(page);
});

for (const size of WINDOW_SIZES) {
  test.describe(`at ${size.width}×${size.height}`, () => {
    test.use({ viewport: size });

    test('a profile with no default country and no caller IP: both start empty, look empty, and are asked for', async ({
      payin,
      page,
    }) => {
      const settings = new SettingsPage(page);
      await settings.open();
      const name = await settings.createUnreachableProductionProfile('No country');
      await settings.selectProfile(name);
      await expect(settings.editor.getByRole('combobox', { name: 'Default billing country' })).toHaveValue(
        'None: the agent picks it on each pay-in',
      );
      await settings.detailButton('Make active').click();
      await settings.confirm('Switch to production');
      await settings.openPayIn();

      await expect(payin.country).toHaveValue('');
      await expect(payin.ip).toHaveValue('');
      await expect(payin.ip).not.toHaveAttribute('placeholder', /\d/);
      await payin.fillCard(CARDS.approve);
      await payin.amount.fill('12.00');
      await payin.send.click();
      await expect(payin.country).toHaveAttribute('aria-invalid', 'true');
      await expect(payin.ip).toHaveAttribute('aria-invalid', 'true');
      expect(await seriousViolations(page)).toEqual([]);
    });

    test("the profile's default country starts each new payment; Same customer again keeps the customer's", async ({
      payin,
      page,
    }) => {
      const settings = new SettingsPage(page);
      await settings.open();
      await settings.selectProfile('Sandbox');
      const defaultCountry = settings.editor.getByRole('combobox', { name: 'Default billing country' });
      await expect(defaultCountry).toHaveValue('Germany (DE)');
      await defaultCountry.click();
      await page.keyboard.type('Austria');
      await page.keyboard.press('Enter');
      await expect(defaultCountry).toHaveValue('Austria (AT)');
      await settings.detail.getByRole('button', { name: 'Save profile' }).click();
      await expect(settings.editor.getByRole('status')).toHaveText('Saved.');
      await settings.openPayIn();
      await expect(payin.country).toHaveValue('Austria (AT)');

      const who = { ...customer(`country-${size.width}`), country: 'France', countryCode: 'FR' };
      await payin.payApproved(who, CARDS.approve, '23.00');
      // A new payment: the profile's country again, not the last customer's, not Germany.
      await expect(payin.userId).toHaveValue('');
      await expect(payin.country).toHaveValue('Austria (AT)');
      await payin.result.getByRole('button', { name: 'Same customer again' }).click();
      await expect(payin.userId).toHaveValue(who.userId);
      await expect(page.getByRole('group', { name: 'Customer details' })).toContainText('France (FR)');
    });
  });
}
