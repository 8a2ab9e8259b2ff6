// History through the UI: pay-ins made on the pay-in page, then found by search, status and dates, opened
// in the detail drawer, and exported to CSV that matches the filtered table and holds masked cards only.

import { seriousViolations } from '../support/e2e/axe';
import { expect, test } from '../support/e2e/fixtures';
import { sortableOf } from '../support/e2e/moment-text';
import { HistoryPage } from '../support/e2e/pages/history-page';
import { CARDS, customer, type PayInPage } from '../support/e2e/pages/payin-page';

const MASKED_PAN = /^\d{6}\*+\d{4}$/;

interface Made {
  merchantTradeNo: string;
  orderId: string;
  card: string;
}

/** One pay-in with its own order number, so that the result read is this one's, not the previous one's. */
async function payIn(payin: PayInPage, card: string, amount: string, outcome: string): Promise<Made> {
  const merchantTradeNo = `H${Date.now().toString(36)}${card.slice(-4)}`;
  await payin.orderNumber.fill(merchantTradeNo);
  await payin.fillCard(card);
  await payin.amount.fill(amount);
  await payin.send.click();
  await expect(payin.fact('Order number')).toHaveText(merchantTradeNo);
  await payin.expectOutcome(outcome);
  const made = { merchantTradeNo, orderId: await payin.factText('orderId'), card };
  // After an approval the form starts a new payment; the same customer pays again on request.
  if (outcome === 'Approved') await payin.result.getByRole('button', { name: 'Same customer again' }).click();
  return made;
}

