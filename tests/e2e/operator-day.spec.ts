// An operator's day in Settings (issue 31 item 5), on the shared desk: the supervisor sends two pay-ins
// (one approved, one declined), then picks themselves and today by keyboard alone and reads the day: the
// sign-in of the run's start, the pay-ins by status with their currency's total. At both window sizes,
// with screenshots, and no serious accessibility finding.
import type { Page } from '@playwright/test';
import { SAMPLE_CUSTOMER } from '../support/app/sample-customer';
import { TEST_SUPERVISOR } from '../support/app/sign-in';
import { seriousViolations } from '../support/e2e/axe';
import { expect, test } from '../support/e2e/fixtures';
import { SettingsPage } from '../support/e2e/pages/settings-page';

type LooseApi = { invoke(channel: string, input?: unknown): Promise<{ ok: boolean; data?: unknown }> };

async function invoke(page: Page, channel: string, input?: unknown) {
  return page.evaluate(
    ({ channel, input }) => (globalThis as unknown as { paydesk: LooseApi }).paydesk.invoke(channel, input),
    { channel, input },
  );
}

const WINDOW_SIZES = [
  { width: 1280, height: 800 },
  { width: 1024, height: 700 },
] as const;

for (const size of WINDOW_SIZES) {
  test(`a supervisor reads an operator's day at ${size.width}×${size.height}`, async ({ payin }, info) => {
    // Two pay-ins, two days read, axe: more than the default 30 s on a busy machine.
    test.setTimeout(60_000);
    const { page } = payin;
    await page.setViewportSize(size);
    for (const cardNumber of ['4242424242424242', '4000000000009995']) {
      const sent = await invoke(page, 'payin.submit', {
        version: 'v2',
        fields: { ...SAMPLE_CUSTOMER, userId: `day-${Date.now().toString(36)}`, cardNumber, amount: '12.34' },
      });
      expect(sent.ok).toBe(true);
    }
    await new SettingsPage(page).open();
    const section = page.getByRole('region', { name: 'An operator’s day' });
    await section.scrollIntoViewIfNeeded();

    // Keyboard only: the operator list, then the day (today already).
    const operator = section.getByLabel('Operator', { exact: true });
    await operator.focus();
    await operator.selectOption(TEST_SUPERVISOR.id);
    await page.keyboard.press('Tab');
    const day = section.getByRole('textbox', { name: /^Day/ });
    await expect(day).toBeFocused();
    // Today, as the desk's language writes it (en: month first), whatever the browser's own locale.
    const now = new Date();
    const pad = (value: number) => String(value).padStart(2, '0');
    await expect(day).toHaveValue(`${pad(now.getMonth() + 1)}/${pad(now.getDate())}/${now.getFullYear()}`);
    // Enter in the day's field reads it and sends the form.
    await page.keyboard.press('Enter');

    const payIns = section.getByRole('table', { name: 'Pay-ins by status' });
    await expect(payIns).toBeVisible();
    for (const status of ['approved', 'declined']) {
      await expect(
        payIns.getByRole('row').filter({ hasText: status }).filter({ hasText: 'EUR' }),
      ).toHaveCount(1);
    }
    // Amounts in the desk's language: an English desk's euros.
    await expect(payIns.getByRole('row').nth(1).getByRole('cell').nth(3)).toHaveText(/^€[\d,]+\.\d{2}$/);
    const sessions = section.getByRole('table', { name: 'Sessions' });
    await expect(sessions.getByRole('row').filter({ hasText: 'Signed in' }).first()).toBeVisible();

    await payIns.scrollIntoViewIfNeeded();
    await page.screenshot({ path: info.outputPath(`operator-day-${size.width}x${size.height}.png`) });
    // The section is no wider than the window: nothing to scroll sideways.
    const box = await section.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(size.width);
    expect(await seriousViolations(page)).toEqual([]);

    // Yesterday typed as the desk's digits (en: mmddyyyy), then Enter: the form sends the day just read, which
    // has none of this run's pay-ins.
    const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
    const [mm, dd, yyyy] = [pad(yesterday.getMonth() + 1), pad(yesterday.getDate()), yesterday.getFullYear()];
    await day.fill(`${mm}${dd}${yyyy}`);
    await day.press('Enter');
    await expect(day).toHaveValue(`${mm}/${dd}/${yyyy}`);
    await expect(payIns).toHaveCount(0);
  });
}
