// KYC batches through the UI, against a harness of this file's own: its data folder is known here, so
// what the embedded sandbox accepted is read from the sandbox's own store, not from what Paydesk shows.
// Every test tags its records' userIds, so the sandbox's rows and History's memory of a file (its hash)
// belong to one test only.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { expect } from '@playwright/test';
import { KYC_FIELDS } from '@shared/gateway/kyc';
import { fileTooLargeWords } from '@shared/kyc-batch';
import { englishOf } from '../../src/main/i18n/refuse';
import { KYC_LIMITS } from '../../src/main/kyc/limits';
import { approvalDialog, approveAtDesk } from '../support/e2e/approval';
import { seriousViolations } from '../support/e2e/axe';
import type { RunningHarness } from '../support/e2e/harness';
import { kycTest } from '../support/e2e/kyc-test';
import { HistoryPage, parseCsv } from '../support/e2e/pages/history-page';
import type { FileToOpen } from '../support/e2e/pages/kyc-page';
import { kycCsv, kycRecord } from '../support/kyc/generate';
import { xlsxBytes } from '../support/kyc/xlsx';

const FIXTURES = join(import.meta.dirname, '../fixtures/kyc/e2e');
const SANDBOX_MERCHANT_ID = 100001;

const test = kycTest.extend<{ tag: string }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  tag: async ({}, use, testInfo) => {
    await use(`t${testInfo.testId.slice(0, 6)}${Date.now().toString(36).slice(-4)}`);
  },
});

/** A fixture file with its userIds ("kyc-e2e-…") tagged for this test, opened as `name`. */
function fixture(file: string, tag: string, name = file): FileToOpen {
  const text = readFileSync(join(FIXTURES, file), 'utf8').replaceAll('kyc-e2e-', `kyc-${tag}-`);
  const mimeType = name.endsWith('.json') ? 'application/json' : 'text/csv';
  return { name, mimeType, buffer: Buffer.from(text, 'utf8') };
}

/** userIds the sandbox gateway holds for the built-in merchant, among this test's. */
function sandboxUserIds(harness: RunningHarness, tag: string): string[] {
  if (!harness.dataDir) throw new Error('The harness did not report its data folder.');
  const db = new DatabaseSync(join(harness.dataDir, 'sandbox.sqlite'), { readOnly: true });
  try {
    return db
      .prepare('SELECT user_id FROM kyc_records WHERE merchant_id = ? AND user_id LIKE ? ORDER BY user_id')
      .all(SANDBOX_MERCHANT_ID, `%${tag}%`)
      .map((row) => String(row.user_id));
  } finally {
    db.close();
  }
}

