// Issue 33, item 6 in the browser: a German desk exports History "for a spreadsheet in Deutsch" and the
// saved file is what a German Excel opens as it should: a BOM (Lucía, not "LucÃ­a"), `;` between cells,
// 1234,56 as the amount, the time the list shows (the desk's clock, not UTC), the status in German, the
// headers English. The machine-readable form stays the other choice of the same menu (history.spec.ts).
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { freshCode, supervisorAt } from '../support/e2e/desk-operator';
import { expectUncut } from '../support/e2e/fits';
import { type RunningHarness, startHarness } from '../support/e2e/harness';
import { catalog, payIn } from '../support/e2e/languages-desk';
import { sortableOf } from '../support/e2e/moment-text';
import { HistoryPage } from '../support/e2e/pages/history-page';
import { CARDS } from '../support/e2e/pages/payin-page';

const words = catalog('de');

// The browser's clock is Berlin's, as a desk in Germany runs: the list and the file must agree on it.
test.use({ timezoneId: 'Europe/Berlin', locale: 'de-DE' });

let harness: RunningHarness;
test.beforeAll(async () => {
  harness = await startHarness(0, ['--locale', 'de-DE'], { signedIn: true });
});
test.afterAll(async () => {
  await harness?.close();
});

/** PAYDESK_LANGUAGE_SHOTS=DIR saves the screen to look at. */
async function shoot(page: Page, name: string): Promise<void> {
  const folder = process.env.PAYDESK_LANGUAGE_SHOTS;
  if (folder) await page.screenshot({ path: join(folder, `${name}.png`), animations: 'disabled' });
}

/** The supervisor's approval, in the desk's German dialog. */
async function approveInGerman(page: Page): Promise<void> {
  const supervisor = supervisorAt(page.url());
  const dialog = page.getByTestId('approval-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: words('approval.supervisorId') }).fill(supervisor.id);
  await dialog
    .getByLabel(new RegExp(`^${words('approval.supervisorPassphrase')}`))
    .fill(supervisor.passphrase);
  await dialog
    .getByRole('textbox', { name: words('approval.supervisorCode') })
    .fill(await freshCode(supervisor.secret!));
  await dialog.getByRole('button', { name: words('approval.approve') }).click();
  await expect(dialog).toHaveCount(0);
}

test('a German desk exports History for a spreadsheet in German, and the saved file reads as Excel expects', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto(harness.url);
  const userId = `xls-${Date.now().toString(36)}`;
  // 1234,56 € typed as a German agent does, for Lucía Núñez.
  await payIn(page, words, CARDS.approve, { userId, firstName: 'Lucía', lastName: 'Núñez' }, '1234,56');
  const result = page.getByRole('region', { name: words('payin.result.region') });
  await expect(result.getByRole('heading', { level: 3 })).toHaveText(words('status.approved'));

  await page.keyboard.press('Alt+3');
  await expect(page.getByRole('heading', { level: 2, name: words('shell.page.history') })).toBeVisible();
  const history = new HistoryPage(page);
  await expect(history.rows).toHaveCount(1);
  const [shown] = await history.rowCells();

  // The menu names both forms in German, the spreadsheet one in the desk's language: whole at the smallest
  // window too (German words are long).
  await page.setViewportSize({ width: 1024, height: 700 });
  await history.exportButton.click();
  const spreadsheet = page.getByTestId('history-export-spreadsheet');
  const machine = page.getByTestId('history-export-machine');
  await expect(spreadsheet).toContainText(words('export.form.spreadsheet').replace('{language}', 'Deutsch'));
  await expect(machine).toContainText(words('export.form.machine'));
  for (const item of [spreadsheet, machine]) {
    for (const line of await item.locator('p').all()) await expectUncut(line);
  }
  await shoot(page, 'de-history-export-menu-1024');
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 1280, height: 800 });

  const file = await history.exportCsv('spreadsheet', approveInGerman);
  expect(file.fileName).toMatch(/^paydesk-history-\d{4}-\d{2}-\d{2}\.csv$/);
  expect([...file.bytes.subarray(0, 4)]).toEqual([0xef, 0xbb, 0xbf, 0x22]);
  const header = file.text.slice(1, file.text.indexOf('\r\n'));
  expect(header).toMatch(/^"id";"createdAt";"kind";"status";/);
  expect(header).not.toContain(',');
  expect(file.records).toHaveLength(1);
  const [record] = file.records;
  expect(record).toMatchObject({
    userId,
    amount: '1234,56',
    currency: 'EUR',
    status: words('status.approved'),
    customerName: 'Lucía Núñez',
    // The desk's clock, as the list shows the row.
    createdAt: sortableOf(shown?.time ?? '', 'de'),
  });
  expect(record?.utcOffset).toMatch(/^UTC\+0[12]:00$/);
  expect(record?.createdAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
});
