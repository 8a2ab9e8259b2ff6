// One request to the gateway and what it comes to, for a first attempt and for asking again. Once the
// request may have left, nothing that goes wrong — an exception in the client, a full disk when the
// answer is written — can turn into "not sent": it ends as outcome unknown, with the real error logged.
// A pay-in the lifecycle settles while its request is still on its way (the gateway's signed notification)
// is answered at once, as the lifecycle has it; the request goes on, and its late answer is recorded too.
import { isOpenableBankPageUrl } from '@shared/bank-page-url';
import type { PayInResult, StoredCard } from '@shared/ipc';
import { SETTLED_STATUSES } from '@shared/payin-lifecycle';
import { outcomeUnknown } from '../gateway/errors';
import { type PayInAnswer, transportAnswer } from '../gateway/payin-answer';
import { type Worded, worded } from '../i18n/worded';
import type { ReturnListener, ReturnRoute } from '../returns/return-listener';
import type { PayInTransport } from './gateway-transport';
import type { InFlight, WireRequest } from './in-flight';
import type { PayInRecorder } from './record-evidence';
import type { StoredCards } from './stored-cards';
import type { ActiveConnection, PayInLog } from './types';

export interface SendDeps {
  transport: PayInTransport;
  recorder: PayInRecorder;
  listener: Pick<ReturnListener, 'storePage'>;
  storedCards: StoredCards;
  inFlight: InFlight;
  log?: PayInLog | undefined;
}

export interface Exchange {
  historyId: number;
  source: 'answer' | 'ask_again';
  request: WireRequest;
  route: ReturnRoute;
  connection: ActiveConnection;
  /** The card as Paydesk knows it, to remember a stored card (storeCc=1) by. */
  card: { maskedPan: string | null; brand: string | null; expDate: string | undefined };
  /** Shown with the answer when the row could not be written: what the pay-in was. */
  summary: { merchantTradeNo: string; amount: string; currency: string; maskedPan: string | null };
}

