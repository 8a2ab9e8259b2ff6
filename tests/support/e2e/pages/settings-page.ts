// The Settings page and the lock screen as an operator sees them: sections, labelled fields, buttons by
// their names. Also the one way back to a clean harness after a test, whatever state it failed in.
import { expect, type Locator, type Page } from '@playwright/test';
import type { PaydeskApi } from '@shared/ipc';

const PAGE_KEYS = { 'Pay-in': 'Alt+1', 'KYC batches': 'Alt+2', History: 'Alt+3', Settings: 'Alt+4' } as const;

/**
 * Opens a page with its keyboard shortcut, as an operator with the hands on the keyboard does. (A click
 * would leave the pointer over the navigation, whose hover colours are not what axe should judge.)
 */
export async function goTo(page: Page, label: keyof typeof PAGE_KEYS): Promise<void> {
  await page.keyboard.press(PAGE_KEYS[label]);
  await expect(
    page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: label }),
  ).toHaveAttribute('aria-current', 'page');
}

export class SettingsPage {
  readonly heading: Locator;
  readonly profiles: Locator;
  readonly profileList: Locator;
  readonly detail: Locator;
  readonly editor: Locator;
  readonly addProfile: Locator;
  readonly notice: Locator;
  readonly secretStatus: Locator;
  readonly secretInput: Locator;
  readonly operator: Locator;
  readonly operatorName: Locator;
  readonly idleMinutes: Locator;
  readonly saveOperator: Locator;
  readonly lock: Locator;
  readonly lockStatus: Locator;
  readonly lockNow: Locator;
  readonly dialog: Locator;
  readonly banner: Locator;
  readonly header: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Settings', level: 2 });
    this.profiles = page.getByRole('region', { name: 'Connection profiles' });
    this.profileList = this.profiles.getByRole('list', { name: 'Connection profiles' });
    this.detail = this.profiles.getByTestId('profile-detail');
    this.editor = this.profiles.getByTestId('profile-editor');
    this.addProfile = this.profiles.getByRole('button', { name: 'Add profile' });
    this.notice = this.profiles.getByTestId('profiles-notice');
    this.secretStatus = this.profiles.getByTestId('secret-status');
    this.secretInput = this.profiles
      .getByRole('form', { name: 'Merchant secret' })
      .getByLabel(/^(New secret|Replacement secret)$/);
    this.operator = page.getByRole('region', { name: 'Operator', exact: true });
    this.operatorName = this.operator.getByRole('textbox', { name: 'Operator name' });
    this.idleMinutes = this.operator.getByRole('textbox', { name: 'Idle lock (minutes)' });
    this.saveOperator = this.operator.getByRole('button', { name: 'Save operator settings' });
    this.lock = page.getByRole('region', { name: 'Operator lock' });
    this.lockStatus = this.lock.getByTestId('lock-status');
    this.lockNow = this.lock.getByRole('button', { name: 'Lock now' });
    this.dialog = page.getByRole('dialog');
    this.banner = page.getByTestId('environment-banner');
    this.header = page.getByTestId('active-profile');
  }

  async open(): Promise<void> {
    await goTo(this.page, 'Settings');
    await expect(this.heading).toBeVisible();
  }

  /** Reloads the app and waits for it to be ready (it opens on the pay-in page). */
  async reload(): Promise<void> {
    await this.page.reload();
    await expect(this.page.getByRole('heading', { name: 'Card payment (MOTO)' })).toBeVisible();
  }

  async openPayIn(): Promise<void> {
    await goTo(this.page, 'Pay-in');
    await expect(this.page.getByRole('heading', { name: 'Card payment (MOTO)' })).toBeVisible();
  }

  /** A profile's entry in the list, by its name exactly. */
  profileItem(name: string): Locator {
    return this.profileList.getByRole('listitem').filter({ has: this.page.getByText(name, { exact: true }) });
  }

  async selectProfile(name: string): Promise<void> {
    await this.profileItem(name).getByRole('button').click();
    await expect(this.detail.getByRole('heading', { name, level: 4, exact: true })).toBeVisible();
  }

  /** A text field of the profile editor, by its label. */
  field(label: string): Locator {
    return this.editor.getByRole('textbox', { name: label, exact: true });
  }

  async chooseEnvironment(label: 'Sandbox' | 'Test gateway' | 'Production'): Promise<void> {
    await this.editor.getByText(label, { exact: true }).click();
  }

  /** Add profile, then its name, environment, gateway addresses and merchant id typed in (not created yet). */
  async startNewProfile(profile: {
    name: string;
    environment: 'Test gateway' | 'Production';
    baseUrl: string;
    kycBaseUrl: string;
    merchantId: string;
  }): Promise<void> {
    await this.addProfile.click();
    await this.field('Profile name').fill(profile.name);
    await this.chooseEnvironment(profile.environment);
    await this.field('Gateway base URL (base_url)').fill(profile.baseUrl);
    await this.field('KYC base URL (kyc_base_url)').fill(profile.kycBaseUrl);
    await this.field('Merchant ID (merchantId)').fill(profile.merchantId);
  }

  /** A production profile at an https address nothing listens at, created (not made active); its name. */
  async createUnreachableProductionProfile(label: string): Promise<string> {
    const name = `${TEST_PROFILE_PREFIX}${label} ${Date.now().toString(36)}`;
    const nowhere = 'https://127.0.0.1:47';
    await this.startNewProfile({
      name,
      environment: 'Production',
      baseUrl: nowhere,
      kycBaseUrl: nowhere,
      merchantId: '4242',
    });
    await this.detail.getByRole('button', { name: 'Create profile' }).click();
    await expect(this.notice).toContainText(`Profile "${name}" created.`);
    return name;
  }

  detailButton(name: string): Locator {
    return this.detail.getByRole('button', { name, exact: true });
  }

  async confirm(button: string): Promise<void> {
    await this.dialog.getByRole('button', { name: button, exact: true }).click();
    await expect(this.dialog).toBeHidden();
  }

  async saveSecret(secret: string): Promise<void> {
    await this.secretInput.fill(secret);
    await this.profiles.getByRole('button', { name: /^(Save secret|Replace secret)$/ }).click();
    await expect(this.secretStatus).toHaveText('Set');
  }

  async testConnection(): Promise<Locator> {
    await this.detail.getByRole('button', { name: 'Test connection' }).click();
    return this.detail.getByTestId('connection-result');
  }

  passphraseForm(name: 'Set a passphrase' | 'Change the passphrase' | 'Remove the passphrase'): Locator {
    return this.lock.getByRole('form', { name });
  }

  async setPassphrase(passphrase: string): Promise<void> {
    const form = this.passphraseForm('Set a passphrase');
    await form.getByLabel('New passphrase', { exact: true }).fill(passphrase);
    await form.getByLabel('Repeat the new passphrase', { exact: true }).fill(passphrase);
    await form.getByRole('button', { name: 'Set passphrase' }).click();
    await expect(this.lockStatus).toHaveText(/^On:/);
  }

  async removePassphrase(current: string): Promise<void> {
    const form = this.passphraseForm('Remove the passphrase');
    await form.getByLabel('Current passphrase', { exact: true }).fill(current);
    await form.getByRole('button', { name: 'Remove passphrase' }).click();
    await expect(this.lockStatus).toHaveText(/^Off:/);
  }
}

