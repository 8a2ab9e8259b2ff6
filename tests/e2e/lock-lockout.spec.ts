// The lock screen tells the operator where the lockout stands, as main counts it: the tries left after a
// wrong passphrase, and during the lockout a disabled field and Unlock with its end in 24-hour time.
// A harness of its own: the lockout lasts 30 minutes, longer than this run's shared harness may wait.
import { expect, test } from '@playwright/test';
import { OPERATOR_LOCKOUT } from '@shared/ipc';
import { seriousViolations } from '../support/e2e/axe';
import { type RunningHarness, startHarness } from '../support/e2e/harness';
import { PayInPage } from '../support/e2e/pages/payin-page';
import { LockScreen, SettingsPage } from '../support/e2e/pages/settings-page';

let harness: RunningHarness;
test.beforeAll(async () => {
  harness = await startHarness(0);
});
test.afterAll(async () => {
  await harness.close();
});

test('the tries left before the lockout, then a lockout that disables the field and Unlock until a 24-hour time', async ({
  page,
}) => {
  await new PayInPage(page).open(harness.url);
  const settings = new SettingsPage(page);
  await settings.open();
  await settings.setPassphrase('lockout passphrase');
  await settings.lockNow.click();
  const lock = new LockScreen(page);
  const triesLeft = lock.root.getByTestId('lock-tries-left');
  await expect(lock.passphrase).toBeFocused();
  await expect(triesLeft).toHaveCount(0);

  for (let left = OPERATOR_LOCKOUT.wrongPassphrases - 1; left >= 1; left -= 1) {
    await lock.unlock('not the passphrase');
    const tries = `${left} ${left === 1 ? 'try' : 'tries'} left`;
    await expect(lock.problem).toContainText(`That passphrase is not right. ${tries}`);
    // Said once: the count line stands only where no refusal says it (issue 35, "4 tries left" twice).
    expect((await lock.root.textContent())?.match(/\b(try|tries) left/g)).toHaveLength(1);
    await expect(triesLeft).toHaveCount(0);
  }
  // A reload still shows the count: it is main's.
  await page.reload();
  await expect(triesLeft).toHaveText('1 try left: then no passphrase is checked for 30 minutes.');

  await lock.unlock('not the passphrase');
  const lockout = lock.root.getByTestId('lock-lockout');
  await expect(lockout).toHaveText(/no passphrase is checked until ([01]\d|2[0-3]):[0-5]\d\.$/);
  await expect(lockout).not.toContainText(/AM|PM/);
  await expect(lock.passphrase).toBeDisabled();
  await expect(lock.unlockButton).toBeDisabled();
  await expect(triesLeft).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await page.reload();
  await expect(lock.passphrase).toBeDisabled();
  await expect(lock.unlockButton).toBeDisabled();
});
