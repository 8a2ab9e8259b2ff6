// Issue 33, item 6 in the browser: a German desk lists countries by their German names, and finds them by
// the German name, the English one, or the short form an agent hears on the phone ("USA", "UK", "UAE").
import { expect, test } from '@playwright/test';
import { type RunningHarness, startHarness } from '../support/e2e/harness';

let harness: RunningHarness;
test.beforeAll(async () => {
  harness = await startHarness(0, ['--locale', 'de-DE'], { signedIn: true });
});
test.afterAll(async () => {
  await harness?.close();
});

test('in German, a country is found by its German or English name or its short form, and Enter takes it', async ({
  page,
}) => {
  await page.goto(harness.url);
  const form = page.getByTestId('payin-form');
  const country = form.getByRole('combobox', { name: 'Land', exact: true });
  const other = form.locator('input[name="userId"]');
  const options = page.getByRole('listbox', { name: 'Land' }).getByRole('option');
  for (const [typed, expected] of [
    ['Österreich', 'Österreich (AT)'],
    ['osterreich', 'Österreich (AT)'],
    ['Germany', 'Deutschland (DE)'],
    ['USA', 'Vereinigte Staaten (US)'],
    ['UK', 'Vereinigtes Königreich (GB)'],
    ['UAE', 'Vereinigte Arabische Emirate (AE)'],
    ['DE', 'Deutschland (DE)'],
  ] as const) {
    await other.focus();
    await country.focus();
    await country.pressSequentially(typed);
    await expect(options.first()).toHaveText(new RegExp(`^${expected.replace(/[()]/g, '\\$&')}`));
    await country.press('Enter');
    await expect(country).toHaveValue(expected);
  }

  await other.focus();
  await country.focus();
  await country.pressSequentially('xyzzy');
  await expect(page.getByText('Kein passendes Land')).toBeVisible();
  await country.press('ControlOrMeta+a');
  await country.pressSequentially('Ver');
  await page.screenshot({ path: test.info().outputPath('countries-de.png') });
  await country.press('Escape');
});
