// History searched as an agent on a call searches it (issue 35, item 4): the customer id and the order number
// read back in lower case, or only the end of the order number, find the pay-in; a search that finds nothing
// says so at the top of the list, in view, with what was searched, at 1280×800 and 1024×700.
import { seriousViolations } from '../support/e2e/axe';
import { WINDOW_SIZES } from '../support/e2e/fits';
import { expect, test } from '../support/e2e/fixtures';
import { dayText } from '../support/e2e/moment-text';
import { HistoryPage } from '../support/e2e/pages/history-page';
import { CARDS, customer } from '../support/e2e/pages/payin-page';

for (const size of WINDOW_SIZES) {
  test.describe(`at ${size.width}×${size.height}`, () => {
    test.use({ viewport: size });

    test('a customer id and an order number are found in lower case and by their end; nothing found says so in view', async ({
      payin,
      page,
    }) => {
      const who = customer(`cust-${size.width}`);
      const userId = who.userId.toUpperCase();
      await payin.payApproved({ ...who, userId }, CARDS.approve, '41.20');
      const orderNumber = await payin.factText('Order number');
      expect(orderNumber).toMatch(/^PD\d{8}T/);

      const history = new HistoryPage(page);
      await history.open();
      await history.searchFor(userId.toLowerCase());
      await history.expectRowCount(1);
      await expect(history.rows.first()).toContainText(orderNumber);

      await history.searchFor(orderNumber.toLowerCase());
      await history.expectRowCount(1);
      await expect(history.rows.first()).toContainText(userId);

      // The end of the order number, as read from the customer's e-mail.
      await history.searchFor(orderNumber.slice(-6).toLowerCase());
      await history.expectRowCount(1);
      await expect(history.rows.first()).toContainText(orderNumber);

      // Nothing found: said at the top of the list, in view, naming what was searched.
      const missing = `${userId.toLowerCase()}-none`;
      await history.searchFor(missing);
      await history.expectRowCount(0);
      await expect(history.nothingFound).toBeInViewport();
      await expect(history.nothingFound).toContainText(`Nothing found for “${missing}”`);
      await expect(history.nothingFound).toContainText('any part of 4 or more characters, in any case');
      await expect(history.nothingFound).toContainText('before charging again');
      const message = await history.nothingFound.boundingBox();
      const header = await history.table.getByRole('row').first().boundingBox();
      expect(message && header && message.y < header.y).toBe(true);
      await page.screenshot({ path: `/tmp/history-nothing-found-${size.width}.png` });

      // With another filter on, the message names it too.
      await history.page.getByRole('button', { name: 'Today' }).click();
      await expect(history.nothingFound).toContainText(new RegExp(`only from ${dayText()}; to ${dayText()}`));
      await expect(history.nothingFound).toContainText('clear the other filters');
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}
