// Issue 35, item 9, at 1280×800 and 1024×700: a German export opens with its headers mapped and its
// DD.MM.YYYY dates read day first where its own rows prove it, the page naming the row that did; no row is
// invalid for a date that could be read both ways.
import { expect } from '@playwright/test';
import { seriousViolations } from '../support/e2e/axe';
import { WINDOW_SIZES } from '../support/e2e/fits';
import { kycTest as test } from '../support/e2e/kyc-test';
import { kycRecord } from '../support/kyc/generate';
import { GERMAN_HEADERS, germanDate } from '../support/kyc/german-export';

/** `provable`: some days of birth over 12; else every one 12 or less, so no row tells the order. */
function germanCsv(tag: string, provable = true): string {
  const lines = Array.from({ length: 60 }, (_, i) => {
    const r = kycRecord(9100 + i);
    const born = provable ? r.birthday : `${r.birthday.slice(0, 8)}${String((i % 12) + 1).padStart(2, '0')}`;
    const dates = [born, r.certificateDateStart, r.certificateDateEnd].map(germanDate);
    return [`${tag}-${i}`, r.firstName, r.lastName, dates[0], r.gender, r.country, r.iddCode, r.personalCode]
      .concat([dates[1]!, dates[2]!, r.email, r.mobile, r.idCardUrls.join(' | ')])
      .join(';');
  });
  return `${[GERMAN_HEADERS.join(';'), ...lines].join('\r\n')}\r\n`;
}

for (const size of WINDOW_SIZES) {
  test(`a German export’s dates are read day first, as its own rows prove (${size.width}×${size.height})`, async ({
    kyc,
    page,
  }) => {
    await page.setViewportSize(size);
    const tag = `de${size.width}${Date.now().toString(36).slice(-5)}`;
    await kyc.drop({ name: `${tag}.csv`, mimeType: 'text/csv', buffer: Buffer.from(germanCsv(tag)) });
    await expect(kyc.filter('Invalid')).toHaveAccessibleName('Invalid (0)');
    const note = page.getByTestId('kyc-date-columns');
    await expect(note).toContainText(
      /“Geburtsdatum”: Dates read day first, as row \d+ \(\d\d\.\d\d\.\d{4}\) shows\./,
    );
    await note.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/kyc-date-order-${size.width}.png` });
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('the officer sets a date column’s order by keyboard when no row proves it', async ({ kyc, page }) => {
  const tag = `set${Date.now().toString(36).slice(-5)}`;
  await kyc.drop({ name: `${tag}.csv`, mimeType: 'text/csv', buffer: Buffer.from(germanCsv(tag, false)) });
  const note = page.getByTestId('kyc-date-columns');
  await expect(note).toContainText('No row tells whether the day or the month comes first');
  await expect(kyc.filter('Invalid')).not.toHaveAccessibleName('Invalid (0)');
  const order = page.getByRole('combobox', { name: 'Order of the dates in “Geburtsdatum”' });
  await order.focus();
  await order.selectOption('day-first');
  await expect(kyc.filter('Invalid')).toHaveAccessibleName('Invalid (0)');
  await expect(note).toContainText('Set here: day first.');
  await expect(order).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);
});
