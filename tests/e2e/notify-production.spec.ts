// The gateway's notification in production, end to end (issue 23): a production-shaped profile names its
// notification service, reached at an https address through Debian's nginx (TLS with a CA made at test
// time) in front of two service instances, over a private PostgreSQL cluster; the desk (a harness of its
// own, in team mode on that cluster) sends every pay-in with the service's callBackURL and return pages,
// and the sandbox, behaving as a remote gateway, posts its notification there. A 3-D Secure pay-in ends
// Approved, and another Declined, on the desk by the notification alone: nobody asks the gateway again.
// Test connection says the service reaches the team database.
import { DEFAULT_MERCHANT } from '../../src/sandbox/merchants';
import { expect, test } from '../support/e2e/fixtures';
import { type RunningHarness, startHarness } from '../support/e2e/harness';
import { CARDS, customer, PayInPage } from '../support/e2e/pages/payin-page';
import { SettingsPage } from '../support/e2e/pages/settings-page';
import type { Nginx } from '../support/notify/nginx';
import {
  type NotifyInstance,
  sandboxMerchantService,
  startBehindNginx,
} from '../support/notify/notify-service';
import { type PostgresCluster, startPostgresCluster } from '../support/team/postgres-cluster';
import { createTeamDatabase } from '../support/team/team-database';
import { TEAM_KEY } from '../support/team/team-desk';

type LooseApi = { invoke(channel: string, input?: unknown): Promise<{ ok: boolean; error?: unknown }> };

let cluster: PostgresCluster | undefined;
const instances: NotifyInstance[] = [];
let nginx: Nginx | undefined;
let harness: RunningHarness | undefined;

test.describe.configure({ timeout: 120_000 });

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  cluster = await startPostgresCluster();
  const team = await createTeamDatabase(cluster);
  const desk = await team.addDesk('desk_production');
  const notifyRole = await team.addNotify('notify_production');
  nginx = await startBehindNginx(instances, sandboxMerchantService(notifyRole));
  harness = await startHarness(
    Number(process.env.PAYDESK_E2E_PORT ?? 5391) + 7,
    ['--trust-ca', nginx.ca.caFile],
    { signedIn: true },
  );
  // Team mode and the profile set up as Settings would leave them (the UI of both has tests of its own).
  const steps: [string, unknown][] = [
    [
      'settings.setTeam',
      {
        connection: {
          host: desk.host,
          port: desk.port,
          database: desk.database,
          user: desk.user,
          deskName: 'Production desk',
        },
      },
    ],
    ['secret.setTeam', { password: desk.password, key: TEAM_KEY }],
    [
      'profiles.save',
      {
        id: 'production-like',
        name: 'Production-like',
        environment: 'sandbox',
        embeddedSandbox: true,
        merchantId: DEFAULT_MERCHANT.merchantId,
        motoIp: '203.0.113.7',
        notificationService: { baseUrl: nginx.url },
      },
    ],
    ['profiles.activate', { id: 'production-like' }],
  ];
  const page = await browser.newPage();
  try {
    await new PayInPage(page).open(harness.url);
    await page.evaluate(async (steps) => {
      const api = (globalThis as unknown as { paydesk: LooseApi }).paydesk;
      for (const [channel, input] of steps) {
        const result = await api.invoke(channel, input);
        if (!result.ok) throw new Error(`${channel}: ${JSON.stringify(result.error)}`);
      }
    }, steps);
  } finally {
    await page.close();
  }
});

test.afterAll(async () => {
  await harness?.close();
  await nginx?.stop();
  for (const instance of instances.splice(0)) await instance.kill();
  await cluster?.destroy();
});

test('a 3-D Secure pay-in ends Approved, and one Declined, by the notification alone', async ({ page }) => {
  const payin = new PayInPage(page);
  await payin.open(harness?.url);
  await expect(page.getByTestId('active-profile')).toContainText('Production-like');
  // A pay-in that waits for the bank, then the customer's code.
  await payin.fillPayIn(customer(`prod-pass-${Date.now()}`), CARDS.threeDs, '41.00');
  await payin.send.click();
  await payin.expectOutcome('Action required');
  let bank = payin.bankFrame();
  await bank.getByLabel('One-time code').fill('1234');
  await bank.getByRole('button', { name: 'Confirm' }).click();
  // The sandbox posts to https://…/callback through nginx; a service instance stores it; the desk hears it.
  await expect(payin.resultHeading).toHaveText('Approved', { timeout: 30_000 });
  await expect(payin.result.getByRole('button', { name: 'Ask the gateway again' })).toHaveCount(0);

  await payin.fillPayIn(customer(`prod-fail-${Date.now()}`), CARDS.threeDs, '42.00');
  await payin.send.click();
  await payin.expectOutcome('Action required');
  bank = payin.bankFrame();
  await bank.getByLabel('One-time code').fill('9999');
  await bank.getByRole('button', { name: 'Confirm' }).click();
  await expect(payin.resultHeading).toHaveText('Declined', { timeout: 30_000 });

  // Test connection: the gateway, and the service, which reaches the team database.
  const settings = new SettingsPage(page);
  await settings.open();
  await settings.selectProfile('Production-like');
  const result = await settings.testConnection();
  await expect(result.getByTestId('connection-check-notify')).toContainText('reaches the team database');
});
