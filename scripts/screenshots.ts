// npm run screenshots: starts the browser harness, walks through the app's pages and states at 1280×800
// (README's set) and again at 1024×700 (the smallest window an agent works in, names ending in -1024), and
// saves them as PNGs under docs/screenshots/ (the build must exist: the script runs it first).
import { mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, expect, type Page } from '@playwright/test';
import { codeAt } from '../src/main/operators/totp';
import { CHROMIUM_ARGS, CHROMIUM_PATH, startHarness } from '../tests/support/e2e/harness';
import { KycPage } from '../tests/support/e2e/pages/kyc-page';
import { CARDS, customer, PayInPage } from '../tests/support/e2e/pages/payin-page';
import { field, SessionScreen, SettingsPage } from '../tests/support/e2e/pages/settings-page';
import { kycCsv, kycRecord } from '../tests/support/kyc/generate';

const outDir = resolve(import.meta.dirname, '../docs/screenshots');
mkdirSync(outDir, { recursive: true });

let harness = await startHarness(0);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const saved: string[] = [];

/** The window sizes, each with the suffix of its pictures' names. */
const SIZES = [
  { width: 1280, height: 800, suffix: '' },
  { width: 1024, height: 700, suffix: '-1024' },
] as const;
let size: (typeof SIZES)[number] = SIZES[0];

async function shoot(page: Page, name: string) {
  // No blinking caret or running transitions in the pictures.
  await page.addStyleTag({ content: '*, *::before, *::after { caret-color: transparent !important; }' });
  const file = join(outDir, `${name}${size.suffix}.png`);
  await page.screenshot({ path: file, animations: 'disabled' });
  saved.push(file);
}

/** A fresh page (its own context) on the pay-in page. */
async function payInPage(): Promise<PayInPage> {
  const context = await browser.newContext({
    viewport: { width: size.width, height: size.height },
    deviceScaleFactor: 1,
  });
  const payin = new PayInPage(await context.newPage());
  await payin.open();
  return payin;
}

async function page(name: string, navLabel: string, heading: string, ready?: (page: Page) => Promise<void>) {
  const payin = await payInPage();
  await payin.page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: navLabel }).click();
  await expect(payin.page.getByRole('heading', { name: heading, level: 2 })).toBeVisible();
  await ready?.(payin.page);
  await shoot(payin.page, name);
  await payin.page.context().close();
}

try {
  for (size of SIZES) {
    // A harness of its own per size: the first walk leaves the desk locked.
    if (size !== SIZES[0]) harness = await startHarness(0);
    process.env.PAYDESK_URL = harness.url;
    try {
      await walkThrough();
    } finally {
      await harness.close();
    }
  }
  for (const file of saved) console.log(`saved ${file}`);
} finally {
  await browser.close();
}

/** The desk's first start, by the screens: the first supervisor created, the QR code, the first code. */
async function firstSupervisor() {
  const context = await browser.newContext({
    viewport: { width: size.width, height: size.height },
    deviceScaleFactor: 1,
  });
  const page = await context.newPage();
  await page.goto(harness.url);
  const screen = new SessionScreen(page);
  await expect(screen.root.getByRole('heading', { name: 'Welcome to Paydesk' })).toBeVisible();
  await shoot(page, '00-first-start');
  const form = page.getByRole('form', { name: 'Create the first supervisor' });
  await form.getByRole('textbox', { name: 'Operator id' }).fill('sam.super');
  await form.getByRole('textbox', { name: 'Name shown' }).fill('Sam Supervisor');
  await field(form, 'Passphrase').fill('screenshot passphrase');
  await field(form, 'Passphrase again').fill('screenshot passphrase');
  await form.getByRole('button', { name: 'Create and continue' }).click();
  const secret = (await page.getByTestId('enrolment-secret').textContent())?.replaceAll(' ', '') ?? '';
  await shoot(page, '00-enrolment');
  await screen.code.fill(codeAt(secret, Date.now()));
  await page.getByRole('button', { name: 'Confirm and sign in' }).click();
  await expect(screen.root).toHaveCount(0);
  await page.context().close();
}

