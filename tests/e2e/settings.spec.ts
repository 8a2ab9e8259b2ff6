// Settings, the session's lock and sign-in through the UI, against the harness's embedded sandbox. One
// harness serves the whole run: every test leaves it as it found it (the run's supervisor signed in,
// Sandbox active, no secret).
import { DEFAULT_MERCHANT } from '../../src/sandbox';
import { seriousViolations } from '../support/e2e/axe';
import { runSupervisor } from '../support/e2e/desk-operator';
import { expect, test } from '../support/e2e/fixtures';
import { HistoryPage } from '../support/e2e/pages/history-page';
import { CARDS, customer, PayInPage } from '../support/e2e/pages/payin-page';
import {
  restoreSettings,
  SessionScreen,
  SettingsPage,
  TEST_PROFILE_PREFIX,
} from '../support/e2e/pages/settings-page';

/** `test` with the Settings page open (the app opened on the pay-in page first, as an operator finds it). */
const it = test.extend<{ settings: SettingsPage }>({
  settings: async ({ payin }, use) => {
    const settings = new SettingsPage(payin.page);
    await settings.open();
    await use(settings);
  },
});

it.afterEach(async ({ page }) => {
  await restoreSettings(page);
});

/** A whole v1 (signed form) pay-in with an approving card, sent. */
async function sendV1PayIn(payin: PayInPage, userId: string, amount: string) {
  await payin.chooseVersion('v1');
  await payin.fillCustomer(customer(userId), { v1: true });
  await payin.fillCard(CARDS.approve);
  await payin.amount.fill(amount);
  await payin.currency.fill('EUR');
  await payin.send.click();
}

function uniqueName(what: string): string {
  return `${TEST_PROFILE_PREFIX}${what} ${Date.now().toString(36)}`;
}

it('the merchant secret saved in Settings is the one that signs v1 pay-ins', async ({ settings, payin }) => {
  await expect(settings.detail.getByRole('heading', { name: 'Sandbox', level: 4 })).toBeVisible();
  await expect(settings.secretStatus).toHaveText('Not set');
  await expect(settings.profiles).toContainText('the secret is kept in memory only');

  await settings.saveSecret(DEFAULT_MERCHANT.secret);
  // Write-only: the field is empty again and the page only says that a secret is set.
  await expect(settings.secretInput).toHaveValue('');
  await expect(settings.profileItem('Sandbox')).toContainText('secret set');

  await settings.openPayIn();
  await sendV1PayIn(payin, 'secret-right', '14.00');
  await payin.expectOutcome('Approved');

  await settings.open();
  await settings.saveSecret('not-the-sandbox-secret');
  await expect(settings.secretInput).toHaveValue('');

  await settings.openPayIn();
  await sendV1PayIn(payin, 'secret-wrong', '15.00');
  await payin.expectOutcome('Refused by the gateway');
  await expect(payin.result).toContainText(
    `sign: Does not match the request (${DEFAULT_MERCHANT.algorithm})`,
  );

  await settings.open();
  await settings.profiles.getByRole('button', { name: 'Remove secret' }).click();
  await expect(settings.dialog).toContainText('deleted from memory');
  await settings.confirm('Remove secret');
  await expect(settings.secretStatus).toHaveText('Not set');
  await expect(settings.profiles.getByRole('button', { name: 'Remove secret' })).toHaveCount(0);
});

