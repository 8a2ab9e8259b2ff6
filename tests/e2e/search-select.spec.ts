// The pay-in form's selects are Paydesk's own (lib/SearchSelect.tsx), not Mantine's: what an agent does with
// them by keyboard and mouse, checked on the Country field and the sandbox's test-scenario list.
import { expect, test } from '../support/e2e/fixtures';
import { CARDS, customer } from '../support/e2e/pages/payin-page';

test('typing a part of a country’s name lists the matches; Enter takes the first, the arrows another', async ({
  payin,
  page,
}) => {
  const country = payin.country;
  await country.click();
  await country.pressSequentially('kingdom');
  await expect(country).toHaveAttribute('aria-expanded', 'true');
  const listbox = page.getByRole('listbox', { name: 'Country' });
  await expect(listbox.getByRole('option')).toHaveText([/United Kingdom \(GB\)/]);
  await country.press('Enter');
  await expect(country).toHaveValue('United Kingdom (GB)');
  await expect(country).toHaveAttribute('aria-expanded', 'false');
  await expect(country).toBeFocused();

  // Focused again, the name is selected: typing replaces it. The arrows move the active option.
  await payin.mobile.focus();
  await country.focus();
  await country.pressSequentially('aus');
  const options = listbox.getByRole('option');
  await expect(options).toHaveText([/^Australia \(AU\)/, /^Austria \(AT\)/]);
  await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');
  await country.press('ArrowDown');
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(country).toHaveAttribute('aria-activedescendant', (await options.nth(1).getAttribute('id'))!);
  await country.press('ArrowDown');
  await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');
  await country.press('ArrowUp');
  await country.press('Enter');
  await expect(country).toHaveValue('Austria (AT)');
});

test('a country code typed and Enter takes that country, not the first name holding its letters', async ({
  payin,
  page,
}) => {
  const country = payin.country;
  const options = page.getByRole('listbox', { name: 'Country' }).getByRole('option');
  for (const [typed, expected] of [
    ['DE', 'Germany (DE)'],
    ['US', 'United States (US)'],
    ['Pol', 'Poland (PL)'],
    ['gb', 'United Kingdom (GB)'],
  ] as const) {
    await payin.mobile.focus();
    await country.focus();
    await country.pressSequentially(typed);
    await expect(options.first()).toHaveText(new RegExp(`^${expected.replace(/[()]/g, '\\$&')}`));
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    await country.press('Enter');
    await expect(country).toHaveValue(expected);
  }
  // Names that begin with the text come before names that only hold it.
  await payin.mobile.focus();
  await country.focus();
  await country.pressSequentially('pol');
  await expect(options).toHaveText([/^Poland \(PL\)/, /^French Polynesia \(PF\)/]);
  await country.press('Escape');
});

test('Escape and Tab leave the country as it was; Escape closes only the list, not the form’s details', async ({
  payin,
  page,
}) => {
  await payin.fillCard(CARDS.approve);
  await payin.country.click();
  await payin.country.pressSequentially('germ');
  await payin.country.press('Enter');
  await expect(payin.country).toHaveValue('Germany (DE)');

  await payin.country.press('ControlOrMeta+a');
  await payin.country.pressSequentially('fra');
  await expect(page.getByRole('option', { name: 'France (FR)' })).toBeVisible();
  await payin.country.press('Escape');
  await expect(payin.country).toHaveAttribute('aria-expanded', 'false');
  await expect(payin.country).toHaveValue('Germany (DE)');
  // The form's own Escape (clear the card details) did not run: the list took the key.
  await expect(payin.cardNumber).toHaveValue('4242 4242 4242 4242');

  // The text deleted, Enter takes no country: the list closes on the one there was.
  await payin.country.press('ControlOrMeta+a');
  await payin.country.press('Backspace');
  await expect(payin.country).toHaveAttribute('aria-expanded', 'true');
  await payin.country.press('Enter');
  await expect(payin.country).toHaveAttribute('aria-expanded', 'false');
  await expect(payin.country).toHaveValue('Germany (DE)');

  await payin.country.press('ControlOrMeta+a');
  await payin.country.pressSequentially('xyzzy');
  await expect(page.getByText('No such country')).toBeVisible();
  await payin.country.press('Tab');
  await expect(payin.country).toHaveValue('Germany (DE)');
  await expect(page.getByText('No such country')).toHaveCount(0);
});

test('a country picked with the mouse is taken, and the payment goes through with it', async ({
  payin,
  page,
}) => {
  const who = { ...customer('select-mouse'), country: 'Portugal', countryCode: 'PT' };
  await payin.fillPayIn(who, CARDS.approve, '12.00');
  await payin.country.click();
  await payin.country.pressSequentially('nor');
  await page.getByRole('option', { name: 'Norway (NO)' }).click();
  await expect(payin.country).toHaveValue('Norway (NO)');
  await payin.send.click();
  await payin.expectOutcome('Approved');
});

test('the test-scenario list shows its groups and fills the form from a pick', async ({ payin, page }) => {
  const scenarios = payin.form.getByRole('combobox', { name: 'Test scenario' });
  await scenarios.click();
  const groups = page.getByRole('listbox', { name: 'Test scenario' }).getByRole('group');
  expect(await groups.count()).toBeGreaterThan(1);
  await expect(groups.first().getByRole('option').first()).toBeVisible();
  await scenarios.pressSequentially('approve (visa');
  await scenarios.press('Enter');
  await expect(page.getByText('Filled: Approve (Visa)')).toBeVisible();
  await expect(payin.cardNumber).toHaveValue('4242 4242 4242 4242');
  await expect(payin.send).toBeFocused();
});
