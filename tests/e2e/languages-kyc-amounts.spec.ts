// Issue 33, items 2 and 5, on a German desk (OS locale de-DE): a KYC batch with bad rows names each row
// problem in German (main sends the catalogue's key and values with the English, which the export keeps),
// and History shows a pay-in of 1234.56 EUR as "1.234,56 €" in its list, its drawer and its totals.
// PAYDESK_LANGUAGE_SHOTS=DIR saves the KYC grid at 1024×700 to look at.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { readCatalog } from '../../scripts/i18n/catalog-files';
import { expectUncut } from '../support/e2e/fits';
import { type RunningHarness, startHarness } from '../support/e2e/harness';
import { KycPage } from '../support/e2e/pages/kyc-page';

const de = readCatalog('de');
const FIXTURES = join(import.meta.dirname, '../fixtures/kyc/e2e');
/** Intl writes a no-break space between figure and sign. */
const EURO_1234_56 = /1\.234,56\s€/;

let harness: RunningHarness;
test.beforeAll(async () => {
  harness = await startHarness(0, ['--locale', 'de-DE'], { signedIn: true });
});
test.afterAll(async () => {
  await harness?.close();
});

async function shoot(page: Page, screen: string): Promise<void> {
  const folder = process.env.PAYDESK_LANGUAGE_SHOTS;
  if (folder) await page.screenshot({ path: join(folder, `de-${screen}.png`) });
}

test('a KYC batch with bad rows names each problem in German', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 700 });
  await page.goto(harness.url);
  await expect(page.getByRole('button', { name: new RegExp(`^${de['shell.page.kyc']}`) })).toBeVisible();
  await page.keyboard.press('Alt+2');
  await expect(page.getByRole('heading', { name: de['shell.page.kyc'], level: 2 })).toBeVisible();
  const tag = `de${Date.now().toString(36)}`;
  const text = readFileSync(join(FIXTURES, 'planted-errors.csv'), 'utf8').replaceAll(
    'kyc-e2e-',
    `kyc-${tag}-`,
  );
  await new KycPage(page).drop({
    name: 'fehlerhaft.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(text, 'utf8'),
  });
  const grid = page.getByRole('grid', { name: 'Datensätze von fehlerhaft.csv' });
  await expect(grid).toBeVisible();
  await expect(page.getByTestId('kyc-announcer')).toHaveText(/fehlerhaft\.csv.*4 ungültig, 8 gültig\.$/);
  const row = (n: number) =>
    grid.getByRole('row').filter({ has: page.getByRole('rowheader', { name: String(n), exact: true }) });
  // Columns: row number, state, then the fields in the contract's order (email is the 12th field).
  const cell = (n: number, column: number) => row(n).locator(`[aria-colindex="${column}"]`);
  const EMAIL = 14;
  const BIRTHDAY = 7;
  const COUNTRY = 9;
  const CERTIFICATE_END = 13;
  await expect(cell(3, EMAIL)).toHaveAttribute('aria-invalid', 'true');
  await expect(cell(3, EMAIL)).toHaveAccessibleDescription(
    'Ungültig: Eine E-Mail-Adresse wie name@example.com: Dieser fehlt das „@“.',
  );
  await expect(cell(5, BIRTHDAY)).toHaveAccessibleDescription(
    'Ungültig: Ein gültiges Datum im Format JJJJ-MM-TT.',
  );
  await expect(cell(7, COUNTRY)).toHaveAccessibleDescription('Ungültig: Kein Ländercode nach ISO 3166-1.');
  await expect(cell(10, CERTIFICATE_END)).toHaveAccessibleDescription(
    'Ungültig: Das Dokument läuft ab, bevor es ausgestellt wurde.',
  );

  // The same words on the line under the grid and in the tooltip, for the cell in focus.
  await cell(3, EMAIL).click();
  await expect(page.getByTestId('kyc-active-cell')).toContainText('Dieser fehlt das „@“.');
  const tooltip = page.getByRole('tooltip');
  await expect(tooltip).toHaveText('Eine E-Mail-Adresse wie name@example.com: Dieser fehlt das „@“.');
  await expectUncut(tooltip);
  await shoot(page, 'kyc-bad-rows-1024');

  // A fix that is still wrong is announced in German too.
  await page.keyboard.press('Enter');
  const editor = grid.getByRole('textbox');
  await editor.fill('jonas.garcia@example..com');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('kyc-announcer')).toHaveText(
    'Zeile 3, email ist weiterhin ungültig: Die Domain einer E-Mail-Adresse darf weder mit einem Punkt beginnen oder enden noch zwei Punkte hintereinander enthalten.',
  );
});

test('History shows 1234.56 EUR as 1.234,56 € in its list, drawer and totals', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(harness.url);
  const form = page.getByRole('form', { name: 'Kartenzahlung' });
  await expect(page.getByRole('heading', { name: 'Kartenzahlung (MOTO)' })).toBeVisible();
  const input = (name: string) => form.locator(`input[name="${name}"]`);
  // The sandbox's scenarios are the desk's words too (payin.scenario.*).
  await form.getByRole('combobox', { name: 'Testszenario' }).click();
  await page.getByRole('listbox').getByRole('option', { name: 'Genehmigen (Visa)' }).click();
  const userId = `betrag-verlauf-${Date.now().toString(36)}`;
  await input('userId').fill(userId);
  await input('amount').fill('1.234,56');
  await form.getByTestId('send-payment').click();
  await expect(page.locator('.payin-facts-amount')).toHaveAttribute('data-amount', '1234.56 EUR');

  await expect(page.getByRole('button', { name: new RegExp(`^${de['shell.page.history']}`) })).toBeVisible();
  await page.keyboard.press('Alt+3');
  await expect(page.getByRole('heading', { name: de['shell.page.history'], level: 2 })).toBeVisible();
  const filters = page.getByRole('search', { name: de['history.filters.region'] });
  await filters.getByRole('searchbox', { name: de['history.filters.search'] }).fill(userId);
  const rows = page.getByTestId('history-table').getByTestId('history-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(EURO_1234_56);
  await expect(rows.first()).not.toContainText('1234.56');

  const totals = page.getByRole('table', { name: de['history.totals.label'] });
  await expect(totals.getByRole('row', { name: /^EUR/ })).toHaveText(/^EUR\s*1\s*1\.234,56\s€\s*0\s*0\s*0$/);

  await rows.first().click();
  const amount = page
    .getByRole('dialog')
    .getByRole('row', { name: new RegExp(`^${de['history.detail.amount']}\\b`) })
    .getByRole('cell');
  await expect(amount).toHaveText(EURO_1234_56);
});
