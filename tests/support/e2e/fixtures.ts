// `test` with the pay-in page opened on the harness (a fresh browser context per test).
import { test as base } from '@playwright/test';
import { PayInPage } from './pages/payin-page';

export const test = base.extend<{ payin: PayInPage }>({
  payin: async ({ page }, use) => {
    const payin = new PayInPage(page);
    await payin.open();
    await use(payin);
  },
});

export { expect } from '@playwright/test';
