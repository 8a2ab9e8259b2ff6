// The pay-in in progress and its outcome. The full card number and CVV live here only inside a
// submission's payload while it is in flight, or while a duplicate warning waits for the operator's
// answer; both paths drop the payload as soon as that answer is in.

import { i18n, translate } from '@renderer/i18n/i18n';
import { type AskAgainCard, type AskAgainProblem, askAgain } from '@renderer/lib/ask-again';
import { call, errorMessage, PaydeskError, subscribe } from '@renderer/lib/paydesk';
import { registerPayInActions } from '@renderer/lib/payin-actions';
import { messageText } from '@renderer/lib/words-text';
import { formatAmount } from '@shared/i18n/format';
import type { PayInResult, StoredCard } from '@shared/ipc';
import type { CustomerDetails, PayInSubmit } from '@shared/payin-input';
import { IN_PROGRESS_STATUSES, isLaterNews } from '@shared/payin-lifecycle';
import { payInResultOf } from '@shared/payin-result';
import { create } from 'zustand';
import { EMPTY_DRAFT, type FormDraft, type SentFor } from './result-relation';

export type PayInPhase =
  /** `note`: what the agent left open ("Check later"), and where to find it. */
  | { kind: 'idle'; note?: string }
  | { kind: 'sending'; what: 'payment' | 'askAgain' | 'cancel'; historyId?: number; merchantTradeNo?: string }
  | { kind: 'result'; result: PayInResult }
  /**
   * Main answered the call with an error. `certain`: main refused before anything left (bad field,
   * missing secret, locked, …). An internal error is not certain: the panel then never says "not sent".
   */
  | { kind: 'refused_locally'; message: string; field: string | undefined; certain: boolean }
  /** No answer from main while a pay-in was in flight: whether it left is unknown. */
  | { kind: 'lost'; message: string };

/** A card as the Test cards list gives it to the form. */
interface CardToFill {
  cardNumber: string;
  cvv: string;
  expDate: string;
}

/**
 * What the pay-in form lets the store do to it, attached by the form while it is mounted (it always is
 * once the shell shows, PayInPage): the store's actions fill and mark the form through it.
 */
interface PayInFormHandle {
  fillCard(card: CardToFill): void;
  fillCustomer(customer: CustomerDetails): void;
  /** Main or the gateway named a field: the form marks it, opens its section and focuses it. */
  markField(field: string, message: string): void;
  /** "New payment": an empty form with the cursor in its first field (the panel's pay-in put aside). */
  newPayment(): void;
  /** The panel was closed or put aside: the cursor back in the form, on a marked field or Customer id. */
  resumeTyping(): void;
}

