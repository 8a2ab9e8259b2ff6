// Issue 33's layout check on the screens languages-layout and languages-result-history do not walk: a new
// desk's first start and its supervisor's enrolment, the sign-in screen, the receipt dialog and a
// supervisor's approval (an export of History asks for one), at the smallest window (1024×700). Every
// heading, label, description, line and button whole, measured in the page (support/e2e/fits.ts); in the
// pseudo-locale (en-XA: English accented, 40 % longer, in ⟦ ⟧) each one from the catalogue. axe finds
// nothing serious on any of them. The same walk in German (the longest words) and Spanish saves each
// screen with PAYDESK_LANGUAGE_SHOTS=DIR, to look at.
import { expect, type Locator, type Page, test } from '@playwright/test';
import { codeAt } from '../../src/main/operators/totp';
import { seriousViolations } from '../support/e2e/axe';
import { expectUncut } from '../support/e2e/fits';
import { type RunningHarness, startHarness } from '../support/e2e/harness';
import { catalog, checkAll, payIn, shoot } from '../support/e2e/languages-desk';
import { CARDS } from '../support/e2e/pages/payin-page';
import { field } from '../support/e2e/pages/settings-page';

const SUPERVISOR = { id: 'xa.sup', name: 'Ximena Aalto', passphrase: 'a passphrase long enough' };
const SIZE = { width: 1024, height: 700 } as const;

const CASES = [
  { locale: 'en-XA', language: 'en-XA' },
  { locale: 'de-DE', language: 'de' },
  { locale: 'es-ES', language: 'es' },
] as const;

/**
 * A screen's words: headings, labels, descriptions, lines of text (`lines`, `headings`: all but what holds
 * no words of the catalogue), and buttons' labels on one line.
 */
async function screenWords(
  within: Locator,
  pseudo: boolean,
  lines: Locator = within.locator('p'),
  headings: Locator = within.getByRole('heading'),
) {
  return (
    (await checkAll([within.locator('.mantine-Button-label')], pseudo, true)) +
    (await checkAll(
      [headings, within.locator('label'), within.locator('.mantine-InputWrapper-description'), lines],
      pseudo,
    ))
  );
}

/**
 * axe on the screen as the click before left it: the pointer still where it pressed, often over another
 * button of the screen that follows (whose hover colours must meet the contrast too).
 */
async function noSeriousViolations(page: Page): Promise<void> {
  expect(await seriousViolations(page)).toEqual([]);
}

