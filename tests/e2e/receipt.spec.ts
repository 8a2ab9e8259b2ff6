// Receipts through the UI: from the result panel and from a History row; printed alone on the page, and
// saved as a PDF that holds the last four digits of the card only.
import { readFileSync } from 'node:fs';
import { seriousViolations } from '../support/e2e/axe';
import { expect, test } from '../support/e2e/fixtures';
import { HistoryPage } from '../support/e2e/pages/history-page';
import { CARDS, customer } from '../support/e2e/pages/payin-page';
import { pdfText } from '../support/pdf/pdf-render';

test('an approved pay-in has a receipt to print and to save as a PDF', async ({ payin }) => {
  await payin.payApproved(customer('receipt'), CARDS.approve, '19.90');
  const orderNumber = (await payin.fact('Order number').textContent())?.trim() ?? '';
  expect(orderNumber).toMatch(/^PD/);

  await payin.result.getByRole('button', { name: 'Receipt…' }).click();
  const dialog = payin.page.getByRole('dialog', { name: 'Receipt' });
  const sheet = dialog.getByRole('region', { name: 'Payment receipt' });
  await expect(sheet).toContainText('€19.90');
  await expect(sheet).toContainText('Approved');
  await expect(sheet).toContainText('Visa ending 4242');
  await expect(sheet).toContainText(orderNumber);
  await expect(sheet).toContainText('Test payment on a sandbox gateway: no real money moved.');
  await expect(sheet).not.toContainText('424242');
  expect(await seriousViolations(payin.page)).toEqual([]);

  // On paper only the receipt shows: the app around it is hidden by the print style sheet.
  // (The dialog is not printed: a copy of the sheet is, so it is found by its class, not by a role.)
  const printed = payin.page.locator('.paydesk-print-only .paydesk-receipt-sheet');
  await expect(printed).toBeHidden();
  await payin.page.emulateMedia({ media: 'print' });
  await expect(printed).toBeVisible();
  await expect(printed).toContainText('€19.90');
  await expect(payin.form).toBeHidden();
  await expect(dialog.getByRole('button', { name: 'Print' })).toBeHidden();
  await payin.page.emulateMedia({ media: 'screen' });
  type Printing = { printed: number; print: () => void };
  await payin.page.evaluate(() => {
    const page = globalThis as unknown as Printing;
    page.printed = 0;
    page.print = () => {
      page.printed++;
    };
  });
  await dialog.getByRole('button', { name: 'Print' }).click();
  expect(await payin.page.evaluate(() => (globalThis as unknown as Printing).printed)).toBe(1);

  // The cardholder reads German: the receipt, not the desk, changes language (its amount and date too).
  await dialog.getByRole('combobox', { name: 'Receipt language' }).selectOption({ label: 'Deutsch' });
  const german = dialog.getByRole('region', { name: 'Zahlungsbeleg' });
  await expect(german).toContainText('19,90\u00a0€');
  await expect(german).toContainText('Genehmigt');
  await expect(german).toContainText('Visa mit Endziffern 4242');
  await expect(german).toHaveAttribute('lang', 'de');
  await payin.page.setViewportSize({ width: 1024, height: 700 });
  await payin.page.screenshot({ path: test.info().outputPath('receipt-de-1024.png') });
  await expect(dialog.getByRole('button', { name: 'Save PDF' })).toBeVisible();

  const downloading = payin.page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Save PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`receipt-${orderNumber}.pdf`);
  const pdf = readFileSync(await download.path());
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const words = pdfText(pdf).replace(/\u00a0/g, ' ');
  expect(words).toContain('ZAHLUNGSBELEG');
  expect(words).toContain('19,90 €');
  expect(words).toContain(orderNumber);
  expect(words).not.toContain('424242');
  await expect(dialog.getByRole('status')).toContainText(`receipt-${orderNumber}.pdf made`);
});

test('a declined pay-in has a receipt from its History row; an unknown outcome has none', async ({
  payin,
}) => {
  await payin.fillPayIn(customer('receipt-declined'), CARDS.decline, '21.00');
  await payin.send.click();
  await payin.expectOutcome('Declined');
  const declined = await payin.factText('Order number');
  await payin.form.getByRole('button', { name: 'New payment' }).click();
  await payin.fillPayIn(customer('receipt-unknown'), CARDS.approve, '500.01');
  await payin.send.click();
  await payin.expectOutcome('Outcome unknown');
  const unknown = await payin.factText('Order number');

  const history = new HistoryPage(payin.page);
  await history.open();
  await history.row(declined).click();
  await history.drawer.getByRole('button', { name: 'Receipt…' }).click();
  const receipt = payin.page.getByRole('dialog', { name: 'Receipt' });
  const sheet = receipt.getByRole('region', { name: 'Declined payment' });
  await expect(sheet).toContainText('The card was declined: Card declined. Nothing was charged.');
  await expect(sheet).toContainText(declined);
  await receipt.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(receipt).toBeHidden();
  await history.drawer.getByRole('button', { name: 'Close the detail' }).click();

  await history.row(unknown).click();
  await expect(history.drawer.getByRole('heading', { name: `Pay-in ${unknown}` })).toBeVisible();
  await expect(history.drawer.getByRole('button', { name: 'Receipt…' })).toHaveCount(0);
});