interface PayInState {
  phase: PayInPhase;
  /** A call to main about a pay-in is under way (the panel may already show news of it). */
  inFlight: boolean;
  duplicate: { message: string; payload: PayInSubmit } | undefined;
  askAgainProblem: AskAgainProblem | undefined;
  submit: (payload: PayInSubmit) => Promise<void>;
  confirmDuplicate: () => Promise<void>;
  dismissDuplicate: () => void;
  askAgain: (historyId: number, card?: AskAgainCard) => Promise<void>;
  cancelBankPage: (historyId: number) => Promise<void>;
  close: () => void;
  /** The agent leaves an open pay-in for now: the panel says where it is and what not to do. */
  checkLater: (result: PayInResult) => void;
  /**
   * The panel's own Close or Check later: as `close` or `checkLater`, and the cursor goes back to the form
   * (the button that had it is gone with the panel).
   */
  putAside: (result?: PayInResult) => void;
  /** The panel's "New payment", as the form's (Alt+N). */
  newPayment: () => void;
  /**
   * The customer of the last approved pay-in, kept in memory only so that "Same customer again" can bring
   * the details back: after an approval the form starts a new payment. Forgotten when Paydesk locks.
   */
  lastCustomer: CustomerDetails | undefined;
  rememberCustomer: (customer: CustomerDetails | undefined) => void;
  /** "Same customer again": the last approved pay-in's customer into the form. */
  sameCustomerAgain: () => void;
  /** A returning customer's details, chosen by the agent, into the form. */
  fillCustomer: (customer: CustomerDetails) => void;
  /** A test card chosen in the Test cards list, into the form. */
  fillCard: (card: CardToFill) => void;
  /** The pay-in form, while it is mounted. */
  form: PayInFormHandle | undefined;
  /** The form attaches itself; the function returned detaches it. */
  attachForm: (form: PayInFormHandle) => () => void;
  changed: (result: PayInResult) => void;
  /** The active profile the page shows (its id). */
  profileId: string | undefined;
  /**
   * The page shows the active profile `profileId`: when it is another than before, nothing of the last
   * profile's pay-in stays on the panel (a sandbox result under a production banner would lie).
   */
  profileShown: (profileId: string | undefined) => void;
  /** Takes a customer's stored card off Paydesk's list (the gateway keeps it); answers with the cards left. */
  forgetStoredCard: (ccStorageID: string) => Promise<StoredCard[]>;
  /**
   * Paydesk locked: the panel keeps no pay-in for whoever unlocks next (unless one is being sent). Of a pay-in
   * still under way it keeps the id alone, and asks main for it when the page shows again (`restoreUnderWay`).
   */
  lockedAway: () => void;
  /** The id of the pay-in that was under way on the panel when Paydesk locked, until the page shows again. */
  restoreAfterUnlock: number | undefined;
  /**
   * After a lock, the pay-in that was under way back on the empty panel, as main has it now (payin.underWay:
   * its status and bank page; History's row when it settled meanwhile). Nothing changes when the panel shows
   * something already.
   */
  restoreUnderWay: () => Promise<void>;
  /**
   * The pay-in's bank page again, on the panel (History's "Reopen the bank page"); main refuses once the
   * page is no longer valid (A38), and the refusal is thrown to the caller.
   */
  reopenBankPage: (historyId: number) => Promise<void>;
  /** What the form describes now (its customer id, a card typed): the panel tells its pay-in from the next. */
  draft: FormDraft;
  /** The form tells what it describes as the agent types. */
  setDraft: (draft: FormDraft) => void;
  /** The customer the last pay-in this form sent was for (result-relation.ts). */
  sentFor: SentFor | undefined;
}

/** `next`, with `before`'s value for each of `keys` that `next` leaves undefined. */
function keptFrom<T extends object, K extends keyof T>(next: T, before: T, keys: readonly K[]): T {
  const merged = { ...next };
  for (const key of keys)
    if (merged[key] === undefined && before[key] !== undefined) merged[key] = before[key];
  return merged;
}

function pickDefined<T extends object, K extends keyof T>(value: T, keys: K[]): Partial<Pick<T, K>> {
  const picked: Partial<Pick<T, K>> = {};
  for (const key of keys) if (value[key] !== undefined) picked[key] = value[key];
  return picked;
}

/**
 * What the panel shows when `incoming` is news of a pay-in: the latest state by the lifecycle, whichever of
 * the call's answer and the event arrives last. A late answer older than the shown status keeps only what it
 * alone can say (the card it stored, the team check).
 */
function latestOf(phase: PayInPhase, incoming: PayInResult): PayInResult {
  const shown = phase.kind === 'result' ? phase.result : undefined;
  if (shown?.historyId !== incoming.historyId || isLaterNews(shown.status, incoming.status)) return incoming;
  return { ...shown, ...pickDefined(incoming, ['storedCard', 'teamCheck']) };
}

/** The order and its amount, in the active language, for the notes that say where a pay-in is. */
function orderValues(result: PayInResult): { order: string; amount: string } {
  return {
    order: result.merchantTradeNo,
    amount: formatAmount(result.amount, result.currency, i18n.locale),
  };
}

/** Where a pay-in sent with the profile the agent has since switched from is. */
function sentBeforeSwitch(result: PayInResult): string {
  return translate('payin.note.sentBeforeSwitch', orderValues(result));
}

