// Issue 33's layout check for Settings' Operators and Roles sections, in German and the pseudo-locale
// (English accented, 40 % longer, in ⟦ ⟧) at the smallest window, 1024×700: a supervisor adds an operator
// (approving it at the desk in the same language), opens a row's reset and a role's copy; every heading,
// column name, state, permission, label and button is whole (a button's label on one line), measured in the
// page; in the pseudo-locale each of them, and the names read aloud (aria-label, placeholder), come from the
// catalogue. The operator's day, pay-in limits and team sections' forms likewise, as a new desk has them. The words to find things by are the catalogue's own. Test connection's lines, main's words for each address,
// in the reader's language from the key main sends (German's own quotes round the gateway's msg). PAYDESK_LANGUAGE_SHOTS=DIR also saves
// DIR/<locale>-settings-<section>-1024.png, to look at.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import type en from '../../src/shared/i18n/catalogs/en.json';
import { freshCode, supervisorAt } from '../support/e2e/desk-operator';
import { expectUncut, expectWhole } from '../support/e2e/fits';
import { type RunningHarness, startHarness } from '../support/e2e/harness';

type Words = Record<keyof typeof en, string>;

const SIZE = { width: 1024, height: 700 } as const;
const LOCALES = [
  { locale: 'de-DE', catalog: 'de' },
  { locale: 'en-XA', catalog: 'en-XA' },
] as const;
const MARKED = /⟦.*⟧/s;
const NEW_OPERATOR = { id: 'lena.layout', name: 'Lena Layout' };

function catalog(language: string): Words {
  const file = resolve(import.meta.dirname, `../../src/shared/i18n/catalogs/${language}.json`);
  return JSON.parse(readFileSync(file, 'utf8')) as Words;
}

