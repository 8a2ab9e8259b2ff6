// Issue 33 in the browser: the sign-in screen of a desk whose operator accounts cannot be trusted says why,
// and the way out, in the desk's language: main sends the damage as the catalogue's words
// (`session.damaged.<why>`, the accounts file's name a value), never its English. German at the smallest
// window, 1024×700: the whole notice is on screen, not cut.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { expectUncut } from '../support/e2e/fits';
import { type RunningHarness, startHarness } from '../support/e2e/harness';
import { catalog } from '../support/e2e/languages-desk';

const NO_KEYCHAIN = { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/paydesk-e2e' };
const german = catalog('de');

test.describe('a desk whose operator accounts have lost their key, in German', () => {
  let harness: RunningHarness;
  test.beforeAll(async () => {
    const data = join(mkdtempSync(join(tmpdir(), 'paydesk-e2e-')), 'data');
    mkdirSync(data, { mode: 0o700 });
    // An accounts file as a desk leaves it; its key (kept in memory by --memory-keys) is not there.
    writeFileSync(join(data, 'operators.json'), JSON.stringify({ body: '{}', seal: '0'.repeat(64) }));
    harness = await startHarness(0, ['--data', data, '--memory-keys', '--locale', 'de-DE'], {
      ephemeral: false,
      env: NO_KEYCHAIN,
    });
  });
  test.afterAll(async () => {
    await harness?.close();
  });

  test('says why nobody can sign in, and the way out, in German at 1024×700', async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 700 });
    await page.goto(harness.url);
    await expect(page.getByRole('heading', { name: german('session.damaged.title') })).toBeVisible();
    const problem = page.getByTestId('session-damaged');
    await expect(problem).toHaveText(
      german('session.damaged.keyMissing').replaceAll('{file}', 'operators.json'),
    );
    await expect(problem).not.toContainText('Nobody can sign in');
    await expectUncut(problem);
  });
});