/** The day before a "YYYY-MM-DD", in the same form (calendar arithmetic, no time zone involved). */
function dayBefore(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

/** A "YYYY-MM-DD" as an English desk writes it: "MM/DD/YYYY" (CLDR's en, the harness's language). */
function english(day: string): string {
  const [year, month, date] = day.split('-');
  return `${month}/${date}/${year}`;
}

test('pay-ins are found by search, status and date range, and exported as the table shows them', async ({
  payin,
  page,
}) => {
  // Three pay-ins through the form, then the whole History walk: more than the default 30 s allow.
  test.setTimeout(90_000);
  // Three pay-ins of one customer: two approved (Visa, Mastercard), one declined.
  const who = customer('history');
  await payin.fillCustomer(who);
  const visa = await payIn(payin, CARDS.approve, '11.00', 'Approved');
  const mastercard = await payIn(payin, CARDS.mastercard, '12.00', 'Approved');
  const declined = await payIn(payin, CARDS.decline, '13.00', 'Declined');

  const history = new HistoryPage(page);
  await history.open();

  // The customer's id (its start is enough) finds all three, newest first.
  await history.searchFor(who.userId.slice(0, -2));
  await expect
    .poll(() => history.column('merchantTradeNo'))
    .toEqual([declined.merchantTradeNo, mastercard.merchantTradeNo, visa.merchantTradeNo]);
  await history.expectRowCount(3);
  const all = await history.rowCells();
  expect(all.map((row) => row.status)).toEqual(['Declined', 'Approved', 'Approved']);
  expect(all.map((row) => row.orderId)).toEqual([declined.orderId, mastercard.orderId, visa.orderId]);
  for (const row of all) {
    expect(row.card).toMatch(MASKED_PAN);
    expect(row.userId).toBe(who.userId);
  }
  expect(all.map((row) => row.amount)).toEqual(['€13.00', '€12.00', '€11.00']);
  expect(await seriousViolations(page)).toEqual([]);

  // An order number, an orderId: one row each.
  await history.searchFor(visa.merchantTradeNo);
  await expect.poll(() => history.column('merchantTradeNo')).toEqual([visa.merchantTradeNo]);
  await history.searchFor(mastercard.orderId);
  await expect.poll(() => history.column('orderId')).toEqual([mastercard.orderId]);
  await expect.poll(() => history.column('merchantTradeNo')).toEqual([mastercard.merchantTradeNo]);

  // The card's last 4 digits with the status Declined: every row shown is a declined card ending 0002
  // (other tests' declines too: the harness serves the whole run).
  await history.searchFor(CARDS.decline.slice(-4));
  await history.chooseStatus('Declined');
  await expect
    .poll(async () => [...new Set((await history.rowCells()).map((row) => `${row.status} ${row.card}`))])
    .toEqual([`Declined ${CARDS.decline.slice(0, 6)}******${CARDS.decline.slice(-4)}`]);
  await expect(history.row(declined.merchantTradeNo)).toBeVisible();
  await history.clearFilters.click();
  await expect(history.search).toHaveValue('');

  // The customer's approved pay-ins, on the day they were made.
  await history.searchFor(who.userId);
  await history.chooseStatus('Approved');
  const approved = [mastercard.merchantTradeNo, visa.merchantTradeNo];
  await expect.poll(() => history.column('merchantTradeNo')).toEqual(approved);
  // The list's times are the desk's (en: month first); the fields read ISO in every language and show the desk's.
  const day = sortableOf(all[0]!.time).slice(0, 10);
  await history.typeDay(history.from, day);
  await history.typeDay(history.to, day);
  await expect(history.from).toHaveValue(english(day));
  await expect(history.to).toHaveValue(english(day));
  await expect.poll(() => history.column('merchantTradeNo')).toEqual(approved);
  await history.typeDay(history.to, dayBefore(day));
  await expect(history.problem).toHaveText('The "From" day is after the "To" day.');
  // The day before typed as digits in the desk's order (en: mmddyyyy).
  await history.typeDay(history.from, english(dayBefore(day)).replaceAll('/', ''));
  await expect(history.from).toHaveValue(english(dayBefore(day)));
  await history.expectRowCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await history.typeDay(history.to, day);
  await expect.poll(() => history.column('merchantTradeNo')).toEqual(approved);
  await history.expectRowCount(2);
  const shown = await history.rowCells();

  // The CSV holds exactly the filtered rows, with masked cards and nothing more of them.
  const file = await history.exportCsv();
  expect(file.fileName).toMatch(/^paydesk-history-\d{4}-\d{2}-\d{2}\.csv$/);
  // The export puts an apostrophe before a cell a spreadsheet would run as a formula (=, +, -, @): gateway
  // order ids are random and can start with "-".
  const asTyped = (cell: string | undefined) => (cell && /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);
  expect(file.records.map((record) => asTyped(record.merchantTradeNo))).toEqual(
    shown.map((row) => row.merchantTradeNo),
  );
  expect(file.records.map((record) => asTyped(record.orderId))).toEqual(shown.map((row) => row.orderId));
  expect(file.records.map((record) => record.maskedPan)).toEqual(shown.map((row) => row.card));
  for (const record of file.records) {
    expect(record.status).toBe('approved');
    expect(record.userId).toBe(who.userId);
    expect(record.maskedPan).toMatch(MASKED_PAN);
  }
  for (const card of [CARDS.approve, CARDS.mastercard, CARDS.decline]) expect(file.text).not.toContain(card);
  expect(file.text).not.toMatch(/"?cvv"?\s*[:=]/i);

  // The drawer: the row's facts, its timeline, the request as sent with the card masked.
  await history.row(visa.merchantTradeNo).click();
  await expect(history.drawer).toBeVisible();
  await expect(history.drawer.getByRole('heading', { name: `Pay-in ${visa.merchantTradeNo}` })).toBeVisible();
  await expect(history.drawerField('Status')).toHaveText('Approved');
  await expect(history.drawerField('Card')).toHaveText(/^\d{6}\*+4242 \(Visa\)$/);
  await expect(history.drawerField('orderId')).toContainText(visa.orderId);
  await expect(history.drawer.getByTestId('history-timeline')).toBeVisible();
  await expect(history.drawer).not.toContainText(CARDS.approve);
  expect(await seriousViolations(page)).toEqual([]);
  await history.drawer.getByRole('button', { name: 'Close the detail' }).click();
  await expect(history.drawer).toBeHidden();
});
