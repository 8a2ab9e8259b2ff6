// Issue 33, item 5, in the browser: a German desk (OS locale de-DE) at 1280×800 and 1024×700. "1.234,56"
// is one thousand two hundred and thirty-four point five six: before Send the form shows "1.234,56 €" and the
// wire's "1234.56", and History records 1234.56 EUR. "1,250" (1.250 or 1,25?) and "12.5" are refused in
// German, on Enter too, and nothing is sent. PAYDESK_AMOUNT_SHOTS=DIR also saves each step's screen there.
import { join } from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { bridgeCaller } from '../support/app/sign-in';
import { expectUncut, expectWhole, WINDOW_SIZES } from '../support/e2e/fits';
import { type RunningHarness, startHarness } from '../support/e2e/harness';

let harness: RunningHarness;
test.beforeAll(async () => {
  harness = await startHarness(0, ['--locale', 'de-DE'], { signedIn: true });
});
test.afterAll(async () => {
  await harness?.close();
});

/** The pay-ins History holds for a customer id, through the harness's bridge (what main recorded and sent). */
async function historyOf(userId: string): Promise<{ amount: string; currency: string }[]> {
  const address = new URL(harness.url);
  const call = bridgeCaller(address.origin, address.searchParams.get('token') ?? '');
  const answer = (await call('history.query', { text: userId, kind: 'payin' })) as {
    ok: boolean;
    data?: { rows: { amount: string; currency: string; userId?: string }[] };
  };
  expect(answer.ok).toBe(true);
  return (answer.data?.rows ?? []).map(({ amount, currency }) => ({ amount, currency }));
}

/** The screen with `shown` in view. */
async function shoot(page: Page, shown: Locator, step: string, width: number): Promise<void> {
  const folder = process.env.PAYDESK_AMOUNT_SHOTS;
  if (!folder) return;
  await shown.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(folder, `de-amount-${step}-${width}.png`) });
}

for (const size of WINDOW_SIZES) {
  test(`in German at ${size.width}×${size.height}: "1.234,56" sends 1234.56, an ambiguous amount sends nothing`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await page.setViewportSize(size);
    await page.goto(harness.url);
    const form = page.getByRole('form', { name: 'Kartenzahlung' });
    await expect(page.getByRole('heading', { name: 'Kartenzahlung (MOTO)' })).toBeVisible();
    // By name attribute: the tests' own words for the fields are not the point here.
    const input = (name: string) => form.locator(`input[name="${name}"]`);
    const amount = input('amount');

    // A sandbox scenario fills card and customer, its amount written as a German writes it.
    await form.getByRole('combobox', { name: 'Testszenario' }).click();
    await page.getByRole('listbox').getByRole('option', { name: 'Genehmigen (Visa)' }).click();
    await expect(amount).toHaveValue('25,00');
    const userId = `betrag-${size.width}-${Date.now().toString(36)}`;
    await input('userId').fill(userId);

    // Ambiguous: one thousand two hundred and fifty, or 1,25 with a 0 too many. Said while typed, in German.
    const refusal = form.getByTestId('amount-ambiguous');
    await amount.fill('1,250');
    await expect(refusal).toHaveText('„1,250“ kann 1.250 oder 1,25 heißen: Geben Sie 1.250 oder 1,25 ein.');
    await expect(form.getByTestId('amount-preview')).toHaveCount(0);
    await expect(form.getByTestId('send-payment')).toHaveText('Zahlung senden');
    // The label itself (the button holds its loader too).
    await expectWhole(form.getByTestId('send-payment').locator('.mantine-Button-label'));
    await expectUncut(refusal);
    await shoot(page, amount, 'ambiguous', size.width);
    // Enter refuses it: the field marked and named in German, the focus on it, nothing sent.
    await amount.press('Enter');
    await expect(amount).toHaveAttribute('aria-invalid', 'true');
    await expect(amount).toBeFocused();
    await expect(form.getByText('„1,250“ kann 1.250 oder 1,25 heißen', { exact: false })).toHaveCount(1);
    await shoot(page, amount, 'refused', size.width);

    // A point where a German writes a comma: the point groups thousands, so "12.5" is no amount.
    await amount.fill('12.5');
    await expect(
      form.getByText(/^„\.“ trennt die Tausender, danach folgen genau drei Ziffern/),
    ).toBeVisible();
    await form.getByTestId('send-payment').click();
    await expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(await historyOf(userId)).toEqual([]);

    // The amount as a German writes it: what will be charged, in figures, and the wire's text, before Send.
    await amount.fill('1.234,56');
    await expect(form.getByTestId('amount-charged')).toHaveText(/^Wird belastet: 1\.234,56\s€$/);
    await expect(form.getByTestId('amount-preview')).toHaveText('Wird gesendet als 1234.56 EUR');
    await expect(amount).not.toHaveAttribute('aria-invalid', 'true');
    const send = form.getByTestId('send-payment');
    await expect(send).toHaveText('Zahlung über 1.234,56 EUR senden');
    await expectWhole(send.locator('.mantine-Button-label'));
    await expectWhole(form.getByTestId('amount-charged'));
    await shoot(page, amount, 'charged', size.width);
    await send.click();

    // The result's facts hold what main sent, and History records it: 1234.56 EUR.
    await expect(page.locator('.payin-facts-amount')).toHaveAttribute('data-amount', '1234.56 EUR');
    await expect(page.locator('.payin-facts-amount')).toHaveText(/^1\.234,56\s€$/);
    await expect.poll(() => historyOf(userId)).toEqual([{ amount: '1234.56', currency: 'EUR' }]);
    await shoot(page, page.locator('.payin-facts-amount'), 'sent', size.width);
  });
}
