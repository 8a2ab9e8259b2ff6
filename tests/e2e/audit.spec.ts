// History and the audit trail, in the browser: a harness of its own whose history file is edited behind
// Paydesk's back while it runs, as someone with the file could. The list marks the edited row, a full
// check names every row that fails, and the row's drawer says so; before, the page says how far the
// trail is verified.
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { test as base, expect, type Page } from '@playwright/test';
import { SAMPLE_CUSTOMER } from '../support/app/sample-customer';
import { seriousViolations } from '../support/e2e/axe';
import { type RunningHarness, startHarness } from '../support/e2e/harness';
import { catalog } from '../support/e2e/languages-desk';
import { dateTimeText } from '../support/e2e/moment-text';
import { HistoryPage } from '../support/e2e/pages/history-page';

const test = base.extend<{ history: HistoryPage }, { auditHarness: RunningHarness }>({
  auditHarness: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature
    async ({}, use) => {
      const harness = await startHarness(0, [], { signedIn: true });
      await use(harness);
      await harness.close();
    },
    { scope: 'worker' },
  ],
  history: async ({ page, auditHarness }, use) => {
    await page.goto(auditHarness.url);
    await expect(page.getByRole('heading', { name: 'Card payment (MOTO)' })).toBeVisible();
    await use(new HistoryPage(page));
  },
});

/** A v2 pay-in through the page's own bridge (window.paydesk), approved by the embedded sandbox. */
async function payIn(page: Page, merchantTradeNo: string, amount: string): Promise<number> {
  const result = await page.evaluate(
    async ({ merchantTradeNo, amount, customer }) => {
      const fields = { ...customer, merchantTradeNo, userId: `audit-${merchantTradeNo}`, amount };
      const { paydesk } = globalThis as unknown as {
        paydesk: { invoke(channel: string, input: unknown): Promise<unknown> };
      };
      return paydesk.invoke('payin.submit', { version: 'v2', fields });
    },
    { merchantTradeNo, amount, customer: SAMPLE_CUSTOMER },
  );
  expect(result).toMatchObject({ ok: true, data: { status: 'approved' } });
  return (result as { data: { historyId: number } }).data.historyId;
}

test('an amount edited in the file is marked in the list, named by the full check, and explained in its drawer', async ({
  history,
  auditHarness,
}) => {
  const page = history.page;
  const stamp = Date.now().toString(36).toUpperCase();
  const kept = await payIn(page, `AUD${stamp}A`, '12.00');
  const edited = await payIn(page, `AUD${stamp}B`, '13.00');

  await history.open();
  const status = page.getByTestId('audit-verified');
  await expect(status).toContainText(
    new RegExp(`Audit trail verified up to ${dateTimeText()} \\(\\d+ entries\\)`),
  );
  await expect(page.getByTestId('audit-problems')).toHaveCount(0);
  await expect(history.rows.and(page.locator('[data-audit="failed"]'))).toHaveCount(0);

  // Someone with the file changes the second pay-in's amount while Paydesk runs.
  const db = new DatabaseSync(join(auditHarness.dataDir!, 'history.sqlite'));
  db.prepare("UPDATE history_rows SET amount = '1300.00', amount_minor = 130000 WHERE id = ?").run(edited);
  db.close();

  await page.getByRole('button', { name: 'Refresh' }).click();
  const editedRow = history.row(`AUD${stamp}B`);
  await expect(editedRow).toHaveAttribute('data-audit', 'failed');
  await expect(editedRow).toContainText('1,300.00');
  await expect(history.row(`AUD${stamp}A`)).not.toHaveAttribute('data-audit', 'failed');

  await page.getByRole('button', { name: 'Check every row now' }).click();
  const problems = page.getByTestId('audit-problems');
  await expect(problems).toContainText('The audit trail fails verification: 1 problem');
  await expect(page.getByTestId('audit-problem-list').getByRole('listitem')).toHaveText([
    new RegExp(`Row ${edited} differs from what audit entry \\d+ recorded: it was edited outside Paydesk\\.`),
  ]);
  await page.screenshot({ path: test.info().outputPath('history-audit-failed.png') });
  expect(await seriousViolations(page)).toEqual([]);

  await problems.getByRole('button', { name: `Open row ${edited}` }).click();
  const drawerAudit = history.drawer.getByTestId('history-row-audit');
  await expect(drawerAudit).toContainText('This row fails verification against the audit trail');
  await expect(drawerAudit).toContainText(`Row ${edited} differs from what audit entry`);
  await expect(history.drawerField('Amount')).toContainText('1,300.00');
  await page.screenshot({ path: test.info().outputPath('history-audit-drawer.png') });
  await page.keyboard.press('Escape');

  await history.row(`AUD${stamp}A`).click();
  await expect(history.drawer.getByTestId('history-row-audit')).toHaveText('✓ Matches its audit trail.');
  expect(kept).toBeLessThan(edited);
});

