// Issue 33 in the browser: a desk whose computer speaks German starts in German (the first start, the
// enrolment, the shell); the operator switches to Brazilian Portuguese and back from the top bar while a
// form holds what they typed, which stays; their choice is theirs (kept across a lock and sign-in), and the
// lock screen speaks it. A desk of its own, started with the OS locale de-DE.
import { expect, type Page, test } from '@playwright/test';
import { codeAt } from '../../src/main/operators/totp';
import { type RunningHarness, startHarness } from '../support/e2e/harness';
import { field } from '../support/e2e/pages/settings-page';

const SUPERVISOR = { id: 'greta.sup', name: 'Greta Grün', passphrase: 'greta passphrase long' };

let harness: RunningHarness;
test.beforeAll(async () => {
  harness = await startHarness(0, ['--locale', 'de-DE']);
});
test.afterAll(async () => {
  await harness?.close();
});

function nav(page: Page, name: string) {
  // A page's button is named with its shortcut too (its Kbd): "Zahlung Alt+1".
  return page.getByRole('navigation').getByRole('button', { name: new RegExp(`^${name} Alt\\+\\d$`) });
}

test('a German desk speaks German from its first start, and each operator may choose their own language', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto(harness.url);
  await expect(page.getByRole('heading', { name: 'Willkommen bei Paydesk' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');

  const first = page.getByRole('form', { name: 'Ersten Supervisor anlegen' });
  await first.getByRole('textbox', { name: 'Benutzerkennung' }).fill(SUPERVISOR.id);
  await first.getByRole('textbox', { name: 'Angezeigter Name' }).fill(SUPERVISOR.name);
  // Too short first: the problem in German, before anything goes to main.
  await field(first, 'Passphrase').fill('kurz');
  await field(first, 'Passphrase wiederholen').fill('kurz');
  await first.getByRole('button', { name: 'Anlegen und weiter' }).click();
  await expect(first.getByRole('alert')).toHaveText('Die Passphrase muss mindestens 12 Zeichen lang sein.');
  await field(first, 'Passphrase').fill(SUPERVISOR.passphrase);
  await field(first, 'Passphrase wiederholen').fill(SUPERVISOR.passphrase);
  await first.getByRole('button', { name: 'Anlegen und weiter' }).click();

  const enrol = page.getByRole('form', { name: 'Authenticator einrichten' });
  await expect(
    page.getByRole('heading', { name: `Authenticator einrichten, ${SUPERVISOR.name}` }),
  ).toBeVisible();
  const secret = (await page.getByTestId('enrolment-secret').textContent())?.replaceAll(' ', '') ?? '';
  await enrol
    .getByRole('textbox', { name: /^Code aus Ihrer Authenticator-App/ })
    .fill(codeAt(secret, Date.now()));
  await enrol.getByRole('button', { name: 'Bestätigen und anmelden' }).click();

  // The shell, in German.
  await expect(page.getByRole('navigation', { name: 'Seiten' })).toBeVisible();
  for (const name of ['Zahlung', 'KYC-Stapel', 'Verlauf', 'Einstellungen'])
    await expect(nav(page, name)).toBeVisible();
  await expect(page.getByTestId('environment-banner')).toContainText('keine echte Karte wird belastet');

  // A pay-in in German: the form's words from the catalogue, the amount typed with a decimal comma is
  // shown as it will be sent (the interface's decimal text), and the result's amount as a German reads it.
  const form = page.getByRole('form', { name: 'Kartenzahlung' });
  await expect(page.getByRole('heading', { name: 'Kartenzahlung (MOTO)' })).toBeVisible();
  const box = (name: string) => form.getByRole('textbox', { name, exact: true });
  await box('Kunden-ID (userId)').fill(`de-${Date.now().toString(36)}`);
  await box('Kartennummer').fill('4242424242424242');
  await box('Ablaufdatum (MM/JJ)').fill(
    `12/${String((new Date().getFullYear() + 1) % 100).padStart(2, '0')}`,
  );
  await box('CVV').fill('123');
  await box('Betrag').fill('1234,50');
  await expect(form.getByTestId('amount-preview')).toHaveText('Wird gesendet als 1234.50 EUR');
  await box('Vorname').fill('Jürgen');
  await box('Nachname').fill('Weiß');
  // Countries are in German too (found by their English names as well: tests/e2e/country-search.spec.ts).
  await form.getByRole('combobox', { name: 'Land' }).fill('Österreich');
  await page.getByRole('option', { name: 'Österreich (AT)', exact: true }).click();
  await box('Mobilnummer (ohne Ländervorwahl)').fill('6641234567');
  await box('Adresse').fill('Kärntner Straße 12');
  await box('Ort').fill('Wien');
  await box('Postleitzahl').fill('1010');
  await box('IP des Kunden (IPv4)').fill('203.0.113.7');
  await form.getByRole('button', { name: 'Zahlung über 1.234,50 EUR senden' }).click();
  const result = page.getByRole('region', { name: 'Zahlungsergebnis' });
  await expect(result.getByRole('heading', { level: 3 })).toHaveText('Genehmigt');
  await expect(result.getByRole('row', { name: /^Betrag/ }).getByRole('cell')).toHaveText('1.234,50\u00a0€');

  // Something typed, then another language: it renders in place, and the typed value stays.
  // By its name attribute: its label changes with the language.
  const userId = page.getByTestId('payin-form').locator('input[name="userId"]');
  await userId.fill('kunde-4711');
  const picker = page.getByTestId('language-picker');
  await picker.selectOption({ label: 'Português (Brasil)' });
  await expect(nav(page, 'Cobrança')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  await expect(userId).toHaveValue('kunde-4711');
  await picker.selectOption({ label: 'English' });
  await expect(nav(page, 'Pay-in')).toBeVisible();
  await expect(userId).toHaveValue('kunde-4711');

  // Kept for this operator: locked and signed in again, still Portuguese.
  await picker.selectOption({ label: 'Português (Brasil)' });
  await page.getByRole('button', { name: 'Bloquear agora' }).click();
  await expect(page.getByRole('heading', { name: `Bloqueado — ${SUPERVISOR.name}` })).toBeVisible();
  await expect(page.getByTestId('session-screen')).toContainText('após 15 minutos sem atividade');
  const signIn = page.getByRole('form', { name: 'Entrar' });
  await field(signIn, 'Frase-senha').fill(SUPERVISOR.passphrase);
  // The next step's code: main never takes a step twice.
  await signIn
    .getByRole('textbox', { name: /^Código do seu aplicativo autenticador/ })
    .fill(codeAt(secret, Date.now() + 30_000));
  await signIn.getByRole('button', { name: 'Entrar' }).click();
  await expect(nav(page, 'Cobrança')).toBeVisible();

  // Back to the computer's language: German again, and the same after a reload of the page.
  await nav(page, 'Configurações').click();
  await page.getByTestId('language-setting').selectOption({ label: 'Como o computador (Deutsch)' });
  await expect(nav(page, 'Zahlung')).toBeVisible();
  await page.reload();
  await expect(nav(page, 'Zahlung')).toBeVisible();
});
