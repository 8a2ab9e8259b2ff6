// Team History in the browser, against the harness and a private PostgreSQL cluster this spec starts:
// with a team connection (this desk's role given the supervisor grant) the pay-in page shows another
// desk's outcome-unknown pay-in before the agent charges; History's "Team" view lists every desk's rows
// with their desk and operator, searches them, opens one, exports them, and passes axe; Settings → Team
// shows the replication. With the database stopped the team view says so and this desk's view and its
// pay-ins go on. The harness is left without a team connection, as it was found.
import type { Page } from '@playwright/test';
import { seriousViolations } from '../support/e2e/axe';
import { expect, test } from '../support/e2e/fixtures';
import { dateTimeText } from '../support/e2e/moment-text';
import { HistoryPage } from '../support/e2e/pages/history-page';
import { CARDS, customer } from '../support/e2e/pages/payin-page';
import { goTo, SettingsPage } from '../support/e2e/pages/settings-page';
import { seedOtherDesk } from '../support/team/other-desk';
import type { DeskRoleConnection, PostgresCluster } from '../support/team/postgres-cluster';
import { startPostgresCluster } from '../support/team/postgres-cluster';
import { createTeamDatabase } from '../support/team/team-database';

type PaydeskApi = { invoke(channel: string, input?: unknown): Promise<{ ok: boolean }> };

let cluster: PostgresCluster;
let role: DeskRoleConnection;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  cluster = await startPostgresCluster();
  const team = await createTeamDatabase(cluster);
  role = await team.addDesk('desk_e2e_team');
  await team.grantSupervisor('desk_e2e_team');
  await seedOtherDesk(team, 'desk_e2e_other', { name: 'Front 2', operator: 'Bruno' }, [
    { merchantTradeNo: 'PD-E2E-OTHER-1', status: 'approved', amount: '49.90', minutesAgo: 30 },
    {
      merchantTradeNo: 'PD-E2E-OTHER-2',
      status: 'outcome_unknown',
      amount: '120.00',
      minutesAgo: 12,
      maskedPan: '555555******4444',
    },
  ]);
});

test.afterAll(async () => {
  await cluster?.destroy();
});

async function invoke(page: Page, channel: string, input: unknown): Promise<boolean> {
  const result = await page.evaluate(
    ([name, value]) => (globalThis as unknown as { paydesk: PaydeskApi }).paydesk.invoke(name, value),
    [channel, input] as const,
  );
  return result.ok;
}

test.afterEach(async ({ page }) => {
  expect(await invoke(page, 'settings.setTeam', { connection: null })).toBe(true);
});

/** Team mode on, as Settings → Team leaves it, and the app loaded again to show it. */
async function joinTeam(page: Page): Promise<void> {
  const connection = {
    host: role.host,
    port: role.port,
    database: role.database,
    user: role.user,
    deskName: 'E2E desk',
  };
  expect(await invoke(page, 'settings.setTeam', { connection })).toBe(true);
  expect(await invoke(page, 'secret.setTeam', { password: role.password, key: 'c3'.repeat(32) })).toBe(true);
  await new SettingsPage(page).reload();
}

