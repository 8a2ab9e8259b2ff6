// Pages do not share the window's scroll: an agent who leaves the pay-in form scrolled to its bottom finds
// History at its top; History and Settings come back where they were left; the pay-in page comes back at
// its top with its first field focused and in view.
import type { Page } from '@playwright/test';
import { expect, test } from '../support/e2e/fixtures';
import { CARDS } from '../support/e2e/pages/payin-page';

/** The window as these steps use it (the tests' tsconfig has no DOM types). */
type Win = {
  scrollY: number;
  scrollTo(options: { top: number; behavior: 'instant' }): void;
  document: { documentElement: { scrollHeight: number } };
};
const scrollY = (page: Page) => page.evaluate(() => (globalThis as unknown as Win).scrollY);
const scrollTo = (page: Page, top: number | 'bottom') =>
  page.evaluate((to) => {
    const win = globalThis as unknown as Win;
    win.scrollTo({
      top: to === 'bottom' ? win.document.documentElement.scrollHeight : to,
      behavior: 'instant',
    });
  }, top);

test('pages do not share the scroll position: each opens at its top, History where it was left, the pay-in form at its first field', async ({
  page,
  payin,
}) => {
  await page.setViewportSize({ width: 1024, height: 640 });
  await payin.cardNumber.fill(CARDS.approve);
  await scrollTo(page, 'bottom');
  const payInAt = await scrollY(page);
  expect(payInAt).toBeGreaterThan(100);

  await page.keyboard.press('Alt+3');
  await expect(page.getByRole('heading', { name: 'History', level: 2 })).toBeVisible();
  expect(await scrollY(page)).toBe(0);
  await scrollTo(page, 120);
  const historyAt = await scrollY(page);
  expect(historyAt).toBeGreaterThan(0);

  await page.keyboard.press('Alt+4');
  await expect(page.getByRole('heading', { name: 'Settings', level: 2 })).toBeVisible();
  expect(await scrollY(page)).toBe(0);

  await page.keyboard.press('Alt+1');
  await expect(payin.userId).toBeFocused();
  await expect(payin.userId).toBeInViewport();
  expect(await scrollY(page)).toBeLessThan(payInAt);
  await expect(payin.cardNumber).toHaveValue('4242 4242 4242 4242');
  await page.keyboard.press('Alt+3');
  await expect.poll(() => scrollY(page)).toBe(historyAt);
});
