// `test` for the KYC page against a harness of the test file's own (its data folder is then known to the
// test), started once per Playwright worker, with the KYC page opened on it for each test.
import { test as base } from '@playwright/test';
import { type RunningHarness, startHarness } from './harness';
import { KycPage } from './pages/kyc-page';

export const kycTest = base.extend<{ kyc: KycPage }, { harness: RunningHarness }>({
  harness: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const harness = await startHarness(0, [], { signedIn: true });
      await use(harness);
      await harness.close();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  kyc: async ({ page, harness }, use) => {
    const kyc = new KycPage(page);
    await kyc.open(harness.url);
    await use(kyc);
  },
});
