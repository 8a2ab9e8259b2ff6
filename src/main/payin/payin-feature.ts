// Pay-ins as a feature of the app: the loopback return listener (the bank page's returns and the sandbox's
// callbacks), the pay-in service on the active profile's gateway (or the profile a pay-in was sent with,
// to ask again), the stored cards, receipts, and the IPC handlers with the host's bank-page windows.
import { join } from 'node:path';
import type { Language } from '@shared/languages';
import { serviceReturnKind } from '@shared/notification-service';
import type { Profile } from '@shared/profile';
import type { PaydeskConfig } from '../app-config';
import type { GatewayAccess } from '../gateway/gateway-access';
import type { HistoryStore } from '../history/store/history-store';
import { refusal } from '../i18n/refuse';
import { createReceipts } from '../receipt/receipt-service';
import { startReturnListener } from '../returns/return-listener';
import type { SettingsService } from '../settings/settings-service';
import type { TeamMode } from '../team/team-mode';
import { gatewayTransport } from './gateway-transport';
import { payInHandlers } from './payin-handlers';
import { createPayInService, type PayInService } from './payin-service';
import { createStoredCards } from './stored-cards';

export async function createPayInFeature(
  config: PaydeskConfig,
  deps: {
    history: HistoryStore;
    settings: SettingsService;
    gateway: GatewayAccess;
    team: TeamMode;
    operator: () => string;
    /** An operator id's display name, for receipts. */
    displayNameOf: (operator: string) => string;
    errorText: (error: unknown) => string;
    /** The signed-in operator's language, else the desk's: what the return listener's pages speak. */
    language: () => Language;
  },
) {
  const { history, settings, gateway, errorText } = deps;
  // The listener is up before the service it hands returns to: nothing reaches it before a pay-in is sent.
  let payIns: PayInService | undefined;
  const listener = await startReturnListener(
    {
      onReturn: (event) => {
        try {
          if (!payIns) throw new Error('The pay-in service is not built yet.');
          payIns.handleReturn(event);
        } catch (error) {
          config.log.error(
            { historyId: event.historyId, err: errorText(error) },
            'could not record a browser return',
          );
          throw error;
        }
      },
      onCallback: async (body) => {
        try {
          if (!payIns) throw new Error('The pay-in service is not built yet.');
          return await payIns.handleCallback(body);
        } catch (error) {
          // The listener answers 500, so the gateway sends the notification again (A12).
          config.log.error({ err: errorText(error) }, 'could not record a payment notification');
          throw error;
        }
      },
    },
    { portFile: join(config.dataDir, 'return-listener.port'), language: deps.language },
  );

  const service = createPayInService({
    history,
    transport: config.transport ?? gatewayTransport,
    listener,
    storedCards: createStoredCards(config.settingsStore),
    connection: async () => gateway.payInConnection(settings.activeProfile()),
    connectionFor: async (profileName) => {
      const profile = settings.read().profiles.find((candidate) => candidate.name === profileName);
      if (!profile) {
        throw refusal('not_found', 'refusal.payin.profileGone', { profile: profileName });
      }
      return gateway.payInConnection(profile);
    },
    callbackSecrets: async (merchantId) => {
      const matches = settings.read().profiles.filter((profile) => profile.merchantId === merchantId);
      const found: { profile: Profile; secret: string }[] = [];
      for (const profile of matches) {
        const secret = await gateway.secretOf(profile);
        if (secret) found.push({ profile, secret });
      }
      return found;
    },
    emitChanged: (results) => config.emit('payin.changed', results),
    log: config.log,
    team: () => deps.team.current(),
    operator: deps.operator,
    activeProfileName: () => settings.activeProfile().name,
    ...(config.overdueAsk && { overdue: config.overdueAsk }),
  });
  payIns = service;

  const receipts = createReceipts({
    history,
    profiles: () => settings.read().profiles,
    operator: deps.operator,
    displayNameOf: deps.displayNameOf,
  });

  return {
    payIns: service,
    listener,
    handlers: () =>
      payInHandlers({
        payIns: service,
        receipts,
        bankPageView: config.bankPageView,
        bankPageWindows: config.bankPageWindows,
      }),
    /**
     * The bank-page view of pay-in `historyId` reached `url`: whether the bank step is over there (the view
     * closes itself). The return listener's addresses record the return themselves; the profile's
     * notification service's return pages are on the merchant's server, so the return is recorded here,
     * the same unsigned hint (A25): the pay-in awaits the gateway's confirmation.
     */
    bankPageReturned(historyId: number, url: string): boolean {
      if (listener.isFinalRedirect(url)) return true;
      const row = history.getById(historyId);
      if (row?.kind !== 'payin') return false;
      const notificationService = settings
        .read()
        .profiles.find((p) => p.name === row.profile)?.notificationService;
      const kind = notificationService && serviceReturnKind(notificationService, url);
      if (!kind) return false;
      try {
        service.handleReturn({ historyId, kind, query: Object.fromEntries(new URL(url).searchParams) });
      } catch (error) {
        config.log.error({ historyId, err: errorText(error) }, 'could not record a browser return');
      }
      return true;
    },
    /** The service's timers, then the listener. */
    async stop(): Promise<void> {
      service.stop();
      await listener.close();
    },
  };
}