test('a file with planted errors: dropped, its invalid rows reported exactly, fixed inline, sent, and held by the sandbox', async ({
  kyc,
  harness,
  tag,
  page,
}) => {
  await kyc.drop(fixture('planted-errors.csv', tag));
  await kyc.expectOpened('planted-errors.csv', '12 records · 4 invalid · 8 valid');
  await expect(kyc.filter('Invalid')).toHaveAccessibleName('Invalid (4)');

  await kyc.showOnly('Invalid');
  await expect.poll(() => kyc.shownRowNumbers()).toEqual([3, 5, 7, 10]);
  expect(await kyc.invalidCells()).toEqual([
    '3 email',
    '5 birthday',
    '7 country',
    '7 mobile',
    '10 certificateDateEnd',
  ]);

  // The reason on keyboard focus: from the first cell of the row, arrow keys to the email cell.
  await kyc.cell(3, 'userId').click();
  await page.mouse.move(0, 0);
  for (let i = KYC_FIELDS.indexOf('userId'); i < KYC_FIELDS.indexOf('email'); i++) {
    await page.keyboard.press('ArrowRight');
  }
  const email = kyc.cell(3, 'email');
  await expect(email).toBeFocused();
  await expect(kyc.tooltip).toHaveText('An e-mail address such as name@example.com: this one has no "@".');
  await expect(email).toHaveAccessibleDescription(
    'Invalid: An e-mail address such as name@example.com: this one has no "@".',
  );
  // …and on hover.
  await kyc.cell(5, 'birthday').hover();
  await expect(kyc.tooltip).toHaveText('A real date written YYYY-MM-DD.');
  await page.mouse.move(0, 0);

  // Escape leaves the cell as it was.
  await email.click();
  await page.keyboard.press('Enter');
  await kyc.editor(3, 'email').fill('something else');
  await page.keyboard.press('Escape');
  await expect(kyc.editor(3, 'email')).toBeHidden();
  await expect(email).toHaveText('jonas.garcia(at)example.com');
  await expect(email).toBeFocused();

  // A fix main still refuses: its message is shown at the cell, which keeps the focus.
  await kyc.fix(3, 'email', 'jonas.garcia@example');
  await expect(email).toHaveText('jonas.garcia@example');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toBeFocused();
  await expect(kyc.tooltip).toHaveText(
    'An e-mail address such as name@example.com: the domain after "@" has no dot.',
  );
  await expect(kyc.announcer).toHaveText(
    'Row 3, email is still invalid: An e-mail address such as name@example.com: the domain after "@" has no dot.',
  );

  await kyc.fix(3, 'email', 'jonas.garcia@example.com');
  await expect(kyc.announcer).toHaveText('Row 3 is valid now.');
  await expect(kyc.filter('Invalid')).toHaveAccessibleName('Invalid (3)');
  await expect.poll(() => kyc.shownRowNumbers()).toEqual([5, 7, 10]);

  // A double-click opens a cell too.
  await kyc.cell(5, 'birthday').dblclick();
  await kyc.editor(5, 'birthday').fill('1990-02-28');
  await page.keyboard.press('Enter');
  await expect(kyc.announcer).toHaveText('Row 5 is valid now.');

  await kyc.fix(7, 'country', 'DE');
  await expect(kyc.announcer).toHaveText('Row 7: country saved; 1 problem is left in this row.');
  await kyc.fix(7, 'mobile', '+49 151 1234 5606');
  await expect(kyc.announcer).toHaveText('Row 7 is valid now.');
  await kyc.fix(10, 'certificateDateEnd', '2031-05-14');
  await expect(kyc.filter('Invalid')).toHaveAccessibleName('Invalid (0)');
  await expect(kyc.grid.getByRole('row')).toHaveCount(1);
  await expect(kyc.activeCell).toContainText('No row matches this filter.');
  // The grid says so in its own space, and offers the way back to every row.
  const empty = page.getByTestId('kyc-grid-empty');
  await expect(empty).toContainText('No invalid rows.');
  await expect(empty).toContainText('Every record passed the checks.');
  await empty.getByRole('button', { name: 'Show all rows' }).click();
  await expect(kyc.filter('All rows')).toBeChecked();
  await expect(empty).toHaveCount(0);
  await expect(kyc.grid.getByRole('row')).toHaveCount(13);

  await expect(kyc.submit).toHaveText('Submit 12 valid records');
  await kyc.submit.click();
  await expect(kyc.progress).toContainText('Sent');
  await expect(kyc.progress).toContainText('12 of 12 records · 1 of 1 chunk');
  await expect(kyc.sendTotals).toHaveText('12 accepted by the gateway');
  await expect(kyc.chunks).toHaveCount(1);
  await expect(kyc.chunks.first()).toContainText('Accepted');
  await expect(kyc.chunks.first().getByRole('button', { name: 'Copy traceid of chunk 1' })).toBeVisible();
  await expect(kyc.filter('Accepted')).toHaveAccessibleName('Accepted (12)');

  const held = sandboxUserIds(harness, tag);
  expect(held).toHaveLength(12);
  expect(held).toContain(`kyc-${tag}-002`);

  // History has the batch, in its view of KYC batches, with the same count.
  const history = new HistoryPage(page);
  await history.open();
  await history.show('KYC batches');
  const batch = history.rows.filter({ hasText: 'planted-errors.csv' }).first();
  await expect(batch).toContainText('Completed');
  await expect(batch.getByRole('cell').nth(3)).toHaveText('12');
  await batch.click();
  await expect(page.getByRole('dialog')).toContainText('12 accepted, 0 rejected');
});