it('profiles: add, edit, duplicate, choose active with its banner, delete', async ({ settings }) => {
  // The built-in Sandbox: no addresses to edit, no Delete.
  await expect(settings.field('Gateway base URL (base_url)')).toHaveCount(0);
  await expect(settings.editor.getByTestId('embedded-note')).toBeVisible();
  await expect(settings.detailButton('Delete')).toHaveCount(0);
  await expect(settings.detail).toContainText('Built in: it cannot be deleted.');

  // Add: the shared schema refuses an empty form and a bad address, field by field.
  await settings.addProfile.click();
  await settings.detail.getByRole('button', { name: 'Create profile' }).click();
  await expect(settings.field('Profile name')).toHaveAccessibleDescription(/Required\./);
  await expect(settings.field('Merchant ID (merchantId)')).toHaveAccessibleDescription(/Required\./);
  const name = uniqueName('Test gateway');
  await settings.field('Profile name').fill(name);
  await settings.chooseEnvironment('Test gateway');
  await settings.field('Gateway base URL (base_url)').fill('ftp://gateway.example.com');
  await settings.field('KYC base URL (kyc_base_url)').fill('https://kyc.example.com');
  await settings.field('Merchant ID (merchantId)').fill('4242');
  await settings.detail.getByRole('button', { name: 'Create profile' }).click();
  await expect(settings.field('Gateway base URL (base_url)')).toHaveAccessibleDescription(
    /A web address starting with http:\/\/ or https:\/\//,
  );
  await settings.field('Gateway base URL (base_url)').fill('https://gateway.example.com');
  await settings.detail.getByRole('button', { name: 'Create profile' }).click();
  await expect(settings.notice).toHaveText(`Profile "${name}" created. Set its merchant secret below.`);
  await expect(settings.profileItem(name)).toContainText('Test');
  await expect(settings.profileItem(name)).toContainText('secret not set');

  // Going from profile to profile shows one secret panel, the chosen profile's, never a stack of them.
  for (const shown of ['Sandbox', name, 'Sandbox', name]) {
    await settings.selectProfile(shown);
    await expect(settings.detail.getByRole('form', { name: 'Merchant secret' })).toHaveCount(1);
    await expect(settings.detail.getByRole('heading', { name: 'Merchant secret' })).toHaveCount(1);
  }

  // Edit: a new name and timeouts in seconds; after saving, the list and the form agree.
  const renamed = `${name} (EU)`;
  await settings.field('Profile name').fill(renamed);
  await settings.field('Request timeout (seconds)').fill('200');
  await settings.detail.getByRole('button', { name: 'Save profile' }).click();
  await expect(settings.field('Request timeout (seconds)')).toHaveAccessibleDescription(
    /From 1 to 120 seconds/,
  );
  await settings.field('Request timeout (seconds)').fill('45.5');
  await settings.detail.getByRole('button', { name: 'Save profile' }).click();
  await expect(settings.editor.getByRole('status')).toHaveText('Saved.');
  await expect(settings.profileItem(renamed)).toBeVisible();
  await expect(settings.profileItem(name)).toHaveCount(0);
  await settings.reload();
  await settings.open();
  await settings.selectProfile(renamed);
  await expect(settings.field('Request timeout (seconds)')).toHaveValue('45.5');
  await expect(settings.field('Gateway base URL (base_url)')).toHaveValue('https://gateway.example.com');

  // Duplicate: a copy under a new id, selected, without the secret.
  await settings.detailButton('Duplicate').click();
  const copy = `${renamed} (copy)`;
  await expect(settings.detail.getByRole('heading', { name: copy, level: 4 })).toBeVisible();
  await expect(settings.notice).toContainText('The merchant secret is not copied');
  await expect(settings.profileItem(renamed)).toBeVisible();
  const ids = await settings.profileList
    .getByRole('listitem')
    .evaluateAll((items) => items.map((item) => item.getAttribute('data-profile-id')));
  expect(new Set(ids).size).toBe(ids.length);

  // The copy becomes production; activating it asks first, then the header says so loudly.
  await settings.chooseEnvironment('Production');
  await expect(settings.editor).toContainText('Production: pay-ins with this profile charge real cards.');
  await settings.detail.getByRole('button', { name: 'Save profile' }).click();
  await expect(settings.editor.getByRole('status')).toHaveText('Saved.');
  await settings.detailButton('Make active').click();
  await expect(settings.dialog).toContainText('charge real cards');
  await settings.dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(settings.banner).toHaveAttribute('data-environment', 'sandbox');
  await settings.detailButton('Make active').click();
  await settings.confirm('Switch to production');
  await expect(settings.banner).toHaveAttribute('data-environment', 'production');
  await expect(settings.banner).toHaveText('PRODUCTION — real cards are charged');
  await expect(settings.header).toContainText(copy);
  await expect(settings.profileItem(copy)).toContainText('Active');

  // The test-gateway profile: active without a question, with its own banner.
  await settings.selectProfile(renamed);
  await settings.detailButton('Make active').click();
  await expect(settings.banner).toHaveAttribute('data-environment', 'test');
  await expect(settings.header).toContainText(renamed);

  // Delete the active one: it asks, says where the secret goes, and falls back to the Sandbox.
  await settings.detailButton('Delete').click();
  await expect(settings.dialog).toContainText('its merchant secret is removed from memory too');
  await expect(settings.dialog).toContainText('Paydesk switches to the Sandbox');
  await settings.confirm('Delete profile');
  await expect(settings.profileItem(renamed)).toHaveCount(0);
  await expect(settings.banner).toHaveAttribute('data-environment', 'sandbox');
  await expect(settings.header).toContainText('Sandbox');

  await settings.selectProfile(copy);
  await settings.detailButton('Delete').click();
  await settings.confirm('Delete profile');
  await expect(settings.profileItem(copy)).toHaveCount(0);
  await expect(settings.notice).toHaveText(`Profile "${copy}" deleted.`);
});

