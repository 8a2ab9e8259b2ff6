// What an operator sees when Paydesk starts on damaged settings or without the keychain that holds the
// operator accounts' key: a harness of its own per case (not --ephemeral: a data folder with the files as
// the test leaves them, and no keychain).
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { SANDBOX_PROFILE } from '@shared/profile';
import { bridgeCaller, enrolFirstSupervisor, TEST_SUPERVISOR } from '../support/app/sign-in';
import { seriousViolations } from '../support/e2e/axe';
import { type RunningHarness, startHarness } from '../support/e2e/harness';
import { SessionScreen, SettingsPage } from '../support/e2e/pages/settings-page';

const NO_KEYCHAIN = { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/paydesk-e2e' };

/**
 * A harness on a data folder holding `files` (name → content). `memoryKeys`: the operator accounts' key in
 * memory (--memory-keys), so a first supervisor can be enrolled on a machine without a keychain.
 */
async function harnessWith(files: Record<string, string>, memoryKeys = false): Promise<RunningHarness> {
  const data = join(mkdtempSync(join(tmpdir(), 'paydesk-e2e-')), 'data');
  mkdirSync(data, { mode: 0o700 });
  for (const [name, content] of Object.entries(files)) writeFileSync(join(data, name), content);
  return startHarness(0, ['--data', data, ...(memoryKeys ? ['--memory-keys'] : [])], {
    ephemeral: false,
    env: NO_KEYCHAIN,
  });
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
    harness = await harnessWith(
      {
        'settings.json': JSON.stringify({
          settings: {
            operatorName: 'Jane Doe',
            activeProfileId: 'live-eu',
            profiles: [SANDBOX_PROFILE, broken],
          },
        }),
      },
      true,
    );
    const url = new URL(harness.url);
    await enrolFirstSupervisor(
      bridgeCaller(url.origin, url.searchParams.get('token') ?? ''),
      TEST_SUPERVISOR,
      () => Date.now(),
    );
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

test.describe('a desk with operator accounts, and no keychain to read their key', () => {
  let harness: RunningHarness;
  test.beforeAll(async () => {
    // An accounts file as a desk leaves it; its key would be in the keychain this harness cannot reach.
    harness = await harnessWith({ 'operators.json': JSON.stringify({ body: '{}', seal: '0'.repeat(64) }) });
  });
  test.afterAll(async () => {
    await harness.close();
  });

  test('opens for nobody and says what to do; a sign-in cannot get past it', async ({ page }) => {
    await page.goto(harness.url);
    const screen = new SessionScreen(page);
    await expect(screen.root).toBeVisible();
    const problem = page.getByTestId('session-damaged');
    await expect(problem).toContainText(
      'the OS keychain, which keeps the key of the operator accounts, cannot be read',
    );
    await expect(problem).toContainText('Unlock the keychain');
    await expect(screen.operatorId).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Pages' })).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
