// Issue 35, item 5: an identity document expired, or not valid yet, on the desk's day is a warning (not an
// error) that the compliance officer confirms before the row is sent, row by row or for the batch, and the
// confirmation is in the batch's History record. At 1280×800 and 1024×700, by keyboard where an officer
// would use it. The harness runs on the real clock, so the dates are far from today: ended in 2020,
// starting in 2099.
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { expect } from '@playwright/test';
import { seriousViolations } from '../support/e2e/axe';
import { WINDOW_SIZES } from '../support/e2e/fits';
import type { RunningHarness } from '../support/e2e/harness';
import { kycTest as test } from '../support/e2e/kyc-test';
import { dayText } from '../support/e2e/moment-text';
import { HistoryPage } from '../support/e2e/pages/history-page';
import { kycCsv, kycRecord } from '../support/kyc/generate';

const SANDBOX_MERCHANT_ID = 100001;

function sandboxUserIds(harness: RunningHarness, tag: string): string[] {
  if (!harness.dataDir) throw new Error('The harness did not report its data folder.');
  const db = new DatabaseSync(join(harness.dataDir, 'sandbox.sqlite'), { readOnly: true });
  try {
    return db
      .prepare('SELECT user_id FROM kyc_records WHERE merchant_id = ? AND user_id LIKE ? ORDER BY user_id')
      .all(SANDBOX_MERCHANT_ID, `${tag}-%`)
      .map((row) => String(row.user_id));
  } finally {
    db.close();
  }
}

/** Five records (file rows 2–6): row 3's document expired in 2020, row 5's is valid only from 2099. */
function documentsCsv(tag: string): Buffer {
  const records = [0, 1, 2, 3, 4].map((i) => ({ ...kycRecord(40 + i), userId: `${tag}-${i + 2}` }));
  records[1] = { ...records[1]!, certificateDateStart: '2010-03-01', certificateDateEnd: '2020-02-29' };
  records[3] = { ...records[3]!, certificateDateStart: '2099-01-01', certificateDateEnd: '2109-01-01' };
  return Buffer.from(kycCsv(records));
}

for (const size of WINDOW_SIZES) {
  test(`${size.width}×${size.height}: expired and not-yet-valid documents wait for the officer's confirmation, which History records`, async ({
    kyc,
    harness,
    page,
  }) => {
    await page.setViewportSize(size);
    const tag = `dates${size.width}${Date.now().toString(36).slice(-4)}`;
    const fileName = `documents-${size.width}.csv`;
    await kyc.drop({ name: fileName, mimeType: 'text/csv', buffer: documentsCsv(tag) });
    await kyc.expectOpened(fileName, '5 records · 0 invalid · 5 valid · 2 to confirm');

    // Counted beside Invalid, and shown in the date column of each row.
    const warnings = kyc.filter('Warnings');
    await expect(warnings).toHaveAccessibleName('Warnings (2)');
    await expect(kyc.filter('Invalid')).toHaveAccessibleName('Invalid (0)');
    await kyc.showOnly('Warnings');
    await expect.poll(() => kyc.shownRowNumbers()).toEqual([3, 5]);
    const expired = kyc.cell(3, 'certificateDateEnd');
    await expect(expired).toHaveAttribute('data-warning', 'unconfirmed');
    await expect(expired).toHaveAccessibleDescription(
      new RegExp(`^Warning: The document expired on 02/29/2020 \\(today is ${dayText()}\\)`),
    );
    await expect(kyc.cell(5, 'certificateDateStart')).toHaveAccessibleDescription(
      /^Warning: The document is valid only from 01\/01\/2099 /,
    );
    await expect(kyc.stateOf(3)).toHaveText('Valid');
    // The row's state says so too: its date columns are far to the right.
    await expect(kyc.row(3).locator('[aria-colindex="2"]')).toHaveAttribute('data-warning', 'unconfirmed');

    // Submit sends the three others and says how many wait.
    const panel = page.getByTestId('kyc-date-warnings');
    await expect(panel).toContainText('2 rows: identity document not in force today');
    await expect(page.getByTestId('kyc-waiting-for-confirmation')).toHaveText(
      '2 rows wait for confirmation of their document dates: confirm them above to send them.',
    );
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `/tmp/kyc-dates-${size.width}-warnings.png`, fullPage: true });
    await page.getByRole('button', { name: 'Submit 3 valid records' }).click();
    await expect(kyc.sendTotals).toContainText('3 accepted by the gateway');
    await expect(page.getByTestId('kyc-send-waiting')).toHaveText(
      '2 rows wait for confirmation of their document dates: not sent.',
    );
    expect(sandboxUserIds(harness, tag)).toEqual([`${tag}-2`, `${tag}-4`, `${tag}-6`]);

    // One row by keyboard: the next row's button takes the focus.
    const confirmRow3 = panel.getByRole('button', { name: 'Confirm row 3' });
    await confirmRow3.focus();
    await page.keyboard.press('Enter');
    await expect(kyc.announcer).toContainText('Document dates of row 3 confirmed');
    await expect(warnings).toHaveAccessibleName('Warnings (1)');
    await expect(panel.getByRole('button', { name: 'Confirm row 5' })).toBeFocused();

    // The rest for the whole batch, through its dialog.
    await panel.getByRole('button', { name: 'Confirm all (1)…' }).click();
    const dialog = page.getByRole('dialog', { name: /^Send 1 record whose identity document/ });
    await dialog.getByRole('button', { name: 'Confirm 1 row' }).click();
    await expect(panel).toBeHidden();
    await expect(warnings).toHaveAccessibleName('Warnings (0)');
    await kyc.showOnly('All rows');
    await expect(kyc.cell(3, 'certificateDateEnd')).toHaveAttribute('data-warning', 'confirmed');
    await expect(kyc.cell(3, 'certificateDateEnd')).toHaveAccessibleDescription(/Confirmed\.$/);

    await page.getByRole('button', { name: 'Submit 2 valid records' }).click();
    await expect(kyc.sendTotals).toContainText('2 accepted by the gateway');
    await expect(page.getByTestId('kyc-send-waiting')).toHaveCount(0);
    expect(sandboxUserIds(harness, tag)).toHaveLength(5);

    // The batch's record names who confirmed which row, and how.
    const history = new HistoryPage(page);
    await history.open();
    await history.show('KYC batches');
    await history.rows.filter({ hasText: fileName }).first().click();
    const timeline = page.getByRole('dialog').getByTestId('history-timeline');
    await expect(timeline).toContainText(
      'Identity documents not in force confirmed for sending: row 3 (day ',
    );
    await expect(timeline).toContainText(
      'Identity documents not in force confirmed for sending: row 5, the whole batch (day ',
    );
    await page.screenshot({ path: `/tmp/kyc-dates-${size.width}-history.png` });
  });
}
