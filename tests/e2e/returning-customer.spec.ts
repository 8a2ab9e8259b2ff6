// A returning customer on the phone: the agent types the customer id, is offered the last pay-in's details
// and the cards stored for them, and can take a card off Paydesk's list.

import { approvalDialog, approveAtDesk } from '../support/e2e/approval';
import { seriousViolations } from '../support/e2e/axe';
import { expect, test } from '../support/e2e/fixtures';
import { dateTimeText } from '../support/e2e/moment-text';
import { CARDS, customer } from '../support/e2e/pages/payin-page';

test('a returning customer’s details come back in one click, and a stored card can be taken off the list', async ({
  payin,
  page,
}) => {
  const who = customer('returning');
  await payin.payApproved(who, CARDS.mastercard, '15.00', { storeCard: true });
  await expect(payin.fact('Card stored')).toContainText(`for customer ${who.userId}`);

  // The next call: a fresh page, only the customer id typed.
  await page.reload();
  await payin.userId.fill(who.userId);
  const offer = page.getByRole('note', { name: 'Returning customer' });
  await expect(offer).toContainText('Returning customer: Jane Doe');
  expect(await seriousViolations(page)).toEqual([]);
  await offer.getByRole('button', { name: 'Use their details' }).click();
  // Brought back whole, the details fold into one line (issue 35, item 16).
  await expect(page.getByRole('group', { name: 'Customer details' })).toContainText(
    'Jane Doe · Kärntner Straße 12, 1010 Wien, Austria (AT)',
  );
  await expect(offer).toBeHidden();

  // The card stored on the first call is offered, with when it was stored; it can be removed from the list.
  await payin.storedCardPicker.click();
  await page.getByRole('option', { name: /Mastercard 555555\S*4444/ }).click();
  await expect(payin.form).toContainText(new RegExp(`Stored ${dateTimeText('en', false)}`));
  await payin.form.getByRole('button', { name: "Remove from Paydesk's list" }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove the stored card from the list?' });
  await expect(confirm).toContainText('The gateway keeps the card');
  await confirm.getByRole('button', { name: 'Remove from the list' }).click();
  // Removing a stored card waits for a supervisor: the desk's, signed in, approves it.
  await expect(approvalDialog(page)).toContainText('removing the stored card');
  await approveAtDesk(page);
  await expect(confirm).toBeHidden();
  await expect(payin.storedCardPicker).toHaveCount(0);
  await expect(payin.cardNumber).toBeVisible();
});

test('a customer id never paid for offers nothing', async ({ payin, page }) => {
  await payin.userId.fill(customer('brand-new').userId);
  await page.waitForTimeout(700);
  await expect(page.getByRole('note', { name: 'Returning customer' })).toHaveCount(0);
});

test('details used after a Send that marked the empty fields are checked again: no "Required." stays on them', async ({
  payin,
  page,
}) => {
  const who = customer('returning-marked');
  await payin.payApproved(who, CARDS.approve, '16.00');

  await page.reload();
  await payin.send.click();
  await expect(payin.lastName).toHaveAttribute('aria-invalid', 'true');
  await payin.userId.fill(who.userId);
  await page
    .getByRole('note', { name: 'Returning customer' })
    .getByRole('button', { name: 'Use their details' })
    .click();
  // Folded (every detail filled in): opened again, no field keeps the "Required." of the Send before.
  await page
    .getByRole('group', { name: 'Customer details' })
    .getByRole('button', { name: 'Edit details' })
    .click();
  await expect(payin.lastName).toHaveValue('Doe');
  for (const field of [payin.lastName, payin.city, payin.postcode, payin.mobile, payin.userId]) {
    await expect(field).not.toHaveAttribute('aria-invalid', 'true');
  }
  // The card was not filled: it stays marked.
  await expect(payin.cardNumber).toHaveAttribute('aria-invalid', 'true');
});
