// A dropdown opened all day must not keep every render it went through. Mantine's Popover (under every
// Select) gives floating-ui a new list of positioning middlewares whenever its placement lock changes,
// i.e. at each opening and closing; floating-ui keeps the newest list, whose size callback holds the
// popover of its render, whose update function holds the list before it — a chain that grew by about
// 12 KB of props with every Select opened (bench:soak found it; docs/BENCHMARKS.md, "Working day").
// Counted here directly: the size callbacks alive in the page after a forced garbage collection, which
// stay as many however often a Select is used. The pay-in form's selects are Paydesk's own (SearchSelect,
// no floating-ui); History's profile filter is a Mantine Select.
import type { CDPSession, Locator, Page } from '@playwright/test';
import { expect, test } from '../support/e2e/fixtures';
import { HistoryPage } from '../support/e2e/pages/history-page';

/** Live functions whose source is Mantine's size-middleware callback (property names survive minifying). */
async function sizeCallbacksAlive(session: CDPSession): Promise<number> {
  await session.send('HeapProfiler.collectGarbage');
  const { result: prototype } = await session.send('Runtime.evaluate', {
    expression: 'Function.prototype',
    objectGroup: 'count',
  });
  const { objects } = await session.send('Runtime.queryObjects', {
    prototypeObjectId: prototype.objectId!,
    objectGroup: 'count',
  });
  const { result, exceptionDetails } = await session.send('Runtime.callFunctionOn', {
    objectId: objects.objectId!,
    functionDeclaration: `function () {
      let count = 0;
      for (const fn of this) {
        let text = '';
        try {
          text = Function.prototype.toString.call(fn);
        } catch {}
        if (text.includes('availableWidth') && text.includes('refs.floating.current')) count++;
      }
      return count;
    }`,
    returnByValue: true,
  });
  await session.send('Runtime.releaseObjectGroup', { objectGroup: 'count' });
  if (exceptionDetails) throw new Error(exceptionDetails.exception?.description ?? exceptionDetails.text);
  return result.value as number;
}

/** Picks the first profile in History's filter, or clears it when it is the one picked (a Select's toggle). */
async function pickProfile(page: Page, profile: Locator): Promise<void> {
  await profile.click();
  await page.getByRole('listbox').getByRole('option').first().click();
  await expect(profile).toHaveAttribute('aria-expanded', 'false');
}

test('picking a filter again and again keeps no earlier renders of its dropdown', async ({ page, payin }) => {
  const history = new HistoryPage(page);
  await history.open();
  const profile = page.getByRole('combobox', { name: 'Profile', exact: true });
  const session = await page.context().newCDPSession(payin.page);
  for (let i = 0; i < 4; i++) await pickProfile(page, profile);
  const settled = await sizeCallbacksAlive(session);
  expect(settled).toBeGreaterThan(0);

  for (let i = 0; i < 20; i++) await pickProfile(page, profile);
  // Leaking, each pick added two (one for the opening, one for the closing): 40 more here.
  expect(await sizeCallbacksAlive(session)).toBeLessThanOrEqual(settled);
  await session.detach();
});
