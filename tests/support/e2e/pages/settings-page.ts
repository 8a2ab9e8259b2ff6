// The Settings page and the sign-in screen as an operator sees them: sections, labelled fields, buttons by
// their names. Also the one way back to a clean harness after a test, whatever state it failed in.
import { expect, type Locator, type Page } from '@playwright/test';
import type { PaydeskApi } from '@shared/ipc';
import { approveAtDesk } from '../approval';
import { freshCode, runSupervisor } from '../desk-operator';

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
  readonly operators: Locator;
  readonly idleLock: Locator;
  readonly idleMinutes: Locator;
  readonly saveIdleLock: Locator;
  /** The shell's Lock now (beside the signed-in operator). */
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
    this.operators = page.getByRole('region', { name: 'Operators', exact: true });
    this.idleLock = page.getByRole('region', { name: 'Idle lock', exact: true });
    this.idleMinutes = this.idleLock.getByRole('textbox', { name: 'Idle lock (minutes)' });
    this.saveIdleLock = this.idleLock.getByRole('button', { name: 'Save idle lock' });
    this.lockNow = page.getByTestId('signed-in-operator').getByRole('button', { name: 'Lock now' });
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

  /** Answers the confirmation; switching to production then waits for the run's supervisor's approval. */
  async confirm(button: string): Promise<void> {
    await this.dialog.getByRole('button', { name: button, exact: true }).click();
    if (button === 'Switch to production') await approveAtDesk(this.page);
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
}

/**
 * A field by its label exactly, whether or not the label carries a required field's " *" (a password
 * field has no textbox role to find it by name).
 */
export function field(root: Locator | Page, label: string): Locator {
  return root.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s*\\*)?$`));
}

/** What shows instead of the shell until someone is signed in (features/session/SessionScreen.tsx). */
export class SessionScreen {
  readonly root: Locator;
  readonly operatorId: Locator;
  readonly passphrase: Locator;
  readonly code: Locator;
  readonly signInButton: Locator;
  readonly problem: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('session-screen');
    this.operatorId = this.root.getByRole('textbox', { name: 'Operator id' });
    this.passphrase = field(this.root, 'Passphrase');
    this.code = this.root.getByRole('textbox', { name: /^Code from your authenticator app/ });
    this.signInButton = this.root.getByRole('button', { name: 'Sign in' });
    this.problem = this.root.getByRole('alert');
  }

  async signIn(operatorId: string, passphrase: string, code: string): Promise<void> {
    await this.operatorId.fill(operatorId);
    await this.passphrase.fill(passphrase);
    await this.code.fill(code);
    await this.signInButton.click();
  }

  /** The run's supervisor signs in again (after Lock now), with a fresh code. */
  async signInAsSupervisor(): Promise<void> {
    const supervisor = runSupervisor();
    await this.signIn(supervisor.id, supervisor.passphrase, await freshCode(supervisor.secret!));
    await expect(this.root).toHaveCount(0);
  }
}

/** What a test may have left behind: the harness serves the whole run, so each test starts from this. */
export const TEST_PROFILE_PREFIX = 'E2E ';

/**
 * Back to the harness's starting state through the bridge (not a flow under test, so it may skip the UI):
 * the run's supervisor signed in, Sandbox active without a stored secret, no test profiles, the idle lock at
 * 15 minutes.
 */
export async function restoreSettings(page: Page): Promise<void> {
  const supervisor = runSupervisor();
  const status = await page.evaluate(async () => {
    const api = (globalThis as unknown as { paydesk: PaydeskApi }).paydesk;
    return api.invoke('session.status');
  });
  const signedIn =
    status.ok &&
    status.data.kind === 'signed-in' &&
    !status.data.locked &&
    status.data.operator.id === supervisor.id;
  const code = signedIn ? undefined : await freshCode(supervisor.secret!);
  const problems = await page.evaluate(
    async ({ prefix, supervisor, code }) => {
      const api = (globalThis as unknown as { paydesk: PaydeskApi }).paydesk;
      const failed: string[] = [];
      const check = (what: string, result: { ok: boolean }) => {
        if (!result.ok) failed.push(`${what}: ${JSON.stringify(result)}`);
      };
      if (code !== undefined) {
        check(
          'sign in',
          await api.invoke('session.signIn', {
            operatorId: supervisor.id,
            passphrase: supervisor.passphrase,
            code,
          }),
        );
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
      check('idle lock', await api.invoke('settings.update', { idleLockMinutes: 15 }));
      return failed;
    },
    { prefix: TEST_PROFILE_PREFIX, supervisor, code },
  );
  expect(problems, 'the harness is back in its starting state').toEqual([]);
}
