// Issue 33 in the browser, the agent's hour: a pay-in's result panel and the History page (its filters,
// list, totals and a row's drawer) in German and Brazilian Portuguese at the agents' window, and in the
// pseudo-locale (English accented, 40 % longer, in ⟦ ⟧) at the smallest one, where every label, heading,
// button, column header and status must come from the catalogue (marked) and be whole: measured in the page,
// not cut, not overflowing (support/e2e/fits.ts). Then Settings' connection profiles at 1024×700 in each
// language: the built-in Sandbox with its secret and a connection test, and a new production profile's
// editor with every field it can show. PAYDESK_LANGUAGE_SHOTS=DIR saves each screen to look at.
import { join } from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectUncut, expectWhole } from '../support/e2e/fits';
import { type RunningHarness, startHarness } from '../support/e2e/harness';
import { catalog, payIn } from '../support/e2e/languages-desk';
import { CARDS } from '../support/e2e/pages/payin-page';

const JURGEN = { firstName: 'Jürgen', lastName: 'Weiß' };
const deWords = catalog('de');
const ptWords = catalog('pt-BR');
const pseudoWords = catalog('en-XA');

const CASES = [
  {
    locale: 'de-DE',
    words: deWords,
    size: { width: 1280, height: 800 },
    expected: { approved: 'Genehmigt', declined: 'Abgelehnt', reason: /^Grund: / },
  },
  {
    locale: 'pt-BR',
    words: ptWords,
    size: { width: 1280, height: 800 },
    expected: { approved: 'Aprovado', declined: 'Recusado', reason: /^Motivo: / },
  },
  {
    locale: 'en-XA',
    words: pseudoWords,
    size: { width: 1024, height: 700 },
    expected: { approved: pseudoWords('status.approved'), declined: pseudoWords('status.declined') },
  },
] as const;

async function shoot(page: Page, locale: string, screen: string, width: number): Promise<void> {
  const folder = process.env.PAYDESK_LANGUAGE_SHOTS;
  if (!folder) return;
  await page.addStyleTag({ content: '*, *::before, *::after { caret-color: transparent !important; }' });
  await page.screenshot({ path: join(folder, `${locale}-${screen}-${width}.png`), animations: 'disabled' });
}

