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
  harness = await startHarness(0, ['--data', data], { signedIn: true });
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

test('scrolled far down, every row sits at its own place under the header, and the keys keep the focused row in view', async ({
  page,
}) => {
  await new PayInPage(page).open(harness.url);
  await new HistoryPage(page).open();
  const list = page.getByTestId('history-table');
  const rows = list.getByTestId('history-row');
  await expect(rows.first()).toBeVisible();
  const box = page.getByTestId('history-scroll');
  const header = list.locator('thead');

  // The rows lie in the flow below a padding the list moves as it scrolls: each must land where the
  // virtualizer counts it, one row height below the one before, the first rendered under the header.
  await expect(async () => {
    // Until enough pages have loaded, the box stops at the end of the rows so far, and the next page loads.
    await box.evaluate((element) => {
      (element as unknown as ScrollBox).scrollTop = 7_777;
    });
    const boxTop = (await box.boundingBox())?.y ?? 0;
    const headerHeight = (await header.boundingBox())?.height ?? 0;
    const scrollTop = await box.evaluate((element) => (element as unknown as ScrollBox).scrollTop);
    const placed = await rows.evaluateAll((elements) =>
      elements.map((element) => {
        const row = element as unknown as {
          dataset: { index: string };
          getBoundingClientRect(): { y: number; height: number };
        };
        const { y, height } = row.getBoundingClientRect();
        return { index: Number(row.dataset.index), y, height };
      }),
    );
    expect(placed.length).toBeGreaterThan(5);
    for (const { index, y, height } of placed) {
      expect(Math.abs(y - (boxTop + headerHeight + index * height - scrollTop))).toBeLessThan(1);
    }
    // Row 216 (7,777 px down, 36 px a row) is the one under the header.
    expect(placed.some(({ index }) => index === Math.floor(7_777 / 36))).toBe(true);
  }).toPass();

  // A row in view takes the focus; Page Down twice and Down five times: the focused row is the one the
  // keys went to, and it is inside the scroll box, below the header.
  const start = rows.nth(3);
  const from = Number(await start.getAttribute('data-index'));
  await start.focus();
  await page.keyboard.press('PageDown');
  await page.keyboard.press('PageDown');
  for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowDown');
  const focused = list.locator('tr:focus');
  await expect(focused).toHaveAttribute('data-index', /\d+/);
  const to = Number(await focused.getAttribute('data-index'));
  expect(to).toBeGreaterThan(from + 5);
  const boxArea = await box.boundingBox();
  const headerArea = await header.boundingBox();
  const rowArea = await focused.boundingBox();
  expect(rowArea && boxArea && headerArea).toBeTruthy();
  if (rowArea && boxArea && headerArea) {
    expect(rowArea.y).toBeGreaterThanOrEqual(headerArea.y + headerArea.height - 1);
    expect(rowArea.y + rowArea.height).toBeLessThanOrEqual(boxArea.y + boxArea.height + 1);
  }
});
