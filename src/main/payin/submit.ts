// A first attempt: check the card and the duplicate guard, build the request, write the pending row
// (masked card) BEFORE anything leaves, then send and record. Everything that can refuse the pay-in
// happens before the row is written, so a refusal here truly sent nothing.
import { checkCard, maskCardNumber } from '@shared/cards/card';
import { duplicateValues } from '@shared/duplicate-wording';
import type { PayInResult } from '@shared/ipc';
import type { PayInSubmitted } from '@shared/payin-input';
import { cardProblemWords } from '@shared/payin-problems';
import type { TeamCheck } from '@shared/team';
import { generateMerchantTradeNo } from '@shared/trade-no';
import { toMinorUnits } from '../history/store/amount-minor';
import type { HistoryStore } from '../history/store/history-store';
import { refusal, refusalIn } from '../i18n/refuse';
import type { ReturnListener } from '../returns/return-listener';
import type { CardForKey } from '../team/card-key';
import type { TeamDuplicateAnswer, TeamDuplicateQuery } from '../team/team-duplicate';
import type { WireRequest } from './in-flight';
import { type SendDeps, sendAndRecord } from './send-and-record';
import type { ActiveConnection } from './types';
import { buildWireBody } from './wire-body';

/** The duplicate guard's window: the same card, amount and customer within it asks before charging again. */
export const DUPLICATE_WINDOW_MS = 10 * 60 * 1000;

/** Team mode's part in a first attempt (team/team-store.ts): the card's fingerprint and the team check. */
export interface TeamGuard {
  cardKeyOf(card: CardForKey): string;
  checkDuplicate(query: TeamDuplicateQuery): Promise<TeamDuplicateAnswer>;
}

interface SubmitDeps extends SendDeps {
  history: HistoryStore;
  listener: Pick<ReturnListener, 'register' | 'bind' | 'forget' | 'storePage'>;
  connection: () => Promise<ActiveConnection>;
  now: () => number;
  /** While team mode is on. */
  team?: () => TeamGuard | undefined;
}

/**
 * Asks the team store about the same card, amount and customer on other desks: a match refuses as the
 * local guard does (naming the desk, the operator and the time); no answer lets the pay-in go, saying so.
 */
async function teamDuplicateCheck(team: TeamGuard, query: TeamDuplicateQuery): Promise<TeamCheck> {
  const answer = await team.checkDuplicate(query);
  if (answer.state === 'clear') return { state: 'clear' };
  if (answer.state === 'skipped') {
    return { state: 'skipped', message: answer.message, words: answer.words };
  }
  const { match } = answer;
  const desk = match.deskName ? `"${match.deskName}"` : match.deskId.slice(0, 8);
  throw refusal(
    'duplicate_suspected',
    'refusal.payin.duplicate',
    duplicateValues({
      at: match.createdAt,
      where: { desk, operator: match.operator },
      status: match.status,
      merchantTradeNo: match.merchantTradeNo,
    }),
  );
}

/** The card the pay-in charges, as Paydesk may keep it: typed (checked here) or stored with the acquirer. */
function cardOf(
  deps: SubmitDeps,
  connection: ActiveConnection,
  fields: PayInSubmitted['fields'],
): { maskedPan: string; brand: string } {
  if (fields.ccStorageID) {
    const stored = deps.storedCards.find(connection.profile.id, fields.ccStorageID);
    if (!stored || stored.userId !== fields.userId) {
      throw refusal('invalid', 'refusal.payin.storedCardUnknown', undefined, 'ccStorageID');
    }
    return { maskedPan: stored.maskedPan, brand: stored.brand };
  }
  const card = { cardNumber: fields.cardNumber ?? '', cvv: fields.cvv ?? '', expDate: fields.expDate ?? '' };
  const check = checkCard(card);
  // The form's own words for the check (its lengths listed in English: main's safety net, the form says it first).
  if (!check.ok) throw refusalIn('invalid', cardProblemWords(check, 'en'), check.field);
  return { maskedPan: maskCardNumber(fields.cardNumber ?? ''), brand: check.brand.name };
}

export async function submitPayIn(deps: SubmitDeps, input: PayInSubmitted): Promise<PayInResult> {
  deps.inFlight.sweep();
  const connection = await deps.connection();
  const { profile } = connection;
  const { fields } = input;
  const card = cardOf(deps, connection, fields);

  const team = deps.team?.();
  const cardKey = team?.cardKeyOf(
    fields.ccStorageID ? { ccStorageID: fields.ccStorageID } : { cardNumber: fields.cardNumber ?? '' },
  );
  let teamCheck: TeamCheck | undefined;
  if (!input.confirmDuplicate) {
    const earlier = deps.history.recentDuplicate(
      card.maskedPan,
      fields.amount,
      fields.userId,
      deps.now() - DUPLICATE_WINDOW_MS,
    );
    if (earlier) {
      throw refusal(
        'duplicate_suspected',
        'refusal.payin.duplicate',
        duplicateValues({
          at: earlier.createdAt,
          status: earlier.status,
          merchantTradeNo: earlier.merchantTradeNo,
        }),
      );
    }
    if (team && cardKey) {
      teamCheck = await teamDuplicateCheck(team, {
        cardKey,
        userId: fields.userId,
        amountMinor: toMinorUnits(fields.amount),
        since: deps.now() - DUPLICATE_WINDOW_MS,
      });
    }
  }

  const merchantTradeNo = fields.merchantTradeNo || generateMerchantTradeNo(deps.now());
  const secret = input.version === 'v1' ? await connection.secret() : undefined;
  const route = deps.listener.register();
  let request: WireRequest;
  try {
    request = buildWireBody({ request: input, profile, route, merchantTradeNo, secret });
  } catch (error) {
    deps.listener.forget(route.token);
    throw error;
  }

  const currency = request.version === 'v1' ? request.body.currency : profile.displayCurrency;
  let historyId: number;
  try {
    historyId = deps.history.insertPayIn({
      profile: profile.name,
      operator: connection.operator,
      apiVersion: input.version,
      currency,
      request: request.body,
      ...(!fields.cardNumber && { maskedPan: card.maskedPan, brand: card.brand }),
      ...(cardKey && { cardKey }),
    });
  } catch (error) {
    // No pay-in leaves while history cannot record it: a charge nobody can find later is the worst case.
    deps.listener.forget(route.token);
    const reason = error instanceof Error ? error.message : String(error);
    deps.log?.error({ merchantTradeNo, err: reason }, 'history could not record a pay-in: not sent');
    throw refusal('storage', 'refusal.payin.historyWriteFailed', { reason });
  }
  deps.listener.bind(route.token, historyId);
  deps.inFlight.setRoute(historyId, route);
  const result = await sendAndRecord(deps, {
    historyId,
    source: 'answer',
    request,
    route,
    connection,
    card: { ...card, expDate: fields.expDate },
    summary: { merchantTradeNo, amount: fields.amount, currency, maskedPan: card.maskedPan },
  });
  return teamCheck ? { ...result, teamCheck } : result;
}
