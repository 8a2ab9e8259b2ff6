// Keystrokes and tab stops of a complete v2 pay-in, keyboard only, as an agent on the phone types it
// (run: npm run bench:keystrokes [-- --app DIR]). Two calls: a new customer (every detail typed, a new
// card) and the same customer calling back (their card stored on the first call).
//
// The form is driven through the built renderer in Chromium (the browser harness), from the focus the page
// gives (the customer id): Tab is pressed until the next field wanted has the focus (each press counted as
// a tab stop and a keystroke), then its value is typed key by key; Enter sends. A field the page already
// holds the right value for (a prefilled caller IP, details brought back) is not typed. --app DIR measures
// another checkout (its own build and harness), which is how the "before" figures were taken.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Locator, type Page } from '@playwright/test';
import { machineLine, printBenchResult, printTable } from './support/report';

const { values } = parseArgs({ options: { app: { type: 'string' } } });
const appDir = resolve(values.app ?? resolve(import.meta.dirname, '..'));
// Checkouts from before the test helpers were gathered under tests/support keep the harness in tests/e2e.
const harnessFile = ['tests/support/e2e/harness.ts', 'tests/e2e/support/harness.ts']
  .map((file) => resolve(appDir, file))
  .find((file) => existsSync(file));
if (!harnessFile) throw new Error(`no browser harness helper in ${appDir}`);
const { startHarness, CHROMIUM_ARGS, CHROMIUM_PATH } = (await import(
  harnessFile
)) as typeof import('../tests/support/e2e/harness');

const CUSTOMER = {
  userId: `call-${Date.now().toString(36)}`,
  firstName: 'Jana',
  lastName: 'Novak',
  country: 'Austria',
  mobile: '6641234567',
  address: 'Ringstrasse 1',
  city: 'Wien',
  postcode: '1010',
  ip: '203.0.113.7',
};
const CARD = { number: '5555555555554444', expiry: '1230', cvv: '123' };

interface Count {
  keys: number;
  tabs: number;
}

class Typist {
  readonly count: Count = { keys: 0, tabs: 0 };
  constructor(readonly page: Page) {}

  private async focused(target: Locator): Promise<boolean> {
    return target.evaluate((element) => element === element.ownerDocument.activeElement).catch(() => false);
  }

  /** Tab (or Shift+Tab, when the field is above the focus) until `target` has the focus. */
  async reach(target: Locator): Promise<void> {
    const backwards = await target.evaluate((element) => {
      const active = element.ownerDocument.activeElement;
      // 4: DOCUMENT_POSITION_FOLLOWING (the focus is after the field).
      return active !== null && Boolean(element.compareDocumentPosition(active) & 4);
    });
    const before = this.count.tabs;
    for (let presses = 0; !(await this.focused(target)); presses += 1) {
      if (presses > 80) throw new Error(`Tab never reached ${String(target)}`);
      await this.page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
      this.count.tabs += 1;
      this.count.keys += 1;
    }
    if (process.env.PAYDESK_KEYSTROKES_TRACE)
      console.log(`  ${String(target)}: ${this.count.tabs - before} tab stops`);
  }

  async type(text: string): Promise<void> {
    for (const key of text) await this.page.keyboard.press(key === ' ' ? 'Space' : key);
    this.count.keys += text.length;
  }

  async press(key: string): Promise<void> {
    await this.page.keyboard.press(key);
    this.count.keys += 1;
  }

  /** Reaches the field and types the value, unless it already holds it. */
  async fill(target: Locator, value: string): Promise<void> {
    if ((await target.inputValue().catch(() => '')) === value) return;
    await this.reach(target);
    await this.type(value);
  }
}

function field(page: Page, role: 'textbox' | 'combobox', name: string | RegExp): Locator {
  return page
    .getByRole('form', { name: 'Card payment' })
    .getByRole(role, { name, exact: typeof name === 'string' });
}

/** The customer's details, in the form's order (the country: the start of its name, Enter takes it). */
async function typeDetails(typist: Typist, page: Page): Promise<void> {
  await typist.fill(field(page, 'textbox', 'First name'), CUSTOMER.firstName);
  await typist.fill(field(page, 'textbox', 'Last name'), CUSTOMER.lastName);
  const country = field(page, 'combobox', 'Country');
  if ((await country.inputValue()) !== 'Austria (AT)') {
    await typist.reach(country);
    await typist.type('Austri');
    await typist.press('Enter');
  }
  await typist.fill(field(page, 'textbox', 'Mobile (without country code)'), CUSTOMER.mobile);
  await typist.fill(field(page, 'textbox', 'Address'), CUSTOMER.address);
  await typist.fill(field(page, 'textbox', 'City'), CUSTOMER.city);
  await typist.fill(field(page, 'textbox', 'Postcode'), CUSTOMER.postcode);
  await typist.fill(field(page, 'textbox', 'Customer IP (IPv4)'), CUSTOMER.ip);
}

