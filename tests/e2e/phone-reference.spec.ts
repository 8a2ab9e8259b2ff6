// Issue 35, item 14, at 1280×800 and 1024×700: the result panel and History's detail show a short reference
// an agent can read out (the order number's last 8 characters, in two groups), and History finds the pay-in
// when the customer reads it back, however it is typed.
import { WINDOW_SIZES } from '../support/e2e/fits';
import { expect, test } from '../support/e2e/fixtures';
import { HistoryPage } from '../support/e2e/pages/history-page';
import { CARDS, customer } from '../support/e2e/pages/payin-page';

for (const size of WINDOW_SIZES) {
  test.describe(`at ${size.width}×${size.height}`, () => {
    test.use({ viewport: size });

    test('a reference to read out, and History finds it read back', async ({ payin, page }) => {
      await payin.payApproved(customer(`ref-${size.width}`), CARDS.approve, '19.00');
      const orderNumber = await payin.factText('Order number');
      const reference = payin.result.getByTestId('phone-reference');
      await expect(reference).toHaveText(
        `${orderNumber.slice(-8, -4).toUpperCase()} ${orderNumber.slice(-4).toUpperCase()}`,
      );
      const spoken = ((await reference.textContent()) ?? '').toLowerCase();

      const history = new HistoryPage(page);
      await history.open();
      await history.searchFor(spoken);
      await expect.poll(() => history.column('merchantTradeNo')).toEqual([orderNumber]);
      await history.row(orderNumber).click();
      await expect(history.drawerField('Reference')).toHaveText(spoken.toUpperCase());
    });
  });
}