export class LockScreen {
  readonly root: Locator;
  readonly passphrase: Locator;
  readonly unlockButton: Locator;
  readonly problem: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('lock-screen');
    this.passphrase = this.root.getByLabel('Operator passphrase', { exact: true });
    this.unlockButton = this.root.getByRole('button', { name: 'Unlock' });
    this.problem = this.root.getByRole('alert');
  }

  async unlock(passphrase: string): Promise<void> {
    await this.passphrase.fill(passphrase);
    await this.unlockButton.click();
  }
}

/** What a test may have left behind: the harness serves the whole run, so each test starts from this. */
export const TEST_PROFILE_PREFIX = 'E2E ';

/**
 * Back to the harness's starting state through the bridge (not a flow under test, so it may skip the UI):
 * unlocked without a passphrase, Sandbox active without a stored secret, no test profiles, no operator name.
 */
export async function restoreSettings(page: Page, passphrase: string): Promise<void> {
  const problems = await page.evaluate(
    async ({ passphrase, prefix }) => {
      const api = (globalThis as unknown as { paydesk: PaydeskApi }).paydesk;
      const failed: string[] = [];
      const check = (what: string, result: { ok: boolean }) => {
        if (!result.ok) failed.push(`${what}: ${JSON.stringify(result)}`);
      };
      const status = await api.invoke('lock.status');
      if (status.ok && status.data.locked) check('unlock', await api.invoke('lock.unlock', { passphrase }));
      if (status.ok && status.data.passphraseSet) {
        check('remove passphrase', await api.invoke('lock.removePassphrase', { current: passphrase }));
      }
      check('activate Sandbox', await api.invoke('profiles.activate', { id: 'sandbox' }));
      const view = await api.invoke('settings.get');
      if (view.ok) {
        for (const profile of view.data.settings.profiles) {
          if (profile.name.startsWith(prefix)) {
            check(`remove ${profile.name}`, await api.invoke('profiles.remove', { id: profile.id }));
          }
        }
      }
      check('remove secret', await api.invoke('secret.remove', { profileId: 'sandbox' }));
      check('operator name', await api.invoke('settings.update', { operatorName: '' }));
      return failed;
    },
    { passphrase, prefix: TEST_PROFILE_PREFIX },
  );
  expect(problems, 'the harness is back in its starting state').toEqual([]);
}