/** Every field in the order the form tabs through them; the card stored for the call back. */
async function newCustomer(page: Page): Promise<Count> {
  const typist = new Typist(page);
  await typist.type(CUSTOMER.userId);
  await typist.fill(field(page, 'textbox', 'Card number'), CARD.number);
  await typist.fill(field(page, 'textbox', 'Expiry (MM/YY)'), CARD.expiry);
  await typist.fill(field(page, 'textbox', /^(CVV|CVC|CID)$/), CARD.cvv);
  await typist.fill(field(page, 'textbox', 'Amount'), '25.00');
  await typeDetails(typist, page);
  // The customer asked for it on the phone: Space ticks the box.
  await typist.reach(page.getByRole('checkbox', { name: 'Store card for later' }));
  await typist.press('Space');
  await typist.press('Enter');
  return typist.count;
}

/** The customer id, their details brought back if Paydesk offers them, their stored card, the amount. */
async function returningCustomer(page: Page): Promise<Count> {
  const typist = new Typist(page);
  await typist.type(CUSTOMER.userId);
  const offer = page.getByRole('button', { name: 'Use their details' });
  const offered = await offer
    .waitFor({ state: 'visible', timeout: 3_000 })
    .then(() => true)
    .catch(() => false);
  const picker = field(page, 'combobox', 'Card to charge');
  await picker.waitFor({ state: 'visible', timeout: 3_000 });
  if (offered) {
    await typist.reach(offer);
    await typist.press('Enter');
  }
  // The stored card: the customer's only one is chosen for them; otherwise the list opens on the first card
  // below "A new card".
  if ((await picker.inputValue()).startsWith('A new card')) {
    await typist.reach(picker);
    await typist.press('ArrowDown');
    await typist.press('ArrowDown');
    await typist.press('Enter');
  }
  await typist.fill(field(page, 'textbox', 'Amount'), '30.00');
  // Brought back whole, the details fold into one line (their IP too): nothing to type there.
  if (!offered) await typeDetails(typist, page);
  await typist.press('Enter');
  return typist.count;
}

/**
 * The form ready for typing: the active profile has arrived (its default country is in the form) and the
 * customer id has the focus. Typed into before, the first keys went elsewhere and the call-back's customer id
 * lost its start.
 */
async function formReady(page: Page): Promise<void> {
  await field(page, 'textbox', 'Customer id (userId)').waitFor();
  const country = field(page, 'combobox', 'Country');
  const userId = field(page, 'textbox', 'Customer id (userId)');
  const focused = () => userId.evaluate((input) => input === input.ownerDocument.activeElement);
  for (let tries = 0; (await country.inputValue()) === '' || !(await focused()); tries++) {
    if (tries > 100) throw new Error('The pay-in form never got its profile and its first field the focus');
    await page.waitForTimeout(100);
  }
}

async function expectOutcome(page: Page, title: string): Promise<void> {
  await page
    .getByRole('region', { name: 'Payment result' })
    .getByRole('heading', { level: 3, name: title })
    .waitFor({ timeout: 15_000 });
}

console.log(`machine: ${machineLine()}`);
console.log(`app:     ${appDir}`);
const harness = await startHarness(0);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await page.goto(harness.url);
  await formReady(page);
  const first = await newCustomer(page);
  await expectOutcome(page, 'Approved');
  await page.reload();
  await formReady(page);
  const again = await returningCustomer(page);
  await expectOutcome(page, 'Approved');
  printTable(
    ['v2 pay-in, keyboard only', 'keystrokes', 'of which Tab'],
    [
      ['new customer (details, new card, store it)', String(first.keys), String(first.tabs)],
      ['the same customer calling back (stored card)', String(again.keys), String(again.tabs)],
    ],
  );
  printBenchResult({
    bench: 'keystrokes',
    title: 'Keystrokes of a v2 pay-in',
    command: `npm run bench:keystrokes${values.app ? ` -- --app ${values.app}` : ''}`,
    figure: `new customer ${first.keys} keys (${first.tabs} Tab); returning ${again.keys} keys (${again.tabs} Tab)`,
    peer: '—',
    ratio: '—',
    goal: '—',
    met: true,
    quick: false,
    values: {
      newKeys: first.keys,
      newTabs: first.tabs,
      returningKeys: again.keys,
      returningTabs: again.tabs,
    },
  });
} finally {
  await browser.close();
  await harness.close();
}
