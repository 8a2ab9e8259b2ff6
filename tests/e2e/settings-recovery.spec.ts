// What an operator sees when Paydesk starts on damaged settings or without the keychain that holds the
// operator passphrase: a harness of its own per case (not --ephemeral: a data folder with the files as
// the test leaves them, and no keychain).
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { SANDBOX_PROFILE } from '@shared/profile';
import { seriousViolations } from '../support/e2e/axe';
import { type RunningHarness, startHarness } from '../support/e2e/harness';
import { LockScreen, SettingsPage } from '../support/e2e/pages/settings-page';

const NO_KEYCHAIN = { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/paydesk-e2e' };

/** A harness on a data folder holding `files` (name → content). */
async function harnessWith(files: Record<string, string>): Promise<RunningHarness> {
  const data = join(mkdtempSync(join(tmpdir(), 'paydesk-e2e-')), 'data');
  mkdirSync(data, { mode: 0o700 });
  for (const [name, content] of Object.entries(files)) writeFileSync(join(data, name), content);
  return startHarness(0, ['--data', data], { ephemeral: false, env: NO_KEYCHAIN });
}

test.describe('a settings file with a profile Paydesk cannot use', () => {
  let harness: RunningHarness;
  test.beforeAll(async () => {
    const broken = {
      id: 'live-eu',
      name: 'Live EU',
      environment: 'production',
      baseUrl: 'not an address',
      kycBaseUrl: 'https://kyc.example.com',
      merchantId: 4242,
    };
    harness = await harnessWith({
      'settings.json': JSON.stringify({
        settings: {
          operatorName: 'Jane Doe',
          activeProfileId: 'live-eu',
          profiles: [SANDBOX_PROFILE, broken],
        },
      }),
    });
  });
  test.afterAll(async () => {
    await harness.close();
  });

  test('names the profile left out on every page and in Settings; the rest of the settings stay', async ({
    page,
  }) => {
    await page.goto(harness.url);
    const banner = page.getByTestId('settings-notices-banner');
    await expect(banner).toContainText('Part of the settings file could not be used');
    await expect(banner).toContainText('The profile "Live EU" was not valid (baseUrl:');
    await expect(banner).toContainText('It was the active profile: Paydesk uses the Sandbox profile');
    await expect(banner).toContainText(/The file as it was is kept in .+settings\.backup-.+\.json\./);
    const settings = new SettingsPage(page);
    await expect(settings.header).toContainText('Jane Doe');
    await expect(settings.banner).toHaveAttribute('data-environment', 'sandbox');
    expect(await seriousViolations(page)).toEqual([]);

    await banner.getByRole('button', { name: 'Dismiss' }).click();
    await expect(banner).toHaveCount(0);
    await settings.open();
    await expect(page.getByTestId('settings-notices')).toContainText('The profile "Live EU" was not valid');
    // Dismissed stays dismissed on the other pages.
    await settings.openPayIn();
    await expect(page.getByRole('heading', { name: 'Card payment (MOTO)' })).toBeVisible();
    await expect(banner).toBeHidden();
  });
});

test.describe('a passphrase recorded, and no keychain to check it with', () => {
  let harness: RunningHarness;
  test.beforeAll(async () => {
    harness = await harnessWith({
      'operator-lock.json': JSON.stringify({ passphraseSet: true, wrongInARow: 0 }),
    });
  });
  test.afterAll(async () => {
    await harness.close();
  });

  test('stays locked and says what to do; a passphrase cannot get past it', async ({ page }) => {
    await page.goto(harness.url);
    const lock = new LockScreen(page);
    await expect(lock.root).toBeVisible();
    const problem = page.getByTestId('lock-keychain-problem');
    await expect(problem).toContainText('The OS keychain cannot be read');
    await expect(problem).toContainText('Unlock the OS keychain');
    await expect(problem).toContainText('A forgotten passphrase cannot be recovered');
    expect(await seriousViolations(page)).toEqual([]);

    await lock.unlock('correct horse battery');
    await expect(page.locator('#unlock-problem')).toHaveText(
      'The OS keychain still cannot be read: see above.',
    );
    await expect(lock.root).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Pages' })).toHaveCount(0);
  });
});
