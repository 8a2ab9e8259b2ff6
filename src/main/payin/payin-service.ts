// The pay-in path (docs/ARCHITECTURE.md), split along the lifecycle: submit.ts (a first attempt), ask-again.ts
// (asking again with the same order number), settle.ts (browser returns, signed callbacks, the bank page
// closed), wire-body.ts (the request on the wire), record-evidence.ts (the one writer of an outcome,
// deciding through src/shared/payin-lifecycle.ts), under-way.ts (what is under way, its bank page again),
// follow-up.ts (a follow-up mark). Never sent again by itself, but for one case: a pay-in that waits for the
// gateway's word past a deadline is asked about again with its very request (overdue-ask.ts, A38).
import type { PayInResult, ReturningCustomer, StoredCard } from '@shared/ipc';
import type { PayInSubmitted } from '@shared/payin-input';
import type { Profile } from '@shared/profile';
import { type HistoryStore, SYSTEM_OPERATOR } from '../history/store/history-store';
import { refusal } from '../i18n/refuse';
import type { ReturnListener } from '../returns/return-listener';
import { askAgainAboutPayIn } from './ask-again';
import { markForFollowUp } from './follow-up';
import type { PayInTransport } from './gateway-transport';
import { createInFlight } from './in-flight';
import { type OverdueTiming, startOverdueAsk } from './overdue-ask';
import { createPayInRecorder } from './record-evidence';
import { returningCustomerOf } from './returning-customer';
import { createSettlement } from './settle';
import type { StoredCards } from './stored-cards';
import { submitPayIn, type TeamGuard } from './submit';
import type { ActiveConnection, PayInLog } from './types';
import { payInsUnderWay, reopenBankPage } from './under-way';

export type PayInService = ReturnType<typeof createPayInService>;

export function createPayInService(deps: {
  history: HistoryStore;
  transport: PayInTransport;
  listener: ReturnListener;
  storedCards: StoredCards;
  /** The active profile's connection, for a new pay-in. */
  connection: () => Promise<ActiveConnection>;
  /** The connection of the profile with this name, for asking again about an earlier pay-in. */
  connectionFor: (profileName: string) => Promise<ActiveConnection>;
  /** All profiles with a merchantId, and their secrets: to verify a callback. */
  callbackSecrets: (merchantId: number) => Promise<{ profile: Profile; secret: string }[]>;
  /** Every change of a pay-in, from any source, for the renderer: the pay-ins one commit changed. */
  emitChanged: (results: PayInResult[]) => void;
  log?: PayInLog;
  now?: () => number;
  /** Team mode's duplicate check and card fingerprint, while team mode is on. */
  team?: () => TeamGuard | undefined;
  /** The operator's name and the active profile's, without reaching for the gateway's address. */
  operator?: () => string;
  activeProfileName?: () => string;
  /** When the desk asks again by itself about a pay-in that waits for the gateway (overdue-ask.ts). */
  overdue?: Partial<OverdueTiming>;
}) {
  const now = deps.now ?? Date.now;
  const inFlight = createInFlight(now);
  const recorder = createPayInRecorder({
    history: deps.history,
    listener: deps.listener,
    inFlight,
    emit: deps.emitChanged,
    ...(deps.log && { log: deps.log }),
  });
  const send = {
    transport: deps.transport,
    recorder,
    listener: deps.listener,
    storedCards: deps.storedCards,
    inFlight,
    log: deps.log,
  };
  const askAgain = (input: Parameters<typeof askAgainAboutPayIn>[1], operator?: string) =>
    askAgainAboutPayIn(
      {
        ...send,
        history: deps.history,
        connectionFor: async (profileName) => {
          const connection = await deps.connectionFor(profileName);
          return operator === undefined ? connection : { ...connection, operator };
        },
      },
      input,
    );
  const overdue = startOverdueAsk({
    history: deps.history,
    inFlight,
    ask: (historyId) => askAgain({ historyId }, SYSTEM_OPERATOR),
    now,
    ...(deps.overdue && { timing: deps.overdue }),
    ...(deps.log && { log: deps.log }),
  });
  const operatorOf = async () => deps.operator?.() ?? (await deps.connection()).operator;
  const settlement = createSettlement({
    history: deps.history,
    recorder,
    callbackSecrets: deps.callbackSecrets,
  });

  return {
    submit: (input: PayInSubmitted) =>
      submitPayIn(
        {
          ...send,
          history: deps.history,
          connection: deps.connection,
          now,
          ...(deps.team && { team: deps.team }),
        },
        input,
      ),
    askAgain: (input: Parameters<typeof askAgainAboutPayIn>[1]) => askAgain(input),
    async cancelBankPage(historyId: number): Promise<PayInResult> {
      const { operator } = await deps.connection();
      return settlement.cancelBankPage(historyId, operator);
    },
    async underWay(): Promise<PayInResult[]> {
      const profileName = deps.activeProfileName?.() ?? (await deps.connection()).profile.name;
      return payInsUnderWay(
        { history: deps.history, inFlight, listener: deps.listener },
        profileName,
        await operatorOf(),
      );
    },
    reopenBankPage: (historyId: number) =>
      reopenBankPage({ history: deps.history, inFlight, listener: deps.listener }, historyId),
    async markFollowUp(input: { historyId: number; reason: string }) {
      return markForFollowUp({ history: deps.history, now }, input, await operatorOf());
    },
    /** One look for pay-ins overdue for the gateway's word (the timer does it every 30 s). */
    askOverdue: (at?: number) => overdue.check(at),
    /** Stops the desk's own asking (at close). */
    stop: () => overdue.stop(),
    handleReturn: settlement.handleReturn,
    handleCallback: settlement.handleCallback,
    /** Notifications heard together (the team's, notification-subscriber.ts): one commit (settle.ts). */
    settleCallbacks: settlement.settleCallbacks,
    storedCardsFor(userId: string) {
      return deps.connection().then((connection) => deps.storedCards.list(connection.profile.id, userId));
    },
    /** Off Paydesk's list of the active profile (the gateway keeps the card); audited with the masked number. */
    async forgetStoredCard(ccStorageID: string): Promise<StoredCard[]> {
      const { profile, operator } = await deps.connection();
      const removed = deps.storedCards.remove(profile.id, ccStorageID);
      if (!removed) throw refusal('not_found', 'refusal.payin.cardNotStored', undefined, 'ccStorageID');
      deps.history.recordEvent({
        operator,
        event: 'stored_card.forgotten',
        outcome: 'success',
        resource: removed.userId,
        detail: { profile: profile.name, maskedPan: removed.maskedPan, brand: removed.brand },
      });
      return deps.storedCards.list(profile.id, removed.userId);
    },
    async returningCustomer(userId: string): Promise<ReturningCustomer> {
      const { profile } = await deps.connection();
      return returningCustomerOf(deps.history.latestPayInOfUser(profile.name, userId));
    },
  };
}
