// Issue 31 in the browser: a new desk's first supervisor enrols (the code computed here from the secret the
// screen shows, as a phone would), adds an agent, a compliance officer and a reviewer in Settings, and each
// signs in through their own enrolment and sees only their pages; a switch of operator mid-shift drops the
// typed form; ten wrong sign-ins lock the account while another operator still signs in. A desk of its own
// per window size (the shared one's supervisor must stay signed in for the other flows).
import { expect, type Page, test } from '@playwright/test';
import { codeAt } from '../../src/main/operators/totp';
import { approvalDialog, approveAtDesk } from '../support/e2e/approval';
import { seriousViolations } from '../support/e2e/axe';
import { freshCode } from '../support/e2e/desk-operator';
import { type RunningHarness, startHarness } from '../support/e2e/harness';
import { HistoryPage } from '../support/e2e/pages/history-page';
import { CARDS, customer, PayInPage } from '../support/e2e/pages/payin-page';
import { field, SessionScreen, SettingsPage } from '../support/e2e/pages/settings-page';

const WINDOW_SIZES = [
  { width: 1280, height: 800 },
  { width: 1024, height: 700 },
] as const;

const SUPERVISOR = { id: 'sam.super', name: 'Sam Supervisor', passphrase: 'supervisor passphrase' };
const PEOPLE = [
  { id: 'ana.agent', name: 'Ana Agent', role: 'Agent', pages: ['Pay-in', 'History'] },
  { id: 'olga.officer', name: 'Olga Officer', role: 'Compliance', pages: ['KYC batches', 'History'] },
  { id: 'rui.reviewer', name: 'Rui Reviewer', role: 'Reviewer', pages: ['History'] },
] as const;

/** Each account's authenticator secret, as read off its enrolment screen. */
const secrets = new Map<string, string>();

async function enrolOnScreen(page: Page, id: string, newPassphrase?: string): Promise<void> {
  const screen = new SessionScreen(page);
  const form = page.getByRole('form', { name: 'Set up your authenticator' });
  await expect(form).toBeVisible();
  await expect(form.getByRole('img', { name: new RegExp(`QR code to add ${id}`) })).toBeVisible();
  const secret = (await page.getByTestId('enrolment-secret').textContent())?.replaceAll(' ', '') ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  secrets.set(id, secret);
  if (newPassphrase !== undefined) {
    await field(form, 'Your new passphrase').fill(newPassphrase);
    await field(form, 'New passphrase again').fill(newPassphrase);
  }
  await screen.code.fill(await freshCode(secret));
  await form.getByRole('button', { name: 'Confirm and sign in' }).click();
  await expect(screen.root).toHaveCount(0);
}

/** Sam, the desk's supervisor, as the approval dialog takes him. */
function sam() {
  return { id: SUPERVISOR.id, passphrase: SUPERVISOR.passphrase, secret: secrets.get(SUPERVISOR.id)! };
}

function navButtons(page: Page) {
  return page.getByRole('navigation', { name: 'Pages' }).getByRole('button');
}

async function switchOperator(page: Page): Promise<void> {
  await page.getByTestId('signed-in-operator').getByRole('button', { name: 'Switch operator' }).click();
  await expect(
    new SessionScreen(page).root.getByRole('heading', { name: 'Sign in to Paydesk' }),
  ).toBeVisible();
}

async function signInAs(page: Page, id: string, passphrase: string): Promise<void> {
  const screen = new SessionScreen(page);
  await screen.signIn(id, passphrase, await freshCode(secrets.get(id)!));
  await expect(screen.root).toHaveCount(0);
}

