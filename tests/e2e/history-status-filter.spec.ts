// History's Status filter by keyboard, at 1280×800 and 1024×700: typing filters the statuses with the
// house's ranking (lib/search-rank.ts: a label that begins with the text before one with a word that
// does), and Enter takes the best match — not the list's first status, Pending, whatever was typed.
import { WINDOW_SIZES } from '../support/e2e/fits';
import { expect, test } from '../support/e2e/fixtures';
import { HistoryPage } from '../support/e2e/pages/history-page';
import { CARDS, customer } from '../support/e2e/pages/payin-page';

for (const size of WINDOW_SIZES) {
  test.describe(`at ${size.width}×${size.height}`, () => {
    test.use({ viewport: size });
    // Two pay-ins through the form first.
    test.describe.configure({ timeout: 60_000 });

    test('typed into Status, the statuses are filtered and ranked, and Enter takes the best match', async ({
      payin,
      page,
    }) => {
      const who = customer(`status-${size.width}`);
      await payin.fillPayIn(who, CARDS.decline, '31.00');
      await payin.send.click();
      await payin.expectOutcome('Declined');
      await payin.fillPayIn(who, CARDS.approve, '32.00');
      await payin.send.click();
      await payin.expectOutcome('Approved');

      const history = new HistoryPage(page);
      await history.open();
      await history.searchFor(who.userId);
      await expect.poll(() => history.column('status')).toEqual(['Approved', 'Declined']);

      // "decl", Enter: Declined.
      await history.status.focus();
      await page.keyboard.type('decl');
      await expect(page.getByRole('listbox').getByRole('option')).toHaveText(['Declined']);
      await page.keyboard.press('Enter');
      await expect(history.status).toHaveValue('');
      await expect.poll(() => history.column('status')).toEqual(['Declined']);

      // "re": Refused (begins with it) before Action required (a word does), though the list has Action
      // required first; Enter takes Refused.
      await page.keyboard.type('re');
      await expect(page.getByRole('listbox').getByRole('option')).toHaveText(['Refused', 'Action required']);
      await page.keyboard.press('Enter');
      const filters = page.getByRole('search', { name: 'Filter the history' });
      await expect(filters.getByText('Refused', { exact: true })).toBeVisible();
      await expect(filters.getByText('Action required', { exact: true })).toHaveCount(0);

      // Enter with nothing typed adds nothing (it took Pending).
      await page.keyboard.press('Enter');
      await expect(filters.getByText('Pending', { exact: true })).toHaveCount(0);
      await page.keyboard.press('Escape');
      await expect.poll(() => history.column('status')).toEqual(['Declined']);
    });
  });
}
