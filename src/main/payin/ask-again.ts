// Asking the gateway again about an unsettled pay-in: the same order number and the same request
// (assumption A9), through the profile it was first sent with. The answer is the gateway's word where it
// replays orders; a refusal or a request that never leaves changes nothing (A24).
import { maskCardNumber } from '@shared/cards/card';
import type { PayInRow } from '@shared/history';
import type { PayInResult } from '@shared/ipc';
import { ASK_AGAIN_STATUSES } from '@shared/payin-lifecycle';
import type { HistoryStore } from '../history/store/history-store';
import { refusal, refusalIn } from '../i18n/refuse';
import type { ReturnListener, ReturnRoute } from '../returns/return-listener';
import { type Exchange, type SendDeps, sendAndRecord } from './send-and-record';
import type { ActiveConnection } from './types';
import { rebuildWireBody } from './wire-body';

interface AskAgainDeps extends SendDeps {
  history: HistoryStore;
  listener: Pick<ReturnListener, 'register' | 'bind' | 'storePage'>;
  /** The connection of the profile a pay-in was sent with, by the profile's name. */
  connectionFor: (profileName: string) => Promise<ActiveConnection>;
}

/** The pay-in's return route; after a restart a new one, bound to the same row. */
function routeFor(deps: AskAgainDeps, historyId: number): ReturnRoute {
  const known = deps.inFlight.route(historyId);
  if (known) return known;
  const route = deps.listener.register();
  deps.listener.bind(route.token, historyId);
  deps.inFlight.setRoute(historyId, route);
  return route;
}

function payInRow(history: HistoryStore, historyId: number): PayInRow {
  const row = history.getById(historyId);
  if (row?.kind !== 'payin') throw refusal('not_found', 'refusal.payin.notFound', undefined, 'historyId');
  return row;
}

export async function askAgainAboutPayIn(
  deps: AskAgainDeps,
  input: { historyId: number; card?: { cardNumber: string; cvv: string; expDate: string } | undefined },
): Promise<PayInResult> {
  const row = payInRow(deps.history, input.historyId);
  // One request per order on its way: a second one would ask the gateway twice and record two answers. The
  // check and the mark happen before the first await, so two calls cannot both pass.
  if (deps.inFlight.isSending(row.id)) {
    throw refusal('conflict', 'refusal.payin.onItsWay', { order: row.merchantTradeNo });
  }
  // A pending row whose request is no longer on its way: history could not write the answer.
  const answerLost = row.status === 'pending';
  if (!ASK_AGAIN_STATUSES.has(row.status) && !answerLost) {
    throw refusal('conflict', 'refusal.payin.notOpen');
  }
  deps.inFlight.sendingStarted(row.id);
  let sent = false;
  try {
    // Asking again rebuilds the request from the row: a row that fails its audit trail (or cannot be proved)
    // is not asked about.
    const verdict = await deps.history.verifyRow(row.id);
    if (!verdict.ok) throw refusalIn('conflict', verdict.words);
    const exchange = await exchangeFor(deps, row, input.card);
    sent = true;
    return await sendAndRecord(deps, exchange);
  } finally {
    // Once the request is handed on, sendAndRecord ends the mark when the gateway has answered.
    if (!sent) deps.inFlight.sendingEnded(row.id);
  }
}

/** The same request again, through the profile the pay-in was first sent with. */
async function exchangeFor(
  deps: AskAgainDeps,
  row: PayInRow,
  typedCard: { cardNumber: string; cvv: string; expDate: string } | undefined,
): Promise<Exchange> {
  const connection = await deps.connectionFor(row.profile);
  const kept =
    deps.inFlight.request(row.id) ??
    rebuildWireBody({
      row,
      typedCard,
      maskCard: maskCardNumber,
      profile: connection.profile,
      secret: row.apiVersion === 'v1' ? await connection.secret() : undefined,
    });
  const { cardNumber, expDate } = kept.body;
  return {
    historyId: row.id,
    source: 'ask_again',
    request: kept,
    route: routeFor(deps, row.id),
    connection,
    card: {
      maskedPan: cardNumber !== undefined ? maskCardNumber(cardNumber) : row.maskedPan,
      brand: row.brand,
      expDate,
    },
    summary: {
      merchantTradeNo: row.merchantTradeNo,
      amount: row.amount,
      currency: row.currency,
      maskedPan: row.maskedPan,
    },
  };
}