test('an XLSX file chosen with the file picker; the column its header does not name is mapped by hand', async ({
  kyc,
  harness,
  tag,
}) => {
  const headers = [
    'Customer ID',
    'First name',
    'Last name',
    'Date of birth',
    'Sex',
    'Country',
    'Calling code',
  ];
  headers.push('National ID', 'Issued', 'Valid until', 'E-mail', 'Cell', 'ID card');
  const rows = Array.from({ length: 5 }, (_, i) => {
    const r = kycRecord(i);
    return [`${tag}-${r.userId}`, r.firstName, r.lastName, r.birthday, r.gender, r.country, r.iddCode]
      .concat([r.personalCode, r.certificateDateStart, r.certificateDateEnd, r.email, r.mobile])
      .concat([r.idCardUrls.join('; ')]);
  });
  const buffer = Buffer.from(await xlsxBytes([headers, ...rows]));
  const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  await kyc.choose({ name: 'new-customers.xlsx', mimeType: xlsx, buffer });

  await kyc.expectOpened('new-customers.xlsx', 'XLSX · 5 records · 5 invalid · 0 valid');
  // A required field without a column opens the mapping by itself.
  await expect(kyc.mapping).toHaveAttribute('aria-expanded', 'true');
  await expect(kyc.mapping).toContainText('1 required field has no column');
  await expect(kyc.mappingFor('Cell')).toHaveValue('Ignore this column');
  await expect(kyc.mappingFor('Date of birth')).toHaveValue('Date of birth — birthday (required)');
  await expect(kyc.cell(2, 'mobile')).toHaveAccessibleDescription('Invalid: Required.');

  // Typed into a select that has a value, the words replace it (they were added to it: "Ignore this
  // columnmobile", which matched nothing); Enter then takes the best match.
  await kyc.mappingFor('Cell').focus();
  await kyc.page.keyboard.type('mobile');
  await expect(kyc.mappingFor('Cell')).toHaveValue('mobile');
  await expect(
    kyc.page.getByRole('option', { name: 'Mobile number — mobile (required)', exact: true }),
  ).toBeVisible();
  await kyc.page.keyboard.press('Enter');
  await expect(kyc.mappingFor('Cell')).toHaveValue('Mobile number — mobile (required)');
  await kyc.expectOpened('new-customers.xlsx', '5 records · 0 invalid · 5 valid');
  await expect(kyc.cell(2, 'mobile')).toHaveText(kycRecord(0).mobile);
  await expect(kyc.mapping).toContainText('every required field has a column');

  await kyc.submit.click();
  await expect(kyc.sendTotals).toHaveText('5 accepted by the gateway');
  expect(sandboxUserIds(harness, tag)).toHaveLength(5);
});

test('the same file dropped again offers to send only the records not yet accepted', async ({
  kyc,
  harness,
  tag,
}) => {
  const file = fixture('sent-twice.json', tag);
  await kyc.drop(file);
  await kyc.expectOpened('sent-twice.json', 'JSON · 6 records · 2 invalid · 4 valid');
  await expect(kyc.remainingOffer).toBeHidden();
  await kyc.submit.click();
  await expect(kyc.sendTotals).toHaveText('4 accepted by the gateway');
  expect(sandboxUserIds(harness, tag)).toHaveLength(4);

  await kyc.drop(file);
  await expect(kyc.announcer).toContainText('Opened sent-twice.json');
  await expect(kyc.progress).toBeHidden();
  await expect(kyc.remainingOffer).toContainText('The gateway already accepted 4 records of this file');
  await expect(kyc.submit).toBeHidden();
  const sendRest = kyc.remainingOffer.getByRole('button', { name: /^Send only the/ });
  await expect(sendRest).toHaveText('Send only the 0 records not yet accepted');
  await expect(sendRest).toBeDisabled();
  await expect(kyc.stateOf(1)).toHaveText('Accepted');
  await expect(kyc.cell(1, 'firstName')).toHaveText('Marta');

  // Accepted rows cannot change; the two left to fix can.
  await kyc.cell(1, 'firstName').click();
  await kyc.page.keyboard.press('Enter');
  await expect(kyc.editor(1, 'firstName')).toBeHidden();
  await expect(kyc.gridNote).toHaveText('Row 1 was accepted by the gateway; it cannot change.');
  await expect(kyc.announcer).toHaveText('Row 1 was accepted by the gateway; it cannot change.');

  await kyc.fix(2, 'gender', 'male');
  await kyc.fix(5, 'email', 'eva.horvat@example.com');
  await expect(sendRest).toHaveText('Send only the 2 records not yet accepted');
  await sendRest.click();
  await expect(kyc.progress).toContainText('2 of 2 records · 1 of 1 chunk');
  await expect(kyc.sendTotals).toHaveText('2 accepted by the gateway');
  expect(sandboxUserIds(harness, tag)).toHaveLength(6);
});

