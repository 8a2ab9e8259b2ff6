// History's times as the desk reads them (issue 33, items 5 and 6), at the smallest window: a German and an
// English desk on Berlin's clock pay in, then read the list's time column, the drawer's "Created" and the
// timeline in their language's form, to the second, on Berlin's clock (the browser's zone, the tests' own
// is UTC), and whole: the column does not cut the longest form (en's "11/29/2026, 1:37:05 PM").
import { expect, test } from '@playwright/test';
import { formatDateTime } from '@shared/i18n/format';
import { expectWhole } from '../support/e2e/fits';
import { type RunningHarness, startHarness } from '../support/e2e/harness';
import { catalog, payIn } from '../support/e2e/languages-desk';
import { dateTimeText } from '../support/e2e/moment-text';
import { CARDS } from '../support/e2e/pages/payin-page';

const ZONE = 'Europe/Berlin';
test.use({ timezoneId: ZONE });

const CASES = [
  { language: 'de', args: ['--locale', 'de-DE'] },
  { language: 'en', args: [] },
] as const;

for (const { language, args } of CASES) {
  test.describe(`a ${language} desk at 1024×700`, () => {
    let harness: RunningHarness;
    test.beforeAll(async () => {
      harness = await startHarness(0, [...args], { signedIn: true });
    });
    test.afterAll(async () => {
      await harness?.close();
    });

    test('History lists, opens and times a pay-in in the language’s form, on the desk’s clock', async ({
      page,
    }, info) => {
      test.setTimeout(90_000);
      const words = catalog(language);
      await page.setViewportSize({ width: 1024, height: 700 });
      await page.goto(harness.url);
      const before = Math.floor(Date.now() / 1000);
      await payIn(page, words, CARDS.approve, {
        userId: `moments-${Date.now().toString(36)}`,
        firstName: 'Jürgen',
        lastName: 'Weiß',
      });
      const result = page.getByRole('region', { name: words('payin.result.region') });
      await expect(result.getByRole('heading', { level: 3 })).toHaveText(words('status.approved'));
      const after = Math.ceil(Date.now() / 1000);
      // What the desk may show: each second the pay-in can have been written in, on Berlin's clock.
      const possible: string[] = [];
      for (let second = before; second <= after; second++) {
        possible.push(formatDateTime(second * 1000, language, { seconds: true, timeZone: ZONE }));
      }

      await page.keyboard.press('Alt+3');
      const rows = page.getByTestId('history-row');
      await expect(rows).toHaveCount(1);
      const time = rows.first().locator('td').first();
      await expect(time).toHaveText(new RegExp(`^${dateTimeText(language)}$`));
      expect(possible).toContain(await time.textContent());
      await expectWhole(time);
      await page.screenshot({ path: info.outputPath(`history-${language}-1024x700.png`) });

      await rows.first().click();
      const drawer = page.getByRole('dialog');
      const timeline = drawer.getByTestId('history-timeline');
      await expect(timeline).toBeVisible();
      const created = drawer.getByRole('row').filter({ hasText: words('history.detail.created') });
      await expect(created.getByRole('cell')).toHaveText((await time.textContent()) ?? '');
      const firstEntry = timeline.getByRole('row').nth(1).getByRole('cell').first();
      await expect(firstEntry).toHaveText(new RegExp(`^${dateTimeText(language)}$`));
      await expectWhole(firstEntry);
      await page.screenshot({ path: info.outputPath(`history-detail-${language}-1024x700.png`) });
    });
  });
}
