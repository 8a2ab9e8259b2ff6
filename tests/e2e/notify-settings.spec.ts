// A profile's notification service in Settings, against the harness: without a team connection the field
// says it needs team mode and main refuses the profile at that field, with its reason; with one (a team
// database that need not answer here), the profile is saved, read back after a reload, its own return and
// callback addresses give way to the service's, and the pay-in form says which addresses a pay-in gets.
// And while a pay-in waits (the gateway answered PROCESSING), the result panel says it waits for the
// gateway's notification, where a profile without a service offers to check later.
// The harness is left as it was found: no test profile, no team connection.
import type { Page } from '@playwright/test';
import { type InterfaceGateway, startInterfaceGateway } from '../support/doubles/interface-gateway';
import { seriousViolations } from '../support/e2e/axe';
import { expect, test } from '../support/e2e/fixtures';
import { customer } from '../support/e2e/pages/payin-page';
import { restoreSettings, SettingsPage, TEST_PROFILE_PREFIX } from '../support/e2e/pages/settings-page';

const SERVICE = 'https://notify.example.com/paydesk';

type LooseApi = { invoke(channel: string, input?: unknown): Promise<{ ok: boolean }> };

async function invoke(page: Page, channel: string, input?: unknown): Promise<{ ok: boolean }> {
  return page.evaluate(
    ({ channel, input }) => (globalThis as unknown as { paydesk: LooseApi }).paydesk.invoke(channel, input),
    { channel, input },
  );
}

test.afterEach(async ({ page }) => {
  // Profiles first: team mode cannot be left while a profile names a service.
  await restoreSettings(page);
  expect((await invoke(page, 'settings.setTeam', { connection: null })).ok).toBe(true);
});

test('a profile names its notification service only on a team desk, and its pay-ins use it', async ({
  payin,
}) => {
  test.setTimeout(60_000);
  const { page } = payin;
  const settings = new SettingsPage(page);
  await settings.open();
  const name = `${TEST_PROFILE_PREFIX}Notified ${Date.now().toString(36)}`;
  // The same profile typed in twice: refused without team mode, then saved with it.
  const profile = {
    name,
    environment: 'Test gateway',
    baseUrl: 'https://gateway.example.com',
    kycBaseUrl: 'https://gateway.example.com',
    merchantId: '4242',
  } as const;
  await settings.startNewProfile(profile);
  const service = settings.field('Notification service');
  await expect(settings.editor.getByTestId('notification-service-needs-team')).toBeVisible();
  await service.fill('http://notify.example.com');
  await settings.detail.getByRole('button', { name: 'Create profile' }).click();
  await expect(service).toHaveAccessibleDescription(/public https:\/\/ address/);
  await service.fill(`${SERVICE}/`);
  // The profile's own return and callback addresses give way to the service's.
  await expect(settings.editor.getByTestId('service-addresses-note')).toBeVisible();
  await expect(settings.field('Default callback URL')).toHaveCount(0);
  await settings.detail.getByRole('button', { name: 'Create profile' }).click();
  await expect(service).toHaveAccessibleDescription(/needs team mode/);
  // Said once (issue 35: "the notification service's refusal repeats itself"): the refusal under the field,
  // not the refusal and, under it, the same reason again in the hint's words.
  await expect(settings.editor.getByText(/needs team mode/i)).toHaveCount(1);
  await expect(settings.editor.getByTestId('notification-service-needs-team')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  // A team connection (port 1: nothing listens; saving the profile does not need the database).
  expect(
    (
      await invoke(page, 'settings.setTeam', {
        connection: { host: '127.0.0.1', port: 1, database: 'paydesk_team', user: 'desk_e2e' },
      })
    ).ok,
  ).toBe(true);
  await settings.reload();
  await settings.open();
  await settings.startNewProfile(profile);
  await expect(settings.editor.getByTestId('notification-service-needs-team')).toHaveCount(0);
  await settings.field('Notification service').fill(`${SERVICE}/`);
  await settings.detail.getByRole('button', { name: 'Create profile' }).click();
  await expect(settings.notice).toHaveText(`Profile "${name}" created. Set its merchant secret below.`);

  // Read back after a reload, the trailing slash dropped.
  await settings.reload();
  await settings.open();
  await settings.selectProfile(name);
  await expect(settings.field('Notification service')).toHaveValue(SERVICE);
  await settings.detailButton('Make active').click();
  await expect(settings.header).toContainText(name);

  await settings.openPayIn();
  await page.getByRole('button', { name: 'URLs' }).click();
  await expect(page.getByTestId('return-addresses-note')).toContainText(
    `${SERVICE}/callback, /return, /success, /fail`,
  );
});

test.describe('a pay-in the gateway leaves processing', () => {
  let gateway: InterfaceGateway | undefined;
  test.beforeAll(async () => {
    gateway = await startInterfaceGateway({ merchantId: 4242, secret: 'waiting-secret' });
  });
  test.afterAll(async () => {
    await gateway?.close();
  });

  for (const named of [true, false]) {
    test(
      named
        ? "waits for the gateway's notification when the profile names a service"
        : 'offers to check later when the profile names none',
      async ({ payin }) => {
        test.setTimeout(60_000);
        const { page } = payin;
        expect(
          (
            await invoke(page, 'settings.setTeam', {
              connection: { host: '127.0.0.1', port: 1, database: 'paydesk_team', user: 'desk_e2e' },
            })
          ).ok,
        ).toBe(true);
        const id = `e2e-waiting-${named ? 'service' : 'plain'}`;
        expect(
          (
            await invoke(page, 'profiles.save', {
              id,
              name: `${TEST_PROFILE_PREFIX}Waiting ${named ? 'service' : 'plain'}`,
              environment: 'test',
              baseUrl: gateway?.url,
              kycBaseUrl: gateway?.url,
              merchantId: 4242,
              ...(named && { notificationService: { baseUrl: SERVICE } }),
            })
          ).ok,
        ).toBe(true);
        expect((await invoke(page, 'profiles.activate', { id })).ok).toBe(true);
        await page.reload();
        // The double's card that the gateway leaves PROCESSING.
        await payin.fillPayIn(customer(`waiting-${Date.now()}`), '4000000000000077', '12.00');
        await payin.send.click();
        await payin.expectOutcome('Processing');
        const waiting = payin.result.getByTestId('payin-waiting-notification');
        const later = payin.result.getByRole('button', { name: 'Check later' });
        if (named) {
          await expect(waiting).toHaveText("Waiting for the gateway's notification.");
          await expect(later).toHaveCount(0);
        } else {
          await expect(waiting).toHaveCount(0);
          await expect(later).toBeVisible();
        }
        // Asking the gateway again stays there, as the fallback.
        await expect(payin.result.getByRole('button', { name: /Ask the gateway again/ })).toBeVisible();
        expect(await seriousViolations(page)).toEqual([]);
      },
    );
  }
});
