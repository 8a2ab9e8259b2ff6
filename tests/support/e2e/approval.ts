// A supervisor's approval in the browser (lib/approval/ApprovalDialog.tsx): the dialog main's
// `approval_needed` opens, filled in as the supervisor standing at the desk would, with a code for a step
// this run has not used (desk-operator.ts: on the real clock, a third code within half a minute waits).
import { expect, type Page } from '@playwright/test';
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
  const dialog = approvalDialog(page);
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Supervisor’s operator id' }).fill(approver.id);
  await dialog.getByLabel(/^Supervisor’s passphrase/).fill(approver.passphrase);
  await dialog
    .getByRole('textbox', { name: 'Code from the supervisor’s authenticator app' })
    .fill(await freshCode(approver.secret!));
  await dialog.getByRole('button', { name: 'Approve' }).click();
  // Gone, its closing transition too: a page's own dialog checks then see only theirs.
  await expect(page.getByRole('dialog', { name: /^Supervisor approval/ })).toHaveCount(0);
}