export const usePayInStore = create<PayInState>((set, get) => ({
  phase: { kind: 'idle' },
  inFlight: false,
  lastCustomer: undefined,
  duplicate: undefined,
  form: undefined,
  askAgainProblem: undefined,
  profileId: undefined,
  restoreAfterUnlock: undefined,
  draft: EMPTY_DRAFT,
  sentFor: undefined,

  async submit(payload) {
    const profileId = get().profileId;
    const { merchantTradeNo, userId } = payload.fields;
    set({
      sentFor: merchantTradeNo ? { merchantTradeNo, userId: userId?.trim() ?? '' } : undefined,
    });
    set({
      phase: {
        kind: 'sending',
        what: 'payment',
        merchantTradeNo: payload.fields.merchantTradeNo || undefined,
      },
      inFlight: true,
      askAgainProblem: undefined,
    });
    try {
      const answer = await call('payin.submit', payload);
      if (get().profileId !== profileId) {
        // The agent switched profiles while this one was being sent: it is not this profile's pay-in.
        set({ inFlight: false, phase: { kind: 'idle', note: sentBeforeSwitch(answer) } });
        return;
      }
      const result = latestOf(get().phase, answer);
      set({ phase: { kind: 'result', result }, inFlight: false });
      if (result === answer && result.field)
        get().form?.markField(result.field, messageText(translate, result) ?? result.status);
    } catch (error) {
      set({ inFlight: false });
      if (!(error instanceof PaydeskError)) throw error;
      if (error.kind === 'duplicate_suspected') {
        // Kept only until the operator answers the confirmation dialog.
        set({ phase: { kind: 'idle' }, duplicate: { message: error.message, payload } });
      } else if (error.kind === 'bridge') {
        set({
          phase: {
            kind: 'lost',
            message: translate('payin.note.lost', { reason: error.message }),
          },
        });
      } else {
        set({
          phase: {
            kind: 'refused_locally',
            message: error.message,
            field: error.field,
            certain: error.kind !== 'internal',
          },
        });
        if (error.field) get().form?.markField(error.field, error.message);
      }
    }
  },

  async confirmDuplicate() {
    const pending = get().duplicate;
    set({ duplicate: undefined });
    if (!pending) return;
    await get().submit({ ...pending.payload, confirmDuplicate: true });
  },

  dismissDuplicate() {
    set({ duplicate: undefined, phase: { kind: 'idle' } });
  },

  async askAgain(historyId, card) {
    const before = get().phase;
    set({
      phase: { kind: 'sending', what: 'askAgain', historyId },
      inFlight: true,
      askAgainProblem: undefined,
    });
    const outcome = await askAgain(historyId, card);
    if (outcome.kind !== 'problem') {
      set({ phase: { kind: 'result', result: latestOf(get().phase, outcome.result) }, inFlight: false });
      return;
    }
    const current = get().phase;
    set({
      phase: current.kind === 'sending' ? before : current,
      inFlight: false,
      askAgainProblem: { message: outcome.message, needsCard: outcome.needsCard },
    });
  },

  async cancelBankPage(historyId) {
    const before = get().phase;
    set({ phase: { kind: 'sending', what: 'cancel', historyId } });
    try {
      const result = await call('payin.cancelBankPage', { historyId });
      set({ phase: { kind: 'result', result: latestOf(get().phase, result) } });
    } catch (error) {
      set({ phase: before, askAgainProblem: { message: errorMessage(error), needsCard: false } });
    }
  },

  close() {
    set({ phase: { kind: 'idle' }, askAgainProblem: undefined });
  },

  rememberCustomer(customer) {
    set({ lastCustomer: customer });
  },

  sameCustomerAgain() {
    const { lastCustomer, form } = get();
    if (!lastCustomer) return;
    set({ phase: { kind: 'idle' }, askAgainProblem: undefined });
    form?.fillCustomer(lastCustomer);
  },

  fillCustomer(customer) {
    get().form?.fillCustomer(customer);
  },

  fillCard(card) {
    get().form?.fillCard(card);
  },

  attachForm(form) {
    set({ form });
    return () => {
      if (get().form === form) set({ form: undefined });
    };
  },

  checkLater(result) {
    set({
      phase: {
        kind: 'idle',
        note: translate('payin.note.inHistory', orderValues(result)),
      },
      askAgainProblem: undefined,
    });
  },

  putAside(result) {
    if (result) get().checkLater(result);
    else get().close();
    get().form?.resumeTyping();
  },

  newPayment() {
    get().form?.newPayment();
  },

  profileShown(profileId) {
    const before = get().profileId;
    if (profileId === undefined || profileId === before) return;
    set({ profileId });
    if (before === undefined) return;
    set({
      phase: { kind: 'idle' },
      duplicate: undefined,
      askAgainProblem: undefined,
      lastCustomer: undefined,
    });
  },

  changed(result) {
    const { phase } = get();
    const shown =
      phase.kind === 'result'
        ? phase.result.historyId
        : phase.kind === 'sending'
          ? phase.historyId
          : undefined;
    // A payment being sent is known by the order number the form gave it.
    const sendingThis = phase.kind === 'sending' && phase.merchantTradeNo === result.merchantTradeNo;
    if (shown !== result.historyId && !sendingThis) return;
    // The event is built from the history row; the answer that showed this status may have said more (the
    // bank page to open, the gateway's words), and the event can arrive after it: keep that while the
    // status is the same.
    // The card the answer stored stays said whatever the status becomes.
    const before = phase.kind === 'result' ? phase.result : undefined;
    // An event can arrive after a call's answer that was already later news (the browser harness carries
    // them apart): it never takes the panel back.
    if (before && !isLaterNews(before.status, result.status)) return;
    const merged = !before
      ? result
      : keptFrom(
          result,
          before,
          before.status === result.status ? ['bankPage', 'message', 'field', 'storedCard'] : ['storedCard'],
        );
    set({ phase: { kind: 'result', result: merged } });
  },

  forgetStoredCard(ccStorageID) {
    return call('payin.forgetStoredCard', { ccStorageID });
  },

  lockedAway() {
    const { phase, inFlight } = get();
    if (inFlight) return;
    const underWay =
      phase.kind === 'result' && IN_PROGRESS_STATUSES.includes(phase.result.status)
        ? phase.result.historyId
        : undefined;
    get().close();
    set({ restoreAfterUnlock: underWay });
  },

  async restoreUnderWay() {
    const historyId = get().restoreAfterUnlock;
    if (historyId === undefined) return;
    set({ restoreAfterUnlock: undefined });
    const panelFree = () => {
      const { phase, inFlight } = get();
      return !inFlight && phase.kind === 'idle' && phase.note === undefined;
    };
    let result: PayInResult | undefined;
    try {
      result = (await call('payin.underWay')).find((underWay) => underWay.historyId === historyId);
      if (!result) {
        // It settled while Paydesk was locked: its outcome, as History has it.
        const { row } = await call('history.get', { id: historyId });
        if (row.kind === 'payin') result = payInResultOf(row);
      }
    } catch {
      // Nothing to restore is told as nothing: History still lists every pay-in.
      return;
    }
    if (result && panelFree()) set({ phase: { kind: 'result', result }, askAgainProblem: undefined });
  },

  async reopenBankPage(historyId) {
    if (get().inFlight) {
      throw new Error(translate('payin.note.reopenWhileSending'));
    }
    const result = await call('payin.reopenBankPage', { historyId });
    set({ phase: { kind: 'result', result }, askAgainProblem: undefined });
  },

  setDraft(draft) {
    const shown = get().draft;
    if (shown.userId !== draft.userId || shown.cardTyped !== draft.cardTyped) set({ draft });
  },
}));

// History's drawer reopens a bank page on this page's panel through lib/ (payin-actions.ts).
registerPayInActions({ reopenBankPage: (historyId) => usePayInStore.getState().reopenBankPage(historyId) });

/** Once per app: any change of the shown pay-in (an answer, a bank page, a callback) updates the panel. */
export function listenForPayInChanges(): () => void {
  return subscribe('payin.changed', (results) => {
    for (const result of results) usePayInStore.getState().changed(result);
  });
}
