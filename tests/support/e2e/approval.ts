// A supervisor's approval in the browser (lib/approval/ApprovalDialog.tsx): the dialog main's
// `approval_needed` opens, filled in as the supervisor standing at the desk would, with a code for a step
// this run has not used (desk-operator.ts: on the real clock, a third code within half a minute waits).
import { expect, type Page, test } from '@playwright/test';
import type { TestOperator } from '../app/sign-in';
import { freshCode, supervisorAt } from './desk-operator';

export function approvalDialog(page: Page) {
  return page.getByTestId('approval-dialog');
}

/** Approves the request the dialog shows, as `approver` (by default the supervisor of the page's desk). */
export async function approveAtDesk(
  page: Page,
  approver: Pick<TestOperator, 'id' | 'passphrase' | 'secret'> = supervisorAt(page.url()),
): Promise<void> {
  // A fresh code may wait for the next half minute of the real clock: the test gets that time on top.
  test.info().setTimeout(test.info().timeout + 30_000);
  const dialog = approvalDialog(page);
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Supervisor’s operator id' }).fill(approver.id);
  await dialog.getByLabel(/^Supervisor’s passphrase/).fill(approver.passphrase);
  await dialog
    .getByRole('textbox', { name: 'Code from the supervisor’s authenticator app' })
    .fill(await freshCode(approver.secret!));
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(dialog).toBeHidden();
}
