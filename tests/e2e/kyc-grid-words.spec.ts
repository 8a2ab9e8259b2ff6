// Issue 35, small things, at 1280×800 and 1024×700: the KYC grid's headers speak the officer's words (the
// gateway's name in the tooltip); Go to on an invalid row puts the cursor on its bad cell, however far to
// the right, and the status line names the column; a sideways scroll stops at a column's edge, so no first
// name is cut by the pinned columns ("ateo" for Mateo).
import { expect } from '@playwright/test';
import { seriousViolations } from '../support/e2e/axe';
import { WINDOW_SIZES } from '../support/e2e/fits';
import { kycTest as test } from '../support/e2e/kyc-test';
import { kycCsv, kycRecord } from '../support/kyc/generate';

for (const size of WINDOW_SIZES) {
  test.describe(`at ${size.width}×${size.height}`, () => {
    test.use({ viewport: size });

    test('headers in the officer’s words; Go to reaches an invalid row’s bad cell; no column half under the pins', async ({
      kyc,
      page,
    }) => {
      const tag = `words${size.width}${Date.now().toString(36).slice(-5)}`;
      const records = Array.from({ length: 30 }, (_, i) => ({
        ...kycRecord(i),
        userId: `${tag}-${i}`,
        // Row 21: a mobile number with letters, far to the right of the grid.
        ...(i === 19 && { mobile: '12ab34' }),
      }));
      await kyc.drop({ name: `${tag}.csv`, mimeType: 'text/csv', buffer: Buffer.from(kycCsv(records)) });
      await expect(kyc.filter('Invalid')).toHaveAccessibleName('Invalid (1)');

      const header = page.getByRole('columnheader', { name: 'Calling code', exact: true });
      await expect(header).toHaveAttribute('title', 'Calling code (iddCode)');
      await expect(page.getByRole('columnheader', { name: 'iddCode' })).toHaveCount(0);
      await expect(page.getByRole('columnheader', { name: 'Customer id', exact: true })).toBeVisible();

      await page.keyboard.press('Control+g');
      await page.keyboard.type('21');
      await page.keyboard.press('Enter');
      const bad = kyc.cell(21, 'mobile');
      await expect(bad).toBeFocused();
      await expect(bad).toBeInViewport({ ratio: 1 });
      await expect(kyc.activeCell).toContainText('Row 21 · Mobile (mobile)');
      expect(await seriousViolations(page)).toEqual([]);

      // A sideways scroll that stops mid-column is brought to the column's edge beside the pins.
      await kyc.gridScroll.evaluate((box) => {
        (box as unknown as { scrollLeft: number }).scrollLeft = 0;
      });
      await kyc.gridScroll.hover();
      await page.mouse.wheel(50, 0);
      await expect
        .poll(() =>
          kyc.gridScroll.evaluate((element) => {
            const box = element as unknown as {
              querySelector(selector: string): { getBoundingClientRect(): { left: number; right: number } };
              querySelectorAll(
                selector: string,
              ): ArrayLike<{ getBoundingClientRect(): { left: number; right: number } }>;
            };
            const pins = box.querySelector('thead [data-pinned-last]').getBoundingClientRect().right;
            const cells = Array.from(box.querySelectorAll('thead th:not([data-pinned])'));
            // A column whose left edge is under the pins while its right edge is out: cut.
            return cells.filter((cell) => {
              const { left, right } = cell.getBoundingClientRect();
              return left < pins - 1 && right > pins + 1;
            }).length;
          }),
        )
        .toBe(0);
    });
  });
}