test('Export rejected rows downloads the rows to fix with their reasons', async ({ kyc, tag, page }) => {
  await kyc.drop(fixture('planted-errors.csv', tag));
  await kyc.expectOpened('planted-errors.csv', '4 invalid');
  await expect(kyc.exportRejected).toHaveText('Export rejected rows (4)');

  const download = page.waitForEvent('download');
  await kyc.exportRejected.click();
  await page.getByRole('menuitem', { name: /^Machine-readable/ }).click();
  // Customers' identity records in bulk: a supervisor approves it at the desk (issue 31, item 4).
  await expect(approvalDialog(page)).toContainText(
    "rows still to fix as CSV, with customers' identity records",
  );
  await approveAtDesk(page);
  const file = await download;
  expect(file.suggestedFilename()).toBe('planted-errors-to-fix.csv');
  const text = readFileSync(await file.path(), 'utf8').replace(/^\uFEFF/, '');
  const [header, ...rows] = parseCsv(text);
  expect(header).toEqual([...KYC_FIELDS, 'errors']);
  expect(rows).toHaveLength(4);
  const reasons = Object.fromEntries(rows.map((cells) => [cells[0], cells.at(-1)]));
  expect(reasons[`kyc-${tag}-002`]).toContain(
    'email: An e-mail address such as name@example.com: this one has no "@".',
  );
  expect(reasons[`kyc-${tag}-004`]).toContain('birthday: A real date written YYYY-MM-DD.');
  expect(reasons[`kyc-${tag}-006`]).toContain('country: Not an ISO 3166-1 country code.');
  expect(reasons[`kyc-${tag}-006`]).toContain('mobile: Digits only.');
  expect(reasons[`kyc-${tag}-009`]).toContain(
    'certificateDateEnd: The document expires before it was issued.',
  );
  await expect(kyc.announcer).toHaveText('Exported 4 rows with their reasons to planted-errors-to-fix.csv.');
});

test('the CSV template names every KYC field and opens as an empty batch', async ({ kyc, page }) => {
  const download = page.waitForEvent('download');
  await kyc.templateButton.click();
  const file = await download;
  const text = readFileSync(await file.path(), 'utf8');
  expect(text).toBe(`\uFEFF${KYC_FIELDS.join(',')}\r\n`);

  await kyc.drop({ name: file.suggestedFilename(), mimeType: 'text/csv', buffer: Buffer.from(text, 'utf8') });
  await kyc.expectOpened(file.suggestedFilename(), '0 records');
  await expect(kyc.activeCell).toContainText('The file has no records.');
  await expect(kyc.submit).toHaveText('Submit 0 valid records');
  await expect(kyc.submit).toBeDisabled();
});

test('a file of the wrong kind, too large or unreadable is refused with a clear message and nothing else changes', async ({
  kyc,
  tag,
}) => {
  await kyc.drop(fixture('planted-errors.csv', tag));
  await kyc.expectOpened('planted-errors.csv', '12 records · 4 invalid · 8 valid');
  await kyc.showOnly('Invalid');

  const refused = async (message: string) => {
    await expect(kyc.fileError).toContainText(message);
    await expect(kyc.fileError).toContainText('planted-errors.csv stays open as it was.');
    await kyc.expectOpened('planted-errors.csv', '12 records · 4 invalid · 8 valid');
    await expect(kyc.filter('Invalid')).toBeChecked();
    await expect.poll(() => kyc.shownRowNumbers()).toEqual([3, 5, 7, 10]);
  };

  await kyc.drop({
    name: 'passport.png',
    mimeType: 'image/png',
    buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47]),
  });
  await refused('"passport.png" is not a file Paydesk reads: open a CSV, XLSX or JSON file.');

  // Kept as .txt in the repository: it is broken JSON on purpose, which the linter would refuse.
  await kyc.drop(fixture('broken-json.txt', tag, 'broken.json'));
  await refused('"broken.json" could not be opened: The file is not valid JSON');

  // Past the limit for files opened by path (refused by the page, which main told of the limit).
  const tooLarge = KYC_LIMITS.maxFileBytes + 1024 * 1024;
  await kyc.dropMadeInPage([{ name: 'everyone.csv', size: tooLarge }]);
  await refused(englishOf(fileTooLargeWords('everyone.csv', tooLarge, KYC_LIMITS.maxFileBytes)));

  await kyc.dropMadeInPage([
    { name: 'a.csv', size: 10 },
    { name: 'b.csv', size: 10 },
  ]);
  await refused('2 files were dropped: drop one file at a time.');
});

