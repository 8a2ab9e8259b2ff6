// The pay-in path (docs/ARCHITECTURE.md), split along the lifecycle: submit.ts (a first attempt), ask-again.ts
// (asking again with the same order number), settle.ts (browser returns, signed callbacks, the bank page
// closed), wire-body.ts (the request on the wire), record-evidence.ts (the one writer of an outcome,
// deciding through src/shared/payin-lifecycle.ts). Never sent again by itself: asking again is the agent's
// choice.
import type { PayInResult, ReturningCustomer, StoredCard } from '@shared/ipc';
import type { PayInSubmit } from '@shared/payin-form';
import type { Profile } from '@shared/profile';
import type { HistoryStore } from '../history/history-store';
import { IpcFailure } from '../refusal';
import type { ReturnListener } from '../returns/return-listener';
import { askAgainAboutPayIn } from './ask-again';
import type { PayInTransport } from './gateway-transport';
import { createInFlight } from './in-flight';
import { createPayInRecorder } from './record-evidence';
import { returningCustomerOf } from './returning-customer';
import { createSettlement } from './settle';
import type { StoredCards } from './stored-cards';
import { submitPayIn, type TeamGuard } from './submit';
import type { ActiveConnection, PayInLog } from './types';

export type { ActiveConnection } from './types';

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
  /** Every change of a pay-in, from any source, for the renderer. */
  emitChanged: (result: PayInResult) => void;
  log?: PayInLog;
  now?: () => number;
  /** Team mode's duplicate check and card fingerprint, while team mode is on. */
  team?: () => TeamGuard | undefined;
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
  const settlement = createSettlement({
    history: deps.history,
    recorder,
    callbackSecrets: deps.callbackSecrets,
  });

  return {
    submit: (input: PayInSubmit & { confirmDuplicate: boolean }) =>
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
    askAgain: (input: Parameters<typeof askAgainAboutPayIn>[1]) =>
      askAgainAboutPayIn({ ...send, history: deps.history, connectionFor: deps.connectionFor }, input),
    async cancelBankPage(historyId: number): Promise<PayInResult> {
      const { operator } = await deps.connection();
      return settlement.cancelBankPage(historyId, operator);
    },
    handleReturn: settlement.handleReturn,
    handleCallback: settlement.handleCallback,
    storedCardsFor(userId: string) {
      return deps.connection().then((connection) => deps.storedCards.list(connection.profile.id, userId));
    },
    /** Off Paydesk's list of the active profile (the gateway keeps the card); audited with the masked number. */
    async forgetStoredCard(ccStorageID: string): Promise<StoredCard[]> {
      const { profile, operator } = await deps.connection();
      const removed = deps.storedCards.remove(profile.id, ccStorageID);
      if (!removed)
        throw new IpcFailure('not_found', "That card is not on this profile's list.", 'ccStorageID');
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
