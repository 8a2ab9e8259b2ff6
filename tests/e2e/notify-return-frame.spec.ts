// The browser harness shows the notification service's return page in its bank-page frame (or popup), as the
// Electron app's bank window shows the bank step ending (issue 35): the service lets the harness's origin,
// and only it, frame its return pages (returnPage.frameAncestors, a setting for the harness alone), and the
// page tells the harness it came back; the pay-in panel then waits for the gateway's notification. The
// service reaches no database here (and the harness does not trust its CA, so the sandbox's notification
// does not even arrive): the panel stays waiting. A service without the setting (every production one)
// refuses to be framed: tests/unit/notify-return-page.test.ts, tests/integration/notify-service.test.ts.
import type { Page } from '@playwright/test';
import { DEFAULT_MERCHANT } from '../../src/sandbox/merchants';
import { seriousViolations } from '../support/e2e/axe';
import { expect, test } from '../support/e2e/fixtures';
import { type RunningHarness, startHarness } from '../support/e2e/harness';
import { CARDS, customer, PayInPage } from '../support/e2e/pages/payin-page';
import type { Nginx } from '../support/notify/nginx';
import {
  type NotifyInstance,
  SANDBOX_MERCHANT,
  SANDBOX_MERCHANT_CREDENTIALS,
  startBehindNginx,
  testConfig,
} from '../support/notify/notify-service';

type LooseApi = { invoke(channel: string, input?: unknown): Promise<{ ok: boolean; error?: unknown }> };

/** A PostgreSQL address where nothing listens: the service would answer the gateway 503. */
const NO_DATABASE = { host: '127.0.0.1', port: 1, database: 'paydesk_team', user: 'nobody', password: 'x' };

const instances: NotifyInstance[] = [];
let nginx: Nginx | undefined;
/** The harness in its default frame mode, and one in popup mode (the stand-in for the app's window). */
let framed: RunningHarness | undefined;
let popup: RunningHarness | undefined;

test.describe.configure({ timeout: 120_000 });
// The browser trusts the CA made for nginx at test time, as a merchant's browsers trust its certificate.
test.use({ ignoreHTTPSErrors: true });

async function setUp(page: Page, harness: RunningHarness, service: string) {
  const steps: [string, unknown][] = [
    [
      'settings.setTeam',
      { connection: { host: '127.0.0.1', port: 1, database: 'paydesk_team', user: 'desk_e2e' } },
    ],
    [
      'profiles.save',
      {
        id: 'framed-returns',
        name: 'Framed returns',
        environment: 'sandbox',
        embeddedSandbox: true,
        merchantId: DEFAULT_MERCHANT.merchantId,
        motoIp: '203.0.113.7',
        notificationService: { baseUrl: service },
      },
    ],
    ['profiles.activate', { id: 'framed-returns' }],
  ];
  await new PayInPage(page).open(harness.url);
  await page.evaluate(async (steps) => {
    const api = (globalThis as unknown as { paydesk: LooseApi }).paydesk;
    for (const [channel, input] of steps) {
      const result = await api.invoke(channel, input);
      if (!result.ok) throw new Error(`${channel}: ${JSON.stringify(result.error)}`);
    }
  }, steps);
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  // Each on a free port: the service is configured with their origins once they listen.
  framed = await startHarness(0, [], { signedIn: true });
  popup = await startHarness(0, ['--bank-page-view', 'popup'], { signedIn: true });
  const origins = [framed, popup].map((harness) => new URL(harness.url).origin);
  nginx = await startBehindNginx(
    instances,
    {
      config: testConfig(NO_DATABASE, {
        merchants: [SANDBOX_MERCHANT],
        returnPage: { frameAncestors: origins },
      }),
      credentials: { 'database-password': NO_DATABASE.password, ...SANDBOX_MERCHANT_CREDENTIALS },
    },
    1,
  );
  const page = await browser.newPage();
  try {
    await setUp(page, framed, nginx.url);
    await setUp(page, popup, nginx.url);
  } finally {
    await page.close();
  }
});

test.afterAll(async () => {
  await framed?.close();
  await popup?.close();
  await nginx?.stop();
  for (const instance of instances.splice(0)) await instance.kill();
});

async function expectWaiting(payin: PayInPage) {
  const waiting = payin.result.getByTestId('payin-waiting-notification');
  await expect(waiting).toHaveText("Waiting for the gateway's notification.", { timeout: 20_000 });
  await expect(waiting).toBeInViewport();
  expect(await seriousViolations(payin.page)).toEqual([]);
}

for (const size of [
  { width: 1280, height: 800 },
  { width: 1024, height: 700 },
]) {
  test(`at ${size.width}×${size.height}, the bank page's return shows in the frame and the panel waits for the notification`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    const payin = new PayInPage(page);
    await payin.open(framed?.url);
    await expect(page.getByTestId('active-profile')).toContainText('Framed returns');
    await payin.fillPayIn(customer(`framed-${size.width}-${Date.now()}`), CARDS.threeDs, '43.00');
    await payin.send.click();
    await payin.expectOutcome('Action required');
    const bank = payin.bankFrame();
    await bank.getByLabel('One-time code').fill('1234');
    await bank.getByRole('button', { name: 'Confirm' }).click();
    // The service's return page in the frame (refused before: X-Frame-Options DENY) tells the harness the
    // bank step is over; the panel moves on, as the Electron app's does, and the frame goes.
    await expectWaiting(payin);
    await expect(payin.result.locator('iframe[data-testid="bank-page"]')).toHaveCount(0);
  });
}

test('in popup mode, the return page in the bank window moves the panel on, and the window closes', async ({
  page,
}) => {
  const payin = new PayInPage(page);
  await payin.open(popup?.url);
  await payin.fillPayIn(customer(`framed-popup-${Date.now()}`), CARDS.threeDs, '44.00');
  const opened = page.waitForEvent('popup');
  await payin.send.click();
  await payin.expectOutcome('Action required');
  const bankWindow = await opened;
  await bankWindow.getByLabel('One-time code').fill('1234');
  await bankWindow.getByRole('button', { name: 'Confirm' }).click();
  await expectWaiting(payin);
  await expect.poll(() => bankWindow.isClosed()).toBe(true);
});