test('Team History lists every desk with its desk and operator, and the queue shows before charging', async ({
  payin,
  page,
}) => {
  await joinTeam(page);
  // The harness's own history (other specs' pay-ins) replicates too: the queue may hold more than ours.
  const queue = page.getByRole('region', { name: 'Outcome unknown on the team' });
  await expect(queue).toContainText(/Outcome unknown on the team: \d+/);
  const more = queue.getByRole('button', { name: /^Show \d+$/ });
  if ((await more.count()) > 0) await more.click();
  const theirs = queue.getByRole('row').filter({ hasText: 'PD-E2E-OTHER-2' });
  await expect(theirs).toContainText('Front 2, Bruno');
  await expect(theirs).toContainText('€120.00');
  await expect(theirs).toContainText('…4444');

  await payin.payApproved(customer(`team-hist-${Date.now()}`), CARDS.approve, '21.00');
  const mine = (await payin.fact('Order number').textContent())?.trim() ?? '';

  const history = new HistoryPage(page);
  await history.open();
  const source = page.getByRole('radiogroup', { name: 'History of' });
  await expect(source).toBeVisible();
  await expect(page.getByTestId('team-replication-indicator')).toHaveText('● Replicated: up to date');
  await source.getByText('Team', { exact: true }).click();
  await expect(page.getByTestId('history-subtitle')).toHaveText(
    "Every desk's pay-ins and KYC batches, as replicated to the team database.",
  );
  await expect(page.getByRole('table', { name: 'Team: Pay-ins, newest first' })).toBeVisible();
  // A desk instead of the profile in the team view; the limits are said once.
  await expect(page.getByRole('search').getByLabel('Profile', { exact: true })).toHaveCount(0);
  await expect(page.getByTestId('history-team-limits')).toContainText('not names or words');
  await history.searchFor(mine);
  await history.expectRowCount(1);
  await expect(history.row(mine)).toContainText('E2E desk');
  await history.searchFor('PD-E2E-OTHER-2');
  await history.expectRowCount(1);
  await expect(history.row('PD-E2E-OTHER-2')).toContainText('Front 2');
  await expect(history.row('PD-E2E-OTHER-2')).toContainText('Bruno');
  await expect(history.row('PD-E2E-OTHER-2')).toContainText('Outcome unknown');
  // Any part of 4 characters or more, in any case, as this desk's own view (team migration 6).
  await history.searchFor('e2e-other-2');
  await history.expectRowCount(1);
  await expect(history.row('PD-E2E-OTHER-2')).toBeVisible();

  await history.searchFor('PD-E2E-OTHER-1');
  await history.expectRowCount(1);
  await expect(history.row('PD-E2E-OTHER-1')).toContainText('€49.90');
  await history.row('PD-E2E-OTHER-1').click();
  await expect(history.drawerField('Desk')).toHaveText('Front 2');
  await expect(history.drawerField('Operator')).toHaveText('Bruno');
  await expect(history.drawer).toContainText('Read from the team database.');
  await history.drawer.getByRole('button', { name: 'Close the detail' }).click();

  await history.searchFor('');
  await expect(history.tableStatus).not.toHaveText('1 row');
  const file = await history.exportCsv();
  expect(file.fileName).toMatch(/^paydesk-team-history-\d{4}-\d{2}-\d{2}\.csv$/);
  const other = file.records.find((record) => record.merchantTradeNo === 'PD-E2E-OTHER-2');
  expect(other).toMatchObject({ deskName: 'Front 2', operator: 'Bruno', status: 'outcome_unknown' });
  expect(file.records.find((record) => record.merchantTradeNo === mine)?.deskName).toBe('E2E desk');
  expect(await seriousViolations(page)).toEqual([]);

  // One desk's rows; the team's totals are the whole team's, and say so.
  await page.getByRole('search').getByLabel('Desk', { exact: true }).click();
  await page.getByRole('option', { name: 'Front 2', exact: true }).click();
  await expect(history.row('PD-E2E-OTHER-1')).toBeVisible();
  await expect(history.row(mine)).toHaveCount(0);
  await expect(page.getByTestId('history-totals-note')).toContainText("whole team's");
  await history.clearFilters.click();
  await expect(history.row(mine)).toBeVisible();

  // This desk's own view does not hold the other desk's pay-ins.
  await source.getByText('This desk', { exact: true }).click();
  await expect(history.row(mine)).toBeVisible();
  await expect(history.row('PD-E2E-OTHER-1')).toHaveCount(0);

  await goTo(page, 'Settings');
  const replication = page.getByRole('group', { name: 'Replication' });
  await expect(replication.getByTestId('team-pending')).toHaveText('0');
  await expect(replication.getByTestId('team-last-replicated')).toHaveText(new RegExp(`^${dateTimeText()}$`));
  expect(await seriousViolations(page)).toEqual([]);
});

test('with the team database stopped, the team view says so and this desk goes on', async ({
  payin,
  page,
}) => {
  await cluster.stop();
  try {
    await joinTeam(page);
    await payin.payApproved(customer(`team-down-${Date.now()}`), CARDS.approve, '22.00');
    await expect(page.getByTestId('team-queue-unavailable')).toContainText('cannot be shown now');

    const history = new HistoryPage(page);
    await history.open();
    await page.getByRole('radiogroup', { name: 'History of' }).getByText('Team', { exact: true }).click();
    const problem = page.getByTestId('team-problem');
    await expect(problem).toContainText('The team database did not answer');
    await expect(problem).toContainText("This desk's own history works as before");
    await expect(
      page.getByRole('status').filter({ hasText: 'The team view is not available now.' }),
    ).toBeVisible();
    await expect(page.getByTestId('team-replication-indicator')).toHaveText(
      /^● Team database unreachable · \d+ waiting$/,
    );
    expect(await seriousViolations(page)).toEqual([]);

    await page
      .getByRole('radiogroup', { name: 'History of' })
      .getByText('This desk', { exact: true })
      .click();
    await expect(history.rows.first()).toBeVisible();
    await expect(problem).toHaveCount(0);
  } finally {
    await cluster.start();
  }
});
