// A large file opened in the browser harness shows its rows while main's workers still check the rest:
// the first rows with their states, a count of the rows checked, sending and export waiting for the end
// (and saying so); closing the file mid-check lets it go. The file is big enough (300,000 records,
// 63 MB) that its check takes a while on any machine these tests run on.
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { expect } from '@playwright/test';
import { kycTest } from '../support/e2e/kyc-test';
import type { KycPage } from '../support/e2e/pages/kyc-page';
import { CSV_HEADERS, kycCsvLine, kycRecord } from '../support/kyc/generate';

const RECORDS = 300_000;
/** Every 1,000th record has a broken email. */
const PLANTED = Math.ceil(RECORDS / 1000);

async function writeLargeFile(path: string): Promise<void> {
  const out = createWriteStream(path);
  out.write(`${CSV_HEADERS.join(',')}\r\n`);
  for (let i = 0; i < RECORDS; i++) {
    const record = i % 1000 === 0 ? { ...kycRecord(i), email: 'not-an-email' } : kycRecord(i);
    if (!out.write(`${kycCsvLine(record)}\r\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

/**
 * Run in the page: keeps, in globalThis.paydeskMidCheck, the page as it was the first time the first two
 * records showed a checked state while the check progress was still shown.
 */
const WATCH_MID_CHECK = `(() => {
  const text = (selector) => document.querySelector(selector)?.textContent ?? null;
  const button = (name) => [...document.querySelectorAll('button')].find((b) => b.textContent.startsWith(name));
  const observer = new MutationObserver(() => {
    if (!document.querySelector('[data-testid="kyc-check-progress"]')) return;
    const states = [2, 3].map((row) => text('[data-testid="kyc-row"][aria-rowindex="' + row + '"] [aria-colindex="2"] [data-state]'));
    if (states.some((state) => state === null || state === 'Checking')) return;
    observer.disconnect();
    globalThis.paydeskMidCheck = {
      states,
      submitDisabled: button('Submit')?.disabled ?? null,
      exportDisabled: button('Export rejected rows')?.disabled ?? null,
      waiting: text('[data-testid="kyc-waiting-for-check"]'),
    };
  });
  observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
})()`;

const test = kycTest.extend<{ largeFile: string }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  largeFile: async ({}, use, testInfo) => {
    const path = testInfo.outputPath('large-kyc.csv');
    await writeLargeFile(path);
    await use(path);
  },
});

test.setTimeout(180_000);

/** The file chosen, and its check under way: the progress panel shows (the upload of 63 MB takes a while). */
async function openLarge(kyc: KycPage, path: string): Promise<void> {
  await kyc.chooseFromDisk(path);
  await expect(kyc.checkProgress).toBeVisible({ timeout: 60_000 });
}

test('the first rows are shown, with their states, while the rest of the file is checked', async ({
  kyc,
  largeFile,
}) => {
  // What the page shows, written down at every change of its DOM from before the file is chosen: on a quiet
  // machine the whole check can end within a second, quicker than a look taken from the test a call at a
  // time could catch the page mid-check.
  await kyc.page.evaluate(WATCH_MID_CHECK);
  await openLarge(kyc, largeFile);
  await expect(kyc.checkCount).toContainText(`of ${RECORDS.toLocaleString('en-US')} checked`);
  // The first look with the first record (row 2, planted) and the second checked, while the rest still
  // were: both show their states, sending and export wait, and say why.
  await expect
    .poll(() => kyc.page.evaluate('globalThis.paydeskMidCheck'), { timeout: 60_000 })
    .toEqual({
      states: ['Invalid', 'Valid'],
      submitDisabled: true,
      exportDisabled: true,
      waiting: 'Sending and export wait until every row is checked.',
    });

  // The grid scrolls through the rows checked.
  await kyc.gridScroll.hover();
  await kyc.page.mouse.wheel(0, 2000);
  await expect.poll(async () => Math.min(...(await kyc.shownRowNumbers()))).toBeGreaterThan(20);

  await expect(kyc.checkProgress).toBeHidden({ timeout: 120_000 });
  await expect(kyc.announcer).toHaveText(
    `Checked ${RECORDS.toLocaleString('en-US')} records of large-kyc.csv: ${PLANTED} invalid, ` +
      `${(RECORDS - PLANTED).toLocaleString('en-US')} valid.`,
  );
  await expect(kyc.filter('Invalid')).toHaveAccessibleName(`Invalid (${PLANTED})`);
  await expect(kyc.submit).toBeEnabled();
  await expect(kyc.waitingForCheck).toBeHidden();
});

/**
 * Run in the page: clicks "Stop and close file" the moment it is shown, and keeps in
 * globalThis.paydeskStoppedMidCheck whether the check's progress was shown at that moment. A click from the
 * test, a call at a time, can come after a quick machine has checked the whole file and the button is gone.
 */
const STOP_WHEN_SHOWN = `(() => {
  const observer = new MutationObserver(() => {
    const stop = [...document.querySelectorAll('button')].find((b) => b.textContent.startsWith('Stop and close file'));
    if (!stop) return;
    observer.disconnect();
    globalThis.paydeskStoppedMidCheck = document.querySelector('[data-testid="kyc-check-progress"]') !== null;
    stop.click();
  });
  observer.observe(document.body, { subtree: true, childList: true });
})()`;

test('a file closed while it is checked is let go, and the page is ready for the next', async ({
  kyc,
  largeFile,
}) => {
  await kyc.page.evaluate(STOP_WHEN_SHOWN);
  await kyc.chooseFromDisk(largeFile);
  await expect
    .poll(() => kyc.page.evaluate('globalThis.paydeskStoppedMidCheck'), { timeout: 60_000 })
    .toBe(true);
  await expect(kyc.announcer).toHaveText('Closed large-kyc.csv.');
  await expect(kyc.batchHeader).toBeHidden();
  await expect(kyc.grid).toBeHidden();
  await expect(kyc.intro).toBeVisible();
  // Nothing of the closed file comes back when its check would have ended.
  await kyc.page.waitForTimeout(1000);
  await expect(kyc.batchHeader).toBeHidden();
});
