// Issue 33, item 2, in the browser: the damaged-history notice, the sandbox's test-cards modal and the pay-in
// form's More options in German and in the pseudo-locale (English accented, 40 % longer, in ⟦ ⟧), at the
// agents' window and the smallest one. Every text not cut (a button's label on one line too, measured in the
// page); in the pseudo-locale every word from the catalogue: with each ⟦…⟧ taken out, nothing but card
// numbers, brands, codes, amounts and ids is left. The notice's reason line is main's words, written into the
// salvage report (main/history/salvage) with their catalogue key: said in the reader's language, around the
// sizes that are data. PAYDESK_LANGUAGE_SHOTS=DIR saves each screen
// as DIR/<locale>-<screen>-<width>.png, to look at.
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { createMemoryVault } from '../../src/main/credentials/memory-vault';
import { TEST_CARDS } from '../../src/shared/sandbox-test-data';
import { expectUncut, expectWhole, WINDOW_SIZES } from '../support/e2e/fits';
import { type RunningHarness, startHarness } from '../support/e2e/harness';
import { cutFile, writeDeskHistory } from '../support/history/damaged-history';

const NO_KEYCHAIN = { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/paydesk-e2e' };
const LOCALES = ['de-DE', 'en-XA'] as const;
const BRANDS = [...new Set(TEST_CARDS.map((card) => card.brand))];

async function shoot(page: Page, locale: string, screen: string, width: number): Promise<void> {
  const folder = process.env.PAYDESK_LANGUAGE_SHOTS;
  if (!folder) return;
  await page.addStyleTag({ content: '*, *::before, *::after { caret-color: transparent !important; }' });
  await page.screenshot({ path: join(folder, `${locale}-${screen}-${width}.png`), animations: 'disabled' });
}

/** The text with every ⟦…⟧ (nested ones too) taken out: what did not come from the catalogue. */
function outsideCatalogue(text: string): string {
  let rest = text;
  for (let before = ''; before !== rest; ) {
    before = rest;
    rest = rest.replace(/⟦[^⟦⟧]*⟧/g, ' ');
  }
  for (const brand of BRANDS) rest = rest.replaceAll(brand, ' ');
  return rest;
}

/** Each one's text whole (`oneLine`: on one line too); in the pseudo-locale, none of it but the catalogue's. */
async function checkAll(locators: Locator[], pseudo: boolean, oneLine = false): Promise<void> {
  for (const locator of locators) {
    const all = await locator.all();
    expect(all.length, `${locator}`).toBeGreaterThan(0);
    for (const one of all) {
      // In the middle of the window: one at its bottom edge counts as outside it.
      await one.evaluate((element: { scrollIntoView(options: object): void }) =>
        element.scrollIntoView({ block: 'center' }),
      );
      if (oneLine) await expectWhole(one);
      else await expectUncut(one);
      if (pseudo) {
        const text = (await one.textContent()) ?? '';
        expect(outsideCatalogue(text), `"${text}" outside the catalogue`).not.toMatch(/\p{L}{2,}/u);
      }
    }
  }
}

for (const locale of LOCALES) {
  test.describe(locale, () => {
    const pseudo = locale === 'en-XA';
    let harness: RunningHarness;
    test.beforeAll(async () => {
      const data = join(mkdtempSync(join(tmpdir(), 'paydesk-e2e-')), 'data');
      mkdirSync(data, { mode: 0o700 });
      await writeDeskHistory(data, createMemoryVault(), 120);
      cutFile(join(data, 'history.sqlite'), 0.6);
      harness = await startHarness(0, ['--data', data, '--memory-keys', '--locale', locale], {
        ephemeral: false,
        env: NO_KEYCHAIN,
        signedIn: true,
      });
    });
    test.afterAll(async () => {
      await harness?.close();
    });

    for (const size of WINDOW_SIZES) {
      test(`the damaged-history notice, the test cards and More options fit at ${size.width}×${size.height}`, async ({
        page,
      }) => {
        test.setTimeout(90_000);
        await page.setViewportSize(size);
        await page.goto(harness.url);
        const notice = page.getByTestId('history-damage-notice');
        await expect(notice).toBeVisible();
        await expect(notice.getByTestId('history-damage-open')).toBeVisible();
        if (!pseudo) {
          await expect(notice.getByTestId('history-damage-reason')).toHaveText(
            /^Die Verlaufsdatei ist abgeschnitten: Sie hat \d+ Bytes, laut ihrem Header sind es \d+\.$/,
          );
        }
        await checkAll([notice.locator('p'), notice.getByRole('listitem')], pseudo);
        await notice
          .getByTestId('history-damage-reason')
          .evaluate((element: { scrollIntoView(options: object): void }) =>
            element.scrollIntoView({ block: 'center' }),
          );
        await shoot(page, locale, 'damage-reason', size.width);
        await checkAll([notice.locator('.mantine-Button-label')], pseudo, true);
        await notice.scrollIntoViewIfNeeded();
        await shoot(page, locale, 'damage-notice', size.width);

        // More options, every section open.
        const form = page.getByTestId('payin-form');
        const sections = form.locator('.mantine-Accordion-control');
        for (const section of await sections.all()) {
          await section.click();
          await expect(section).toHaveAttribute('aria-expanded', 'true');
        }
        await checkAll(
          [
            form.locator('.mantine-Accordion-label'),
            // h2h's (the other choice, redirection, is the gateway's own word for the mode).
            form.locator('[aria-labelledby="payin-txMode-label"] .mantine-SegmentedControl-label').first(),
            form.getByTestId('return-addresses-note'),
            form.getByTestId('products-count'),
          ],
          pseudo,
        );
        await sections.first().scrollIntoViewIfNeeded();
        await shoot(page, locale, 'more-options', size.width);

        await page.getByTestId('environment-banner').getByRole('button').click();
        const dialog = page.getByRole('dialog');
        await expect(dialog).toBeVisible();
        if (pseudo) {
          await expect(dialog).toHaveAccessibleName(/^⟦.*⟧$/);
          for (const use of await dialog.locator('tbody').first().getByRole('button').all()) {
            await expect(use).toHaveAccessibleName(/^⟦.*⟧$/);
          }
        }
        await checkAll(
          [
            dialog.locator('.mantine-Modal-title'),
            dialog.locator('.mantine-Modal-body > div > p'),
            dialog.getByRole('heading', { level: 3 }),
            // The Use column's name is for screen readers alone (visually hidden, so clipped on purpose).
            dialog.locator('th:not(:has(.mantine-VisuallyHidden-root))'),
            dialog.getByRole('cell'),
          ],
          pseudo,
        );
        await checkAll([dialog.locator('tbody .mantine-Button-label')], pseudo, true);
        if (pseudo) {
          await expect(dialog.locator('th .mantine-VisuallyHidden-root')).toHaveText(/^⟦.*⟧$/);
        }
        await shoot(page, locale, 'test-cards', size.width);
        await page.keyboard.press('Escape');
        await expect(dialog).toHaveCount(0);
      });
    }
  });
}