it('Test connection on the Sandbox profile reaches the embedded gateway at both addresses', async ({
  settings,
}) => {
  const result = await settings.testConnection();
  await expect(result).toContainText(/^Connected \(\d+ ms\)/);
  const payin = result.getByTestId('connection-check-payin');
  await expect(payin).toContainText('Pay-ins (base_url): reached');
  await expect(payin).toContainText(/POST http:\/\/127\.0\.0\.1:\d+\/openapi\/v2\/pwpp/);
  await expect(payin).toContainText(/The gateway answered in \d+ ms/);
  const kyc = result.getByTestId('connection-check-kyc');
  await expect(kyc).toContainText('KYC (kyc_base_url): reached');
  await expect(kyc).toContainText(/POST http:\/\/127\.0\.0\.1:\d+\/openapi\/v1\/submitKYC/);
});

it('Test connection says, per address, what was not reached and which setting to check', async ({
  settings,
}) => {
  const name = uniqueName('Nowhere');
  // Port 47 on loopback: a privileged port nothing listens on, so the connection is refused at once.
  await settings.startNewProfile({
    name,
    environment: 'Test gateway',
    baseUrl: 'http://127.0.0.1:47/gw/v3',
    kycBaseUrl: 'http://127.0.0.1:47/kyc',
    merchantId: '4242',
  });
  await settings.detail.getByRole('button', { name: 'Create profile' }).click();
  await expect(settings.notice).toContainText(`Profile "${name}" created.`);

  const result = await settings.testConnection();
  await expect(result).toContainText(/^No connection/);
  const payin = result.getByTestId('connection-check-payin');
  await expect(payin).toContainText('Pay-ins (base_url): not reached');
  await expect(payin).toContainText('POST http://127.0.0.1:47/gw/v3/openapi/v2/pwpp');
  await expect(payin).toContainText(
    'Not reached: nothing is listening at 127.0.0.1:47 (connection refused). Check the gateway base URL (base_url)',
  );
  await expect(result.getByTestId('connection-check-kyc')).toContainText(
    'POST http://127.0.0.1:47/kyc/openapi/v1/submitKYC',
  );
  await expect(result).not.toContainText('fetch failed');
});

it('after Lock now, the result panel does not show the last pay-in to whoever signs in', async ({
  settings,
  payin,
  page,
}) => {
  await settings.openPayIn();
  await payin.payApproved(customer('lock-result'), CARDS.approve, '19.00');
  await settings.lockNow.click();
  await new SessionScreen(page).signInAsSupervisor();
  await expect(payin.result).toContainText('The result of the payment appears here.');
  await expect(payin.result).not.toContainText('424242');
});

it('Lock now: the pay-in form is gone; a wrong sign-in is refused without saying which part; the right one opens it empty', async ({
  settings,
  payin,
  page,
}) => {
  const screen = new SessionScreen(page);
  const supervisor = runSupervisor();
  // A half-typed pay-in on the (hidden, still mounted) pay-in page.
  await settings.openPayIn();
  await payin.userId.fill('lock-test');
  await payin.cardNumber.fill(CARDS.approve);
  await settings.open();
  await settings.lockNow.click();

  await expect(screen.root).toBeVisible();
  await expect(
    screen.root.getByRole('heading', { name: `Locked — ${supervisor.displayName}` }),
  ).toBeVisible();
  await expect(screen.passphrase).toBeFocused();
  await expect(page.getByRole('heading', { name: 'Card payment (MOTO)' })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Card number' })).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Pages' })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  await screen.signIn(supervisor.id, 'not the passphrase', '123456');
  await expect(screen.problem).toHaveText(/^That operator id, passphrase and code do not sign anyone in\./);
  await expect(screen.passphrase).toHaveValue('');
  await expect(screen.code).toHaveValue('');
  expect(await seriousViolations(page)).toEqual([]);

  // A reload does not get around it: main is still locked.
  await page.reload();
  await expect(screen.root).toBeVisible();

  await screen.signInAsSupervisor();
  await settings.openPayIn();
  await expect(payin.form).toBeVisible();
  await expect(payin.cardNumber).toHaveValue('');
  await expect(payin.userId).toHaveValue('');
});

