// Issue 35, items 12 and 13, at 1280×800 and 1024×700. The result panel says when its pay-in is the
// previous one (another customer id or a card typed in the form), keeping that pay-in's receipt and
// "Same customer again", and an open pay-in keeps all it offers until the agent puts it aside. "Outcome
// unknown" says what is known, what to do and the order number in three short lines, lists each attempt
// with its time and the gateway's answer as History recorded it, and keeps the full explanation one click
// away.
import { seriousViolations } from '../support/e2e/axe';
import { expectWhole, WINDOW_SIZES } from '../support/e2e/fits';
import { expect, test } from '../support/e2e/fixtures';
import { timeText } from '../support/e2e/moment-text';
import { CARDS, customer, type PayInPage } from '../support/e2e/pages/payin-page';

/** A pay-in the sandbox leaves Outcome unknown: a fault amount, and no signed word by callback. */
async function sendOutcomeUnknown(payin: PayInPage, userId: string, amount: string): Promise<string> {
  await payin.fillPayIn(customer(userId), CARDS.approve, amount);
  await payin.setCallbackUrl(new URL('/merchant-callback', process.env.PAYDESK_URL).href);
  await payin.send.click();
  await payin.expectOutcome('Outcome unknown');
  return payin.factText('Order number');
}

for (const size of WINDOW_SIZES) {
  test.describe(`at ${size.width}×${size.height}`, () => {
    test.use({ viewport: size });

    test('an approval is called the previous payment once the next customer is typed, with its receipt and customer at hand', async ({
      payin,
    }) => {
      const first = customer(`previous-${size.width}`);
      await payin.payApproved(first, CARDS.approve, '49.90');
      const orderNumber = await payin.factText('Order number');
      await expect(payin.result.getByTestId('payin-result-previous')).toHaveCount(0);

      await payin.userId.fill(`next-caller-${size.width}`);
      await payin.expectOutcome('Previous payment: Approved');
      await expect(payin.result.getByTestId('payin-result-previous')).toHaveText(
        `€49.90 for customer ${first.userId}, order ${orderNumber}`,
      );
      await expect(payin.result.getByTestId('payin-result')).toHaveAttribute('data-previous', 'true');
      await expect(payin.result.getByRole('button', { name: /^Receipt/ })).toBeVisible();
      expect(await seriousViolations(payin.page)).toEqual([]);

      // Its customer comes back on request, as before the next one was typed.
      await payin.result.getByRole('button', { name: 'Same customer again' }).click();
      await expect(payin.userId).toHaveValue(first.userId);
    });

    test('a decline is the previous payment once another card is typed for the same customer', async ({
      payin,
    }) => {
      const who = customer(`previous-card-${size.width}`);
      await payin.fillPayIn(who, CARDS.decline, '25.00');
      await payin.send.click();
      await payin.expectOutcome('Declined');
      await expect(payin.userId).toHaveValue(who.userId);

      await payin.cardNumber.fill(CARDS.approve);
      await payin.expectOutcome('Previous payment: Declined');
      await expect(payin.result.getByTestId('payin-result-previous')).toContainText(
        `€25.00 for customer ${who.userId}`,
      );
      await payin.cardNumber.fill('');
      await payin.expectOutcome('Declined');
    });

    test('an open pay-in stays with all it offers beside the next customer until put aside', async ({
      payin,
    }) => {
      const orderNumber = await sendOutcomeUnknown(payin, `previous-open-${size.width}`, '500.03');
      await payin.userId.fill(`next-caller-open-${size.width}`);
      await payin.fillCard(CARDS.mastercard);

      await payin.expectOutcome('Previous payment: Outcome unknown');
      await expect(payin.result.getByTestId('payin-result-previous')).toContainText(orderNumber);
      await expect(payin.result.getByTestId('payin-result-previous')).toContainText('Still open');
      await expect(payin.result.getByRole('button', { name: 'Ask the gateway again' })).toBeVisible();
      expect(await seriousViolations(payin.page)).toEqual([]);

      await payin.result.getByRole('button', { name: 'Check later' }).click();
      await expect(payin.page.getByTestId('payin-later-note')).toContainText(orderNumber);
    });

    test('Outcome unknown is three short lines, each ask again is listed with its time and answer, and the why is one click away', async ({
      payin,
    }) => {
      // 500.01: the sandbox faults with HTTP 500 before any order, and again on every ask.
      const orderNumber = await sendOutcomeUnknown(payin, `unknown-lines-${size.width}`, '500.01');
      const summary = payin.result.getByTestId('ask-again-summary');
      await expect(summary).toContainText('The customer may have been charged.');
      await expect(summary).toContainText(
        'Ask the gateway again; never charge again with a new order number.',
      );
      await expect(summary.getByTestId('ask-again-order-number')).toHaveText(orderNumber);
      await expectWhole(summary.getByTestId('ask-again-order-number'));
      const words = ((await summary.textContent()) ?? '').split(/\s+/).filter(Boolean);
      expect(words.length).toBeLessThanOrEqual(30);

      const why = payin.result.getByText('Why is the outcome unknown?');
      const explanation = payin.result.getByText(/which the gateway keeps unique/);
      await expect(explanation).toBeHidden();

      const attempts = payin.result.getByTestId('payin-attempts').getByRole('listitem');
      await expect(attempts).toHaveCount(1);
      await expect(attempts.nth(0)).toHaveText(new RegExp(`^${timeText()} Sent: server error \\(HTTP 500`));

      const askAgain = payin.result.getByRole('button', { name: 'Ask the gateway again' });
      await askAgain.click();
      await expect(attempts).toHaveCount(2);
      await expect(attempts.nth(1)).toHaveText(
        new RegExp(`^${timeText()} Asked again: server error \\(HTTP 500\\)$`),
      );
      await expect(payin.result).toContainText('Asked again once');

      await askAgain.click();
      await expect(attempts).toHaveCount(3);
      await expect(payin.result).toContainText('Asked again 2 times');
      await payin.expectOutcome('Outcome unknown');

      await why.click();
      await expect(explanation).toBeVisible();
      expect(await seriousViolations(payin.page)).toEqual([]);
    });
  });
}
