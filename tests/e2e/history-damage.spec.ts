// What an operator sees when Paydesk starts on a damaged history (issue 25): a harness of its own on a data
// folder whose history.sqlite was cut to 60 % while Paydesk was closed. The page asks main for the notice
// (main's start-up is over before any page listens), shows it on every page until acknowledged, and the
// open pay-ins are in History as outcome unknown.
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { createMemoryVault } from '../../src/main/credentials/memory-vault';
import { seriousViolations } from '../support/e2e/axe';
import { type RunningHarness, startHarness } from '../support/e2e/harness';
import { cutFile, type WrittenPayIn, writeDeskHistory } from '../support/history/damaged-history';

const NO_KEYCHAIN = { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/paydesk-e2e' };

let harness: RunningHarness;
let written: WrittenPayIn[];

test.beforeAll(async () => {
  const data = join(mkdtempSync(join(tmpdir(), 'paydesk-e2e-')), 'data');
  mkdirSync(data, { mode: 0o700 });
  written = await writeDeskHistory(data, createMemoryVault(), 300);
  cutFile(join(data, 'history.sqlite'), 0.6);
  harness = await startHarness(0, ['--data', data, '--memory-keys'], {
    ephemeral: false,
    env: NO_KEYCHAIN,
    signedIn: true,
  });
});
test.afterAll(async () => {
  await harness.close();
});

test('the notice says what happened on every page until it is acknowledged', async ({ page }) => {
  await page.goto(harness.url);
  const notice = page.getByTestId('history-damage-notice');
  await expect(notice).toContainText('The history file was damaged');
  await expect(notice).toContainText('cut short');
  await expect(notice).toContainText(/\d+ rows recovered/);
  await expect(notice).toContainText("rebuilt from Paydesk's log");
  await expect(notice).toContainText(/kept unchanged in .+damaged\/history-.+\.sqlite/);
  const open = written.filter((payIn) => payIn.status === 'outcome_unknown' || payIn.status === 'pending');
  for (const payIn of open)
    await expect(page.getByTestId('history-damage-open')).toContainText(payIn.merchantTradeNo);
  await expect(page.getByTestId('history-damage-missing')).toContainText('could not be recovered');
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('history-damage-notice.png'), fullPage: false });

  // On another page too, and after a reload (main keeps it, the page asks again).
  await page.getByRole('button', { name: /^History/ }).click();
  await expect(notice).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('history-damage-notice')).toBeVisible();

  await page.getByRole('button', { name: 'I have read this' }).click();
  await expect(page.getByTestId('history-damage-notice')).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Paydesk' })).toBeVisible();
  await expect(page.getByTestId('history-damage-notice')).toHaveCount(0);
});
