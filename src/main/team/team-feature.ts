// Team mode as a feature of the app (team/team-mode.ts): only with a team connection in the settings and its
// password and key in the vault; otherwise nothing of it runs, and it never waits for the database. It hears
// the gateway's notifications stored by the merchant's notification service (notification-subscriber.ts),
// each handled as the callback it is, its signature verified with the desk's own merchant secret; one that
// fails is refused, logged and audited (in the transaction that settles the rest of its batch).
import type { PaydeskConfig } from '../app-config';
import type { HistoryStore } from '../history/store/history-store';
import { SYSTEM_OPERATOR } from '../history/store/history-store';
import type { PayInService } from '../payin/payin-service';
import type { SettingsService } from '../settings/settings-service';
import { teamHandlers } from './team-handlers';
import { createTeamMode } from './team-mode';

export async function createTeamFeature(
  config: PaydeskConfig,
  deps: {
    settings: SettingsService;
    history: HistoryStore;
    /** The pay-in service, built after team mode: a notification heard before then waits for it. */
    payIns: Promise<PayInService>;
    /** The team's accounts may have changed (operators/team-accounts-sync.ts reads them again). */
    onAccountsChange?: () => void;
  },
) {
  const { history } = deps;
  const team = createTeamMode({
    connection: () => deps.settings.read().team,
    vault: config.vault,
    outbox: history.teamOutbox,
    dataDir: config.dataDir,
    log: config.log,
    ...(deps.onAccountsChange && { onAccountsChange: deps.onAccountsChange }),
    ...(config.teamTiming && { timing: config.teamTiming }),
    notifications: {
      cursor: history.notificationCursor,
      settle: async (bodies, alsoCommit) => (await deps.payIns).settleCallbacks(bodies, alsoCommit),
      onRefused: (notification, why) => {
        const detail = {
          notificationId: notification.id,
          merchantId: notification.merchantId,
          receivedAt: notification.receivedAt.toISOString(),
          why,
        };
        config.log.error(
          { ...detail, merchantTradeNo: notification.merchantTradeNo },
          "a notification in the team database was refused: it is not the gateway's word (edited there, or forged)",
        );
        history.recordEvent({
          operator: SYSTEM_OPERATOR,
          event: 'payin.notification_refused',
          outcome: 'failure',
          resource: notification.merchantTradeNo,
          detail,
        });
      },
    },
  });
  await team.restart();
  return {
    team,
    handlers: (operator: () => string) => teamHandlers({ team, history, operator }),
    stop: () => team.stop(),
  };
}
