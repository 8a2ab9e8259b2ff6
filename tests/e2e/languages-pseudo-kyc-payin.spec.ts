// Issue 33's layout check on the two pages an agent and a compliance officer spend their hour on, which the
// other language specs only sample: the whole pay-in form, and the KYC page empty and with a batch of bad
// rows (its toolbar, its counts, the problem line under the grid). At the smallest window (1024×700) in
// the pseudo-locale (en-XA: English accented, 40 % longer, in ⟦ ⟧: every word from the catalogue) and in
// German (the longest words), and the KYC batch in Brazilian Portuguese at the agents' window (1280×800).
// Every heading, label, description, line and button whole, measured in the page (support/e2e/fits.ts).
// PAYDESK_LANGUAGE_SHOTS=DIR saves each screen to look at.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { seriousViolations } from '../support/e2e/axe';
import { expectUncut } from '../support/e2e/fits';
import { type RunningHarness, startHarness } from '../support/e2e/harness';
import { catalog, checkAll, shoot, type Words } from '../support/e2e/languages-desk';
import { KycPage } from '../support/e2e/pages/kyc-page';

const FIXTURES = join(import.meta.dirname, '../fixtures/kyc/e2e');

const CASES = [
  { locale: 'en-XA', language: 'en-XA', size: { width: 1024, height: 700 } },
  { locale: 'de-DE', language: 'de', size: { width: 1024, height: 700 } },
  { locale: 'pt-BR', language: 'pt-BR', size: { width: 1280, height: 800 } },
] as const;

/** The card's security code is named after its brand (CVV, CVC, CID), the same in every language. */
const BRAND_CODE = /^(CVV|CVC|CID)\b/;

/** The words of a part of a page: its buttons' labels on one line, its headings, labels, descriptions and lines whole. */
async function pageWords(
  within: Locator,
  pseudo: boolean,
  lines: Locator = within.locator('p'),
  headings: Locator = within.getByRole('heading'),
) {
  const labels = within.locator('label');
  return (
    (await checkAll([within.locator('.mantine-Button-label')], pseudo, true)) +
    (await checkAll(
      [
        headings,
        labels.filter({ hasNotText: BRAND_CODE }),
        within.locator('.mantine-InputWrapper-description'),
        lines,
      ],
      pseudo,
    )) +
    (await checkAll([labels.filter({ hasText: BRAND_CODE })], false))
  );
}

async function openPage(page: Page, words: Words, key: string, shortcut: string): Promise<void> {
  await expect(page.getByRole('navigation').getByRole('button').first()).toBeVisible();
  await page.keyboard.press(shortcut);
  await expect(page.getByRole('heading', { name: words(key), level: 2 })).toBeVisible();
}

for (const { locale, language, size } of CASES) {
  const words = catalog(language);
  const pseudo = language === 'en-XA';

  test.describe(`${locale} at ${size.width}×${size.height}`, () => {
    let harness: RunningHarness;
    test.beforeAll(async () => {
      harness = await startHarness(0, ['--locale', locale], { signedIn: true });
    });
    test.afterAll(async () => {
      await harness?.close();
    });

    test('the whole pay-in form: every word whole, and the catalogue’s', async ({ page }) => {
      await page.setViewportSize(size);
      await page.goto(harness.url);
      const form = page.getByTestId('payin-form');
      await expect(form).toBeVisible();
      // The page's own words; of the form's lines, the amount's currency is the profile's code (EUR).
      const lines = page.locator('main p').filter({ hasNotText: /^[A-Z]{3}$/ });
      expect(await pageWords(page.locator('main'), pseudo, lines)).toBeGreaterThan(20);
      expect(await seriousViolations(page)).toEqual([]);
      await shoot(page, locale, 'payin-form', size.width);
      // Sending the empty form: each field's problem whole, in the language.
      await form.getByTestId('send-payment').click();
      const problems = form.locator('.mantine-InputWrapper-error');
      await expect(problems.first()).toBeVisible();
      expect(await checkAll([problems], pseudo)).toBeGreaterThan(3);
      await shoot(page, locale, 'payin-form-problems', size.width);
    });

    test('the KYC page, empty and with a batch of bad rows: every word whole, and the catalogue’s', async ({
      page,
    }) => {
      test.setTimeout(90_000);
      await page.setViewportSize(size);
      await page.goto(harness.url);
      await openPage(page, words, 'shell.page.kyc', 'Alt+2');
      const kyc = new KycPage(page);
      const main = page.locator('main');
      expect(await pageWords(main, pseudo)).toBeGreaterThan(3);
      expect(await seriousViolations(page)).toEqual([]);
      await shoot(page, locale, 'kyc-empty', size.width);

      const tag = `${language.toLowerCase()}${Date.now().toString(36)}`;
      const text = readFileSync(join(FIXTURES, 'planted-errors.csv'), 'utf8').replaceAll(
        'kyc-e2e-',
        `kyc-${tag}-`,
      );
      await kyc.drop({ name: 'bad-rows.csv', mimeType: 'text/csv', buffer: Buffer.from(text, 'utf8') });
      const grid = page.getByRole('grid');
      await expect(grid).toBeVisible();
      await expect(kyc.announcer).toHaveText(/bad-rows\.csv/);
      // The page around the grid: the batch's header, counts, toolbar and submit panel. The grid's cells
      // are the file's values; its column headers are checked as words.
      // The batch's name is the file's: whole, not the catalogue's.
      const fileName = main.getByText('bad-rows.csv', { exact: true });
      await expectUncut(fileName);
      const lines = main.locator('p').filter({ hasNotText: /^bad-rows\.csv$/ });
      const headings = main.getByRole('heading').filter({ hasNotText: /^bad-rows\.csv$/ });
      expect(await pageWords(main, pseudo, lines, headings)).toBeGreaterThan(8);
      // Each column's header fits its column (the grid scrolls sideways: a header off to the right is
      // out of the window by design, not cut).
      const headers = await grid
        .getByRole('columnheader')
        .evaluateAll((cells) =>
          cells.map((cell) => ({ text: cell.textContent ?? '', cut: cell.scrollWidth > cell.clientWidth })),
        );
      expect(headers.length).toBe(17);
      expect(headers.filter((header) => header.cut)).toEqual([]);
      if (pseudo) for (const { text } of headers) expect(text).toMatch(/⟦.*⟧/s);
      // A bad cell's problem, on the line under the grid.
      const invalid = grid.locator('[aria-invalid="true"]').first();
      await invalid.click();
      await expect(kyc.activeCell).toBeVisible();
      await kyc.activeCell.scrollIntoViewIfNeeded();
      expect(await checkAll([kyc.activeCell], pseudo)).toBe(1);
      expect(await seriousViolations(page)).toEqual([]);
      await shoot(page, locale, 'kyc-bad-rows', size.width);
    });
  });
}
