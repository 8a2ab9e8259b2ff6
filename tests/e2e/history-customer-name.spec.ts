// Issue 35, item 15, at 1280×800 and 1024×700: the customer's name is in History's list, in the row's
// facts and in the CSV export, and searching for it finds the row.
import { seriousViolations } from '../support/e2e/axe';
import { WINDOW_SIZES } from '../support/e2e/fits';
import { expect, test } from '../support/e2e/fixtures';
import { HistoryPage } from '../support/e2e/pages/history-page';
import { CARDS, customer } from '../support/e2e/pages/payin-page';

for (const size of WINDOW_SIZES) {
  test.describe(`at ${size.width}×${size.height}`, () => {
    test.use({ viewport: size });

    test("the customer's name in the list, the facts and the export, and found by a search", async ({
      payin,
      page,
    }) => {
      const lastName = `Okonkwo${size.width}x${Date.now().toString(36)}`;
      const who = { ...customer(`name-${size.width}`), firstName: 'Adaeze', lastName };
      await payin.payApproved(who, CARDS.approve, '44.00');
      const orderNumber = await payin.factText('Order number');

      const history = new HistoryPage(page);
      await history.open();
      await history.searchFor(lastName);
      await expect.poll(() => history.column('customer')).toEqual([`Adaeze ${lastName}`]);
      await expect.poll(() => history.column('merchantTradeNo')).toEqual([orderNumber]);
      expect(await seriousViolations(page)).toEqual([]);

      await history.row(orderNumber).click();
      await expect(history.drawerField('Customer')).toHaveText(`Adaeze ${lastName}`);
      await page.keyboard.press('Escape');

      const { records } = await history.exportCsv();
      expect(records.map((record) => record.customerName)).toEqual([`Adaeze ${lastName}`]);
      expect(records[0]?.merchantTradeNo).toBe(orderNumber);
    });
  });
}
