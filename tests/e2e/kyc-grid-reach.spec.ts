// The KYC grid in a 2,000-row file at 1280×800 and 1024×700: the cell being edited is whole in view —
// inside the window, below the header, right of the pinned columns (row, state, userId), however it was
// reached — and a row is reached by its number or its userId from the grid's "Go to" field (Ctrl+G), with
// a clear word when nothing matches. The editor open passes axe (it sits in the page's landmarks).
import { expect, type Locator, type Page } from '@playwright/test';
import type { KycField } from '@shared/kyc-batch';
import { seriousViolations, violationsOf } from '../support/e2e/axe';
import { WINDOW_SIZES } from '../support/e2e/fits';
import { kycTest as test } from '../support/e2e/kyc-test';
import type { KycPage } from '../support/e2e/pages/kyc-page';
import { kycCsv, kycRecord } from '../support/kyc/generate';

const ROWS = 2_000;

async function openLargeFile(kyc: KycPage, tag: string): Promise<void> {
  const records = Array.from({ length: ROWS }, (_, i) => ({ ...kycRecord(i), userId: `${tag}-${i}` }));
  await kyc.drop({ name: 'messy.csv', mimeType: 'text/csv', buffer: Buffer.from(kycCsv(records), 'utf8') });
  await kyc.expectOpened('messy.csv', '2,000 records');
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The editor whole: in the window, inside the grid's scroll box, below its header, right of the pins. */
async function expectWholeInGrid(page: Page, kyc: KycPage, editor: Locator, where: string): Promise<void> {
  await expect(editor).toBeFocused();
  const cell = editor.locator('xpath=ancestor::td');
  await expect(cell, where).toBeInViewport({ ratio: 1 });
  const view = await kyc.gridScroll.evaluate((element) => {
    const box = element as unknown as {
      clientWidth: number;
      clientHeight: number;
      getBoundingClientRect(): Box;
      querySelector(selector: string): { getBoundingClientRect(): Box };
    };
    const { x, y } = box.getBoundingClientRect();
    const pins = box.querySelector('thead [data-pinned-last]').getBoundingClientRect();
    const header = box.querySelector('thead').getBoundingClientRect();
    return {
      left: pins.x + pins.width,
      top: header.y + header.height,
      right: x + box.clientWidth,
      bottom: y + box.clientHeight,
    };
  });
  const box = (await cell.boundingBox())!;
  const shown = { left: box.x, top: box.y, right: box.x + box.width, bottom: box.y + box.height };
  expect(shown.left, `${where}: left edge right of the pinned columns`).toBeGreaterThanOrEqual(view.left - 1);
  expect(shown.top, `${where}: top edge below the header`).toBeGreaterThanOrEqual(view.top - 1);
  expect(shown.right, `${where}: right edge inside the grid`).toBeLessThanOrEqual(view.right + 1);
  expect(shown.bottom, `${where}: bottom edge above the grid's end`).toBeLessThanOrEqual(view.bottom + 1);
  expect(await page.viewportSize()).toBeTruthy();
}

async function editHere(kyc: KycPage, row: number, field: KycField): Promise<Locator> {
  await kyc.page.keyboard.press('Enter');
  return kyc.editor(row, field);
}

for (const size of WINDOW_SIZES) {
  test.describe(`at ${size.width}×${size.height}`, () => {
    test.use({ viewport: size });
    // 2,000 rows opened on a machine the other suites share.
    test.describe.configure({ timeout: 60_000 });

    test('the cell being edited is whole in view, however it was reached', async ({ kyc, page }) => {
      await openLargeFile(kyc, `reach${size.width}`);

      // The last column of a row far down, by keys: End, then Page Down.
      await kyc.cell(2, 'email').click();
      await page.keyboard.press('End');
      for (let i = 0; i < 3; i++) await page.keyboard.press('PageDown');
      // The line under the grid follows each key at once (the focus follows once the row is rendered).
      await expect(kyc.activeCell).toContainText(' · Other document images (documentUrls)');
      const rowNumber = Number(/Row (\d+)/.exec((await kyc.activeCell.textContent()) ?? '')?.[1]);
      expect(rowNumber).toBeGreaterThan(20);
      // Its row loaded and the cell focused (Enter on a row still loading opens nothing).
      await expect(kyc.cell(rowNumber, 'documentUrls')).toBeFocused();
      let editor = await editHere(kyc, rowNumber, 'documentUrls');
      await expectWholeInGrid(page, kyc, editor, 'the last column, Page Down');
      await page.keyboard.press('Escape');

      // Back left from there: firstName passes under the pinned columns; its editor is not covered.
      await page.keyboard.press('Home');
      for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
      await expect(kyc.activeCell).toContainText(`Row ${rowNumber} · First name (firstName)`);
      editor = await editHere(kyc, rowNumber, 'firstName');
      await expectWholeInGrid(page, kyc, editor, 'firstName after scrolling right');
      await page.keyboard.press('Escape');

      // A cell half out of the grid's right edge, opened by a double-click.
      await kyc.gridScroll.evaluate((element) => {
        (element as unknown as { scrollLeft: number }).scrollLeft = 0;
      });
      const cut = await kyc.gridScroll.evaluate((element) => {
        const box = element as unknown as {
          clientWidth: number;
          scrollLeft: number;
          getBoundingClientRect(): Box;
          querySelectorAll(selector: string): { dataset: { cell: string }; getBoundingClientRect(): Box }[];
        };
        const right = box.getBoundingClientRect().x + box.clientWidth;
        const cells = [...box.querySelectorAll('tbody tr:nth-child(3) td[data-cell]')];
        const beyond = cells.find((cell) => {
          const rect = cell.getBoundingClientRect();
          return rect.x + rect.width > right + 1;
        });
        // Scrolled so that it starts 60 px before the box's right edge: cut (every field is wider).
        if (beyond) box.scrollLeft += beyond.getBoundingClientRect().x - (right - 60);
        return beyond?.dataset.cell;
      });
      expect(cut, 'a cell cut by the grid’s right edge').toBeTruthy();
      const half = kyc.grid.locator(`[data-cell="${cut}"]`);
      await half.dblclick();
      editor = half.getByRole('textbox');
      await expectWholeInGrid(page, kyc, editor, 'a cell cut by the right edge, double-clicked');
      await page.keyboard.press('Escape');
    });

    test('Go to: a row by its number or by userId, Enter jumps there and selects it; nothing found says so', async ({
      kyc,
      page,
    }) => {
      const tag = `goto${size.width}`;
      await openLargeFile(kyc, tag);
      const goTo = page.getByRole('searchbox', { name: 'Go to row or userId' });

      // The keyboard first: Ctrl+G from the grid puts the focus in the field.
      await kyc.cell(2, 'email').click();
      await page.keyboard.press('Control+g');
      await expect(goTo).toBeFocused();
      await goTo.fill('1500');
      await page.keyboard.press('Enter');
      await expect(kyc.cell(1500, 'email')).toBeFocused();
      await expect(kyc.activeCell).toContainText('Row 1500 · E-mail (email)');
      await expect(kyc.row(1500)).toHaveAttribute('aria-selected', 'true');
      await expectWholeInGrid(page, kyc, await editHere(kyc, 1500, 'email'), 'row 1500 reached by number');
      await page.keyboard.press('Escape');

      // By userId, found at the other end of the file (a row far beyond the pages in the renderer).
      await page.keyboard.press('Control+g');
      await goTo.fill(`${tag}-1987`);
      await page.keyboard.press('Enter');
      await expect(kyc.cell(1989, 'userId')).toBeFocused();
      await expect(kyc.cell(1989, 'userId')).toHaveText(`${tag}-1987`);
      await expect(kyc.cell(1989, 'userId')).toBeInViewport({ ratio: 1 });
      await expect(kyc.row(1989)).toHaveAttribute('aria-selected', 'true');
      await expect(kyc.grid.locator('tr[aria-selected="true"]')).toHaveCount(1);

      // Nothing found: said beside the field, the focus stays in it to type again.
      await page.keyboard.press('Control+g');
      await goTo.fill('nobody-here');
      await page.keyboard.press('Enter');
      await expect(page.getByTestId('kyc-go-to-result')).toHaveText('No row has userId “nobody-here”.');
      await expect(goTo).toBeFocused();
      await goTo.fill('99999');
      await page.keyboard.press('Enter');
      await expect(page.getByTestId('kyc-go-to-result')).toHaveText('No row 99999: the rows are 2 to 2001.');
      await expect(goTo).toHaveAttribute('aria-invalid', 'true');
      await expect(goTo).toBeInViewport({ ratio: 1 });
    });
  });
}

test('axe: the grid with a cell’s editor open, and the Go to field with nothing found', async ({
  kyc,
  page,
}) => {
  // Four scans of a page with a screenful of grid.
  test.setTimeout(90_000);
  await openLargeFile(kyc, 'axe-editor');
  await kyc.cell(3, 'email').click();
  await page.keyboard.press('Enter');
  await expect(kyc.editor(3, 'email')).toBeFocused();
  const rules = ['region', 'landmark-unique', 'aria-required-children', 'aria-required-parent', 'label'];
  expect(await violationsOf(page, rules)).toEqual([]);
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await page.keyboard.press('Control+g');
  await page.keyboard.type('nobody-here');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('kyc-go-to-result')).toBeVisible();
  expect(await violationsOf(page, rules)).toEqual([]);
});
