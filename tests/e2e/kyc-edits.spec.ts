// KYC hand edits leave a trace (issue 35, item 3), at 1280×800 and at 1024×700: an edited cell is marked
// (seen, and described to a screen reader), undone and redone by keys and by buttons; once sent, History's
// drawer lists each edit (row, field, before, after, who); and the same file dropped again shows row 43 as
// it was sent, marked as differing from the file, with counts that agree with what is shown.
import { expect } from '@playwright/test';
import { seriousViolations } from '../support/e2e/axe';
import { WINDOW_SIZES } from '../support/e2e/fits';
import { kycTest as test } from '../support/e2e/kyc-test';
import { HistoryPage } from '../support/e2e/pages/history-page';
import type { FileToOpen } from '../support/e2e/pages/kyc-page';
import { kycCsv, kycRecord } from '../support/kyc/generate';

const BAD = 'not-an-email';
const FIXED = 'mateo.fixed@example.com';

/** 45 records with userIds of this test alone; row 43 (index 41) has an invalid e-mail. */
function file(tag: string): FileToOpen {
  const records = Array.from({ length: 45 }, (_, i) => ({
    ...kycRecord(i),
    userId: `kyc-${tag}-${i}`,
    ...(i === 41 && { email: BAD }),
  }));
  return { name: `edits-${tag}.csv`, mimeType: 'text/csv', buffer: Buffer.from(kycCsv(records)) };
}

for (const size of WINDOW_SIZES) {
  test(`edits are marked, undone and redone, listed in History, and shown as sent when the file is opened again (${size.width}×${size.height})`, async ({
    kyc,
    page,
  }, testInfo) => {
    // A whole flow (two opens, seven edits, a send, History, axe twice): more than the default 30 s on a
    // loaded machine.
    test.setTimeout(90_000);
    await page.setViewportSize(size);
    const tag = `e${size.width}${testInfo.retry}${Date.now().toString(36).slice(-5)}`;
    const csv = file(tag);
    await kyc.drop(csv);
    await expect(kyc.filter('Invalid')).toHaveAccessibleName('Invalid (1)');

    // Row 43 found with Go to, its e-mail fixed by keyboard.
    await page.keyboard.press('Control+g');
    await page.keyboard.type('43');
    await page.keyboard.press('Enter');
    await kyc.fix(43, 'email', FIXED);
    const email = kyc.cell(43, 'email');
    await expect(email).toHaveText(FIXED);
    await expect(email).toHaveAttribute('data-changed', 'edit');
    await expect(email).toHaveAccessibleDescription(`Edited here; the file has “${BAD}”.`);
    await expect(email.locator('.kyc-change-icon')).toBeVisible();
    await expect(kyc.filter('Invalid')).toHaveAccessibleName('Invalid (0)');
    await page.screenshot({ path: `/tmp/kyc-edits-edited-${size.width}.png` });

    const undo = page.getByRole('button', { name: 'Undo', exact: true });
    const redo = page.getByRole('button', { name: 'Redo', exact: true });
    await expect(undo).toBeEnabled();
    await expect(redo).toBeDisabled();

    // Ctrl+Z in the grid puts the file's value back; the mark goes with it.
    await email.focus();
    await page.keyboard.press('Control+z');
    await expect(email).toHaveText(BAD);
    await expect(email).not.toHaveAttribute('data-changed');
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(kyc.filter('Invalid')).toHaveAccessibleName('Invalid (1)');
    await expect(kyc.announcer).toContainText('Undid the edit of row 43 email');
    // Ctrl+Y redoes; the buttons do the same, and Ctrl+Shift+Z redoes too.
    await page.keyboard.press('Control+y');
    await expect(email).toHaveText(FIXED);
    await undo.click();
    await expect(email).toHaveText(BAD);
    await redo.click();
    await expect(email).toHaveText(FIXED);
    await undo.click();
    await expect(email).toHaveText(BAD);
    await email.focus();
    await page.keyboard.press('Control+Shift+z');
    await expect(email).toHaveText(FIXED);
    await expect(email).toHaveAttribute('data-changed', 'edit');
    expect(await seriousViolations(page)).toEqual([]);

    await kyc.submit.click();
    await expect(kyc.sendTotals).toContainText('45 accepted');

    // History's record of the batch lists the edits, oldest first: the fix, and each undo and redo.
    const history = new HistoryPage(page);
    await history.open();
    await history.show('KYC batches');
    await history.rows.filter({ hasText: csv.name }).first().click();
    const edits = page.getByTestId('history-kyc-edits');
    await expect(edits.getByRole('heading')).toHaveText('Hand edits sent (7)');
    const rows = edits.getByRole('row');
    // Who: the operator name the desk has, as on the batch itself.
    const operator = (await history.drawerField('Operator').textContent())?.trim() ?? '';
    expect(operator).not.toBe('');
    await expect(rows.nth(1).getByRole('cell')).toHaveText(['43', 'email', BAD, FIXED, operator, /\d/]);
    await expect(rows.nth(7).getByRole('cell').nth(2)).toHaveText(BAD);
    await expect(rows.nth(7).getByRole('cell').nth(3)).toHaveText(FIXED);
    await edits.screenshot({ path: `/tmp/kyc-edits-history-${size.width}.png` });
    await page.keyboard.press('Escape');
    await expect(history.drawer).toBeHidden();

    // The same file again: row 43 shows what was sent, says so, and no count disagrees with it.
    await page.keyboard.press('Alt+2');
    await expect(kyc.heading).toBeVisible();
    await kyc.drop(csv);
    await expect(page.getByTestId('kyc-sent-values')).toContainText(
      '1 accepted row shows the values sent with an earlier batch, which differ from this file',
    );
    await expect(kyc.filter('Invalid')).toHaveAccessibleName('Invalid (0)');
    await expect(kyc.filter('Accepted')).toHaveAccessibleName('Accepted (45)');
    await page.keyboard.press('Control+g');
    await page.keyboard.type('43');
    await page.keyboard.press('Enter');
    await expect(kyc.row(43)).toContainText('Accepted');
    await expect(kyc.cell(43, 'email')).toHaveText(FIXED);
    await expect(kyc.cell(43, 'email')).toHaveAttribute('data-changed', 'sent');
    await expect(kyc.cell(43, 'email')).toHaveAccessibleDescription(
      `Sent so with an earlier batch; the file has “${BAD}”.`,
    );
    expect(await kyc.invalidCells()).toEqual([]);
    await page.screenshot({ path: `/tmp/kyc-edits-reopened-${size.width}.png` });
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('fixing the last invalid row by keyboard leaves the focus on Show all rows, not on the page', async ({
  kyc,
  page,
}) => {
  const csv = file(`last${Date.now().toString(36).slice(-5)}`);
  await kyc.drop(csv);
  await kyc.showOnly('Invalid');
  await kyc.fix(43, 'email', FIXED);
  await expect(kyc.filter('Invalid')).toHaveAccessibleName('Invalid (0)');
  const showAll = page.getByRole('button', { name: 'Show all rows' });
  await expect(showAll).toBeFocused();
  await expect(showAll).toHaveAccessibleDescription('No invalid rows.');
  await page.keyboard.press('Enter');
  await expect(kyc.filter('All rows')).toBeChecked();
});
