// Team mode's section of Settings, against the harness: the connection saved and read back, the password
// and team key written to the vault and never shown again, a bad key refused in the page, and a pay-in
// sent while the team database cannot be reached says that the team check was skipped. The harness is
// left without a team connection, as it was found.
import type { Page } from '@playwright/test';
import { seriousViolations } from '../support/e2e/axe';
import { expect, test } from '../support/e2e/fixtures';
import { CARDS, customer } from '../support/e2e/pages/payin-page';
import { SettingsPage } from '../support/e2e/pages/settings-page';

type PaydeskApi = { invoke(channel: string, input?: unknown): Promise<{ ok: boolean }> };

async function leaveTeamMode(page: Page): Promise<void> {
  const result = await page.evaluate(() =>
    (globalThis as unknown as { paydesk: PaydeskApi }).paydesk.invoke('settings.setTeam', {
      connection: null,
    }),
  );
  expect(result.ok).toBe(true);
}

test.afterEach(async ({ page }) => {
  await leaveTeamMode(page);
});

test('the team connection and its secrets are saved from Settings, read back, and removed', async ({
  payin,
}) => {
  const { page } = payin;
  const settings = new SettingsPage(page);
  await settings.open();
  const section = page.getByRole('region', { name: 'Team' });
  const connection = section.getByRole('form', { name: 'Team connection' });
  await expect(section.getByRole('form', { name: 'Team secrets' })).toHaveCount(0);

  await connection.getByRole('textbox', { name: 'Host' }).fill('db host');
  await connection.getByRole('button', { name: 'Save team connection' }).click();
  await expect(section.getByRole('alert')).toHaveText('Host: A host name, an IP address or a socket folder.');

  // Port 1 on loopback: nothing listens, so the team database "cannot be reached".
  await connection.getByRole('textbox', { name: 'Host' }).fill('127.0.0.1');
  await connection.getByRole('textbox', { name: 'Port' }).fill('1');
  await connection.getByRole('textbox', { name: "This desk's role" }).fill('desk_e2e');
  await connection.getByRole('textbox', { name: 'Desk name' }).fill('E2E desk');
  await connection.getByRole('button', { name: 'Save team connection' }).click();
  await expect(section.getByRole('status')).toHaveText('Team connection saved.');

  const secrets = section.getByRole('form', { name: 'Team secrets' });
  await expect(secrets).toBeVisible();
  await expect(secrets).toContainText('Not set.');
  await secrets.getByLabel('Team key').fill('not a key');
  await secrets.getByRole('button', { name: 'Save in the keychain' }).click();
  await expect(section.getByRole('alert')).toHaveText(
    'The team key is 64 hexadecimal characters (openssl rand -hex 32).',
  );
  await secrets.getByLabel('Role password').fill('desk-e2e-password');
  await secrets.getByLabel('Team key').fill('c3'.repeat(32));
  await secrets.getByRole('button', { name: 'Save in the keychain' }).click();
  await expect(section.getByRole('status')).toHaveText('Saved in the keychain.');
  await expect(secrets.getByLabel('Role password')).toHaveValue('');
  await expect(secrets.getByLabel('Team key')).toHaveValue('');
  await expect(secrets.getByText('Set (in the keychain).')).toHaveCount(2);
  expect(await seriousViolations(page)).toEqual([]);

  // Read back after a reload.
  await settings.reload();
  await settings.open();
  await expect(section.getByRole('textbox', { name: 'Host' })).toHaveValue('127.0.0.1');
  await expect(section.getByRole('textbox', { name: 'Desk name' })).toHaveValue('E2E desk');

  await section.getByRole('button', { name: 'Leave team mode' }).click();
  await expect(section.getByRole('status')).toHaveText('Team mode is off: this desk works alone.');
  await expect(section.getByRole('form', { name: 'Team secrets' })).toHaveCount(0);
});

test('a pay-in sent while the team database cannot be reached says that the team check was skipped', async ({
  payin,
  page,
}) => {
  const results = await page.evaluate(async () => {
    const api = (globalThis as unknown as { paydesk: PaydeskApi }).paydesk;
    // Port 1 on loopback: nothing listens.
    const connection = { host: '127.0.0.1', port: 1, database: 'paydesk_team', user: 'desk_e2e' };
    return [
      await api.invoke('settings.setTeam', { connection }),
      await api.invoke('secret.setTeam', { password: 'desk-e2e-password', key: 'c3'.repeat(32) }),
    ];
  });
  expect(results.map((result) => result.ok)).toEqual([true, true]);
  await payin.payApproved(customer(`team-skip-${Date.now()}`), CARDS.approve, '12.00');
  await expect(payin.result.getByTestId('payin-team-check-skipped')).toHaveText(
    /^The team duplicate check was skipped \(.+\): pay-ins on other desks were not checked\.$/,
  );
});
