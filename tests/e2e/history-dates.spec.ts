// Issue 33, item 6 in the browser: History's days in a German desk, whatever the browser's own locale (en-US
// here). "28112026" typed in "Von" reads 28.11.2026 and filters; 31.02.2026 is refused in German and the filter
// stays; the calendar opens from its button, moves by the arrows and Page Up/Down, picks with Enter and closes
// with Escape, its names Intl's German and its week from Monday. At 1280×800 and 1024×700, with no serious axe
// finding while the calendar is open; a screenshot of it at each size in the test's output folder.
import { expect, type Page, test } from '@playwright/test';
import { readCatalog } from '../../scripts/i18n/catalog-files';
import { SAMPLE_CUSTOMER } from '../support/app/sample-customer';
import { seriousViolations } from '../support/e2e/axe';
import { type RunningHarness, startHarness } from '../support/e2e/harness';

const de = readCatalog('de');
const words = (key: string): string => {
  const message = de[key];
  if (message === undefined) throw new Error(`de has no message ${key}`);
  return message;
};

type LooseApi = { invoke(channel: string, input?: unknown): Promise<{ ok: boolean; data?: unknown }> };

/** A pay-in sent through the bridge; its customer's id, which History's search finds it by. */
async function payIn(page: Page): Promise<string> {
  const userId = `dates-${Date.now().toString(36)}`;
  const sent = await page.evaluate(
    (fields) =>
      (globalThis as unknown as { paydesk: LooseApi }).paydesk.invoke('payin.submit', {
        version: 'v2',
        fields,
      }),
    { ...SAMPLE_CUSTOMER, userId, cardNumber: '4242424242424242', amount: '12.34' },
  );
  expect(sent.ok).toBe(true);
  return userId;
}

const pad = (value: number) => String(value).padStart(2, '0');
/** A local day `offset` days from today: its ISO form and as German writes it. */
function dayFromToday(offset: number): { iso: string; german: string; digits: string } {
  const now = new Date();
  const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() + offset);
  const [dd, mm, yyyy] = [pad(day.getDate()), pad(day.getMonth() + 1), String(day.getFullYear())];
  return { iso: `${yyyy}-${mm}-${dd}`, german: `${dd}.${mm}.${yyyy}`, digits: `${dd}${mm}${yyyy}` };
}

const SIZES = [
  { width: 1280, height: 800 },
  { width: 1024, height: 700 },
] as const;

let harness: RunningHarness;
test.beforeAll(async () => {
  harness = await startHarness(0, ['--locale', 'de-DE'], { signedIn: true });
});
test.afterAll(async () => {
  await harness?.close();
});

for (const size of SIZES) {
  test(`History's days in German at ${size.width}×${size.height}: typed, refused, picked in the calendar`, async ({
    page,
  }, info) => {
    test.setTimeout(60_000);
    await page.setViewportSize(size);
    await page.goto(harness.url);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    const userId = await payIn(page);
    await page.keyboard.press('Alt+3');
    await expect(page.getByRole('heading', { level: 2, name: words('shell.page.history') })).toBeVisible();
    const filters = page.getByRole('search', { name: words('history.filters.region') });
    const from = filters.getByRole('textbox', { name: words('history.filters.from'), exact: true });
    const rows = page.getByTestId('history-row');
    // This test's pay-in alone (the harness serves both window sizes).
    await filters.getByRole('searchbox', { name: words('history.filters.search') }).fill(userId);
    await expect(rows).toHaveCount(1);
    await expect(from).toHaveAttribute('placeholder', 'TT.MM.JJJJ');

    // Digits alone, in the German order: read as 28 November 2026 when the field is left.
    await from.click();
    await page.keyboard.type('28112026');
    await page.keyboard.press('Tab');
    await expect(from).toHaveValue('28.11.2026');
    // The filter takes it: today's pay-in is shown from 28.11.2026 on, not before.
    await expect(rows).toHaveCount(dayFromToday(0).iso >= '2026-11-28' ? 1 : 0);

    // Tomorrow, typed with dashes and Enter: today's pay-in is no longer in the range.
    const tomorrow = dayFromToday(1);
    await from.fill(tomorrow.german.replaceAll('.', '-'));
    await from.press('Enter');
    await expect(from).toHaveValue(tomorrow.german);
    await expect(rows).toHaveCount(0);

    // A day the calendar does not have: refused in German, the filter left as it was.
    await from.fill('31022026');
    await from.press('Enter');
    const refusal = words('dates.refusal.impossible').replace('{typed}', '31022026');
    await expect(filters.getByRole('alert')).toHaveText(refusal);
    await expect(from).toHaveAttribute('aria-invalid', 'true');
    await expect(from).toHaveAccessibleDescription(refusal);
    await expect(rows).toHaveCount(0);
    await page.screenshot({
      path: info.outputPath(`history-date-refused-de-${size.width}x${size.height}.png`),
    });
    // Today's digits put today back in: the refusal goes, the pay-in is shown again.
    await from.fill(dayFromToday(0).digits);
    await from.press('Enter');
    await expect(from).toHaveValue(dayFromToday(0).german);
    await expect(filters.getByRole('alert')).toHaveCount(0);
    await expect(rows).toHaveCount(1);

    // The calendar, by keyboard alone: its button is the next Tab stop after the field.
    await from.focus();
    await page.keyboard.press('Tab');
    const opener = filters.getByRole('button', {
      name: words('dates.calendar.open').replace('{field}', words('history.filters.from')),
    });
    await expect(opener).toBeFocused();
    await page.keyboard.press('Enter');
    const today = dayFromToday(0);
    const monthName = (iso: string) =>
      new Intl.DateTimeFormat('de', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
        new Date(`${iso}T00:00:00Z`),
      );
    const dialog = page.getByRole('dialog', { name: monthName(today.iso) });
    await expect(dialog).toBeVisible();
    const grid = dialog.getByRole('grid');
    // The week from Monday, named by Intl in German.
    await expect(grid.getByRole('columnheader').first()).toHaveAttribute('abbr', 'Montag');
    const fullDay = (iso: string) =>
      new Intl.DateTimeFormat('de', { dateStyle: 'full', timeZone: 'UTC' }).format(
        new Date(`${iso}T00:00:00Z`),
      );
    await expect(grid.getByRole('button', { name: fullDay(today.iso) })).toBeFocused();
    await page.screenshot({ path: info.outputPath(`history-calendar-de-${size.width}x${size.height}.png`) });
    expect(await seriousViolations(page)).toEqual([]);

    // A month on and back (Page Down, Page Up), then back a week and a day: picked with Enter.
    await page.keyboard.press('PageDown');
    const nextMonth = new Date(`${today.iso}T00:00:00Z`);
    nextMonth.setUTCDate(1);
    nextMonth.setUTCMonth(nextMonth.getUTCMonth() + 1);
    await expect(
      page.getByRole('dialog', { name: monthName(nextMonth.toISOString().slice(0, 10)) }),
    ).toBeVisible();
    await page.keyboard.press('PageUp');
    await expect(dialog).toBeVisible();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowLeft');
    const picked = dayFromToday(-8);
    await expect(page.getByRole('dialog').getByRole('button', { name: fullDay(picked.iso) })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(from).toHaveValue(picked.german);
    await expect(opener).toBeFocused();
    await expect(rows).toHaveCount(1);

    // Escape closes the calendar and changes nothing.
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(opener).toBeFocused();
    await expect(from).toHaveValue(picked.german);
  });
}
