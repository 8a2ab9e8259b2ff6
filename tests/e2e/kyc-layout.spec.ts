// The KYC page at 1280×800 and 1024×700: the open file's name and counts whole beside the file's buttons
// (also after a submit), and each record's userId pinned beside the row number and state, never covered
// as the fields scroll by.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect } from '@playwright/test';
import { expectWhole, WINDOW_SIZES } from '../support/e2e/fits';
import { kycTest as test } from '../support/e2e/kyc-test';

const PLANTED = resolve(import.meta.dirname, '../fixtures/kyc/e2e/planted-errors.csv');

test('the file’s name and counts are whole at both sizes, before and after a submit; userId stays in view', async ({
  kyc,
  page,
}) => {
  await kyc.drop({ name: 'planted-errors.csv', mimeType: 'text/csv', buffer: readFileSync(PLANTED) });
  await kyc.expectOpened('planted-errors.csv', '12 records');
  const name = kyc.batchHeader.getByText('planted-errors.csv', { exact: true });
  await expect(name).toHaveAttribute('title', 'planted-errors.csv');
  const userId = kyc.cell(2, 'userId');
  for (const size of WINDOW_SIZES) {
    await page.setViewportSize(size);
    await expectWhole(name);
    await expectWhole(kyc.batchHeader.getByText('12 records', { exact: true }));

    // Scrolled to the last field: the first record's userId is still there, uncovered.
    await userId.scrollIntoViewIfNeeded();
    await kyc.gridScroll.evaluate((box: { scrollLeft: number; scrollWidth: number }) => {
      box.scrollLeft = box.scrollWidth;
    });
    await expect(userId).toBeInViewport({ ratio: 0.9 });
    const box = (await userId.boundingBox())!;
    const hit = await page.evaluate(
      ({ x, y }) => {
        const doc = (
          globalThis as unknown as { document: { elementFromPoint(x: number, y: number): unknown } }
        ).document;
        const found = doc.elementFromPoint(x, y) as {
          closest(selector: string): { dataset: { cell?: string } } | null;
        };
        return found?.closest('[data-cell]')?.dataset.cell;
      },
      { x: box.x + box.width / 2, y: box.y + box.height / 2 },
    );
    expect(hit, `${size.width}×${size.height}`).toBe(await userId.getAttribute('data-cell'));
  }

  await kyc.submit.click();
  await expect(kyc.chunks).toHaveCount(1);
  for (const size of WINDOW_SIZES) {
    await page.setViewportSize(size);
    await expectWhole(name);
    await expectWhole(kyc.batchHeader.getByText(/accepted$/));
  }
});