const startsWith = (words: string) => new RegExp(`^${words.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

async function shoot(page: Page, locale: string, section: string): Promise<void> {
  const folder = process.env.PAYDESK_LANGUAGE_SHOTS;
  if (!folder) return;
  await page.addStyleTag({ content: '*, *::before, *::after { caret-color: transparent !important; }' });
  await page.screenshot({ path: join(folder, `${locale}-settings-${section}-${SIZE.width}.png`) });
}

/** Each one not cut (`oneLine`: and on one line, as a button's label must be); marked when `pseudo`. */
async function checkAll(locators: Locator[], pseudo: boolean, oneLine = false): Promise<number> {
  let checked = 0;
  for (const locator of locators) {
    for (const one of await locator.all()) {
      if (oneLine) await expectWhole(one);
      else await expectUncut(one);
      if (pseudo) expect(await one.innerText()).toMatch(MARKED);
      checked += 1;
    }
  }
  return checked;
}

// In the page (the tests' tsconfig has no DOM types): a select's chosen option, or an input's placeholder,
// against the room the field gives it, its box less its padding (an arrow or an eye sits in the padding).
// A Range cannot measure either.
const FIELD_ROOM = `(field) => {
  const style = getComputedStyle(field);
  const context = document.createElement('canvas').getContext('2d');
  context.font = style.font;
  const text = field.tagName === 'SELECT' ? (field.options[field.selectedIndex]?.text ?? '') : field.placeholder;
  const room = field.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  return { text, width: Math.ceil(context.measureText(text).width), room: Math.floor(room) };
}`;
const fieldRoom = new Function('field', `return (${FIELD_ROOM})(field);`) as (field: unknown) => {
  text: string;
  width: number;
  room: number;
};

/** Each field shows its chosen option or placeholder whole: a table cell may squeeze a field below it. */
async function expectFieldsWhole(locator: Locator, pseudo: boolean): Promise<void> {
  for (const field of await locator.all()) {
    const { text, width, room } = await field.evaluate(fieldRoom);
    expect(width, `"${text}" should fit its field (${room}px)`).toBeLessThanOrEqual(room);
    if (pseudo) expect(text).toMatch(MARKED);
  }
}

/** In the middle of the window, clear of the sticky header (for the screenshots). */
async function centre(locator: Locator): Promise<void> {
  await locator.evaluate((element) =>
    (element as { scrollIntoView(options: object): void }).scrollIntoView({ block: 'center' }),
  );
}

async function expectMarkedAttribute(locator: Locator, name: string): Promise<void> {
  expect(await locator.getAttribute(name), `${name} of ${locator}`).toMatch(MARKED);
}

/** The operator added through the section's form, approved by the desk's only supervisor, in `words`. */
async function addOperator(page: Page, section: Locator, words: Words): Promise<void> {
  const form = section.getByRole('form', { name: words['settings.operators.add.title'] });
  await form.getByRole('textbox', { name: words['settings.operators.add.id'] }).fill(NEW_OPERATOR.id);
  await form.getByRole('textbox', { name: words['settings.operators.add.name'] }).fill(NEW_OPERATOR.name);
  await form.getByLabel(startsWith(words['settings.operators.add.passphrase'])).fill('one time layout');
  await form.getByRole('button', { name: words['settings.operators.add.submit'] }).click();
  const dialog = page.getByTestId('approval-dialog');
  await expect(dialog).toBeVisible();
  const supervisor = supervisorAt(page.url());
  await dialog.getByRole('textbox', { name: words['approval.supervisorId'] }).fill(supervisor.id);
  await dialog.getByLabel(startsWith(words['approval.supervisorPassphrase'])).fill(supervisor.passphrase);
  await dialog
    .getByRole('textbox', { name: words['approval.supervisorCode'] })
    .fill(await freshCode(supervisor.secret!));
  await dialog.getByRole('button', { name: words['approval.approve'] }).click();
  await expect(dialog).toHaveCount(0);
  await expect(section.getByTestId(`operator-${NEW_OPERATOR.id}`)).toContainText(
    words['settings.operators.enrolsNext'],
  );
}

for (const { locale, catalog: language } of LOCALES) {
  test.describe(locale, () => {
    test.describe.configure({ timeout: 120_000 });
    let harness: RunningHarness;
    test.beforeEach(async () => {
      harness = await startHarness(0, ['--locale', locale], { signedIn: true });
    });
    test.afterEach(async () => {
      await harness?.close();
    });

    test(`Settings' Operators and Roles fit at ${SIZE.width}×${SIZE.height}`, async ({ page }) => {
      const pseudo = locale === 'en-XA';
      const words = catalog(language);
      await page.setViewportSize(SIZE);
      await page.goto(harness.url);
      await expect(page.getByRole('navigation').getByRole('button').first()).toBeVisible();
      await page.keyboard.press('Alt+4');

      const operators = page.locator('section[aria-labelledby="operators-title"]');
      await expect(
        operators.getByRole('heading', { name: words['settings.operators.title'], exact: true }),
      ).toBeVisible();
      await addOperator(page, operators, words);
      const row = operators.getByTestId(`operator-${NEW_OPERATOR.id}`);
      await row.getByRole('button', { name: words['settings.operators.resetOpen'] }).click();
      const reset = row.locator('form');
      await expect(reset).toBeVisible();

      const texts = await checkAll(
        [
          operators.getByRole('heading'),
          operators.locator('h3 + p'),
          operators.locator('th'),
          // Each row's state (the names and ids beside them are the desk's, in no catalogue).
          operators.locator('tbody tr td:nth-child(3) p'),
          operators.locator('label'),
          operators.locator('.mantine-InputWrapper-description'),
        ],
        pseudo,
      );
      const buttons = await checkAll([operators.locator('.mantine-Button-label')], pseudo, true);
      await expectFieldsWhole(operators.locator('tbody select, tbody input[placeholder]'), pseudo);
      // The add form's four labels and a heading, four columns; Disable and Reset in the row, and Add.
      expect(texts).toBeGreaterThanOrEqual(10);
      expect(buttons).toBeGreaterThanOrEqual(3);
      if (pseudo) {
        await expectMarkedAttribute(operators.locator('table'), 'aria-label');
        await expectMarkedAttribute(row.locator('select'), 'aria-label');
        await expectMarkedAttribute(reset, 'aria-label');
        await expectMarkedAttribute(reset.locator('input'), 'aria-label');
        await expectMarkedAttribute(reset.locator('input'), 'placeholder');
      }
      await centre(row);
      await shoot(page, locale, 'operators');

      const roles = page.locator('section[aria-labelledby="roles-title"]');
      const agent = roles.getByTestId('role-agent');
      // Named for assistive technology by what it copies ("Copy Agent").
      const agentName = words['role.agent'];
      await agent
        .getByRole('button', { name: words['settings.roles.copyLabel'].replace('{role}', agentName) })
        .click();
      const editor = roles.getByRole('form', { name: words['settings.roles.editor.newForm'] });
      await expect(editor).toBeVisible();
      await expect(editor.getByRole('textbox', { name: words['settings.roles.editor.name'] })).toHaveValue(
        words['settings.roles.copyName'].replace('{role}', agentName),
      );
      const roleTexts = await checkAll(
        [
          roles.getByRole('heading'),
          roles.locator('h3 + p'),
          roles.locator('th'),
          // The name, "agent · built in", and what the role may do: all the catalogue's for a built-in role.
          roles.locator('tbody td p'),
          editor.locator('label'),
          editor.locator('.mantine-InputWrapper-description'),
        ],
        pseudo,
      );
      const roleButtons = await checkAll([roles.locator('.mantine-Button-label')], pseudo, true);
      // Four roles of two lines and their permissions, three columns, the editor's fifteen permissions.
      expect(roleTexts).toBeGreaterThanOrEqual(30);
      expect(roleButtons).toBeGreaterThanOrEqual(6);
      if (pseudo) {
        await expectMarkedAttribute(roles.locator('table'), 'aria-label');
        await expectMarkedAttribute(agent.getByRole('button').first(), 'aria-label');
      }
      await centre(editor);
      await shoot(page, locale, 'roles');
      await centre(agent);
      await shoot(page, locale, 'roles-table');

      // The other sections this page words from the same namespace: an operator's day, the pay-in limits
      // (none yet) and team mode (off), each form's fields, menus and buttons.
      for (const id of ['operator-day', 'limits', 'team']) {
        const section = page.locator(`section[aria-labelledby="${id}-title"]`);
        await checkAll(
          [
            section.getByRole('heading'),
            section.locator('h3 + p'),
            section.locator(':scope > div > p.mantine-Text-root:not(:empty)'),
            section.locator('label'),
            section.locator('.mantine-InputWrapper-description'),
          ],
          pseudo,
        );
        await checkAll([section.locator('.mantine-Button-label')], pseudo, true);
        // The day's menu lists operators by name (the desk's words); the limits' one "Every <role>".
        await expectFieldsWhole(section.locator('select'), pseudo && id !== 'operator-day');
        await centre(section);
        await shoot(page, locale, id);
      }
    });

    test(`Test connection's lines are main's words in ${locale}, whole at ${SIZE.width}×${SIZE.height}`, async ({
      page,
    }) => {
      const pseudo = locale === 'en-XA';
      const words = catalog(language);
      await page.setViewportSize(SIZE);
      await page.goto(harness.url);
      await expect(page.getByRole('navigation').getByRole('button').first()).toBeVisible();
      await page.keyboard.press('Alt+4');
      const detail = page.getByTestId('profile-detail');
      await detail.getByRole('button', { name: words['settings.connection.test'] }).click();
      const result = page.getByTestId('connection-result');
      // Each address's line under its verdict: what main found, said from the catalogue key it sent.
      const said = result.getByTestId('connection-said');
      await expect(said).toHaveCount(2);
      if (!pseudo) {
        const answered =
          /^Das Gateway hat in \d+ ms geantwortet und die leere Testanfrage wie vorgesehen zurückgewiesen: „.+“\.$/;
        for (const line of await said.all()) await expect(line).toHaveText(answered);
      }
      expect(await checkAll([said], pseudo)).toBe(2);
      await centre(result);
      await shoot(page, locale, 'connection-test');
    });
  });
}