test('a chunk the gateway refused is sent again with Resubmit', async ({ kyc, harness, tag, page }) => {
  // Setup outside the page under test: a wrong merchant secret makes the sandbox refuse the signature.
  const setSecret = (secret: string | undefined) =>
    page.evaluate(async (value) => {
      const { paydesk } = globalThis as unknown as {
        paydesk: { invoke(channel: string, input: unknown): Promise<{ ok: boolean }> };
      };
      const result = value
        ? await paydesk.invoke('secret.set', { profileId: 'sandbox', secret: value })
        : await paydesk.invoke('secret.remove', { profileId: 'sandbox' });
      return result.ok;
    }, secret);
  expect(await setSecret('not-the-sandbox-secret')).toBe(true);
  try {
    await kyc.drop(fixture('sent-twice.json', tag));
    await kyc.expectOpened('sent-twice.json', '4 valid');
    await kyc.submit.click();
    await expect(kyc.progress).toContainText('Sent, with chunks to look at');
    await expect(kyc.sendTotals).toContainText('0 accepted by the gateway · 4 in refused chunks');
    await expect(kyc.chunks.first()).toContainText('Refused');
    await expect(kyc.chunks.first()).toContainText('sign: Does not match the request');
    expect(sandboxUserIds(harness, tag)).toHaveLength(0);
  } finally {
    expect(await setSecret(undefined)).toBe(true);
  }
  await kyc.chunks.first().getByRole('button', { name: 'Resubmit chunk 1' }).click();
  await expect(kyc.progress).toContainText('Sent');
  await expect(kyc.chunks.first()).toContainText('Accepted');
  await expect(kyc.sendTotals).toHaveText('4 accepted by the gateway');
  expect(sandboxUserIds(harness, tag)).toHaveLength(4);
});

