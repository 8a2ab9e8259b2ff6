// What Paydesk keeps in memory about pay-ins that are not settled yet: the return-listener route of each
// (one per pay-in, so asking again comes back to the same place) and the request body as it was sent, card
// data included, so that the agent can ask the gateway again with exactly the same request (A9). Bodies
// live at most ASK_AGAIN_BODY_TTL_MS and go as soon as the pay-in settles; nothing here is ever written down.
import type { PayInV1Request, PayInV2Request } from '@shared/gateway/payin';
import type { PayInResult } from '@shared/ipc';
import type { ReturnRoute } from '../returns/return-listener';

/** How long the body of an unsettled pay-in (card data included) stays in memory for asking again. */
const ASK_AGAIN_BODY_TTL_MS = 30 * 60 * 1000;

/**
 * How long Paydesk offers a bank page again after the gateway gave it (assumption A38): the challenge
 * window of 3-D Secure is at most 10 minutes; after that, asking the gateway again says where the order is.
 */
const BANK_PAGE_VALID_MS = 10 * 60 * 1000;

type BankPageLink = NonNullable<PayInResult['bankPage']>;
/** `html`: the acquirer's page the return listener serves once per offer (a 3-D Secure page). */
type KeptBankPage = { page: BankPageLink; html?: string | undefined };

/** A pay-in request as it goes on the wire, by its version: the types of the wire schemas (gateway/payin.ts). */
export type WireRequest = { version: 'v2'; body: PayInV2Request } | { version: 'v1'; body: PayInV1Request };
export type PayInBody = WireRequest['body'];

type KeptRequest = WireRequest & { expires: number };

export type InFlight = ReturnType<typeof createInFlight>;

export function createInFlight(now: () => number) {
  const requests = new Map<number, KeptRequest>();
  const routes = new Map<number, ReturnRoute>();
  const sending = new Set<number>();
  /** The bank page each pay-in waiting for it was given, and when (A38); a 3-D Secure page with its HTML. */
  const bankPages = new Map<number, KeptBankPage & { givenAt: number }>();
  /** Every pay-in this run sent and has not seen settle, oldest first: what may be under way. */
  const unsettled = new Set<number>();
  /** Who waits for a pay-in to settle while its request is on its way (send-and-record.ts). */
  const settleWaiters = new Map<number, Set<(result: PayInResult) => void>>();

  function sweep(): void {
    const at = now();
    for (const [id, kept] of requests) if (kept.expires < at) requests.delete(id);
  }

  return {
    keepRequest(historyId: number, request: WireRequest): void {
      requests.set(historyId, { ...request, expires: now() + ASK_AGAIN_BODY_TTL_MS });
    },
    request(historyId: number): KeptRequest | undefined {
      sweep();
      return requests.get(historyId);
    },
    route(historyId: number): ReturnRoute | undefined {
      return routes.get(historyId);
    },
    setRoute(historyId: number, route: ReturnRoute): void {
      routes.set(historyId, route);
    },
    /**
     * The pay-in settled (`result`, as the lifecycle has it now): its card data and its route go, and whoever
     * waits for it hears. Returns the route, for the listener to expire.
     */
    settle(historyId: number, result: PayInResult): ReturnRoute | undefined {
      requests.delete(historyId);
      bankPages.delete(historyId);
      unsettled.delete(historyId);
      const waiters = settleWaiters.get(historyId);
      settleWaiters.delete(historyId);
      for (const waiter of waiters ?? []) waiter(result);
      const route = routes.get(historyId);
      routes.delete(historyId);
      return route;
    },
    /** Marks a request on its way: a pending pay-in that is not is one whose answer history lost. */
    sendingStarted(historyId: number): void {
      sending.add(historyId);
      unsettled.add(historyId);
    },
    /** The pay-ins this run sent that have not settled, newest first. */
    unsettled(): number[] {
      return [...unsettled].reverse();
    },
    keepBankPage(historyId: number, kept: KeptBankPage): void {
      bankPages.set(historyId, { ...kept, givenAt: now() });
    },
    forgetBankPage(historyId: number): void {
      bankPages.delete(historyId);
    },
    /** The pay-in's bank page while it is still valid by its age (A38); the caller checks the status. */
    bankPage(historyId: number): KeptBankPage | undefined {
      const kept = bankPages.get(historyId);
      if (!kept) return undefined;
      if (now() - kept.givenAt > BANK_PAGE_VALID_MS) {
        bankPages.delete(historyId);
        return undefined;
      }
      return { page: kept.page, html: kept.html };
    },
    sendingEnded(historyId: number): void {
      sending.delete(historyId);
    },
    isSending(historyId: number): boolean {
      return sending.has(historyId);
    },
    /** Calls `waiter` once when the pay-in settles; returns the function that stops waiting. */
    onSettled(historyId: number, waiter: (result: PayInResult) => void): () => void {
      const waiters = settleWaiters.get(historyId) ?? new Set();
      waiters.add(waiter);
      settleWaiters.set(historyId, waiters);
      return () => {
        waiters.delete(waiter);
        if (waiters.size === 0 && settleWaiters.get(historyId) === waiters) settleWaiters.delete(historyId);
      };
    },
    sweep,
  };
}
