// A refresh of History keeps the operator's place. The list reloads on its own when a pay-in settles, when
// the audit trail's check finishes and when the window is shown again; it used to go back to the top each
// time, mid-scroll. Only another filter or view starts the list at its top.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { dataFolderWith, historyFile } from '../../bench/support/ui-fixtures';
import { type RunningHarness, startHarness } from '../support/e2e/harness';
import { HistoryPage } from '../support/e2e/pages/history-page';
import { PayInPage } from '../support/e2e/pages/payin-page';

/** The scroll box as these steps use it (the tests' tsconfig has no DOM types). */
type ScrollBox = { scrollTop: number; scrollHeight: number };
type Doc = { dispatchEvent(event: unknown): boolean };

let harness: RunningHarness;
test.beforeAll(async () => {
  const work = mkdtempSync(join(tmpdir(), 'paydesk-e2e-history-'));
  // 600 rows written straight into the file: many pages to scroll through.
  const data = dataFolderWith(historyFile(work, 600), join(work, 'data'));
  harness = await startHarness(0, ['--data', data]);
});
test.afterAll(async () => {
  await harness.close();
});

test('a refresh while scrolled down leaves the list where it was; a new filter starts it at the top', async ({
  page,
}) => {
  await new PayInPage(page).open(harness.url);
  const history = new HistoryPage(page);
  await history.open();
  const list = page.getByTestId('history-table');
  await expect(list.getByTestId('history-row').first()).toBeVisible();
  const box = page.getByTestId('history-scroll');
  const status = page.getByRole('status').filter({ hasText: /rows? loaded|Loading/ });

  // Down the list until a second page has loaded, then a little further.
  await expect(async () => {
    await box.evaluate((element) => {
      const scroll = element as unknown as ScrollBox;
      scroll.scrollTop = scroll.scrollHeight;
    });
    await expect(status).toContainText(/^(2\d\d|[3-9]\d\d) rows loaded/, { timeout: 1_000 });
  }).toPass();
  await box.evaluate((element) => {
    (element as unknown as ScrollBox).scrollTop = 5_000;
  });
  const at = await box.evaluate((element) => (element as unknown as ScrollBox).scrollTop);
  expect(at).toBeGreaterThan(4_000);
  const rowInView = await list.getByTestId('history-row').nth(5).getAttribute('aria-rowindex');

  // The window shown again: History reloads what it has loaded.
  const reloaded = page.waitForResponse((response) => response.url().includes('history.query'));
  await page.evaluate(() =>
    (globalThis as unknown as { document: Doc }).document.dispatchEvent(new Event('visibilitychange')),
  );
  await reloaded;
  await expect(status).toContainText('rows loaded');
  await page.waitForTimeout(300);
  expect(await box.evaluate((element) => (element as unknown as ScrollBox).scrollTop)).toBe(at);
  await expect(list.getByTestId('history-row').nth(5)).toHaveAttribute('aria-rowindex', rowInView ?? '');

  // Another filter: the list starts again at its top.
  await history.searchFor('PD');
  await expect.poll(() => box.evaluate((element) => (element as unknown as ScrollBox).scrollTop)).toBe(0);
});