function errorText(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/** The bank step to show, when the answer asks for one and its address can be opened. */
function bankPageOf(
  answer: PayInAnswer,
  route: ReturnRoute,
  listener: SendDeps['listener'],
): { bankPage?: PayInResult['bankPage']; problem?: Worded } {
  if (answer.page?.htmlSource) {
    listener.storePage(route.token, answer.page.htmlSource);
    return { bankPage: { kind: '3ds', url: route.pageURL } };
  }
  const url = answer.page?.redirectURL;
  if (!url) return {};
  if (isOpenableBankPageUrl(url)) return { bankPage: { kind: 'redirect', url: new URL(url).href } };
  return {
    problem: worded('payin.answer.pageNotOpened', { url: url.slice(0, 80) }),
  };
}

export async function sendAndRecord(deps: SendDeps, exchange: Exchange): Promise<PayInResult> {
  const { historyId, connection, request } = exchange;
  const opId = `payin-${historyId}`;
  // What support needs to trace the pay-in, and nothing personal: the payer's name, address, mobile,
  // e-mail and IP stay in history (which the operator lock guards), out of the log.
  deps.log?.info(
    {
      opId,
      historyId,
      version: request.version,
      attempt: exchange.source,
      merchantTradeNo: exchange.summary.merchantTradeNo,
      amount: exchange.summary.amount,
      currency: exchange.summary.currency,
      maskedPan: exchange.summary.maskedPan,
      // With the order number and amount: what rebuilds the row if history loses it (history-salvage.ts).
      profile: connection.profile.name,
    },
    'pay-in sent',
  );
  deps.inFlight.sendingStarted(historyId);
  const answered = (async () =>
    deps.transport.send(request, connection.baseUrl, {
      connectTimeoutMs: connection.profile.connectTimeoutMs,
      requestTimeoutMs: connection.profile.requestTimeoutMs,
    }))()
    .catch((error: unknown) => {
      // The client returns every outcome as a value; an exception here is a fault of Paydesk's own, and
      // nobody can say how far the request got.
      deps.log?.error({ opId, historyId, err: errorText(error) }, 'pay-in transport failed');
      return transportAnswer(
        outcomeUnknown('payin', 'local_error', {
          timeoutMs: connection.profile.requestTimeoutMs,
          detail: errorText(error),
        }),
      );
    })
    .finally(() => deps.inFlight.sendingEnded(historyId));
  // The lifecycle may settle the pay-in before its answer comes (the gateway's signed notification): the
  // desk is free then, and the answer, when it comes, is recorded as evidence like any other.
  let stopWaiting = () => {};
  const settled = new Promise<PayInResult>((resolve) => {
    stopWaiting = deps.inFlight.onSettled(historyId, resolve);
  });
  const first = await Promise.race([
    answered.then((answer) => ({ kind: 'answer' as const, answer })),
    settled.then((result) => ({ kind: 'settled' as const, result })),
  ]);
  stopWaiting();
  if (first.kind === 'answer') return recordAnswer(deps, exchange, first.answer);
  deps.log?.info({ opId, historyId, status: first.result.status }, 'pay-in settled before its answer came');
  void answered
    .then((answer) => recordAnswer(deps, exchange, answer))
    .catch((error: unknown) =>
      deps.log?.error({ opId, historyId, err: errorText(error) }, 'could not record a late answer'),
    );
  return first.result;
}

/** What the gateway's answer comes to: decided and written by the recorder, told to the agent. */
function recordAnswer(deps: SendDeps, exchange: Exchange, answer: PayInAnswer): PayInResult {
  const { historyId, connection, request } = exchange;
  const opId = `payin-${historyId}`;
  let recorded: ReturnType<PayInRecorder['record']>;
  try {
    recorded = deps.recorder.record(historyId, { source: exchange.source, answer }, connection.operator);
  } catch (error) {
    // The row stays as it was (pending for a first attempt): the agent can ask the gateway again.
    deps.inFlight.keepRequest(historyId, request);
    deps.log?.error(
      {
        opId,
        historyId,
        err: errorText(error),
        gatewayWord: answer.word,
        orderId: answer.orderId,
        traceid: answer.traceid,
      },
      'the gateway answered but history could not record it',
    );
    const { summary } = exchange;
    const result: PayInResult = {
      historyId,
      merchantTradeNo: summary.merchantTradeNo,
      status: 'outcome_unknown',
      amount: summary.amount,
      currency: summary.currency,
      // The gateway's word as the attempts list names it; its sentence is in the log.
      ...worded('payin.answer.notRecorded', { error: errorText(error), word: answer.word }),
    };
    if (summary.maskedPan) result.maskedPan = summary.maskedPan;
    if (answer.orderId) result.orderId = answer.orderId;
    if (answer.traceid) result.traceid = answer.traceid;
    return result;
  }

  const { row, result } = recorded;
  const storedCard =
    answer.ccStorageID && request.body.storeCc === '1'
      ? rememberStoredCard(deps, exchange, answer.ccStorageID)
      : undefined;
  if (!SETTLED_STATUSES.has(row.status)) deps.inFlight.keepRequest(historyId, request);
  deps.log?.info(
    {
      opId,
      historyId,
      status: row.status,
      orderId: row.orderId,
      traceid: row.traceid,
      word: answer.word,
      reason: answer.reason,
    },
    'pay-in answered',
  );
  const extra: Partial<PayInResult> = {};
  if (storedCard) extra.storedCard = storedCard;
  if (row.status === 'action_required') {
    const { bankPage, problem } = bankPageOf(answer, exchange.route, deps.listener);
    if (bankPage) {
      extra.bankPage = bankPage;
      // Kept for the Pay-in page to show again (after a lock, from History) while it is valid (A38).
      deps.inFlight.keepBankPage(historyId, { page: bankPage, html: answer.page?.htmlSource });
    }
    if (problem) Object.assign(extra, problem);
  }
  if (result.message === undefined && extra.message === undefined && recorded.decision.changed) {
    extra.message = answer.message;
    extra.words = answer.words;
  }
  if (answer.field && result.field === undefined) extra.field = answer.field;
  return { ...result, ...extra };
}

function rememberStoredCard(deps: SendDeps, exchange: Exchange, ccStorageID: string): StoredCard | undefined {
  const { card, connection, request } = exchange;
  if (!card.maskedPan || !card.brand || !card.expDate) return undefined;
  const stored: StoredCard = {
    ccStorageID,
    userId: request.body.userId,
    maskedPan: card.maskedPan,
    brand: card.brand,
    expDate: card.expDate,
    storedAt: Date.now(),
  };
  try {
    deps.storedCards.save(connection.profile.id, stored);
    return stored;
  } catch (error) {
    deps.log?.error(
      { historyId: exchange.historyId, err: errorText(error) },
      'could not remember the stored card',
    );
    return undefined;
  }
}
