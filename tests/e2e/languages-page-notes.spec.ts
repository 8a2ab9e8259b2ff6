// Issue 33: the words a page's own code writes (a store's note, a refusal the page makes before anything is
// sent) are the catalogue's too, on a German desk (OS locale de-DE): two files dropped on the KYC page at once
// are refused in German, with the count in the plural the catalogue's ICU message chooses.

import { setupI18n } from '@lingui/core';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { expect, test } from '@playwright/test';
import { readCatalog } from '../../scripts/i18n/catalog-files';
import { type RunningHarness, startHarness } from '../support/e2e/harness';
import { KycPage } from '../support/e2e/pages/kyc-page';

const de = readCatalog('de');
const german = setupI18n({
  locale: 'de',
  messages: {
    de: { 'kyc.page.manyFilesDropped': compileMessageOrThrow(de['kyc.page.manyFilesDropped']!) },
  },
});

let harness: RunningHarness;
test.beforeAll(async () => {
  harness = await startHarness(0, ['--locale', 'de-DE'], { signedIn: true });
});
test.afterAll(async () => {
  await harness?.close();
});

test('two files dropped at once on the KYC page are refused in German', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 700 });
  await page.goto(harness.url);
  // The shortcuts work once the shell is there: its navigation shows.
  await expect(page.getByRole('button', { name: new RegExp(`^${de['shell.page.kyc']}`) })).toBeVisible();
  await page.keyboard.press('Alt+2');
  await expect(page.getByRole('heading', { name: de['shell.page.kyc'], level: 2 })).toBeVisible();
  const kyc = new KycPage(page);
  await kyc.dropMadeInPage([
    { name: 'a.csv', size: 10 },
    { name: 'b.csv', size: 10 },
  ]);
  const expected = german._('kyc.page.manyFilesDropped', { count: 2 });
  expect(expected).toBe('2 Dateien wurden abgelegt: Legen Sie die Dateien einzeln ab.');
  await expect(kyc.fileError).toContainText(expected);
});