for (const size of WINDOW_SIZES) {
  test.describe(`operators at ${size.width}×${size.height}`, () => {
    test.use({ viewport: size });
    // Several sign-ins with codes that may wait for the next half minute, and scrypt each time.
    test.describe.configure({ mode: 'serial', timeout: 180_000 });
    let harness: RunningHarness;
    test.beforeAll(async () => {
      harness = await startHarness(0);
    });
    test.afterAll(async () => {
      await harness.close();
    });

    test('the first supervisor enrols with a code from the QR secret, by keyboard', async ({ page }) => {
      await page.goto(harness.url);
      const screen = new SessionScreen(page);
      await expect(screen.root.getByRole('heading', { name: 'Welcome to Paydesk' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      const form = page.getByRole('form', { name: 'Create the first supervisor' });
      await expect(form.getByRole('textbox', { name: 'Operator id' })).toBeFocused();
      await page.keyboard.type(SUPERVISOR.id);
      await page.keyboard.press('Tab');
      await page.keyboard.type(SUPERVISOR.name);
      await page.keyboard.press('Tab');
      await page.keyboard.type('too short');
      await page.keyboard.press('Tab');
      // The show-passphrase toggle is not a Tab stop: the next field is.
      await expect(field(form, 'Passphrase again')).toBeFocused();
      await page.keyboard.type('too short');
      await page.keyboard.press('Enter');
      await expect(page.getByRole('alert')).toHaveText('The passphrase needs at least 12 characters.');
      await field(form, 'Passphrase').fill(SUPERVISOR.passphrase);
      await field(form, 'Passphrase again').fill(SUPERVISOR.passphrase);
      await page.keyboard.press('Enter');
      await expect(page.getByRole('form', { name: 'Set up your authenticator' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: `/tmp/operators-enrolment-${size.width}.png` });
      // A wrong first code is refused; the right one signs the supervisor in.
      await screen.code.fill('000000');
      await page.getByRole('button', { name: 'Confirm and sign in' }).click();
      await expect(page.getByRole('alert')).toContainText('does not match the new authenticator');
      await enrolOnScreen(page, SUPERVISOR.id);
      await expect(page.getByTestId('signed-in-operator')).toContainText(`${SUPERVISOR.name}Supervisor`);
      await expect(navButtons(page)).toHaveText([/^Pay-in/, /^KYC batches/, /^History/, /^Settings/]);
    });

    test('the supervisor adds an operator of each role; each enrols and sees only their own pages', async ({
      page,
    }) => {
      await new PayInPage(page).open(harness.url);
      const settings = new SettingsPage(page);
      await settings.open();
      for (const person of PEOPLE) {
        const add = settings.operators.getByRole('form', { name: 'Add an operator' });
        await add.getByRole('textbox', { name: 'Operator id' }).fill(person.id);
        await add.getByRole('textbox', { name: 'Name shown' }).fill(person.name);
        await add.getByRole('combobox', { name: 'Role' }).selectOption(person.role.toLowerCase());
        await field(add, 'One-time passphrase').fill(`one time ${person.id}`);
        await add.getByRole('button', { name: 'Add operator' }).click();
        // Adding an operator waits for a supervisor: Sam, the desk's only one, approves it himself.
        await expect(approvalDialog(page)).toContainText(`adding the operator ${person.name}`);
        await expect(approvalDialog(page)).toContainText('only supervisor');
        if (person === PEOPLE[0]) {
          expect(await seriousViolations(page)).toEqual([]);
          await page.screenshot({ path: `/tmp/operators-approval-self-${size.width}.png` });
        }
        await approveAtDesk(page, sam());
        await expect(settings.operators.getByTestId(`operator-${person.id}`)).toContainText(
          'Enrols at next sign-in',
        );
      }
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: `/tmp/operators-settings-${size.width}.png`, fullPage: true });

      for (const person of PEOPLE) {
        await switchOperator(page);
        const screen = new SessionScreen(page);
        // The first sign-in: the one-time passphrase, no code yet.
        await screen.operatorId.fill(person.id);
        await screen.passphrase.fill(`one time ${person.id}`);
        await screen.signInButton.click();
        await enrolOnScreen(page, person.id, `${person.id} own passphrase`);
        await expect(page.getByTestId('signed-in-operator')).toContainText(person.role);
        await expect(navButtons(page)).toHaveText(person.pages.map((label) => new RegExp(`^${label}`)));
        if (person.role === 'Reviewer') await expect(page.getByTestId('history-export')).toBeVisible();
        if (person.role !== 'Reviewer') await expect(page.getByTestId('history-export')).toHaveCount(0);
        expect(await seriousViolations(page)).toEqual([]);
      }
      await switchOperator(page);
      await signInAs(page, SUPERVISOR.id, SUPERVISOR.passphrase);
    });

    test("a switch of operator mid-shift drops what the last one typed; History finds each one's rows by operator", async ({
      page,
    }) => {
      const payin = new PayInPage(page);
      await payin.open(harness.url);
      await payin.userId.fill('half-typed-customer');
      await payin.amount.fill('12.00');
      await switchOperator(page);
      await signInAs(page, 'ana.agent', 'ana.agent own passphrase');
      await expect(page.getByTestId('signed-in-operator')).toContainText('Ana Agent');
      await expect(payin.userId).toHaveValue('');
      await expect(payin.amount).toHaveValue('');
      // The agent's pay-in is recorded under the agent's id; a supervisor finds it by operator.
      await payin.payApproved(customer(`agent-own-${size.width}`), CARDS.approve, '21.00');
      await switchOperator(page);
      await signInAs(page, SUPERVISOR.id, SUPERVISOR.passphrase);
      const history = new HistoryPage(page);
      await history.open();
      const operatorFilter = page.getByTestId('history-operator');
      await operatorFilter.fill('ana.agent');
      await history.expectRowCount(1);
      await expect(history.rows.first()).toContainText('21.00');
      await operatorFilter.fill(SUPERVISOR.id);
      await history.expectRowCount(0);
      expect(await seriousViolations(page)).toEqual([]);
    });

    test("an agent's pay-in above the limit waits until a supervisor approves it at the desk", async ({
      page,
    }) => {
      await new PayInPage(page).open(harness.url);
      const settings = new SettingsPage(page);
      await settings.open();
      const limits = page.getByRole('form', { name: 'Set a pay-in limit' });
      await limits.getByRole('combobox', { name: 'Whose' }).selectOption('role:agent');
      await limits.getByRole('textbox', { name: 'Currency' }).fill('EUR');
      await limits.getByRole('textbox', { name: 'Approval above' }).fill('100');
      await limits.getByRole('button', { name: 'Set limit' }).click();
      await approveAtDesk(page, sam());
      await expect(page.getByRole('table', { name: 'Pay-in limits' })).toContainText('Every AgentEUR€100.00');

      // A role of the desk's own: Agent copied, with the audit check added (saved once approved).
      const roles = page.getByRole('table', { name: 'Roles of this desk' });
      await roles.getByRole('button', { name: 'Copy Agent' }).click();
      const editor = page.getByRole('form', { name: 'New role' });
      await editor.getByRole('textbox', { name: 'Role id' }).fill('senior-agent');
      await editor.getByRole('textbox', { name: 'Name' }).fill('Senior agent');
      await editor.getByRole('checkbox', { name: 'Check the audit trail' }).check();
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: `/tmp/operators-roles-${size.width}.png`, fullPage: true });
      await editor.getByRole('button', { name: 'Save role' }).click();
      // By keyboard: Sam, the only supervisor, finds his id filled in and the focus on his passphrase.
      const approval = approvalDialog(page);
      await expect(approval.getByRole('textbox', { name: 'Supervisor’s operator id' })).toHaveValue(
        SUPERVISOR.id,
      );
      await expect(approval.getByLabel(/^Supervisor’s passphrase/)).toBeFocused();
      await page.keyboard.type(SUPERVISOR.passphrase);
      await page.keyboard.press('Tab');
      await expect(
        approval.getByRole('textbox', { name: 'Code from the supervisor’s authenticator app' }),
      ).toBeFocused();
      await page.keyboard.type(await freshCode(secrets.get(SUPERVISOR.id)!));
      await page.keyboard.press('Enter');
      await expect(approval).toBeHidden();
      await expect(page.getByTestId('role-senior-agent')).toContainText('Senior agent');
      await expect(page.getByTestId('role-senior-agent')).toContainText('Check the audit trail');

      await switchOperator(page);
      await signInAs(page, 'ana.agent', 'ana.agent own passphrase');
      const payin = new PayInPage(page);
      await payin.fillPayIn(customer(`over-limit-${size.width}`), CARDS.approve, '150.00');
      await payin.send.click();
      const dialog = approvalDialog(page);
      await expect(dialog).toContainText('Ana Agent (ana.agent) asks for a pay-in of €150.00');
      await expect(dialog).toContainText('above the limit of €100.00 for every Agent');
      await expect(payin.result).toContainText('Waiting for a supervisor');
      // Ana cannot approve her own pay-in; nothing is sent while the dialog waits.
      await dialog.getByRole('textbox', { name: 'Supervisor’s operator id' }).fill('ana.agent');
      await dialog.getByLabel(/^Supervisor’s passphrase/).fill('ana.agent own passphrase');
      await dialog
        .getByRole('textbox', { name: 'Code from the supervisor’s authenticator app' })
        .fill(await freshCode(secrets.get('ana.agent')!));
      await dialog.getByRole('button', { name: 'Approve' }).click();
      await expect(dialog.getByRole('alert')).toContainText('only a supervisor can');
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: `/tmp/operators-approval-limit-${size.width}.png` });
      await approveAtDesk(page, sam());
      await payin.expectOutcome('Approved');
    });

    test('10 wrong sign-ins lock the account, not the desk: another operator signs in', async ({ page }) => {
      await page.goto(harness.url);
      await switchOperator(page);
      const screen = new SessionScreen(page);
      for (let attempt = 1; attempt <= 10; attempt += 1) {
        await screen.signIn('olga.officer', `wrong passphrase ${attempt}`, '123456');
        // Answered: the form empties the passphrase and the code for the next try.
        await expect(screen.passphrase).toHaveValue('');
        await expect(screen.problem).toHaveText(/do not sign anyone in/);
      }
      const secret = secrets.get('olga.officer')!;
      await screen.signIn('olga.officer', 'olga.officer own passphrase', codeAt(secret, Date.now()));
      await expect(screen.problem).toHaveText(
        // The lockout's end in the desk's language: English writes 3:05 PM.
        /locked after 10 failed sign-ins, until (1[0-2]|[1-9]):[0-5]\d\s[AP]M\. Another operator can sign in/,
      );
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: `/tmp/operators-lockout-${size.width}.png` });
      await signInAs(page, SUPERVISOR.id, SUPERVISOR.passphrase);
      const settings = new SettingsPage(page);
      await settings.open();
      await expect(settings.operators.getByTestId('operator-olga.officer')).toContainText(/Locked until/);
    });
  });
}