for (const { locale, language } of CASES) {
  const words = catalog(language);
  const pseudo = language === 'en-XA';

  test.describe(`${locale} at ${SIZE.width}×${SIZE.height}`, () => {
    let harness: RunningHarness;
    test.beforeAll(async () => {
      // Not signed in: the page opens on the desk's first start.
      harness = await startHarness(0, ['--locale', locale]);
    });
    test.afterAll(async () => {
      await harness?.close();
    });

    test('the first start, the enrolment, sign-in, a receipt and a supervisor’s approval: every word whole, and the catalogue’s', async ({
      page,
    }) => {
      test.setTimeout(150_000);
      await page.setViewportSize(SIZE);
      await page.goto(harness.url);
      const screen = page.getByTestId('session-screen');

      // The first start: a new desk's first supervisor.
      const first = page.getByRole('form', { name: words('session.first.form') });
      await expect(first).toBeVisible();
      expect(await screenWords(screen, pseudo)).toBeGreaterThan(8);
      await noSeriousViolations(page);
      await shoot(page, locale, 'first-start', SIZE.width);
      await first.getByRole('textbox', { name: words('session.operatorId') }).fill(SUPERVISOR.id);
      await first.getByRole('textbox', { name: words('session.first.nameShown') }).fill(SUPERVISOR.name);
      await field(first, words('session.passphrase')).fill(SUPERVISOR.passphrase);
      await field(first, words('session.passphraseAgain')).fill(SUPERVISOR.passphrase);
      await first.getByRole('button', { name: words('session.first.submit') }).click();

      // The enrolment: the QR code, the secret to type by hand (not words: not marked; uncut, and in every
      // language, English too, it wraps between its groups of four beside the QR code).
      const enrol = page.getByRole('form', { name: words('session.enrol.form') });
      await expect(enrol).toBeVisible();
      const secretLine = page.getByTestId('enrolment-secret');
      await expectUncut(secretLine);
      expect(
        await screenWords(screen, pseudo, screen.locator('p:not([data-testid="enrolment-secret"])')),
      ).toBeGreaterThan(6);
      await noSeriousViolations(page);
      const secret = (await secretLine.textContent())?.replaceAll(' ', '') ?? '';
      await enrol.locator('input[autocomplete="one-time-code"]').fill(codeAt(secret, Date.now()));
      await enrol.getByRole('button', { name: words('session.enrol.submit') }).click();

      // Locked, then another operator's turn: the sign-in screen.
      await page.getByRole('button', { name: words('shell.lockNow') }).click();
      await screen.getByRole('button', { name: words('session.switchOperator') }).click();
      const signIn = page.getByRole('form', { name: words('session.signIn.form') });
      await expect(signIn.getByRole('textbox', { name: words('session.operatorId') })).toHaveValue('');
      expect(await screenWords(screen, pseudo)).toBeGreaterThan(6);
      await noSeriousViolations(page);
      await shoot(page, locale, 'sign-in', SIZE.width);
      await signIn.getByRole('textbox', { name: words('session.operatorId') }).fill(SUPERVISOR.id);
      await field(signIn, words('session.passphrase')).fill(SUPERVISOR.passphrase);
      // The next step's code: main never takes a step twice.
      await signIn.locator('input[autocomplete="one-time-code"]').fill(codeAt(secret, Date.now() + 30_000));
      await signIn.getByRole('button', { name: words('session.signIn.submit') }).click();

      // An approved pay-in's receipt, in the desk's language.
      await payIn(page, words, CARDS.approve, {
        userId: `xa-${Date.now().toString(36)}`,
        firstName: 'Jürgen',
        lastName: 'Weiß',
      });
      const result = page.getByRole('region', { name: words('payin.result.region') });
      await expect(result.getByRole('heading', { level: 3 })).toHaveText(words('status.approved'));
      await result.getByRole('button', { name: words('receipt.button') }).click();
      const receipt = page.getByRole('dialog', { name: words('receipt.dialog.title') });
      const sheet = receipt.locator('.paydesk-receipt-sheet');
      await expect(sheet).toHaveAttribute('lang', language);
      // The sheet's values are the pay-in's (the merchant's name, the amount, the date, the order number,
      // who took it): whole, not marked. Its own words are the catalogue's.
      await checkAll([sheet.locator('p, h3, dd')], false);
      expect(await checkAll([sheet.locator('dt'), sheet.locator('p').nth(1)], pseudo)).toBeGreaterThan(4);
      expect(
        await screenWords(
          receipt,
          pseudo,
          receipt.locator('p:not(.paydesk-receipt-sheet p)'),
          receipt.locator('.mantine-Modal-title'),
        ),
      ).toBeGreaterThan(5);
      await noSeriousViolations(page);
      // The dialog's body scrolls at this height: the picture from the receipt's top.
      await sheet.locator('p').first().scrollIntoViewIfNeeded();
      await shoot(page, locale, 'receipt', SIZE.width);
      await receipt.getByRole('button', { name: words('receipt.dialog.closeButton'), exact: true }).click();
      await expect(receipt).toBeHidden();

      // History's export asks a supervisor's approval: the dialog, left unanswered.
      await page.keyboard.press('Alt+3');
      await page.getByTestId('history-export').click();
      await page.getByTestId('history-export-machine').click();
      const approval = page.getByRole('dialog').filter({ has: page.getByTestId('approval-dialog') });
      await expect(approval).toBeVisible();
      // What the supervisor approves, in the desk's words (main's English summary is the audit trail's).
      await expect(approval.locator('form p').first()).toContainText(words('approval.summary.exportHistory'));
      await expect(approval).not.toContainText('History as CSV');
      expect(await screenWords(approval, pseudo)).toBeGreaterThan(7);
      if (pseudo) await expect(approval.locator('.mantine-Modal-title')).toHaveText(/⟦.*⟧/);
      await noSeriousViolations(page);
      await shoot(page, locale, 'approval', SIZE.width);
      await approval
        .getByTestId('approval-dialog')
        .getByRole('button', { name: words('approval.cancel') })
        .click();
      await expect(approval).toBeHidden();
    });
  });
}
