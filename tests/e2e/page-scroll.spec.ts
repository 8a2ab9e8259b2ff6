// Each page keeps its own place in the window: an agent who leaves the pay-in form scrolled to its bottom
// and looks at History finds History at its top, and the form where it was left on the way back.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { CARDS } from './pages/payin-page';

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

test('pages do not share the scroll position: each opens at its top, and where it was left when shown again', async ({
  page,
  payin,
}) => {
  await page.setViewportSize({ width: 1024, height: 640 });
  await payin.cardNumber.fill(CARDS.approve);
  await page.evaluate(() =>
    window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }),
  );
  const payInAt = await scrollY(page);
  expect(payInAt).toBeGreaterThan(100);

  await page.keyboard.press('Alt+3');
  await expect(page.getByRole('heading', { name: 'History', level: 2 })).toBeVisible();
  expect(await scrollY(page)).toBe(0);
  await page.evaluate(() => window.scrollTo({ top: 120, behavior: 'instant' }));
  const historyAt = await scrollY(page);

  await page.keyboard.press('Alt+4');
  await expect(page.getByRole('heading', { name: 'Settings', level: 2 })).toBeVisible();
  expect(await scrollY(page)).toBe(0);

  await page.keyboard.press('Alt+1');
  await expect.poll(() => scrollY(page)).toBe(payInAt);
  await expect(payin.cardNumber).toHaveValue('4242 4242 4242 4242');
  await page.keyboard.press('Alt+3');
  await expect.poll(() => scrollY(page)).toBe(historyAt);
});