test('20,000 rows: the grid scrolls to the end and shows the last row', async ({ kyc, tag, page }) => {
  test.setTimeout(60_000);
  const records = Array.from({ length: 20_000 }, (_, i) => ({ ...kycRecord(i), userId: `${tag}-${i}` }));
  await kyc.drop({ name: 'large.csv', mimeType: 'text/csv', buffer: Buffer.from(kycCsv(records), 'utf8') });
  await kyc.expectOpened('large.csv', '20,000 records · 0 invalid · 20,000 valid');
  await expect(kyc.cell(2, 'userId')).toHaveText(`${tag}-0`);
  // A screenful of rows in the DOM, not 20,000.
  expect(await kyc.grid.getByRole('row').count()).toBeLessThan(80);

  await kyc.gridScroll.evaluate((element) => {
    const box = element as unknown as { scrollTop: number; scrollHeight: number };
    box.scrollTop = box.scrollHeight;
  });
  await expect(kyc.cell(20_001, 'userId')).toHaveText(`${tag}-19999`);
  // The rows lie in the flow below a padding the grid moves as it scrolls: each lands one row height below
  // the one before, where the virtualizer counts it, the last one at the bottom of the grid.
  const placed = await kyc.gridScroll.evaluate((element) => {
    type Box = { y: number; height: number };
    type Row = { getAttribute(name: string): string | null; getBoundingClientRect(): Box };
    const box = element as unknown as {
      scrollTop: number;
      getBoundingClientRect(): Box;
      querySelector(selector: string): { getBoundingClientRect(): Box };
      querySelectorAll(selector: string): Row[];
    };
    const header = box.querySelector('thead').getBoundingClientRect().height;
    const top = box.getBoundingClientRect().y;
    return [...box.querySelectorAll('[data-testid="kyc-row"]')].map((row) => {
      const { y, height } = row.getBoundingClientRect();
      const index = Number(row.getAttribute('aria-rowindex')) - 2;
      return { index, off: y - (top + header + index * height - box.scrollTop) };
    });
  });
  expect(placed.length).toBeGreaterThan(5);
  expect(placed.map(({ index }) => index)).toContain(19_999);
  for (const { off } of placed) expect(Math.abs(off)).toBeLessThan(1);
  // The grid's own bottom edge in the window first (the harness's keychain notice pushes it down).
  await kyc.activeCell.scrollIntoViewIfNeeded();
  await expect(kyc.cell(20_001, 'userId')).toBeInViewport();
  await expect(kyc.cell(20_001, 'email')).toHaveText('person19999@example.com');

  // The keyboard gets there too: Ctrl+Home to the first row, Ctrl+End to the last.
  await kyc.cell(20_001, 'email').click();
  await page.keyboard.press('Control+Home');
  await expect(kyc.cell(2, 'email')).toBeFocused();
  await page.keyboard.press('Control+End');
  await expect(kyc.cell(20_001, 'email')).toBeFocused();
  await expect(kyc.activeCell).toContainText('Row 20001 · E-mail (email)');

  // …also when the scrolling gets there in two steps, as it does when the virtualizer corrects its offset
  // over several frames: the focused cell leaves the DOM halfway, and the move still ends on the last row.
  await page.keyboard.press('Control+Home');
  await expect(kyc.cell(2, 'email')).toBeFocused();
  await kyc.gridScroll.evaluate((element) => {
    // The test code is typed without the DOM library: the one method used, by its shape.
    type Options = { top?: number };
    const box = element as unknown as { scrollTo: (options: Options) => void };
    const scrollTo = box.scrollTo.bind(box);
    box.scrollTo = (options) => {
      box.scrollTo = scrollTo;
      scrollTo({ ...options, top: (options.top ?? 0) / 2 });
      setTimeout(() => scrollTo(options), 300);
    };
  });
  await page.keyboard.press('Control+End');
  await expect(kyc.cell(20_001, 'email')).toBeFocused();
  await expect(kyc.activeCell).toContainText('Row 20001 · E-mail (email)');
});

test('axe: the KYC page empty, with errors shown, and after sending', async ({ kyc, tag, page }) => {
  // Three full-page scans.
  test.setTimeout(60_000);
  expect(await seriousViolations(page)).toEqual([]);

  await kyc.drop(fixture('planted-errors.csv', tag));
  await kyc.expectOpened('planted-errors.csv', '4 invalid');
  await kyc.mapping.click();
  await expect(kyc.mappingFor('email')).toBeVisible();
  await kyc.cell(3, 'email').hover();
  await expect(kyc.tooltip).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await kyc.submit.click();
  await expect(kyc.sendTotals).toHaveText('8 accepted by the gateway');
  expect(await seriousViolations(page)).toEqual([]);
});

test('a sent batch is listed in History’s own view of KYC batches, found by a word of its file name', async ({
  kyc,
  tag,
  page,
}) => {
  const name = `onboarding-${tag}.json`;
  await kyc.drop(fixture('sent-twice.json', tag, name));
  await kyc.submit.click();
  await expect(kyc.page.getByTestId('kyc-progress')).toContainText('Sent');

  const history = new HistoryPage(page);
  await history.open();
  await history.show('KYC batches');
  await expect(page.getByRole('table', { name: 'KYC batches, newest first' })).toBeVisible();
  await history.searchFor(tag);
  await expect(history.rows).toHaveCount(1);
  const cells = history.rows.first().getByRole('cell');
  await expect(cells.nth(2)).toHaveText(name);
  await expect(page.getByRole('columnheader', { name: 'Accepted' })).toBeVisible();
  // The pay-ins' totals and charts are not for batches.
  await expect(page.getByTestId('history-currency-totals')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
});