async function walkThrough() {
  await firstSupervisor();
  {
    const payin = await payInPage();
    await shoot(payin.page, '01-payin-empty');
    await payin.page.context().close();
  }
  {
    const payin = await payInPage();
    await payin.fillPayIn(customer('screenshot-approved'), CARDS.approve, '25.00');
    await payin.send.click();
    await payin.expectOutcome('Approved');
    await shoot(payin.page, '02-payin-approved');
    await payin.page.getByRole('button', { name: 'Receipt…' }).first().click();
    await expect(payin.page.getByRole('dialog', { name: /receipt/i })).toBeVisible();
    await shoot(payin.page, '12-receipt');
    await payin.page.context().close();
  }
  {
    const payin = await payInPage();
    await payin.fillPayIn(customer('screenshot-3ds'), CARDS.threeDs, '25.00');
    await payin.send.click();
    await payin.expectOutcome('Action required');
    await expect(payin.bankFrame().getByLabel('One-time code')).toBeVisible();
    await payin.bankFrame().getByLabel('One-time code').scrollIntoViewIfNeeded();
    await shoot(payin.page, '03-payin-3ds-frame');
    await payin.page.context().close();
  }
  {
    const payin = await payInPage();
    await payin.fillPayIn(customer('screenshot-unknown'), CARDS.approve, '500.02');
    await payin.setCallbackUrl(new URL('/merchant-callback', harness.url).href);
    await payin.send.click();
    await payin.expectOutcome('Outcome unknown');
    await payin.resultHeading.scrollIntoViewIfNeeded();
    await shoot(payin.page, '04-payin-outcome-unknown');
    await payin.page.context().close();
  }
  {
    const payin = await payInPage();
    await payin.testCardsButton.click();
    await expect(payin.page.getByRole('dialog', { name: 'Sandbox test cards' })).toBeVisible();
    await shoot(payin.page, '05-test-cards');
    await payin.page.context().close();
  }
  await page('06-kyc', 'KYC batches', 'KYC batches');
  {
    const payin = await payInPage();
    const kyc = new KycPage(payin.page);
    await payin.page
      .getByRole('navigation', { name: 'Pages' })
      .getByRole('button', { name: 'KYC batches' })
      .click();
    const planted = resolve(import.meta.dirname, '../tests/fixtures/kyc/e2e/planted-errors.csv');
    await kyc.drop({ name: 'planted-errors.csv', mimeType: 'text/csv', buffer: readFileSync(planted) });
    await kyc.expectOpened('planted-errors.csv', '12 records');
    await kyc.cell(5, 'birthday').hover();
    await expect(kyc.tooltip).toBeVisible();
    await shoot(payin.page, '09-kyc-invalid-cells');
    await kyc.submit.click();
    await expect(kyc.chunks).toHaveCount(1);
    await shoot(payin.page, '10-kyc-sent');
    await payin.page.context().close();
  }
  {
    // A 2,000-row file: a cell of the last column edited a few pages down, then a row found by its userId.
    const payin = await payInPage();
    const kyc = new KycPage(payin.page);
    const keys = payin.page.keyboard;
    await payin.page.keyboard.press('Alt+2');
    await expect(kyc.heading).toBeVisible();
    const records = Array.from({ length: 2_000 }, (_, i) => ({ ...kycRecord(i), userId: `customer-${i}` }));
    const buffer = Buffer.from(kycCsv(records), 'utf8');
    await kyc.drop({ name: 'customers-2000.csv', mimeType: 'text/csv', buffer });
    await kyc.expectOpened('customers-2000.csv', '2,000 records');
    await kyc.cell(2, 'email').click();
    await keys.press('End');
    for (let i = 0; i < 2; i++) await keys.press('PageDown');
    await keys.press('Enter');
    await expect(kyc.grid.getByRole('textbox')).toBeFocused();
    await keys.type('; https://files.example.com/extra.pdf');
    await shoot(payin.page, '13-kyc-editing');
    await keys.press('Escape');
    await keys.press('Control+g');
    await keys.type('customer-1987');
    await keys.press('Enter');
    await expect(kyc.cell(1989, 'userId')).toBeFocused();
    await shoot(payin.page, '14-kyc-go-to');
    await payin.page.context().close();
  }
  // The pay-ins sent above, listed.
  await page('07-history', 'History', 'History', (shown) =>
    expect(shown.getByTestId('history-row').nth(2)).toBeVisible(),
  );
  await page('15-history-status-typed', 'History', 'History', async (shown) => {
    await shown
      .getByRole('search', { name: 'Filter the history' })
      .getByRole('combobox', { name: 'Status' })
      .focus();
    await shown.keyboard.type('re');
    await expect(shown.getByRole('option', { name: 'Refused' })).toBeVisible();
  });
  await page('08-settings', 'Settings', 'Settings');
  {
    const payin = await payInPage();
    const settings = new SettingsPage(payin.page);
    await settings.open();
    const add = settings.operators.getByRole('form', { name: 'Add an operator' });
    await add.getByRole('textbox', { name: 'Operator id' }).fill('ana.agent');
    await add.getByRole('textbox', { name: 'Name shown' }).fill('Ana Agent');
    await field(add, 'One-time passphrase').fill('one time passphrase');
    await add.getByRole('button', { name: 'Add operator' }).click();
    await expect(settings.operators.getByTestId('operator-ana.agent')).toBeVisible();
    await settings.operators.scrollIntoViewIfNeeded();
    await shoot(payin.page, '12-operators');
    await settings.lockNow.click();
    await expect(new SessionScreen(payin.page).passphrase).toBeVisible();
    await shoot(payin.page, '11-locked');
    await payin.page.context().close();
  }
}
