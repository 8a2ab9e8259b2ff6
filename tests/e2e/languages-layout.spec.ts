// Issue 33's layout check: the translated screens in German, Brazilian Portuguese and the pseudo-locale
// (English accented, 40 % longer, in ⟦ ⟧) at the agents' window and the smallest one: the lock screen's
// and the shell's labels and buttons whole (one line, not cut, measured in the page), and in the
// pseudo-locale every one of them from the catalogue (marked). PAYDESK_LANGUAGE_SHOTS=DIR also saves each
// screen as DIR/<locale>-<screen>-<width>.png, to look at.
import { join } from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectUncut, expectWhole, WINDOW_SIZES } from '../support/e2e/fits';
import { type RunningHarness, startHarness } from '../support/e2e/harness';

const LOCALES = [
  { locale: 'de-DE', lock: 'Jetzt sperren' },
  { locale: 'pt-BR', lock: 'Bloquear agora' },
  { locale: 'en-XA', lock: /^⟦Ļööçķ ñööŵ/ },
] as const;

async function shoot(page: Page, locale: string, screen: string, width: number): Promise<void> {
  const folder = process.env.PAYDESK_LANGUAGE_SHOTS;
  if (!folder) return;
  await page.addStyleTag({ content: '*, *::before, *::after { caret-color: transparent !important; }' });
  await page.screenshot({ path: join(folder, `${locale}-${screen}-${width}.png`), animations: 'disabled' });
}

/**
 * Each one not cut (`oneLine`: and on one line, as a button's label must be); in the pseudo-locale, each
 * one's text from the catalogue.
 */
async function checkAll(locators: Locator[], pseudo: boolean, oneLine: boolean): Promise<void> {
  for (const locator of locators) {
    for (const one of await locator.all()) {
      if (oneLine) await expectWhole(one);
      else await expectUncut(one);
      if (pseudo) expect(await one.innerText()).toMatch(/⟦.*⟧/s);
    }
  }
}

for (const { locale, lock } of LOCALES) {
  test.describe(locale, () => {
    // A desk per test: each ends locked.
    let harness: RunningHarness;
    test.beforeEach(async () => {
      harness = await startHarness(0, ['--locale', locale], { signedIn: true });
    });
    test.afterEach(async () => {
      await harness?.close();
    });

    for (const size of WINDOW_SIZES) {
      test(`the shell and the lock screen fit at ${size.width}×${size.height}`, async ({ page }) => {
        const pseudo = locale === 'en-XA';
        await page.setViewportSize(size);
        await page.goto(harness.url);
        const nav = page.getByRole('navigation');
        await expect(nav.getByRole('button').first()).toBeVisible();
        const header = page.locator('header');
        // The labels themselves (a navigation button holds its shortcut's Kbd too).
        await checkAll([header.locator('.mantine-Button-label')], pseudo, true);
        await checkAll(
          [
            nav.locator('.mantine-NavLink-label'),
            page.getByTestId('environment-banner').locator('p'),
            page.locator('.shell-navbar label'),
          ],
          pseudo,
          false,
        );
        // The pay-in form's card row: each label on one line (a wrapped one pushes its input out of the row).
        const form = page.getByTestId('payin-form');
        for (const name of ['cardNumber', 'expDate', 'cvv']) {
          await expectWhole(
            form.locator(`label[for="${await form.locator(`input[name="${name}"]`).getAttribute('id')}"]`),
          );
        }
        await shoot(page, locale, 'shell', size.width);

        await header.getByRole('button', { name: lock }).click();
        const screen = page.getByTestId('session-screen');
        await expect(screen).toBeVisible();
        await checkAll([screen.locator('.mantine-Button-label')], pseudo, true);
        await checkAll(
          [screen.getByRole('heading'), screen.locator('label'), screen.locator('p')],
          pseudo,
          false,
        );
        await shoot(page, locale, 'lock', size.width);
      });
    }
  });
}