test('a check with many problems lists the first hundred, and shows more on request', async ({
  history,
  auditHarness,
}) => {
  const page = history.page;
  const stamp = Date.now().toString(36).toUpperCase();
  const count = 105;
  for (let i = 0; i < count; i++) await payIn(page, `AUM${stamp}${i}`, `${20 + i}.00`);

  const db = new DatabaseSync(join(auditHarness.dataDir!, 'history.sqlite'));
  db.prepare(
    "UPDATE history_rows SET amount = '9999.00', amount_minor = 999900 WHERE merchant_trade_no LIKE ?",
  ).run(`AUM${stamp}%`);
  db.close();

  await history.open();
  await page.getByRole('button', { name: 'Check every row now' }).click();
  const problems = page.getByTestId('audit-problems');
  await expect(problems).toContainText(/The audit trail fails verification: \d+ problems/);
  const title = await problems.textContent();
  const total = Number(/fails verification: ([\d,]+) problems/.exec(title ?? '')?.[1]?.replace(/,/g, ''));
  expect(total).toBeGreaterThanOrEqual(count);

  const items = page.getByTestId('audit-problem-list').getByRole('listitem');
  await expect(items).toHaveCount(100);
  await expect(problems).toContainText(`100 of ${total} problems shown.`);
  await problems.getByTestId('audit-problems-more').click();
  await expect(items).toHaveCount(total);
  await expect(problems.getByTestId('audit-problems-more')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
});

test.describe('in German', () => {
  let harness: RunningHarness;
  test.beforeAll(async () => {
    harness = await startHarness(0, ['--locale', 'de-DE'], { signedIn: true });
  });
  test.afterAll(async () => {
    await harness?.close();
  });

  test('the check names an edited row in German, in the list, its hover and its drawer', async ({ page }) => {
    const de = catalog('de');
    await page.goto(harness.url);
    await expect(page.getByRole('heading', { level: 2 })).toBeVisible();
    const stamp = Date.now().toString(36).toUpperCase();
    const edited = await payIn(page, `AUG${stamp}`, '14.00');
    const db = new DatabaseSync(join(harness.dataDir!, 'history.sqlite'));
    db.prepare("UPDATE history_rows SET amount = '1400.00', amount_minor = 140000 WHERE id = ?").run(edited);
    db.close();

    await page.keyboard.press('Alt+3');
    await expect(page.getByRole('heading', { level: 2, name: de('shell.page.history') })).toBeVisible();
    await page.getByRole('button', { name: de('history.audit.checkNow') }).click();
    const german = new RegExp(
      `^Zeile ${edited} weicht von dem ab, was Protokolleintrag \\d+ aufgezeichnet hat`,
    );
    const item = page.getByTestId('audit-problem-list').getByRole('listitem');
    await expect(item).toHaveText([german]);
    await expect(item).not.toContainText('differs from');

    const row = page.getByTestId('history-row').filter({ hasText: `AUG${stamp}` });
    await expect(row).toHaveAttribute('data-audit', 'failed');
    await expect(row.locator('[title]').first()).toHaveAttribute('title', german);

    await row.click();
    const drawerAudit = page.getByRole('dialog').getByTestId('history-row-audit');
    await expect(drawerAudit).toContainText(de('history.detail.auditFails'));
    await expect(drawerAudit).toContainText(`Zeile ${edited} weicht von dem ab`);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