/** The gateway's own field names, an algorithm's and a hash's name: shown as they are in every language. */
const NAMES = /^(userId|orderId|traceid|SHA-256|HMAC-SHA256|callBackURL|successURL|failURL|#)$/;

/**
 * Scrolls an element to the middle of the window: on a page taller than the window, one merely scrolled
 * into view can end a fraction of a pixel below it.
 */
const CENTRE = new Function('element', 'element.scrollIntoView({ block: "center" });') as (
  element: unknown,
) => void;

/**
 * Every element each locator finds: whole (`oneLine`: on one line too, as a button's label must be), and in
 * the pseudo-locale (`pseudo`) from the catalogue: its text marked. `centre`: each one measured in the
 * middle of the window.
 */
async function checkAll(
  locators: Locator[],
  pseudo: boolean,
  oneLine = false,
  centre = false,
): Promise<number> {
  let checked = 0;
  for (const locator of locators) {
    for (const one of await locator.all()) {
      if (!(await one.isVisible())) continue;
      if (centre) await one.evaluate(CENTRE);
      if (oneLine) await expectWhole(one);
      else await expectUncut(one);
      const text = (await one.textContent())?.trim() ?? '';
      if (pseudo && !NAMES.test(text)) expect(text).toMatch(/⟦.*⟧/s);
      checked += 1;
    }
  }
  return checked;
}

for (const { locale, words, size, expected } of CASES) {
  test.describe(`${locale} at ${size.width}×${size.height}`, () => {
    let harness: RunningHarness;
    test.beforeAll(async () => {
      harness = await startHarness(0, ['--locale', locale], { signedIn: true });
    });
    test.afterAll(async () => {
      await harness?.close();
    });

    test('the result panel and History speak the desk’s language, every word whole', async ({ page }) => {
      test.setTimeout(120_000);
      const pseudo = locale === 'en-XA';
      await page.setViewportSize(size);
      await page.goto(harness.url);
      const result = page.getByRole('region', { name: words('payin.result.region') });
      const heading = result.getByRole('heading', { level: 3 });

      // A decline: its heading, and the gateway's reason under the panel's own word for it.
      await payIn(page, words, CARDS.decline, { userId: `lang-${Date.now().toString(36)}`, ...JURGEN });
      await expect(heading).toHaveText(expected.declined);
      if ('reason' in expected) await expect(result.getByText(expected.reason)).toBeVisible();
      await checkAll([result.locator('.mantine-Button-label')], pseudo, true);
      await checkAll([heading, result.locator('th')], pseudo);
      // The reason is the gateway's own words: whole, in whatever language the gateway wrote it.
      await checkAll([result.locator('p')], false);
      await shoot(page, locale, 'result-declined', size.width);

      // An approval: the panel's words, its facts' labels and its buttons.
      await payIn(page, words, CARDS.approve, { userId: `lang-${Date.now().toString(36)}`, ...JURGEN });
      await expect(heading).toHaveText(expected.approved);
      await expect(result.getByRole('button', { name: words('payin.result.sameCustomer') })).toBeVisible();
      await checkAll([result.locator('.mantine-Button-label')], pseudo, true);
      await checkAll([heading, result.locator('th')], pseudo);
      await shoot(page, locale, 'result-approved', size.width);

      // History: the title, the filters, the list's header and statuses, the totals and the charts.
      await page.keyboard.press('Alt+3');
      await expect(page.getByRole('heading', { level: 2, name: words('shell.page.history') })).toBeVisible();
      const rows = page.getByTestId('history-row');
      await expect(rows).toHaveCount(2);
      await expect(rows.first().locator('.paydesk-status-tag')).toHaveText(expected.approved);
      await expect(rows.nth(1).locator('.paydesk-status-tag')).toHaveText(expected.declined);
      const filters = page.getByRole('search', { name: words('history.filters.region') });
      await expect(filters).toBeVisible();
      const main = page.locator('main');
      await checkAll([main.locator('.mantine-Button-label')], pseudo, true);
      const checked = await checkAll(
        [
          main.getByRole('heading'),
          filters.locator('label'),
          filters.locator('.mantine-SegmentedControl-label'),
          page.getByTestId('history-subtitle'),
          page.getByTestId('audit-verified'),
          page.locator('#history-table-help'),
          page.getByTestId('history-table').locator('th'),
          page.getByTestId('history-table').locator('.paydesk-status-tag'),
          page.getByTestId('history-currency-totals').locator('th[scope="col"]'),
          page.getByTestId('history-charts').locator('figcaption'),
        ],
        pseudo,
      );
      expect(checked).toBeGreaterThan(25);
      // The line under the list counts its rows in the desk's words (a plural from the catalogue).
      await expect(page.getByRole('status').filter({ hasText: /^⟦?2 / })).toBeVisible();
      await shoot(page, locale, 'history', size.width);

      // The declined row's drawer: its fields, its timeline in words, its status.
      await rows.nth(1).click();
      const drawer = page.getByRole('dialog');
      await expect(drawer.getByTestId('history-timeline')).toBeVisible();
      await expect(drawer.getByTestId('history-timeline')).toContainText(words('history.event.payinAnswer'));
      await checkAll([drawer.locator('.mantine-Button-label')], pseudo, true);
      await checkAll(
        [drawer.getByRole('heading'), drawer.locator('th'), drawer.locator('.paydesk-status-tag')],
        pseudo,
      );
      await shoot(page, locale, 'history-detail', size.width);
    });

    test('Settings’ connection profiles at 1024×700: every word whole, and the catalogue’s', async ({
      page,
    }) => {
      test.setTimeout(90_000);
      const pseudo = locale === 'en-XA';
      await page.setViewportSize({ width: 1024, height: 700 });
      await page.goto(harness.url);
      await expect(page.getByRole('navigation').getByRole('button').first()).toBeVisible();
      await page.keyboard.press('Alt+4');
      await expect(page.getByRole('heading', { level: 2, name: words('shell.page.settings') })).toBeVisible();
      await expectUncut(page.locator('main h2 + p'));
      const profiles = page.getByRole('region', { name: words('settings.profiles.title') });
      const detail = profiles.getByTestId('profile-detail');
      const result = profiles.getByTestId('connection-result');
      /** The section's words: headings, buttons, badges, labels, descriptions, the lines of text. */
      const sectionWords = async () =>
        await checkAll(
          [
            profiles.getByRole('heading', { level: 3 }),
            detail.getByRole('heading', { level: 5 }),
            profiles.locator('label'),
            profiles.locator('.mantine-InputWrapper-description'),
            profiles.locator('.mantine-NavLink-description'),
            // Every line but the connection test's addresses and main's words about them.
            profiles.locator('p:not([data-testid="connection-result"] p)'),
            // A choice of a segmented control may wrap inside its box rather than be cut (segmented-control.css).
            profiles.locator('.mantine-SegmentedControl-label'),
          ],
          pseudo,
          false,
          true,
        );
      const oneLineWords = async () =>
        checkAll(
          [
            profiles.locator('.mantine-Button-label'),
            profiles.locator('.mantine-Badge-label'),
            profiles.locator('.environment-switch-option'),
          ],
          pseudo,
          true,
          true,
        );

      // The built-in Sandbox, its secret and a connection test that reaches both addresses.
      await detail.getByRole('button', { name: words('settings.connection.test') }).click();
      await expect(result.getByTestId('connection-check-kyc')).toBeVisible();
      await checkAll(
        [
          result.locator('.mantine-Alert-message > p').first(),
          result.locator('[data-testid^="connection-check-"] > span'),
        ],
        pseudo,
      );
      expect((await sectionWords()) + (await oneLineWords())).toBeGreaterThan(15);
      await profiles.getByRole('heading', { level: 3 }).evaluate(CENTRE);
      await shoot(page, locale, 'settings-profiles', 1024);
      await detail.getByRole('heading', { level: 5 }).first().evaluate(CENTRE);
      await shoot(page, locale, 'settings-secret', 1024);

      // A new profile for production: the addresses, the pay-in rules, the return addresses and the warnings.
      await profiles.getByRole('button', { name: words('settings.profiles.add') }).click();
      const editor = profiles.getByTestId('profile-editor');
      await editor.getByText(words('environment.production'), { exact: true }).click();
      await expect(editor.getByTestId('loopback-warning')).toBeVisible();
      await expect(editor.getByTestId('payin-rules')).toBeVisible();
      expect((await sectionWords()) + (await oneLineWords())).toBeGreaterThan(40);
      await editor.getByTestId('payin-rules').evaluate(CENTRE);
      await shoot(page, locale, 'settings-new-profile', 1024);
      await editor.getByTestId('loopback-warning').evaluate(CENTRE);
      await shoot(page, locale, 'settings-new-profile-returns', 1024);
    });
  });
}