it('a call answered "locked" brings the sign-in screen, even when the lock event was missed', async ({
  settings,
  page,
}) => {
  // A second window on the same desk that hears no events: its event stream is cut.
  const other = await page.context().newPage();
  await other.route('**/__events**', (route) => route.abort());
  const otherPayIn = new PayInPage(other);
  await otherPayIn.open();

  await settings.lockNow.click();
  await expect(new SessionScreen(page).root).toBeVisible();
  // The deaf window learns of the lock from the answer to its next call: the report of the key press
  // that opens History, or History's query, whichever main answers first.
  await expect(otherPayIn.form).toBeVisible();
  await other.keyboard.press('Alt+3');
  await expect(new SessionScreen(other).root).toBeVisible();
  await expect(other.getByRole('heading', { name: 'History' })).toHaveCount(0);
  await expect(otherPayIn.form).toHaveCount(0);
  await other.close();
});

it("the operator's activity reaches main at most once per 30 s", async ({ payin }) => {
  const page = payin.page;
  // A window of its own, watched from its first key press: the first event reports, the rest wait 30 s.
  const other = await page.context().newPage();
  const reports: string[] = [];
  other.on('request', (request) => {
    if (new URL(request.url()).pathname === '/__ipc/session.activity') reports.push(request.url());
  });
  await new PayInPage(other).open();
  const settings = new SettingsPage(other);
  await settings.open();
  await settings.idleMinutes.pressSequentially('50');
  await other.mouse.wheel(0, 200);
  // Requests go out in the order they are made: once this one is seen, any report before it is too.
  const tested = other.waitForRequest((request) => request.url().endsWith('/__ipc/profiles.testConnection'));
  await expect(await settings.testConnection()).toContainText('Connected');
  await tested;
  expect(reports).toHaveLength(1);
  await other.close();
});

it('the signed-in operator is named in the header and recorded by id on the next pay-in; the idle lock is checked', async ({
  settings,
  payin,
  page,
}) => {
  const supervisor = runSupervisor();
  await expect(page.getByTestId('signed-in-operator')).toContainText(supervisor.displayName);
  await expect(page.getByTestId('signed-in-operator')).toContainText('Supervisor');
  await settings.idleMinutes.fill('0');
  await settings.saveIdleLock.click();
  await expect(settings.idleMinutes).toHaveAccessibleDescription(/from 1 to 240/);
  await settings.idleMinutes.fill('15');
  await settings.saveIdleLock.click();
  await expect(settings.idleLock.getByRole('status')).toHaveText('Saved.');

  await settings.openPayIn();
  await payin.payApproved(customer('operator'), CARDS.approve, '16.00');
  const orderNumber = await payin.factText('Order number');

  const history = new HistoryPage(page);
  await history.open();
  await history.searchFor(orderNumber);
  await history.expectRowCount(1);
  await history.row(orderNumber).click();
  await expect(history.drawer).toBeVisible();
  await expect(history.drawerField('Operator')).toHaveText(supervisor.id);
  await expect(history.drawer.getByTestId('history-timeline')).toContainText(supervisor.id);
});

it.describe('accessibility (axe: no serious or critical violations)', () => {
  it('the settings page', async ({ settings, page }) => {
    await expect(settings.operators.getByRole('table', { name: 'Operators of this desk' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('the profile editor showing its errors, and the page after a connection test', async ({
    settings,
    page,
  }) => {
    await settings.addProfile.click();
    await settings.chooseEnvironment('Production');
    await settings.detail.getByRole('button', { name: 'Create profile' }).click();
    await expect(settings.field('Profile name')).toHaveAttribute('aria-invalid', 'true');
    expect(await seriousViolations(page)).toEqual([]);

    await settings.detail.getByRole('button', { name: 'Cancel' }).click();
    const result = await settings.testConnection();
    await expect(result).toContainText('Connected');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('a confirmation dialog', async ({ settings, page }) => {
    await settings.saveSecret('axe-secret');
    await settings.profiles.getByRole('button', { name: 'Remove secret' }).click();
    await expect(settings.dialog).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await settings.confirm('Remove secret');
  });
});
