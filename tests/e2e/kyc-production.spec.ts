// Identity records to a production gateway: one confirmation naming the profile and the record count
// before anything leaves, then a supervisor's approval; Cancel sends nothing. A harness of this file's own, since the test makes a
// production profile active. Nothing listens at the profile's address: a confirmed send is tried, and
// says that nothing left (not "outcome unknown": no connection was ever made).
import { expect, test } from '@playwright/test';
import { approvalDialog, approveAtDesk } from '../support/e2e/approval';
import { seriousViolations } from '../support/e2e/axe';
import { startHarness } from '../support/e2e/harness';
import { KycPage } from '../support/e2e/pages/kyc-page';
import { SettingsPage } from '../support/e2e/pages/settings-page';
import { kycCsv, kycRecord } from '../support/kyc/generate';

test('a KYC batch for a production profile asks first, naming the profile and the count; Cancel sends nothing', async ({
  page,
}) => {
  const harness = await startHarness(0, [], { signedIn: true });
  try {
    const kyc = new KycPage(page);
    await kyc.open(harness.url);
    const settings = new SettingsPage(page);
    await settings.open();
    const name = await settings.createUnreachableProductionProfile('Live KYC');
    await settings.saveSecret('a-live-secret-for-the-test');
    await settings.detailButton('Make active').click();
    await settings.confirm('Switch to production');

    await page.keyboard.press('Alt+2');
    await expect(kyc.heading).toBeVisible();
    const records = [1, 2, 3].map((i) => ({ ...kycRecord(i), userId: `live-${i}` }));
    await kyc.drop({ name: 'live.csv', mimeType: 'text/csv', buffer: Buffer.from(kycCsv(records)) });
    await kyc.expectOpened('live.csv', '3 records');

    await kyc.submit.click();
    const confirm = page.getByRole('dialog', { name: 'Send 3 records to production?' });
    await expect(confirm).toContainText(`production gateway of profile “${name}”`);
    expect(await seriousViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(kyc.progress).toHaveCount(0);

    await kyc.submit.click();
    await confirm.getByRole('button', { name: `Send 3 records to ${name}` }).click();
    await expect(confirm).toBeHidden();
    // Real customers' identities to production wait for a supervisor (issue 31, item 4): nothing left yet.
    await expect(
      page.getByRole('dialog', { name: 'Supervisor approval: identity records to production' }),
    ).toBeVisible();
    await expect(approvalDialog(page)).toContainText(`production gateway of profile "${name}"`);
    await expect(kyc.chunks).toHaveCount(0);
    await approveAtDesk(page);
    await expect(kyc.progress).toBeVisible();
    // Tried: the chunk says it never left, and nothing says the outcome is unknown.
    await expect(kyc.chunks).toHaveCount(1);
    await expect(kyc.chunks.first()).toContainText('Not sent');
    await expect(kyc.chunks.first()).toContainText('refused the connection');
    await expect(kyc.progress).toContainText('Not sent');
    await expect(kyc.sendTotals).toContainText('3 in chunks not sent');
    await expect(page.getByTestId('kyc-page')).not.toContainText('Outcome unknown');
  } finally {
    await harness.close();
  }
});
